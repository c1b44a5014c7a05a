package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// detachBackends are the backends -b execve is checked on.
var detachBackends = []string{"ptrace", "ebpf"}

// TestDetachOnExecFiles: under -b execve (-ff, one file per process, so
// that the order in which processes run does not matter), each process's
// trace equals strace's: a child that executes a program ends with its
// execve left "<detached ...>", a thread that executes one supersedes its
// leader and is let go, and what a process let go runs later (the
// children of the second sh) is not traced at all (as many files as strace
// writes). The exit status is the command's when it was not let go, and
// 0 when it was, as strace's.
func TestDetachOnExecFiles(t *testing.T) {
	strace, sctrace := tracers(t)
	cases := []struct {
		name string
		argv []string
	}{
		{"forkexec", []string{workload(t, "forkexec")}},
		{"threadexec", []string{workload(t, "threadexec")}},
		{"sh", []string{"/bin/sh", "-c", "exec /bin/sh -c '/bin/true; /bin/true; exit 3'"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ref, refRun := traceFiles(t, strace, append([]string{"-b", "execve"}, c.argv...)...)
			for _, backend := range detachBackends {
				got, gotRun := traceFiles(t, sctrace, append([]string{"--backend=" + backend, "-b", "execve"}, c.argv...)...)
				if gotRun.exit != refRun.exit {
					t.Errorf("%s: exit %d, strace %d (stderr %q)", backend, gotRun.exit, refRun.exit, gotRun.stderr)
				}
				if len(got) != len(ref) {
					t.Errorf("%s: %d processes traced, strace %d", backend, len(got), len(ref))
					continue
				}
				for i := range ref {
					if d := sameLines(perRun(ref[i]), perRun(got[i])); d != "" {
						t.Errorf("%s: the trace of process %d of %d differs from strace's at %s", backend, i+1, len(ref), d)
					}
				}
			}
		})
	}
}

// runVaries is what differs between two runs and normalized leaves: the
// pid a thread's execve changes to (-ff), the run's own directory.
var runVaries = regexp.MustCompile(`<pid changed to \d+ \.\.\.>|"/tmp/[^"]*"`)

// perRun returns the normalized lines of a trace with runVaries replaced.
func perRun(trace string) []string {
	out := normalized(trace)
	for i, l := range out {
		out[i] = runVaries.ReplaceAllString(l, "X")
	}
	return out
}

// traceFiles runs bin -ff -o FILE args... and returns the per-process
// files' contents in the order of their pids.
func traceFiles(t *testing.T, bin string, args ...string) ([]string, result) {
	t.Helper()
	dir := t.TempDir()
	r := run(t, bin, append([]string{"-ff", "-o", filepath.Join(dir, "t")}, args...)...)
	names, err := filepath.Glob(filepath.Join(dir, "t.*"))
	if err != nil || len(names) == 0 {
		t.Fatalf("%s left no trace files (exit %d, stderr %q): %v", filepath.Base(bin), r.exit, r.stderr, err)
	}
	pid := func(name string) int {
		n, _ := strconv.Atoi(name[strings.LastIndexByte(name, '.')+1:])
		return n
	}
	sort.Slice(names, func(i, j int) bool { return pid(names[i]) < pid(names[j]) })
	var out []string
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out, r
}

// detachLine takes what varies between runs out of the end of a trace on
// stderr: pids, addresses, the environment's size.
var detachLine = regexp.MustCompile(`0x[0-9a-f]+|\b\d{2,}\b|/\* \d+ vars? \*/`)

// TestDetachOnExecStderr: on a shared stderr, the note comes in the middle
// of the execve's line and the line's end after it, byte for byte as
// strace prints them, and sctrace exits 0 as strace does although the
// program it let go failed.
func TestDetachOnExecStderr(t *testing.T) {
	strace, sctrace := tracers(t)
	argv := []string{"-b", "execve", "/bin/sh", "-c", "exec /bin/false"}
	ref := run(t, strace, argv...)
	want := lines(detachLine.ReplaceAllString(asSctrace(ref.stderr), "X"))
	if len(want) < 2 || !strings.HasPrefix(want[len(want)-2], `execve("/bin/false"`) || ref.exit != 0 {
		t.Fatalf("strace exit %d, stderr:\n%s\nthe test's premise is wrong", ref.exit, ref.stderr)
	}
	want = want[len(want)-2:]
	for _, backend := range detachBackends {
		got := run(t, sctrace, append([]string{"--backend=" + backend}, argv...)...)
		have := lines(detachLine.ReplaceAllString(got.stderr, "X"))
		if len(have) >= 2 {
			have = have[len(have)-2:]
		}
		if d := sameLines(want, have); d != "" || got.exit != ref.exit {
			t.Errorf("%s: exit %d (strace %d); the end of stderr differs at %s", backend, got.exit, ref.exit, d)
		}
	}
}

// TestDetachOnExecLetGo: the process let go runs untraced (it sees no
// tracer in /proc) and its fate is its own: killed by a signal, it does
// not take sctrace with it (strace exits 0 then too).
func TestDetachOnExecLetGo(t *testing.T) {
	strace, sctrace := tracers(t)
	argv := []string{"-q", "-e", "trace=none", "-b", "execve", "/bin/sh", "-c",
		`exec /bin/sh -c 'grep TracerPid /proc/$$/status; kill -TERM $$'`}
	ref := run(t, strace, argv...)
	if ref.stdout != "TracerPid:\t0\n" || ref.exit != 0 {
		t.Fatalf("strace: exit %d, stdout %q; the test's premise is wrong", ref.exit, ref.stdout)
	}
	for _, backend := range detachBackends {
		got := run(t, sctrace, append([]string{"--backend=" + backend}, argv...)...)
		if got.stdout != ref.stdout || got.exit != ref.exit || got.stderr != asSctrace(ref.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; strace: %d, %q, %q", backend, got.exit, got.stdout, got.stderr, ref.exit, ref.stdout, ref.stderr)
		}
	}
}

// TestDetachOnExecSeccomp: --seccomp-bpf is turned off under -b, with
// strace's note, and the run goes on.
func TestDetachOnExecSeccomp(t *testing.T) {
	strace, sctrace := tracers(t)
	argv := []string{"-f", "--seccomp-bpf", "-b", "execve", "-e", "trace=none", "/bin/sh", "-c", "exec /bin/false"}
	ref := run(t, strace, argv...)
	for _, backend := range detachBackends {
		got := run(t, sctrace, append([]string{"--backend=" + backend}, argv...)...)
		want := detachLine.ReplaceAllString(asSctrace(ref.stderr), "X")
		if have := detachLine.ReplaceAllString(got.stderr, "X"); have != want || got.exit != ref.exit {
			t.Errorf("%s: exit %d, stderr %q; strace: %d, %q", backend, got.exit, have, ref.exit, want)
		}
	}
}
