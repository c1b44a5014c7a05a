package e2e

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	unfinishedLine = regexp.MustCompile(`^(?:\[pid +(\d+)\] |(\d+) +)?([a-z0-9_]+)\(.* <unfinished \.\.\.>$`)
	resumedLine    = regexp.MustCompile(`^(?:\[pid +(\d+)\] |(\d+) +)?<\.\.\. ([a-z0-9_]+) resumed>`)
	linePid        = regexp.MustCompile(`^(?:\[pid +(\d+)\] |(\d+) +)`)
)

// TestUnfinishedResumed: when tasks interleave under -f, a call is split into
// "NAME(args <unfinished ...>" and "<... NAME resumed>rest" lines of the
// same task, with nothing of that task in between; a task may also exit
// while its call is unfinished. Checked in -o files, where every line has
// its "N " prefix (on stderr strace drops the prefix when one task is left
// and cuts lines with its "Process N attached" notices).
func TestUnfinishedResumed(t *testing.T) {
	strace, sctrace := tracers(t)
	for _, argv := range [][]string{
		{workload(t, "threads")},
		{"/bin/sh", "-c", "echo hi | cat"},
	} {
		name := filepath.Base(argv[0])
		if len(argv) > 1 {
			name = argv[len(argv)-1]
		}
		ref, _ := traceFile(t, strace, append([]string{"-f"}, argv...)...)
		checkSplits(t, "strace "+name, ref)
		got, r := traceFile(t, sctrace, append([]string{"-f"}, argv...)...)
		if r.exit != 0 {
			t.Errorf("%s: exit %d, stderr %q", name, r.exit, r.stderr)
		}
		checkSplits(t, name, got)
	}
}

// checkSplits verifies the pairing of unfinished and resumed lines in trace.
func checkSplits(t *testing.T, where, trace string) {
	t.Helper()
	open := map[string]string{} // pid -> name of its unfinished call
	for i, l := range lines(trace) {
		pid := ""
		if m := linePid.FindStringSubmatch(l); m != nil {
			pid = m[1] + m[2]
		}
		if u := unfinishedLine.FindStringSubmatch(l); u != nil {
			if name, ok := open[pid]; ok {
				t.Errorf("%s line %d: pid %s starts %s while %s is unfinished", where, i+1, pid, u[3], name)
			}
			if strings.Contains(l, "<unfinished ...>)") {
				t.Errorf("%s line %d: malformed split: %q", where, i+1, l)
			}
			open[pid] = u[3]
			continue
		}
		if res := resumedLine.FindStringSubmatch(l); res != nil {
			if name, ok := open[pid]; !ok || name != res[3] {
				t.Errorf("%s line %d: %q resumes %s, but pid %s's unfinished call is %q", where, i+1, l, res[3], pid, name)
			}
			delete(open, pid)
			continue
		}
		if name, ok := open[pid]; ok {
			if !strings.Contains(l, "+++ exited") && !strings.Contains(l, "+++ killed") {
				t.Errorf("%s line %d: pid %s prints %q while %s is unfinished", where, i+1, pid, l, name)
			}
			delete(open, pid)
		}
	}
	if strings.Contains(trace, "<unfinished ...>)") {
		t.Errorf("%s: a completed call still says <unfinished ...>", where)
	}
}

// TestFaultedResultsWhole: a lone thread's calls whose results fault
// (times and uname given a bad address) print as whole lines on both
// backends, as strace prints them: no call is split, whatever preempts
// the eBPF backend's retry of the faulted capture.
func TestFaultedResultsWhole(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "efaults")
	args := []string{"-e", "trace=times,uname", bin}
	ref, _ := traceFile(t, strace, args...)
	if n := len(lines(ref)); n != 601 {
		t.Fatalf("strace printed %d lines, want 601: the test's premise is stale", n)
	}
	for _, backend := range []string{"ptrace", "ebpf"} {
		t.Run(backend, func(t *testing.T) {
			got, r := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
			if r.exit != 0 {
				t.Errorf("exit %d, stderr %q", r.exit, r.stderr)
			}
			if d := sameLines(normalized(ref), normalized(got)); d != "" {
				t.Errorf("trace differs from strace's at %s", d)
			}
		})
	}
}
