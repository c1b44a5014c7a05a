package main

import (
	"os"
	"os/signal"
	"syscall"
)

// stopSignals are the signals that stop a trace (interruptContext).
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGHUP}

// earlyStop holds the stop signals' channel that watchStopSignals
// registers once the command line is known to be valid: registering a
// signal costs the locked main thread a round trip with the runtime's
// signal thread each (2 to 4 ms for the four), which a goroutine does
// while the run starts. A command line that fails, -V and -h start no
// such thread. Used by main's one run only, not safe for concurrent use.
var earlyStop struct {
	ch    chan os.Signal
	ready chan struct{}
}

// watchStopSignals starts registering the stop signals in the
// background; the run's interruptContext (or daemonContext) takes them.
func watchStopSignals() {
	ch, ready := make(chan os.Signal, 4), make(chan struct{})
	go func() {
		signal.Notify(ch, stopSignals...)
		close(ready)
	}()
	earlyStop.ch, earlyStop.ready = ch, ready
}

// takeStopSignals returns the channel watchStopSignals registered, once
// registered, and nil when there is none (any longer).
func takeStopSignals() chan os.Signal {
	ch := earlyStop.ch
	if ch == nil {
		return nil
	}
	<-earlyStop.ready
	earlyStop.ch = nil
	return ch
}
