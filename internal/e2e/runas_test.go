package e2e

import (
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestRunAsUser: -u runs the command with the user's ids and the groups
// initgroups gives it, as strace -u does, on both backends and with
// --seccomp-bpf (the exec stub takes the identity before its filter).
func TestRunAsUser(t *testing.T) {
	strace, sctrace := tracers(t)
	testutil.RequireRoot(t)
	id := testutil.RequireCommand(t, "id")
	// Traced calls that print nothing of the identity: the command's
	// output is what is compared.
	args := []string{"-e", "trace=none", "-u", "nobody", id}
	want := run(t, strace, append([]string{"-o", "/dev/null"}, args...)...)
	if want.exit != 0 {
		t.Fatalf("strace: exit %d, stderr %q", want.exit, want.stderr)
	}
	for _, flags := range [][]string{{"--backend=ptrace"}, {"--backend=ptrace", "--seccomp-bpf", "-f"}, {"--backend=ebpf"}} {
		if flags[0] == "--backend=ebpf" {
			testutil.RequireBPF(t)
		}
		got := run(t, sctrace, append(append([]string{"-o", "/dev/null"}, flags...), args...)...)
		if got.exit != 0 || got.stdout != want.stdout {
			t.Errorf("sctrace %v: exit %d, stdout %q, stderr %q; want strace's %q", flags, got.exit, got.stdout, got.stderr, want.stdout)
		}
	}
}
