package tracee

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/trace"
)

// -D (--daemonize): the process the shell started becomes the command, so
// that it keeps its pid, its parent and its exit status, while the tracer
// runs as a detached grandchild of it. Go cannot fork without executing,
// so each step is an execution of /proc/self/exe that Init recognises by
// an environment marker:
//
//  1. sctrace (Daemonize) makes a socket pair and starts itself as the
//     middle process (daemonMiddleEnv), giving it one end as descriptor 3;
//  2. the middle process starts itself once more as the tracer
//     (daemonTracerEnv), in a new process group or session as the level
//     asks, and exits, so that the tracer is nobody's child but the
//     reaper's; sctrace reaps the middle process;
//  3. sctrace executes itself as the exec stub (StubCommand), marked with
//     daemonStubEnv: instead of stopping itself, the stub says it is
//     ready on the socket and waits there;
//  4. the tracer (an ordinary sctrace run, told by DaemonTracer whom to
//     trace) waits for that word, attaches to the stub, and lets it go on
//     (Daemon.Release); the stub then executes the command as it does
//     when a backend launches it. A tracer that fails says why on stderr
//     and tells the stub (Daemon.Fail), which exits with status 1.

const (
	// daemonMiddleEnv marks the middle process: "LEVEL:PID", PID being
	// the process that becomes the command.
	daemonMiddleEnv = "SCTRACE_DAEMON_MIDDLE"
	// daemonTracerEnv marks the tracer: the pid of the process to trace.
	daemonTracerEnv = "SCTRACE_DAEMON_TRACER"
	// daemonStubEnv marks an exec stub that waits for a -D tracer on the
	// socket whose descriptor it gives, instead of stopping itself.
	daemonStubEnv = "SCTRACE_DAEMON_STUB"
	// daemonFD is the socket's descriptor in the middle process and the
	// tracer.
	daemonFD = 3
)

// The words on the socket: the stub's, then the tracer's, which ends
// with a newline (a release carries the seccomp filter's encoding).
const (
	daemonReady   = 'r'
	daemonRelease = 'g'
	daemonFailed  = 'f'
)

// Daemonize levels, as -D, -DD and -DDD (or --daemonize=grandchild,
// pgroup, session) ask: the tracer in sctrace's process group and session,
// in a process group of its own, or in a session of its own.
const (
	DaemonGrandchild = 1
	DaemonPgroup     = 2
	DaemonSession    = 3
)

// Daemonize turns this process into target's command, traced by a
// detached tracer that runs this program again with the same arguments
// (see DaemonTracer). It does not return unless it fails before the
// command could start, with nothing left running; the caller reports the
// error. Like StubCommand, it needs Init to have run.
func Daemonize(level int, target trace.Target) error {
	sp, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("daemonize: socketpair: %w", err)
	}
	env := append(os.Environ(), fmt.Sprintf("%s=%d:%d", daemonMiddleEnv, level, os.Getpid()))
	pid, err := syscall.ForkExec("/proc/self/exe", os.Args, &syscall.ProcAttr{
		Env:   env,
		Files: []uintptr{0, 1, 2, uintptr(sp[1])},
	})
	unix.Close(sp[1])
	if err != nil {
		unix.Close(sp[0])
		return fmt.Errorf("daemonize: start tracer: %w", err)
	}
	var ws unix.WaitStatus
	for {
		_, err = unix.Wait4(pid, &ws, 0, nil)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil || !ws.Exited() || ws.ExitStatus() != 0 {
		// The middle process said why, unless it was killed.
		unix.Close(sp[0])
		if err == nil && ws.Exited() {
			return errReported
		}
		return errors.New("daemonize: the tracer could not be started")
	}
	// The socket stays open across the execve, for the stub.
	if _, err := unix.FcntlInt(uintptr(sp[0]), unix.F_SETFD, 0); err != nil {
		unix.Close(sp[0])
		return fmt.Errorf("daemonize: %w", err)
	}
	argv, stubEnv := StubCommand(target, "")
	stubEnv = append(stubEnv, daemonStubEnv+"="+strconv.Itoa(sp[0]))
	err = syscall.Exec("/proc/self/exe", argv, stubEnv)
	// The tracer reads end of file and gives up.
	unix.Close(sp[0])
	return fmt.Errorf("daemonize: execute exec stub: %w", err)
}

// errReported is Daemonize's error when the failure was reported already.
var errReported = errors.New("daemonize: the tracer failed to start")

// IsReported says err needs no message: whoever failed printed one.
func IsReported(err error) bool { return errors.Is(err, errReported) }

// runDaemonMiddle starts the tracer and exits (step 2 above). It never
// returns.
func runDaemonMiddle(spec string) {
	l, p, _ := strings.Cut(spec, ":")
	level, err1 := strconv.Atoi(l)
	pid, err2 := strconv.Atoi(p)
	if err1 != nil || err2 != nil {
		fmt.Fprintf(os.Stderr, "%s: daemonize: bad %s %q\n", os.Args[0], daemonMiddleEnv, spec)
		os.Exit(1)
	}
	env := make([]string, 0, len(os.Environ())+1)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, daemonMiddleEnv+"=") {
			env = append(env, kv)
		}
	}
	env = append(env, daemonTracerEnv+"="+strconv.Itoa(pid))
	attr := &syscall.SysProcAttr{}
	switch level {
	case DaemonPgroup:
		attr.Setpgid = true
	case DaemonSession:
		attr.Setsid = true
	}
	_, err := syscall.ForkExec("/proc/self/exe", os.Args, &syscall.ProcAttr{
		Env:   env,
		Files: []uintptr{0, 1, 2, daemonFD},
		Sys:   attr,
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: daemonize: start tracer: %v\n", os.Args[0], err)
		os.Exit(1)
	}
	os.Exit(0)
}

// Daemon is a -D tracer's link with the process it is to trace (see
// Daemonize), which waits in the exec stub.
type Daemon struct {
	// PID is the process to trace.
	PID int
	fd  int
}

// daemon is this process's link when it is a -D tracer.
var daemon *Daemon

// DaemonTracer returns the link when this process is a -D tracer (Init
// found the marker), or nil.
func DaemonTracer() *Daemon { return daemon }

// initDaemonTracer records the link of a -D tracer: the socket is kept
// from the processes the tracer starts, and the marker from its
// environment.
func initDaemonTracer(value string) {
	_ = os.Unsetenv(daemonTracerEnv)
	pid, err := strconv.Atoi(value)
	if err != nil || pid <= 0 {
		fmt.Fprintf(os.Stderr, "%s: daemonize: bad %s %q\n", os.Args[0], daemonTracerEnv, value)
		os.Exit(1)
	}
	unix.CloseOnExec(daemonFD)
	daemon = &Daemon{PID: pid, fd: daemonFD}
}

// Wait waits until the process is the exec stub, waiting for Release.
func (d *Daemon) Wait() error {
	var b [1]byte
	for {
		n, err := unix.Read(d.fd, b[:])
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return fmt.Errorf("daemonize: wait for process %d: %w", d.PID, err)
		case n == 0 || b[0] != daemonReady:
			return fmt.Errorf("daemonize: process %d is gone", d.PID)
		}
		return nil
	}
}

// Release lets the process go on to execute the command; a non-empty
// seccomp (SeccompSpec) is the filter it installs first.
func (d *Daemon) Release(seccomp string) error {
	return d.say(string(daemonRelease) + seccomp + "\n")
}

// Fail tells the process that the tracer failed and said why; it exits
// with status 1. It does nothing after Release.
func (d *Daemon) Fail() { _ = d.say(string(daemonFailed) + "\n") }

// say writes the tracer's one word and closes the socket.
func (d *Daemon) say(word string) error {
	if d.fd < 0 {
		return nil
	}
	defer func() {
		unix.Close(d.fd)
		d.fd = -1
	}()
	if err := unix.Sendto(d.fd, []byte(word), unix.MSG_NOSIGNAL, nil); err != nil {
		return fmt.Errorf("daemonize: release process %d: %w", d.PID, err)
	}
	return nil
}

// awaitDaemon is the exec stub's side under -D: it lets a descendant
// trace it, says it is ready on fd, and waits for the tracer's word. It
// returns the seccomp filter's encoding the tracer sent, and exits with
// status 1 when the tracer failed.
func awaitDaemon(fdValue string) string {
	fd, err := strconv.Atoi(fdValue)
	if err != nil {
		stubFail(fmt.Errorf("daemonize: bad %s %q", daemonStubEnv, fdValue))
	}
	// Under Yama's ptrace_scope 1 only ancestors may attach; the tracer
	// is a descendant.
	_ = unix.Prctl(unix.PR_SET_PTRACER, unix.PR_SET_PTRACER_ANY, 0, 0, 0)
	// A tracer that failed already may have said so and gone: its word
	// is still to be read. MSG_NOSIGNAL: the command's SIGPIPE action
	// is in place already.
	_ = unix.Sendto(fd, []byte{daemonReady}, unix.MSG_NOSIGNAL, nil)
	var word []byte
	var buf [256]byte
	for len(word) == 0 || word[len(word)-1] != '\n' {
		n, err := unix.Read(fd, buf[:])
		if err == unix.EINTR {
			continue
		}
		if err != nil || n == 0 {
			break
		}
		word = append(word, buf[:n]...)
	}
	unix.Close(fd)
	switch {
	case len(word) > 1 && word[0] == daemonRelease && word[len(word)-1] == '\n':
		return string(word[1 : len(word)-1])
	case len(word) > 0 && word[0] == daemonFailed:
		os.Exit(1)
	}
	stubFail(errors.New("daemonize: the tracer exited before it could trace the command"))
	return ""
}
