package e2e

import (
	"regexp"
	"strings"
	"testing"
)

// invalidSyscall matches -d's line for a call of a number the tables do
// not name, after the program's name.
var invalidSyscall = regexp.MustCompile(`^[a-z]+: pid [0-9]+ invalid syscall (0x[0-9a-f]+)$`)

// TestUnknownNumbers: calls of numbers strace 6.1 does not name (a call
// newer than it, one no kernel has, a negative one) print as strace
// prints them, under filters that leave them traced, on both backends;
// under -d each one's entry is said on stderr as strace says it.
func TestUnknownNumbers(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "unknownnrs")
	for _, flags := range [][]string{nil, {"-e", "trace=none"}, {"-e", "trace=getppid"}} {
		args := append(append([]string(nil), flags...), bin)
		refTrace, _ := traceFile(t, strace, args...)
		for _, want := range []string{"syscall_0x1c3(", "syscall_0x3e8(", "syscall_0xffffffffffffffff("} {
			if !strings.Contains(refTrace, want) {
				t.Fatalf("strace %v shows no %s:\n%s", flags, want, refTrace)
			}
		}
		backendsMatchStrace(t, sctrace, refTrace, args, flags...)
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
	if len(want) != 3 {
		t.Fatalf("strace -d: %d invalid-syscall lines, want 3:\n%s", len(want), ref.stderr)
	}
	for _, backend := range []string{"ptrace", "ebpf"} {
		_, got := traceFile(t, sctrace, "--backend="+backend, "-d", "-e", "trace=getpid", bin)
		if d := sameLines(want, debugLines(got.stderr)); d != "" {
			t.Errorf("%s -d: invalid-syscall lines differ from strace's at %s\n%s", backend, d, got.stderr)
		}
	}
}
