package reliability

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// sigWrapper execs its arguments with SIGTERM, SIGPIPE, SIGUSR1 and SIGHUP
// ignored and SIGUSR2, SIGWINCH and SIGALRM blocked, as a shell's trap ”
// or nohup leaves them for the programs it starts.
const sigWrapper = `import os, signal, sys
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR2, signal.SIGWINCH, signal.SIGALRM})
for s in (signal.SIGTERM, signal.SIGPIPE, signal.SIGUSR1, signal.SIGHUP):
    signal.signal(s, signal.SIG_IGN)
os.execvp(sys.argv[1], sys.argv[1:])
`

// TestSignalStateInherited: a command started by sctrace has the ignored
// signals and the signal mask sctrace was started with, as it has when
// started without sctrace, through either exec stub (the C one, and the
// Go one that --seccomp-bpf needs); so a SIGHUP under nohup does not kill
// it.
func TestSignalStateInherited(t *testing.T) {
	wrapper := pythonWrapper(t, sigWrapper)
	status := []string{"grep", "-E", "^Sig(Blk|Ign):", "/proc/self/status"}
	plain, err := exec.Command("python3", append([]string{wrapper}, status...)...).Output()
	if err != nil {
		t.Fatalf("untraced run: %v", err)
	}
	// SIGHUP, SIGUSR1, SIGPIPE and SIGTERM are bits 0, 9, 12 and 14; what
	// the test itself inherited may add others.
	if ign := statusField(t, string(plain), "SigIgn"); ign&0x5201 != 0x5201 {
		t.Fatalf("the wrapper did not set up the signal state:\n%s", plain)
	}
	eachBackend(t, "signal state inherited", func(t *testing.T, backend, sctrace string) {
		args := append([]string{wrapper, sctrace, "--backend=" + backend, "-qq", "-e", "trace=none"}, status...)
		traced, err := exec.Command("python3", args...).Output()
		if err != nil {
			t.Fatalf("traced run: %v", err)
		}
		if string(traced) != string(plain) {
			t.Errorf("traced command's signal state:\n%swant (untraced):\n%s", traced, plain)
		}
		if backend == "ptrace" {
			// --seccomp-bpf's filter is installed by the Go exec stub,
			// the others' stub is C (internal/tracee): both restore it.
			args := append([]string{wrapper, sctrace, "--backend=ptrace", "-f", "--seccomp-bpf", "-qq", "-e", "trace=none"}, status...)
			traced, err := exec.Command("python3", args...).Output()
			if err != nil || string(traced) != string(plain) {
				t.Errorf("traced command's signal state under --seccomp-bpf (%v):\n%swant (untraced):\n%s", err, traced, plain)
			}
		}
		// The command ignores SIGHUP as sctrace does: it survives one.
		hup := exec.Command("python3", wrapper, sctrace, "--backend="+backend, "-o", os.DevNull,
			"sh", "-c", "kill -HUP $$; echo survived")
		out, err := hup.Output()
		if err != nil || string(out) != "survived\n" {
			t.Errorf("command under ignored SIGHUP: %v, output %q, want \"survived\\n\"", err, out)
		}
	})
}

// pythonWrapper writes src, a python3 program that sets up a signal
// state and executes its arguments, and returns its path.
func pythonWrapper(t *testing.T, src string) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 is needed to set up the signal state: %v", err)
	}
	wrapper := filepath.Join(t.TempDir(), "wrapper.py")
	if err := os.WriteFile(wrapper, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return wrapper
}

// statusField parses a hexadecimal mask line of /proc/PID/status.
func statusField(t *testing.T, status, name string) uint64 {
	t.Helper()
	for _, line := range strings.Split(status, "\n") {
		if v, ok := strings.CutPrefix(line, name+":"); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return n
		}
	}
	t.Fatalf("no %s line in:\n%s", name, status)
	return 0
}

// pendingWrapper execs its arguments with SIGHUP, SIGINT, SIGQUIT and
// SIGTERM blocked, at their default actions, and pending, as strace's
// interactive_block test starts it.
const pendingWrapper = `import os, signal, sys
sigs = {signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM}
signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
for s in sigs:
    signal.signal(s, signal.SIG_DFL)
    os.kill(os.getpid(), s)
os.execvp(sys.argv[1], sys.argv[1:])
`

// TestBlockedAtStart: signals blocked and pending when sctrace starts do
// not kill it (the Go runtime unblocks them), as strace leaves them
// blocked, and the command starts with them blocked.
func TestBlockedAtStart(t *testing.T) {
	wrapper := pythonWrapper(t, pendingWrapper)
	eachBackend(t, "signals blocked at start", func(t *testing.T, backend, sctrace string) {
		out, err := exec.Command("python3", wrapper, sctrace, "--backend="+backend, "-o", os.DevNull,
			"grep", "^SigBlk:", "/proc/self/status").Output()
		if err != nil {
			t.Fatalf("sctrace started with pending, blocked signals: %v, output %q", err, out)
		}
		// SIGHUP, SIGINT, SIGQUIT and SIGTERM are bits 0, 1, 2 and 14.
		if blk := statusField(t, string(out), "SigBlk"); blk&0x4007 != 0x4007 {
			t.Errorf("the command's mask %#x lacks what sctrace started with blocked (0x4007)", blk)
		}
	})
}

// TestAffinityInherited: a command started by sctrace may run on the CPUs
// it may run on untraced, with sctrace's default options and under -f, on
// both backends: nothing pins it (the ptrace backend pins only under
// --cpu-placement=same, which TestSameCPU in package ptrace checks).
func TestAffinityInherited(t *testing.T) {
	testutil.RequireCPUs(t, 2)
	status := []string{"grep", "-E", "^(Cpus|Mems)_allowed_list:", "/proc/self/status"}
	plain, err := exec.Command(status[0], status[1:]...).Output()
	if err != nil {
		t.Fatalf("untraced run: %v", err)
	}
	eachBackend(t, "affinity inherited", func(t *testing.T, backend, sctrace string) {
		for _, flags := range [][]string{{"-o", os.DevNull}, {"-f", "-o", os.DevNull}} {
			args := append(append([]string{"--backend=" + backend}, flags...), status...)
			traced, err := exec.Command(sctrace, args...).Output()
			if err != nil {
				t.Fatalf("%v: %v", flags, err)
			}
			if string(traced) != string(plain) {
				t.Errorf("%v: traced command's affinity:\n%swant (untraced):\n%s", flags, traced, plain)
			}
		}
	})
}
