// Command sctrace-figures writes the measured figures into the project's
// documents, so that no figure there is typed by hand: each document marks
// a generated block with
//
//	<!-- figures:NAME -->
//	...
//	<!-- /figures:NAME -->
//
// and the block is replaced with what the last run said. NAME is
// "overhead" (the table of the last sctrace-bench --json run) or
// "conformance" (the totals of the last conformance and parity reports,
// which make test writes).
//
//	sctrace-figures [--bench FILE] [--conformance FILE] [--parity FILE] DOCUMENT...
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
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
	if err := fs.Parse(args); err != nil {
		return 2
	}
	blocks := map[string]string{}
	if *benchFile != "" {
		text, err := overheadBlock(*benchFile)
		if err != nil {
			fmt.Fprintf(stderr, "sctrace-figures: %v\n", err)
			return 1
		}
		blocks["overhead"] = text
	}
	if *confFile != "" {
		text, err := conformanceBlock(*confFile, *parityFile)
		if err != nil {
			fmt.Fprintf(stderr, "sctrace-figures: %v\n", err)
			return 1
		}
		blocks["conformance"] = text
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

// overheadBlock renders a saved sctrace-bench run as Markdown.
func overheadBlock(file string) (string, error) {
	rep, err := bench.ReadJSON(file)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := rep.WriteMarkdown(&b); err != nil {
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
