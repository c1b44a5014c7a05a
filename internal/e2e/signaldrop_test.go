package e2e

import (
	"strings"
	"testing"
)

// TestSignalDrop: a signal a rt_sigtimedwait takes, and one a dying
// group drops, print no signal line, as strace prints none (the eBPF
// programs reported both), on both backends.
func TestSignalDrop(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "signaldrop")
	args := []string{"-f", "-e", "trace=rt_sigtimedwait", "-e", "signal=USR1,USR2", bin}
	refTrace, _ := traceFile(t, strace, args...)
	if strings.Count(refTrace, "--- SIG") != 1 || !strings.Contains(refTrace, "killed by SIGUSR1") {
		t.Fatalf("strace did not show one signal and a child killed by SIGUSR1:\n%s", refTrace)
	}
	backendsMatchStrace(t, sctrace, refTrace, args)
}
