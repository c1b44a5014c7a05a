package ptrace

import (
	"fmt"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/tracee"
)

// The tracer blocks in wait4, which no signal interrupts (the Go runtime
// installs its handlers with SA_RESTART). To wake it, the tracer starts a
// sentinel child from its own thread (so that wait4 with __WNOTHREAD sees
// it) that exits when its stdin reaches end of file: closing the pipe's
// write end, from any goroutine, makes wait4 return the sentinel's exit.
// __WNOTHREAD in turn keeps the tracer from reaping children that other
// goroutines of the program started.

// startSentinel starts the wake sentinel. It runs on the tracer thread.
func (tr *tracer) startSentinel() error {
	pid, fd, err := tracee.StartSentinel()
	if err != nil {
		return fmt.Errorf("ptrace: %w", err)
	}
	tr.wakeMu.Lock()
	tr.wakeFD = fd
	tr.sentinelPid = pid
	tr.wakeMu.Unlock()
	if tr.stop.Load() {
		tr.requestStop()
	}
	return nil
}

// stopSentinel makes the sentinel exit and reaps it.
func (tr *tracer) stopSentinel() {
	tr.wakeMu.Lock()
	if tr.wakeFD >= 0 {
		unix.Close(tr.wakeFD)
		tr.wakeFD = -1
	}
	tr.wakeMu.Unlock()
	if tr.sentinelPid > 0 {
		var ws unix.WaitStatus
		for {
			_, err := unix.Wait4(tr.sentinelPid, &ws, unix.WALL, nil)
			if err != unix.EINTR {
				break
			}
		}
		tr.sentinelPid = 0
	}
}
