package tracee

import (
	"fmt"
	"os"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/trace"
)

// StubCommand returns the exec stub's argument vector and environment for
// target's command (see Init). A non-empty seccomp, from SeccompSpec, makes
// the stub install that seccomp filter just before its execve.
func StubCommand(target trace.Target, seccomp string) (argv, env []string) {
	cmdEnv := target.Env
	if cmdEnv == nil {
		cmdEnv = os.Environ()
	}
	// The stub's runtime must not preempt its main thread with SIGURG: a
	// signal still pending at execve would be reported in the command. The
	// first GODEBUG in the environment wins, so ours goes first and the
	// stub removes exactly that entry (and the marker) before its execve.
	env = make([]string, 0, len(cmdEnv)+4)
	env = append(env, stubGODEBUG)
	env = append(env, cmdEnv...)
	env = append(env, execStubEnv+"=1")
	if target.Credentials != nil {
		env = append(env, credStubEnv+"="+credSpec(target.Credentials, target.Path))
	}
	if seccomp != "" {
		env = append(env, seccompStubEnv+"="+seccomp)
	}
	if sigs := launchSignals(); sigs.known {
		env = append(env, signalsStubEnv+"="+sigs.stubEnvValue())
	}
	if closed := closedFDsValue(); closed != "" {
		env = append(env, closeStubEnv+"="+closed)
	}
	argv = make([]string, 0, len(target.Argv)+2)
	// The stub's argv[0] is sctrace's own: its messages name the program
	// as the user called it, as strace's do.
	argv = append(argv, os.Args[0], target.Path)
	argv = append(argv, target.Argv...)
	return argv, env
}

// StartStub starts the exec stub that StubCommand described for the
// command at path and returns its pid once the stub has stopped itself
// (SIGSTOP) before its execve: SIGCONT lets it execute the command. The
// stub is a child of the calling thread (it inherits that thread's CPU
// affinity) and dies with that thread until it executes the command; the
// caller reaps it. Errors name path.
func StartStub(path string, argv, env []string) (int, error) {
	pid, err := syscall.ForkExec("/proc/self/exe", argv, &syscall.ProcAttr{
		Env:   env,
		Files: []uintptr{0, 1, 2},
		// Should the calling thread die before the stub executes the
		// command, the stub dies too rather than stay stopped; the
		// stub clears this just before its execve.
		Sys: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL},
	})
	if err != nil {
		return 0, fmt.Errorf("launch %s: start exec stub: %w", path, err)
	}
	if err := waitStubStop(pid); err != nil {
		return 0, fmt.Errorf("launch %s: %w", path, err)
	}
	return pid, nil
}

// StartStopped starts target's command through the exec stub and returns
// its pid once the stub has stopped itself before its execve, as
// StartStub does. In between, a backend registers the pid, so that the
// command's execve is the first call it sees. With quietExecFailure, a
// stub whose execve fails exits without its "exec: ..." message: a
// backend that prints the execve after the fact prints it then
// (ExecFailure), after the execve's line, where strace has it.
func StartStopped(target trace.Target, quietExecFailure bool) (int, error) {
	argv, env := StubCommand(target, "")
	if quietExecFailure {
		env = append(env, quietExecStubEnv+"=1")
	}
	pid, err := StartStub(target.Path, argv, env)
	if err == nil && target.DetachStdio {
		err = DetachStdio()
		if err != nil {
			KillAndReap(pid)
		}
	}
	return pid, err
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
			KillAndReap(pid)
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

// KillAndReap kills a child that is not (or no longer) traced and waits for
// it, so that no zombie is left.
func KillAndReap(pid int) {
	_ = unix.Kill(pid, unix.SIGKILL)
	var ws unix.WaitStatus
	for {
		_, err := unix.Wait4(pid, &ws, unix.WALL, nil)
		if err != unix.EINTR {
			return
		}
	}
}

// StartSentinel starts a wake sentinel (see Init) and returns its pid and
// the write end of its stdin: closing wakeFD makes the sentinel exit. It
// must run on the thread that waits for the sentinel (a wait4 with
// __WNOTHREAD sees only that thread's children).
func StartSentinel() (pid, wakeFD int, err error) {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		return 0, -1, fmt.Errorf("wake pipe: %w", err)
	}
	attr := &syscall.ProcAttr{
		Env:   []string{wakeStubEnv + "=1"},
		Files: []uintptr{uintptr(p[0]), ^uintptr(0), ^uintptr(0)},
		// Its own process group keeps a terminal's ^C from killing it
		// before the tracer has been told to stop.
		Sys: &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL},
	}
	pid, err = syscall.ForkExec("/proc/self/exe", []string{"sctrace-wake"}, attr)
	unix.Close(p[0])
	if err != nil {
		unix.Close(p[1])
		return 0, -1, fmt.Errorf("start wake sentinel: %w", err)
	}
	return pid, p[1], nil
}

// launchSignals returns the signal state launched commands start with:
// the one this process started with (startSignals), worked out once.
var launchSignals = sync.OnceValue(startSignals)
