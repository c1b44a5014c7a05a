package main

// This file holds -D (--daemonize): the process the user started becomes
// the command, and a detached descendant traces it (tracee.Daemonize);
// and how that tracer treats the signals strace's -I speaks of.

import (
	"context"
	"fmt"
	"io"
	"os/signal"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/trace"
)

// interruptMode is -I: when the tracer may be interrupted by a fatal
// signal (SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM).
type interruptMode int

const (
	// intrAnywhere: the signals act as they would on any program; the
	// tracer dies of them.
	intrAnywhere interruptMode = iota + 1
	// intrWaiting: the tracer detaches from its tracees and then dies
	// of the signal.
	intrWaiting
	// intrNever: the signals are ignored.
	intrNever
	// intrNeverTstp: so is SIGTSTP (^Z): strace's default under -D.
	intrNeverTstp
)

// interruptModeOf reads -I's value, checked already; "" (no -I) gives
// a -D tracer's default.
func interruptModeOf(s string) interruptMode {
	switch s {
	case "anywhere", "always":
		return intrAnywhere
	case "waiting":
		return intrWaiting
	case "never":
		return intrNever
	case "never_tstp", "":
		return intrNeverTstp
	}
	n, _ := strconv.Atoi(s)
	return interruptMode(n)
}

// fatalSignals are the signals -I is about.
var fatalSignals = []unix.Signal{unix.SIGHUP, unix.SIGINT, unix.SIGQUIT, unix.SIGPIPE, unix.SIGTERM}

// daemonize turns this process into the command, traced by a detached
// tracer (see tracee.Daemonize); it returns only on failure, with the
// exit status, after saying why.
func daemonize(level int, target trace.Target, stderr io.Writer) int {
	if err := tracee.Daemonize(level, target); !tracee.IsReported(err) {
		fmt.Fprintf(stderr, "%s: %v\n", progName, err)
	}
	return 1
}

// adoptDaemonTracee makes target the process d traces, and not a command
// to launch.
func adoptDaemonTracee(target *trace.Target, d *tracee.Daemon) {
	target.Path, target.Argv, target.Env = "", nil, nil
	target.Adopt = &trace.Adoption{PID: d.PID, Release: d.Release}
}

// daemonContext sets up a -D tracer's signals as mode asks and returns
// the run's context, as interruptContext does. Whatever the mode, the
// tracer ignores SIGTTOU and SIGTTIN: a tracer in the background still
// writes to the terminal.
func daemonContext(mode interruptMode) (context.Context, func(), func() syscall.Signal) {
	// -I decides these signals here.
	if ch := takeStopSignals(); ch != nil {
		signal.Stop(ch)
	}
	signal.Ignore(syscall.SIGTTOU, syscall.SIGTTIN)
	switch mode {
	case intrWaiting:
		return interruptContext(false)
	case intrAnywhere:
		// The kernel's default action, not the Go runtime's handler: a
		// SIGQUIT kills without a dump of goroutines.
		for _, sig := range fatalSignals {
			_ = tracee.RtSigaction(sig, &tracee.Sigaction{Handler: tracee.SigDFL}, nil)
		}
	case intrNeverTstp:
		signal.Ignore(syscall.SIGTSTP)
		fallthrough
	default:
		for _, sig := range fatalSignals {
			signal.Ignore(sig)
		}
	}
	return context.Background(), func() {}, func() syscall.Signal { return 0 }
}
