// Command sctrace-figures writes the measured figures into the project's
// documents, so that no figure there is typed by hand: each document marks
// a generated block with
//
//	<!-- figures:NAME -->
//	...
//	<!-- /figures:NAME -->
//
// and the block is replaced with what the last run said. NAME is
// "overhead" (the table of the last sctrace-bench --json run), "startup"
// (the steps of that run's start-up, bench.Report.WriteStartupMarkdown),
// "conformance" (the totals of the last conformance and parity reports,
// which make test writes) or "suite" (the pass counts of the last
// make strace-suite, from bin/strace-suite-summary.txt).
//
//	sctrace-figures [--bench FILE] [--conformance FILE] [--parity FILE] [--suite FILE] DOCUMENT...
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/sctrace/sctrace/bench"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

func run(args []string, stderr io.Writer) int {
	fs := pflag.NewFlagSet("sctrace-figures", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	benchFile := fs.String("bench", "", "sctrace-bench --json `FILE` for the overhead block")
	confFile := fs.String("conformance", "", "conformance report `FILE` for the conformance block")
	parityFile := fs.String("parity", "", "parity report `FILE` for the conformance block")
	suiteFile := fs.String("suite", "", "strace-suite summary `FILE` for the suite block")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	blocks := map[string]string{}
	if *benchFile != "" {
		text, err := benchBlock(*benchFile, (*bench.Report).WriteMarkdown)
		if err != nil {
			fmt.Fprintf(stderr, "sctrace-figures: %v\n", err)
			return 1
		}
		blocks["overhead"] = text
		if text, err = benchBlock(*benchFile, (*bench.Report).WriteStartupMarkdown); err != nil {
			fmt.Fprintf(stderr, "sctrace-figures: %v\n", err)
			return 1
		}
		blocks["startup"] = text
	}
	if *confFile != "" {
		text, err := conformanceBlock(*confFile, *parityFile)
		if err != nil {
			fmt.Fprintf(stderr, "sctrace-figures: %v\n", err)
			return 1
		}
		blocks["conformance"] = text
	}
	if *suiteFile != "" {
		text, err := suiteBlock(*suiteFile)
		if err != nil {
			fmt.Fprintf(stderr, "sctrace-figures: %v\n", err)
			return 1
		}
		blocks["suite"] = text
	}
	for _, doc := range fs.Args() {
		if err := update(doc, blocks); err != nil {
			fmt.Fprintf(stderr, "sctrace-figures: %v\n", err)
			return 1
		}
	}
	return 0
}

// update replaces each block of blocks that document marks.
func update(document string, blocks map[string]string) error {
	text, err := os.ReadFile(document)
	if err != nil {
		return fmt.Errorf("read %s: %w", document, err)
	}
	out := text
	for name, content := range blocks {
		out, err = replaceBlock(out, name, content)
		if err != nil {
			return fmt.Errorf("%s: %w", document, err)
		}
	}
	if bytes.Equal(out, text) {
		return nil
	}
	if err := os.WriteFile(document, out, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", document, err)
	}
	return nil
}

// errUnclosed is a block whose end marker is missing.
var errUnclosed = errors.New("unclosed figures block")

// replaceBlock replaces the lines between the markers of block name with
// content; a document without the block is returned unchanged.
func replaceBlock(doc []byte, name, content string) ([]byte, error) {
	begin := []byte("<!-- figures:" + name + " -->\n")
	end := []byte("<!-- /figures:" + name + " -->")
	var out []byte
	for {
		i := bytes.Index(doc, begin)
		if i < 0 {
			return append(out, doc...), nil
		}
		j := bytes.Index(doc[i:], end)
		if j < 0 {
			return nil, fmt.Errorf("%w %q", errUnclosed, name)
		}
		out = append(out, doc[:i+len(begin)]...)
		out = append(out, content...)
		if !strings.HasSuffix(content, "\n") {
			out = append(out, '\n')
		}
		doc = doc[i+j:]
		out = append(out, end...)
		doc = doc[len(end):]
	}
}

// benchBlock renders a saved sctrace-bench run as Markdown with write:
// the overhead table (Report.WriteMarkdown) or the start-up steps
// (Report.WriteStartupMarkdown).
func benchBlock(file string, write func(*bench.Report, io.Writer) error) (string, error) {
	rep, err := bench.ReadJSON(file)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := write(rep, &b); err != nil {
		return "", err
	}
	return b.String(), nil
}

// conformanceBlock states the totals of a conformance report (its TOTAL
// line: strace's lines, sctrace's, identical) and of a parity report (its
// last line), dated by the report's modification time.
func conformanceBlock(confFile, parityFile string) (string, error) {
	conf, err := os.ReadFile(confFile)
	if err != nil {
		return "", fmt.Errorf("read conformance report: %w", err)
	}
	st, err := os.Stat(confFile)
	if err != nil {
		return "", fmt.Errorf("conformance report: %w", err)
	}
	// The first table is by workload, the next ones by flag set; each
	// ends with the same TOTAL line.
	workloads, total := 0, ""
	for _, line := range strings.Split(string(conf), "\n") {
		f := strings.Fields(line)
		switch {
		case total != "" || len(f) == 0 || f[0] == "workload":
		case f[0] == "TOTAL":
			total = line
		default:
			workloads++
		}
	}
	f := strings.Fields(total)
	if len(f) < 5 {
		return "", fmt.Errorf("conformance report %s has no TOTAL line", confFile)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Last run (`make test`, %s): %d workloads under several flag sets; of strace's %s lines, sctrace printed %s identically (%s).\n",
		st.ModTime().UTC().Format(time.DateOnly), workloads, f[1], f[3], f[4])
	if parityFile != "" {
		parity, err := os.ReadFile(parityFile)
		if err != nil {
			return "", fmt.Errorf("read parity report: %w", err)
		}
		lines := strings.Split(strings.TrimSpace(string(parity)), "\n")
		fmt.Fprintf(&b, "Backend parity: %s.\n", lines[len(lines)-1])
	}
	return b.String(), nil
}

var (
	// suiteReference is the summary's line on strace's own results.
	suiteReference = regexp.MustCompile(`^reference: \S+ passes (\d+), skips (\d+), fails (\d+) of (\d+) tests here$`)
	// suiteBackend is a backend's total, or why it did not run.
	suiteBackend = regexp.MustCompile(`^(\S+): (?:(\d+) of (\d+) tests strace 6\.1 passes here|not run: (.*))$`)
)

// suiteBlock states the pass counts of a strace-suite summary (suite/
// strace-suite.sh writes it): strace's own results, then a table of the
// tests strace passes per category and how many of them sctrace passes on
// each backend, and what each step took, dated by the summary's
// modification time.
func suiteBlock(file string) (string, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("read suite summary: %w", err)
	}
	st, err := os.Stat(file)
	if err != nil {
		return "", fmt.Errorf("suite summary: %w", err)
	}
	var ref, backends, totals []string
	var times string
	var table [][]string // the category table: its header, then its rows
	tableDone := false
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "subset:") {
			return "", fmt.Errorf("suite summary %s is of a SUITE_TESTS subset, not the whole suite", file)
		}
		if t, ok := strings.CutPrefix(line, "times: "); ok {
			times = t
			continue
		}
		if m := suiteReference.FindStringSubmatch(line); m != nil {
			ref = m[1:]
			continue
		}
		if m := suiteBackend.FindStringSubmatch(line); m != nil {
			backends = append(backends, m[1])
			if m[2] != "" {
				totals = append(totals, m[2])
			} else {
				totals = append(totals, "not run")
			}
			continue
		}
		f := strings.Fields(line)
		switch {
		case tableDone:
		case len(f) > 0 && f[0] == "category":
			table = [][]string{f}
		case len(table) > 0 && len(f) == 0:
			tableDone = true
		case len(table) > 0:
			table = append(table, f)
		}
	}
	if ref == nil || len(backends) == 0 || len(table) < 2 {
		return "", fmt.Errorf("suite summary %s lacks the reference line, the backends' totals or the category table", file)
	}
	if strings.Join(table[0][2:], " ") != strings.Join(backends, " ") {
		return "", fmt.Errorf("suite summary %s: the category table's backends %q are not the totals' %q", file, table[0][2:], backends)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Last run (`make strace-suite`, %s): strace 6.1 itself passes %s of its %s tests here (skips %s, fails %s). Of those %s, sctrace passes:\n\n",
		st.ModTime().UTC().Format(time.DateOnly), ref[0], ref[3], ref[1], ref[2], ref[0])
	b.WriteString("| category | strace passes |")
	for _, be := range backends {
		fmt.Fprintf(&b, " %s |", be)
	}
	b.WriteString("\n|---|--:|" + strings.Repeat("--:|", len(backends)) + "\n")
	for _, row := range table[1:] {
		if len(row) != len(table[0]) {
			return "", fmt.Errorf("suite summary %s: category row %q does not match the header %q", file, row, table[0])
		}
		fmt.Fprintf(&b, "| %s |\n", strings.Join(row, " | "))
	}
	fmt.Fprintf(&b, "| **all** | **%s** |", ref[0])
	for _, t := range totals {
		fmt.Fprintf(&b, " **%s** |", t)
	}
	b.WriteString("\n")
	if times != "" {
		fmt.Fprintf(&b, "\nTimes: %s.\n", times)
	}
	return b.String(), nil
}
