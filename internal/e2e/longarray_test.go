package e2e

import (
	"strings"
	"testing"
)

// TestLongNestedArray: an array of 300 descriptors that io_uring_register's
// structure points to prints whole under -v and cut at -s elements
// without it, as strace prints it, on both backends.
func TestLongNestedArray(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "longarray")
	for _, flags := range [][]string{{"-v"}, nil} {
		args := append(append([]string(nil), flags...), "-e", "trace=io_uring_register", bin)
		refTrace, _ := traceFile(t, strace, args...)
		if want := len(flags) > 0; strings.Contains(refTrace, ", 299]") != want {
			t.Fatalf("strace %v printed:\n%s", flags, refTrace)
		}
		for _, backend := range []string{"ptrace", "ebpf"} {
			t.Run(strings.Join(append([]string{backend}, flags...), " "), func(t *testing.T) {
				gotTrace, _ := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
				if d := sameLines(normalized(refTrace), normalized(gotTrace)); d != "" {
					t.Errorf("trace differs from strace's at %s", d)
				}
			})
		}
	}
}
