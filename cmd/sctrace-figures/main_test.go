package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
