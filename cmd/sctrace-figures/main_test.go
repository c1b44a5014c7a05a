package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/bench"
	"github.com/sctrace/sctrace/trace"
)

func TestReplaceBlock(t *testing.T) {
	doc := "intro\n<!-- figures:x -->\nold\nlines\n<!-- /figures:x -->\nmiddle\n<!-- figures:x -->\n<!-- /figures:x -->\nend\n"
	got, err := replaceBlock([]byte(doc), "x", "new")
	if err != nil {
		t.Fatal(err)
	}
	want := "intro\n<!-- figures:x -->\nnew\n<!-- /figures:x -->\nmiddle\n<!-- figures:x -->\nnew\n<!-- /figures:x -->\nend\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got, err := replaceBlock([]byte(doc), "y", "new"); err != nil || string(got) != doc {
		t.Errorf("a block the document lacks changed it: %q, %v", got, err)
	}
	if _, err := replaceBlock([]byte("<!-- figures:x -->\nold\n"), "x", "new"); !errors.Is(err, errUnclosed) {
		t.Errorf("unclosed block: err = %v", err)
	}
}

func TestConformanceBlock(t *testing.T) {
	dir := t.TempDir()
	conf := filepath.Join(dir, "conformance.txt")
	parity := filepath.Join(dir, "parity.txt")
	os.WriteFile(conf, []byte("workload           strace  sctrace identical       %\nfileio  971 971 971 100.0%\ncat 807 807 806 99.9%\nTOTAL 1778 1778 1777 99.9%\n\nflags strace\ndefault 1778 1778 1777 99.9%\nTOTAL 1778 1778 1777 99.9%\n"), 0o644)
	os.WriteFile(parity, []byte("workload/flags strace ptrace ebpf\na/-T 1 1 1\n2/2 runs identical on both backends\n"), 0o644)
	got, err := conformanceBlock(conf, parity)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2 workloads under several flag sets; of strace's 1778 lines, sctrace printed 1777 identically (99.9%)", "Backend parity: 2/2 runs identical on both backends."} {
		if !strings.Contains(got, want) {
			t.Errorf("block %q lacks %q", got, want)
		}
	}
	os.WriteFile(conf, []byte("workload strace\n"), 0o644)
	if _, err := conformanceBlock(conf, ""); err == nil {
		t.Error("a report without TOTAL was accepted")
	}
}

func TestSuiteBlock(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "strace-suite-summary.txt")
	summary := `strace 6.1's test suite (Debian source 6.1-0.1), kernel 6.18.0, TIMEOUT_DURATION=60s, -j3
times: build cached (90 s when made), ebpf 130 s; whole run 200 s
reference: /usr/bin/strace passes 10, skips 3, fails 2 of 15 tests here

ebpf: 4 of 10 tests strace 6.1 passes here
ptrace: 5 of 10 tests strace 6.1 passes here

category        tests    ebpf  ptrace
options             3       1       2
inject/fault        2       0       0
decoders            5       3       3

fail under ebpf (6; logs in bin/strace-suite/ebpf-logs):
  a b c d e f
`
	os.WriteFile(file, []byte(summary), 0o644)
	got, err := suiteBlock(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"strace 6.1 itself passes 10 of its 15 tests here (skips 3, fails 2). Of those 10, sctrace passes:",
		"| category | strace passes | ebpf | ptrace |\n|---|--:|--:|--:|\n",
		"| options | 3 | 1 | 2 |\n| inject/fault | 2 | 0 | 0 |\n| decoders | 5 | 3 | 3 |\n",
		"| **all** | **10** | **4** | **5** |\n",
		"\nTimes: build cached (90 s when made), ebpf 130 s; whole run 200 s.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("block\n%s\nlacks %q", got, want)
		}
	}
	notRun := strings.Replace(summary, "ebpf: 4 of 10 tests strace 6.1 passes here", "ebpf: not run: no BTF", 1)
	os.WriteFile(file, []byte(notRun), 0o644)
	if got, err := suiteBlock(file); err != nil || !strings.Contains(got, "| **all** | **10** | **not run** | **5** |") {
		t.Errorf("a backend that did not run: %q, %v", got, err)
	}
	for name, bad := range map[string]string{
		"subset":       strings.Replace(summary, "\n\nebpf:", "\nsubset: SUITE_TESTS, 2 tests\n\nebpf:", 1),
		"no reference": strings.Replace(summary, "reference:", "ref:", 1),
		"no table":     strings.Replace(summary, "category", "kind", 1),
		"backends":     strings.Replace(summary, "ptrace: 5 of", "other: 5 of", 1),
	} {
		os.WriteFile(file, []byte(bad), 0o644)
		if _, err := suiteBlock(file); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestBenchBlocks: --bench fills both the overhead and the startup
// blocks from one sctrace-bench --json report.
func TestBenchBlocks(t *testing.T) {
	dir := t.TempDir()
	rep := &bench.Report{Workload: "dd", Runs: 1, Rows: []bench.Row{{Name: "sctrace-ebpf-full", Runs: 1, Median: 0.2, Startup: 0.12,
		StartupSteps: []trace.Step{{Name: "load sys_enter", StartNS: 30_000_000, EndNS: 60_000_000}}}}}
	report := filepath.Join(dir, "overhead.json")
	f, err := os.Create(report)
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteJSON(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	doc := filepath.Join(dir, "doc.md")
	os.WriteFile(doc, []byte("<!-- figures:overhead -->\n<!-- /figures:overhead -->\n<!-- figures:startup -->\n<!-- /figures:startup -->\n"), 0o644)
	var stderr strings.Builder
	if code := run([]string{"--bench", report, doc}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got, _ := os.ReadFile(doc)
	for _, want := range []string{"| sctrace-ebpf-full |", "**sctrace-ebpf-full**, 0.120 s in all:", "| load sys_enter |     30.0 |   60.0 |    30.0 |"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("document lacks %q:\n%s", want, got)
		}
	}
}
