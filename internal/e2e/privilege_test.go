package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestUnprivilegedBackend runs sctrace as nobody: --backend=ebpf fails with
// one line that names the missing privilege and suggests ptrace, and the
// default backend (auto) falls back to ptrace, saying why under -v.
func TestUnprivilegedBackend(t *testing.T) {
	testutil.RequireRoot(t)
	_, sctrace := tracers(t)
	// nobody must be able to reach and run the binary.
	dir, err := os.MkdirTemp("", "sctrace-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "sctrace")
	data, err := os.ReadFile(sctrace)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	asNobody := func(args ...string) (string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Args[0] = "sctrace" // messages name argv[0]
		cmd.Dir = dir
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		return stderr.String(), testutil.ExitCode(err)
	}

	stderr, code := asNobody("--backend=ebpf", "true")
	want := "sctrace: ebpf backend: loading BPF programs needs root or CAP_BPF and CAP_PERFMON; use --backend=ptrace\n"
	if code != 1 || stderr != want {
		t.Errorf("--backend=ebpf as nobody: exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}

	stderr, code = asNobody("-v", "-e", "trace=none", "true")
	if code != 0 || !strings.HasPrefix(stderr, "sctrace: backend auto: ptrace (") || !strings.Contains(stderr, "CAP_BPF") {
		t.Errorf("auto as nobody: exit %d, stderr %q; want 0 and the ptrace fallback with its reason", code, stderr)
	}
}

// TestAutoBackendForFDs checks that the default backend picks eBPF under
// -y and -yy too (its programs name descriptors and describe sockets at
// each call), and says so on stderr under --debug-backend.
func TestAutoBackendForFDs(t *testing.T) {
	testutil.RequireBPF(t)
	_, sctrace := tracers(t)
	for _, flag := range []string{"-y", "-yy", "--decode-fds=path", "--decode-fds=socket,pidfd"} {
		cmd := exec.Command(sctrace, "--debug-backend", flag, "-o", os.DevNull, "true")
		cmd.Args[0] = "sctrace" // messages name argv[0]
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v (%s)", flag, err, stderr.String())
		}
		if want := "sctrace: backend auto: ebpf\n"; stderr.String() != want {
			t.Errorf("%s: stderr %q; want %q", flag, stderr.String(), want)
		}
	}
}

// TestAutoBackendForAttachedStacks checks that the default backend picks
// ptrace for -p with -k, whose eBPF programs take longer to load than the others,
// while the process runs untraced, and eBPF for -k with a command.
func TestAutoBackendForAttachedStacks(t *testing.T) {
	testutil.RequireBPF(t)
	_, sctrace := tracers(t)
	idle := testutil.StartIdle(t)
	cmd, _, stderr := startTraced(t, sctrace, "--debug-backend", "-k", "-e", "trace=read", "-p", strconv.Itoa(idle.Cmd.Process.Pid))
	stderr.WaitFor(t, "sctrace: backend auto: ptrace (-p with -k", lineTimeout)
	idle.Echo(t, "traced")
	stderr.WaitFor(t, "read(0, ", lineTimeout)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	run := exec.Command(sctrace, "--debug-backend", "-k", "-e", "trace=none", "-o", os.DevNull, "true")
	run.Args[0] = "sctrace"
	var out bytes.Buffer
	run.Stderr = &out
	if err := run.Run(); err != nil {
		t.Fatalf("-k with a command: %v (%s)", err, out.String())
	}
	if want := "sctrace: backend auto: ebpf\n"; out.String() != want {
		t.Errorf("-k with a command: stderr %q; want %q", out.String(), want)
	}
}
