package e2e

import (
	"regexp"
	"testing"
)

// TestShortRead: a string argument that runs into memory that cannot be
// read prints as its address, and the tracer says on stderr how far it
// read, as strace does, on both backends.
func TestShortRead(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "shortread")
	args := []string{"-e", "trace=chdir,openat", bin}
	refTrace, ref := traceFile(t, strace, args...)
	addr := regexp.MustCompile(`0x[0-9a-f]+`)
	want := addr.ReplaceAllString(asSctrace(ref.stderr), "ADDR")
	if n := len(regexp.MustCompile(`short read`).FindAllString(want, -1)); n != 3 {
		t.Fatalf("strace said %d short reads, want 3:\n%s", n, ref.stderr)
	}
	for _, backend := range []string{"ptrace", "ebpf"} {
		t.Run(backend, func(t *testing.T) {
			gotTrace, got := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
			if s := addr.ReplaceAllString(got.stderr, "ADDR"); s != want {
				t.Errorf("stderr:\n%s\nwant (as strace's):\n%s", s, want)
			}
			if d := sameLines(normalized(refTrace), normalized(gotTrace)); d != "" {
				t.Errorf("trace differs from strace's at %s", d)
			}
		})
	}
}
