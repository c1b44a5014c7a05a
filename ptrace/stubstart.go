package ptrace

import (
	"fmt"
	"os"
	"syscall"

	"github.com/sctrace/sctrace/trace"
)

// stubCommand returns the exec stub's argument vector and environment for
// target's command (see stub.go).
func stubCommand(target trace.Target) (argv, env []string) {
	cmdEnv := target.Env
	if cmdEnv == nil {
		cmdEnv = os.Environ()
	}
	// The stub's runtime must not preempt its main thread with SIGURG: a
	// signal still pending at execve would be reported in the command. The
	// first GODEBUG in the environment wins, so ours goes first and the
	// stub removes exactly that entry (and the marker) before its execve.
	env = make([]string, 0, len(cmdEnv)+3)
	env = append(env, stubGODEBUG)
	env = append(env, cmdEnv...)
	env = append(env, execStubEnv+"=1")
	if target.Credentials != nil {
		env = append(env, credStubEnv+"="+credSpec(target.Credentials, target.Path))
	}
	argv = make([]string, 0, len(target.Argv)+2)
	argv = append(argv, "sctrace-exec-stub", target.Path)
	argv = append(argv, target.Argv...)
	return argv, env
}

// StartStopped starts target's command through the exec stub and returns
// its pid once the stub has stopped itself (SIGSTOP) before its execve:
// SIGCONT lets it execute the command. In between, another backend (eBPF)
// registers the pid, so that the command's execve is the first call it
// sees. The stub is a child of the caller, who reaps it; any binary that
// links this package can serve as the stub.
func StartStopped(target trace.Target) (int, error) {
	argv, env := stubCommand(target)
	pid, err := syscall.ForkExec("/proc/self/exe", argv, &syscall.ProcAttr{
		Env:   env,
		Files: []uintptr{0, 1, 2},
	})
	if err != nil {
		return 0, fmt.Errorf("launch %s: start exec stub: %w", target.Path, err)
	}
	if err := waitStubStop(pid); err != nil {
		return 0, fmt.Errorf("launch %s: %w", target.Path, err)
	}
	return pid, nil
}
