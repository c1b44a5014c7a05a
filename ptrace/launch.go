package ptrace

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/trace"
)

// launch starts target's command through the exec stub and seizes it while
// it is stopped before its execve. The stub stays hidden until that execve:
// its first reported event is the execve's entry.
func (tr *tracer) launch(target trace.Target) error {
	env := target.Env
	if env == nil {
		env = os.Environ()
	}
	// The stub's runtime must not preempt its main thread with SIGURG: a
	// signal still pending at execve would be reported in the command. The
	// first GODEBUG in the environment wins, so ours goes first and the
	// stub removes exactly that entry (and the marker) before its execve.
	stubEnv := make([]string, 0, len(env)+2)
	stubEnv = append(stubEnv, stubGODEBUG)
	stubEnv = append(stubEnv, env...)
	stubEnv = append(stubEnv, execStubEnv+"=1")
	argv := make([]string, 0, len(target.Argv)+2)
	argv = append(argv, "sctrace-exec-stub", target.Path)
	argv = append(argv, target.Argv...)

	if tr.sameCPU {
		// The stub inherits the tracer thread's affinity.
		pinToCurrentCPU()
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
	if err := seize(pid, baseOptions|unix.PTRACE_O_EXITKILL); err != nil {
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

// pinToCurrentCPU restricts the calling thread to the CPU it runs on. It
// is best effort: on failure the thread keeps its affinity.
func pinToCurrentCPU() {
	var cpu uint32
	_, _, errno := unix.RawSyscall(unix.SYS_GETCPU, uintptr(unsafe.Pointer(&cpu)), 0, 0)
	if errno != 0 {
		return
	}
	var set unix.CPUSet
	set.Set(int(cpu))
	_ = unix.SchedSetaffinity(0, &set)
}
