package tracee

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// Go cannot run code between fork and exec, yet a tracer must hold the
// child before its execve so that the execve is the first call it sees. So
// the backends start their own executable (/proc/self/exe) as an "exec
// stub": an environment marker makes Init stop the process with SIGSTOP
// and then execute the real command once the tracer has registered it.
// Any binary whose main (or TestMain) calls Init first can serve as stub.
// Built with cgo, a C constructor (stub_cgo.go) does the wake sentinel's
// work and that of an exec stub without a -D socket before the Go runtime
// starts, which spares the launch the runtime's start-up; Init does it
// otherwise.
//
// The same binary, with another marker, is the "wake sentinel": a child that
// waits for its stdin to close and exits, so that a tracer's blocking wait4
// returns when another goroutine wants it to look at its context.

const (
	// execStubEnv marks an exec stub. Its arguments are "stub", the path to
	// execute, and the argument vector; its environment (less the marker)
	// is the command's.
	execStubEnv = "SCTRACE_EXEC_STUB"
	// wakeStubEnv marks a wake sentinel.
	wakeStubEnv = "SCTRACE_WAKE_STUB"
	// stubGODEBUG is the first entry of the stub's environment: it turns
	// off asynchronous preemption (SIGURG) in the stub.
	stubGODEBUG = "GODEBUG=asyncpreemptoff=1"
	// quietExecStubEnv makes a stub whose execve fails exit without its
	// message, which its tracer then prints (StartStopped).
	quietExecStubEnv = "SCTRACE_STUB_QUIET_EXEC"
)

// errNoCStub is cParse's answer where no C stub runs: a build without cgo
// or a C library other than glibc.
var errNoCStub = errors.New("no C stub in this build")

// init keeps an exec stub's main goroutine on the main thread: the runtime
// runs package initialization there, locked, and a LockOSThread made then
// holds through main. Without it the goroutine may move to another thread
// between initialization and Init (a preemption request sysmon made while
// a slow start-up ran takes effect at the next function call).
func init() {
	if os.Getenv(execStubEnv) == "1" {
		runtime.LockOSThread()
	}
}

// Init turns the process into an exec stub, a wake sentinel or the middle
// process of -D (Daemonize) when its environment marks it as one, and
// then never returns; otherwise it records the start-up signal state that
// launched commands inherit, and whether the process is a -D tracer
// (DaemonTracer). A
// program that launches commands through StartStub or StartStopped, or
// starts a wake sentinel, must call Init first thing in main (a test
// binary: in TestMain), on the main goroutine, before it starts other
// goroutines or changes a signal's disposition: the stub stops and
// executes the command from the process's main thread, which the tracer
// registers by its pid.
func Init() {
	if os.Getenv(wakeStubEnv) == "1" {
		runWakeStub()
	}
	if os.Getenv(execStubEnv) == "1" {
		runExecStub()
	}
	if v, ok := os.LookupEnv(daemonMiddleEnv); ok {
		runDaemonMiddle(v)
	}
	snapshotSignals()
	if v, ok := os.LookupEnv(daemonTracerEnv); ok {
		initDaemonTracer(v)
	}
}

// runExecStub stops the process for the tracer, then executes the command
// given in its arguments. It never returns.
func runExecStub() {
	// The tracer registers the main thread, whose id is the process id;
	// init locked this goroutine to it.
	runtime.LockOSThread()
	if unix.Gettid() != unix.Getpid() {
		fmt.Fprintln(os.Stderr, "sctrace: exec stub: not on the main thread (tracee.Init must come first in main)")
		os.Exit(1)
	}
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "sctrace: exec stub: missing command")
		os.Exit(1)
	}
	path, argv := os.Args[1], os.Args[2:]
	environ := rawEnviron()
	if len(environ) > 0 && environ[0] == stubGODEBUG {
		environ = environ[1:]
	}
	env := make([]string, 0, len(environ))
	var creds, seccomp, signals, closed, daemonFD string
	quietExec := false
	for _, kv := range environ {
		name, value, _ := strings.Cut(kv, "=")
		switch name {
		case quietExecStubEnv:
			quietExec = true
		case execStubEnv:
		case daemonStubEnv:
			daemonFD = value
		case credStubEnv:
			creds = value
		case seccompStubEnv:
			seccomp = value
		case signalsStubEnv:
			signals = value
		case closeStubEnv:
			closed = value
		default:
			env = append(env, kv)
		}
	}
	// The command's signal dispositions and mask are set before the stop,
	// so that the tracer sees none of these calls.
	if signals != "" {
		s, err := parseSignalState(signals)
		if err == nil {
			err = s.apply()
		}
		if err != nil {
			stubFail(err)
		}
	}
	if daemonFD != "" {
		// -D: a descendant traces this process; it says when.
		if s := awaitDaemon(daemonFD); s != "" {
			seccomp = s
		}
	} else if err := unix.Tgkill(unix.Getpid(), unix.Gettid(), unix.SIGSTOP); err != nil {
		fmt.Fprintf(os.Stderr, "sctrace: exec stub: stop: %v\n", err)
		os.Exit(1)
	}
	// Traced from here on (hidden until the execve): close what sctrace
	// found closed, take the command's identity, then its filter.
	if err := closeFDs(closed); err != nil {
		stubFail(err)
	}
	if creds != "" {
		c, err := parseCredSpec(creds)
		if err == nil {
			err = c.apply()
		}
		if err != nil {
			stubFail(err)
		}
	}
	if seccomp != "" {
		if err := setupSeccompInStub(seccomp); err != nil {
			stubFail(err)
		}
	}
	// The command does not die with sctrace (StartStub).
	if err := unix.Prctl(unix.PR_SET_PDEATHSIG, 0, 0, 0, 0); err != nil {
		stubFail(fmt.Errorf("clear parent-death signal: %w", err))
	}
	// syscall.Exec restores the RLIMIT_NOFILE soft limit the Go runtime
	// raised at start-up, so the command starts with the limits we had.
	err := syscall.Exec(path, argv, env)
	if !quietExec {
		fmt.Fprintf(os.Stderr, "%s: exec: %s\n", os.Args[0], Strerror(err))
	}
	os.Exit(1)
}

// ExecFailure is what a stub started quiet (StartStopped) would have said
// of its failed execve, for its tracer to say instead (trace.Options.Warn
// prefixes the program's name): "exec: Permission denied".
type ExecFailure struct{ Errno syscall.Errno }

// Error words it as the stub does.
func (e ExecFailure) Error() string { return "exec: " + Strerror(e.Errno) }

// Strerror words err as the C library's strerror does when it is an
// errno ("Permission denied"; Go's own words start in lower case).
func Strerror(err error) string {
	var errno syscall.Errno
	s := err.Error()
	if errors.As(err, &errno) && s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return s
}

// rawEnviron returns the process's environment exactly as it was passed,
// duplicates included (os.Environ drops later duplicates, which would lose
// a GODEBUG of the command's own behind the stub's).
func rawEnviron() []string {
	b, err := os.ReadFile("/proc/self/environ")
	if err != nil {
		return os.Environ()
	}
	var env []string
	for _, kv := range strings.Split(string(b), "\x00") {
		if kv != "" {
			env = append(env, kv)
		}
	}
	return env
}

// runWakeStub reads its standard input until end of file and exits 0.
func runWakeStub() {
	var buf [64]byte
	for {
		n, err := unix.Read(0, buf[:])
		if err == unix.EINTR {
			continue
		}
		if n <= 0 {
			os.Exit(0)
		}
	}
}
