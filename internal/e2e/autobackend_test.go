package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestAutoBackendForFDs checks the default backend's choice under -y and
// -yy: eBPF for -y (its programs name the descriptors a call creates),
// ptrace for -yy (socket endpoints are read while the tracee is stopped),
// each said on stderr under --debug-backend.
func TestAutoBackendForFDs(t *testing.T) {
	testutil.RequireBPF(t)
	_, sctrace := tracers(t)
	for _, tc := range []struct{ flag, want string }{
		{"-y", "sctrace: backend auto: ebpf\n"},
		{"--decode-fds=path", "sctrace: backend auto: ebpf\n"},
		{"-yy", "sctrace: backend auto: ptrace (-yy"},
		{"--decode-fds=pidfd", "sctrace: backend auto: ptrace (-yy"},
	} {
		cmd := exec.Command(sctrace, "--debug-backend", tc.flag, "-o", os.DevNull, "true")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v (%s)", tc.flag, err, stderr.String())
		}
		if !strings.HasPrefix(stderr.String(), tc.want) {
			t.Errorf("%s: stderr %q; want it to start with %q", tc.flag, stderr.String(), tc.want)
		}
	}
}
