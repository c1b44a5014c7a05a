package ptrace

import (
	"fmt"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/trace"
)

// launch starts target's command through the exec stub and seizes it while
// it is stopped before its execve. The stub stays hidden until that execve:
// its first reported event is the execve's entry.
func (tr *tracer) launch(target trace.Target) error {
	argv, stubEnv := stubCommand(target)
	tr.seccomp = tr.opts.SeccompBPF && tr.opts.Filter != nil
	if tr.seccomp {
		stubEnv = append(stubEnv, seccompStubEnv+"="+seccompSpec(tr.opts.Filter))
	}

	if tr.sameCPU {
		// The stub inherits the tracer thread's affinity.
		tr.place.pin()
	}
	pid, err := syscall.ForkExec("/proc/self/exe", argv, &syscall.ProcAttr{
		Env:   stubEnv,
		Files: []uintptr{0, 1, 2},
	})
	if err != nil {
		return fmt.Errorf("launch %s: start exec stub: %w", target.Path, err)
	}
	if err := waitStubStop(pid); err != nil {
		return fmt.Errorf("launch %s: %w", target.Path, err)
	}
	tr.place.pinned = pid
	if err := seize(pid, tr.launchOptions()); err != nil {
		killAndReap(pid)
		return fmt.Errorf("launch %s: ptrace(PTRACE_SEIZE, %d): %w", target.Path, pid, err)
	}
	// The stub now sits in a group-stop that we end; the SIGCONT (and
	// anything else before the execve) is hidden from the sink.
	if err := unix.Kill(pid, unix.SIGCONT); err != nil {
		killAndReap(pid)
		return fmt.Errorf("launch %s: continue exec stub: %w", target.Path, err)
	}
	tr.tasks[pid] = &task{tid: pid, pid: pid, launched: true, hidden: true}
	tr.launchPid = pid
	return nil
}

// waitStubStop waits until the exec stub pid has stopped itself.
func waitStubStop(pid int) error {
	for {
		var ws unix.WaitStatus
		_, err := unix.Wait4(pid, &ws, unix.WSTOPPED|unix.WALL, nil)
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			killAndReap(pid)
			return fmt.Errorf("wait for exec stub %d: %w", pid, err)
		case ws.Stopped() && ws.StopSignal() == unix.SIGSTOP:
			return nil
		case ws.Exited():
			return fmt.Errorf("exec stub %d exited with %d before it could be traced", pid, ws.ExitStatus())
		case ws.Signaled():
			return fmt.Errorf("exec stub %d was killed by signal %d before it could be traced", pid, ws.Signal())
		}
	}
}

// killAndReap kills a child that is not (or no longer) traced and waits for
// it, so that no zombie is left.
func killAndReap(pid int) {
	_ = unix.Kill(pid, unix.SIGKILL)
	var ws unix.WaitStatus
	for {
		_, err := unix.Wait4(pid, &ws, unix.WALL, nil)
		if err != unix.EINTR {
			return
		}
	}
}

// launchOptions are the PTRACE_O_* options of the launched command (before
// -f adds the fork options at its execve): EXITKILL, so that it dies with
// the tracer, and TRACESECCOMP under --seccomp-bpf (without it, the
// filter's SECCOMP_RET_TRACE would fail the calls with ENOSYS).
func (tr *tracer) launchOptions() int {
	o := baseOptions | unix.PTRACE_O_EXITKILL
	if tr.seccomp {
		o |= unix.PTRACE_O_TRACESECCOMP
	}
	return o
}
