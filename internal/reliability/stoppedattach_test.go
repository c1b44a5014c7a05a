package reliability

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestAttachStopped: -p of a process that is stopped already (kill -STOP,
// or ^Z's SIGTSTP) prints "--- stopped by SIG… ---" right after the
// attach, as strace does, and tools wait for that line; after the detach
// the process is still stopped, and not traced.
func TestAttachStopped(t *testing.T) {
	eachBackend(t, "attach: a stopped process", func(t *testing.T, backend, sctrace string) {
		for _, sig := range []syscall.Signal{syscall.SIGSTOP, syscall.SIGTSTP} {
			sleeper := exec.Command("sleep", "30")
			// Its own process group, whose parent (this test) is in
			// another group of the session: not orphaned, so that the
			// kernel does not discard SIGTSTP (as it does for an orphaned
			// group, such as a test run from a background job).
			sleeper.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			if err := sleeper.Start(); err != nil {
				t.Fatal(err)
			}
			pid := sleeper.Process.Pid
			stopped(t, pid, sig)

			tr := start(t, sctrace, "--backend="+backend, "-p", strconv.Itoa(pid))
			want := fmt.Sprintf("sctrace: Process %d attached\n--- stopped by %s ---\n", pid, unix.SignalName(sig))
			tr.stderr.WaitFor(t, want, traceTimeout)
			if err := tr.cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			tr.wait(t)
			out := tr.stderr.String()
			if n := strings.Count(out, "--- stopped by"); n != 1 {
				t.Errorf("%v: %d stop lines, want 1:\n%s", sig, n, out)
			}
			if state, tracer, ok := procState(pid); !ok || state != "T" || tracer != 0 {
				t.Errorf("%v: after the detach the process is in state %q, traced by %d; want T, untraced", sig, state, tracer)
			}
			_ = sleeper.Process.Kill()
			_ = sleeper.Wait()
		}
	})
}

// stopped sends sig to the child pid and waits until wait4 reports it
// stopped.
func stopped(t *testing.T, pid int, sig syscall.Signal) {
	t.Helper()
	if err := syscall.Kill(pid, sig); err != nil {
		t.Fatal(err)
	}
	for {
		var ws unix.WaitStatus
		_, err := unix.Wait4(pid, &ws, unix.WUNTRACED, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil || !ws.Stopped() {
			t.Fatalf("wait for the %v stop of %d: %v, status %#x", sig, pid, err, ws)
		}
		return
	}
}
