package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// invalidSyscall matches -d's line for a call of a number the tables do
// not name, after the program's name.
var invalidSyscall = regexp.MustCompile(`^[a-z]+: pid [0-9]+ invalid syscall (0x[0-9a-f]+)$`)

// TestUnknownNumbers: calls of numbers strace 6.1 does not name (a call
// newer than it, one no kernel has, a negative one; on x86_64 an x32 one
// and syscall(-2), an x32 call to strace) print as strace prints them,
// under filters that leave them traced, on both backends, with the
// personality lines around the x32 ones; under -d each one's entry is
// said on stderr as strace says it.
func TestUnknownNumbers(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "unknownnrs")
	names := []string{"syscall_0x1c3(", "syscall_0x3e8(", "syscall_0xffffffffffffffff("}
	if runtime.GOARCH == "amd64" {
		names = append(names, "syscall_0x40000258(", "syscall_0xfffffffffffffffe(")
	}
	for _, flags := range [][]string{nil, {"-e", "trace=none"}, {"-e", "trace=getppid"}} {
		args := append(append([]string(nil), flags...), bin)
		refTrace, _ := traceFile(t, strace, args...)
		for _, want := range names {
			if !strings.Contains(refTrace, want) {
				t.Fatalf("strace %v shows no %s:\n%s", flags, want, refTrace)
			}
		}
		backendsMatchStrace(t, sctrace, refTrace, args, flags...)
	}
	if runtime.GOARCH == "amd64" {
		// Without -o, strace says where the x32 calls start and end.
		ref := run(t, strace, "-e", "trace=getppid", bin)
		want := normalized(ref.stderr)
		if !contains(want, "[ Process PID=PID1 runs in x32 mode. ]") || !contains(want, "[ Process PID=PID1 runs in 64 bit mode. ]") {
			t.Fatalf("strace shows no x32 personality lines:\n%s", ref.stderr)
		}
		for _, backend := range []string{"ptrace", "ebpf"} {
			got := run(t, sctrace, "--backend="+backend, "-e", "trace=getppid", bin)
			if d := sameLines(want, normalized(got.stderr)); d != "" {
				t.Errorf("%s: stderr differs from strace's at %s", backend, d)
			}
		}
	}
	// -c counts no number a table does not name, in any personality, as
	// strace counts them not; so does -c -ff's table of the one process.
	wantSummary := summaryShape(run(t, strace, "-c", bin).stderr)
	wantFile, _ := traceFile(t, strace, "-c", bin)
	for _, backend := range []string{"ptrace", "ebpf"} {
		got := summaryShape(run(t, sctrace, "--backend="+backend, "-c", bin).stderr)
		if d := sameLines(wantSummary, got); d != "" {
			t.Errorf("%s -c: differs from strace at %s", backend, d)
		}
		prefix := filepath.Join(t.TempDir(), "counts")
		run(t, sctrace, "--backend="+backend, "-c", "-ff", "-o", prefix, bin)
		files, err := filepath.Glob(prefix + ".*")
		if err != nil || len(files) != 1 {
			t.Fatalf("%s -c -ff: files %v (%v), want one", backend, files, err)
		}
		b, err := os.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		if d := sameLines(summaryShape(wantFile), summaryShape(string(b))); d != "" {
			t.Errorf("%s -c -ff: differs from strace -c at %s", backend, d)
		}
	}
	debugLines := func(stderr string) []string {
		var nrs []string
		for _, l := range lines(stderr) {
			if m := invalidSyscall.FindStringSubmatch(l); m != nil {
				nrs = append(nrs, m[1])
			}
		}
		return nrs
	}
	_, ref := traceFile(t, strace, "-d", "-e", "trace=getpid", bin)
	want := debugLines(ref.stderr)
	if len(want) != len(names) {
		t.Fatalf("strace -d: %d invalid-syscall lines, want %d:\n%s", len(want), len(names), ref.stderr)
	}
	for _, backend := range []string{"ptrace", "ebpf"} {
		_, got := traceFile(t, sctrace, "--backend="+backend, "-d", "-e", "trace=getpid", bin)
		if d := sameLines(want, debugLines(got.stderr)); d != "" {
			t.Errorf("%s -d: invalid-syscall lines differ from strace's at %s\n%s", backend, d, got.stderr)
		}
	}
}
