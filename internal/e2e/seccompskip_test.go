package e2e

import (
	"strings"
	"testing"
)

// TestSeccompSkipped: calls a seccomp filter fails without running them
// (SECCOMP_RET_ERRNO) show with their arguments and results, as strace
// shows them (ptrace stops before seccomp runs), on both backends; the
// eBPF programs see only their exits.
func TestSeccompSkipped(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "seccompskip")
	for _, flags := range [][]string{nil, {"-e", "trace=openat,getpid"}, {"-f"}} {
		args := append(append([]string(nil), flags...), bin)
		refTrace, _ := traceFile(t, strace, args...)
		if !strings.Contains(refTrace, `openat(AT_FDCWD`) || !strings.Contains(refTrace, "= -1 EPERM") {
			t.Fatalf("strace %v did not show the skipped calls:\n%s", flags, refTrace)
		}
		backendsMatchStrace(t, sctrace, refTrace, args, flags...)
	}
}
