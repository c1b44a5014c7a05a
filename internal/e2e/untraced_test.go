package e2e

import (
	"strings"
	"testing"
)

// TestUntracedClone: -f does not follow a child made with CLONE_UNTRACED
// (by clone or clone3), as strace does not (ptrace never attaches to it),
// on both backends.
func TestUntracedClone(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "untracedclone")
	args := []string{"-f", "-e", "trace=clone,clone3,getppid,wait4", "-e", "signal=none", bin}
	refTrace, _ := traceFile(t, strace, args...)
	if strings.Contains(refTrace, "getppid") || strings.Count(refTrace, "CLONE_UNTRACED") != 2 {
		t.Fatalf("strace followed an untraced child, or did not clone twice:\n%s", refTrace)
	}
	backendsMatchStrace(t, sctrace, refTrace, args)
}
