package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/bench"
)

func TestList(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"--list"}, &out, &errOut); code != 0 {
		t.Fatalf("--list: exit %d: %s", code, errOut.String())
	}
	for _, c := range bench.AllConfigs() {
		if !strings.Contains(out.String(), c.Name+" ") {
			t.Errorf("--list lacks %s:\n%s", c.Name, out.String())
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--json", "--markdown"}, "sctrace-bench: --json and --markdown are exclusive\n"},
		{[]string{"--configs", "nosuch"}, "sctrace-bench: --configs pattern \"nosuch\" matches no configuration"},
		{[]string{"--count", ""}, "sctrace-bench: invalid --count \"\"\n"},
	} {
		var out, errOut bytes.Buffer
		if code := run(tc.args, &out, &errOut); code != 2 || !strings.HasPrefix(errOut.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2, %q", tc.args, code, errOut.String(), tc.want)
		}
	}
}

// TestFromJSON renders a saved report again, as Markdown and SVG.
func TestFromJSON(t *testing.T) {
	dir := t.TempDir()
	rep := &bench.Report{Workload: "dd", Runs: 1, Syscalls: 100, Rows: []bench.Row{
		{Name: "native", Runs: 1, Median: 0.01, Min: 0.01, Max: 0.01, Ratio: 1},
		{Name: "strace-full", Runs: 1, Median: 1, Min: 1, Max: 1, Ratio: 100},
		{Name: "sctrace-ebpf-c", Skipped: "no BPF here"},
	}}
	saved := filepath.Join(dir, "r.json")
	f, err := os.Create(saved)
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteJSON(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	svg := filepath.Join(dir, "chart.svg")
	var out, errOut bytes.Buffer
	if code := run([]string{"--from", saved, "--markdown", "--svg", svg}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"| strace-full |", "100.00", "- sctrace-ebpf-c skipped: no BPF here"} {
		if !strings.Contains(strings.Join(strings.Fields(out.String()), " "), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, out.String())
		}
	}
	b, err := os.ReadFile(svg)
	if err != nil || !bytes.Contains(b, []byte(`data-config="strace-full"`)) {
		t.Errorf("chart: %v\n%s", err, b)
	}
}
