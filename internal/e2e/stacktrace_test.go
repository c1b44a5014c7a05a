package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestStackTraces: -k prints, after each call's line and each signal's,
// the frames strace -k prints (module, symbol, offsets): calls a few
// functions deep, a signal the program sends itself, an execve (the new
// program's first frame) and exit_group (printed after the process's
// end), on both backends.
func TestStackTraces(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "stackcalls")
	for _, set := range [][]string{
		{"-k", "-e", "trace=chdir,kill,execve,exit_group"},
		{"--stack-traces", "-e", "trace=chdir", "-e", "signal=none"},
		{"-k", "-f", "-e", "trace=kill"},
	} {
		args := append(set, bin)
		refTrace, ref := traceFile(t, strace, args...)
		if !strings.Contains(refTrace, "(f3+0x") {
			t.Fatalf("strace -k shows no f3 frame:\n%s", refTrace)
		}
		for _, backend := range []string{"ptrace", "ebpf"} {
			t.Run(strings.Join(set, " ")+"/"+backend, func(t *testing.T) {
				gotTrace, got := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
				if got.exit != ref.exit {
					t.Errorf("exit %d, strace's %d (stderr %q)", got.exit, ref.exit, got.stderr)
				}
				if d := sameLines(normalized(refTrace), normalized(gotTrace)); d != "" {
					t.Errorf("trace differs from strace's at %s\nstrace:\n%s\nsctrace:\n%s", d, refTrace, gotTrace)
				}
			})
		}
	}
}

// TestStackTraceFrameLimit: --stack-trace-frame-limit=N keeps the first N
// frames of each stack.
func TestStackTraceFrameLimit(t *testing.T) {
	_, sctrace := tracers(t)
	bin := workload(t, "stackcalls")
	for _, backend := range []string{"ptrace", "ebpf"} {
		full, _ := traceFile(t, sctrace, "--backend="+backend, "-k", "-e", "trace=chdir", bin)
		cut, r := traceFile(t, sctrace, "--backend="+backend, "-k", "--stack-trace-frame-limit=2", "-e", "trace=chdir", bin)
		if r.exit != 0 {
			t.Fatalf("%s: exit %d, stderr %q", backend, r.exit, r.stderr)
		}
		want := lines(full)
		if len(want) < 5 || !strings.HasPrefix(want[3], " > ") {
			t.Fatalf("%s: -k printed too few frames:\n%s", backend, full)
		}
		got := lines(cut)
		if len(got) < 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || len(got) > 3 && strings.HasPrefix(got[3], " > ") && !strings.Contains(got[3], "too many stack frames") {
			t.Errorf("%s: with a limit of 2:\n%s\nwithout:\n%s", backend, cut, full)
		}
	}
}

// TestStackTracesBinaries: -k's frames of a static binary and of C++
// functions (demangled with their parameters, as strace -k shows them)
// are strace's, on both backends.
func TestStackTracesBinaries(t *testing.T) {
	strace, sctrace := tracers(t)
	testutil.RequireCommand(t, "g++")
	bins := map[string]string{
		"static": workload(t, "stackcalls", "-static"),
		"c++":    testutil.BuildC(t, filepath.Join(testutil.RepoRoot(t), "unwind", "testdata", "ns.cc"), "-lstdc++"),
	}
	for name, bin := range bins {
		args := []string{"-k", "-e", "trace=chdir", bin}
		refTrace, _ := traceFile(t, strace, args...)
		if !strings.Contains(refTrace, "f2") {
			t.Fatalf("%s: strace -k shows no f2 frame:\n%s", name, refTrace)
		}
		for _, backend := range []string{"ptrace", "ebpf"} {
			gotTrace, got := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
			if got.exit < 0 {
				t.Fatalf("%s/%s: %q", name, backend, got.stderr)
			}
			if d := sameLines(normalized(refTrace), normalized(gotTrace)); d != "" {
				t.Errorf("%s/%s: trace differs from strace's at %s\nstrace:\n%s\nsctrace:\n%s", name, backend, d, refTrace, gotTrace)
			}
		}
	}
}
