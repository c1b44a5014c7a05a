package ptrace

import (
	"sync"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/tracee"
)

// Every ptrace-stop of a tracee sends SIGCHLD to the tracer's process, and
// the Go runtime has a handler installed for it: one signal delivery per
// stop, which costs about as much as the stop itself. SA_NOCLDSTOP stops
// that (the kernel still wakes wait4), while exits keep raising SIGCHLD.
// The flag is added to whatever handler is installed, once per process.

// saNoCldStop is SA_NOCLDSTOP.
const saNoCldStop = 1

var quietSIGCHLDOnce sync.Once

// quietSIGCHLD sets SA_NOCLDSTOP on the SIGCHLD action; failures leave
// things as they were, only slower.
func quietSIGCHLD() {
	quietSIGCHLDOnce.Do(func() {
		var act tracee.Sigaction
		if tracee.RtSigaction(unix.SIGCHLD, nil, &act) != nil {
			return
		}
		if act.Handler == tracee.SigIGN || act.Flags&saNoCldStop != 0 {
			return
		}
		act.Flags |= saNoCldStop
		_ = tracee.RtSigaction(unix.SIGCHLD, &act, nil)
	})
}
