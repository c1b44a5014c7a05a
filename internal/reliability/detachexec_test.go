package reliability

import (
	"syscall"
	"testing"
)

// TestTerminatedAfterDetachOnExec: under -b execve the launched command
// is let go at its second execve; sctrace waits for it, as strace waits
// for its child, and a SIGTERM then ends sctrace alone (dying of it): the
// command is neither signalled, stopped nor traced, and keeps running.
func TestTerminatedAfterDetachOnExec(t *testing.T) {
	eachBackend(t, "SIGTERM, command let go by -b execve", func(t *testing.T, backend, sctrace string) {
		// The command lets go of sctrace's stderr, which the test reads
		// to its end.
		tr := start(t, sctrace, "--backend="+backend, "-b", "execve", "sh", "-c", "exec sleep 30 2>/dev/null")
		tr.stderr.WaitFor(t, " detached\n", traceTimeout)
		pid := childOf(t, tr.cmd.Process.Pid, "sleep")
		defer syscall.Kill(pid, syscall.SIGKILL)
		running := func(when string) {
			state, tracer, ok := procState(pid)
			if !ok || tracer != 0 || (state != "S" && state != "R") {
				t.Errorf("%s, the command let go is in state %q (there: %v), traced by %d; want running, untraced", when, state, ok, tracer)
			}
		}
		running("once let go")
		if err := tr.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if code := tr.wait(t); code != 128+int(syscall.SIGTERM) {
			t.Errorf("sctrace exit status %d, want 143; stderr:\n%s", code, tail(tr.stderr.String()))
		}
		running("after sctrace's SIGTERM")
	})
}
