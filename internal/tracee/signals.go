package tracee

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/startsigs"
)

// A command sctrace launches must start with the signal dispositions and
// mask sctrace itself was started with, as after a plain fork and execve.
// The Go runtime hides both: at start-up it installs its own handler over
// every catchable signal (an inherited SIG_IGN of SIGTERM or SIGPIPE is
// replaced; execve then resets the handler to SIG_DFL), and it keeps the
// mask it started with in a variable of its own. Package startsigs
// records both before the runtime starts. The exec stub re-installs
// SIG_IGN and the mask just before it executes the command.

// signalState is a set of ignored and a set of blocked signals: bit n-1
// stands for signal n.
type signalState struct {
	ignored, blocked uint64
	// known is false when nothing could be read: the stub then leaves
	// the signal state as it finds it.
	known bool
}

// signalsStubEnv passes the launched command's signalState to the exec stub
// as "IGNORED:BLOCKED" in hexadecimal.
const signalsStubEnv = "SCTRACE_STUB_SIGNALS"

// nsig is the kernel's _NSIG + 1: signals are 1 to 64.
const nsig = 65

// initSignals is the signal state /proc reported when Init ran: signals
// the runtime left alone (SIGHUP and SIGINT when inherited ignored, and
// those it never catches) keep their start-up disposition until then, and
// the main thread's mask is the start-up mask less the few signals the
// runtime must receive.
var initSignals signalState

// snapshotSignals records initSignals; Init calls it before the program
// changes any disposition. Built with cgo, startsigs has the exact state
// already, and /proc is not read.
func snapshotSignals() {
	if _, _, ok := startsigs.State(); ok {
		return
	}
	m, err := statusMasks()
	if err == nil {
		initSignals = signalState{ignored: m["SigIgn"], blocked: m["SigBlk"], known: true}
	}
}

// startSignals returns the signal dispositions and mask this process was
// started with: exactly, as the C constructor of package startsigs
// recorded them before the runtime started, when built with cgo;
// otherwise as Init saw them.
func startSignals() signalState {
	if ignored, blocked, ok := startsigs.State(); ok {
		return signalState{ignored: ignored, blocked: blocked, known: true}
	}
	return initSignals
}

// statusMasks returns the signal masks of /proc/self/status (SigIgn,
// SigBlk …) by name.
func statusMasks() (map[string]uint64, error) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return nil, err
	}
	masks := map[string]uint64{}
	for _, line := range strings.Split(string(data), "\n") {
		name, v, ok := strings.Cut(line, ":")
		if !ok || !strings.HasPrefix(name, "Sig") || name == "SigQ" {
			continue
		}
		if masks[name], err = strconv.ParseUint(strings.TrimSpace(v), 16, 64); err != nil {
			return nil, fmt.Errorf("/proc/self/status: %s: %w", name, err)
		}
	}
	return masks, nil
}

// stubEnvValue is s as signalsStubEnv carries it.
func (s signalState) stubEnvValue() string {
	return fmt.Sprintf("%x:%x", s.ignored, s.blocked)
}

// parseSignalState reads a signalsStubEnv value.
func parseSignalState(v string) (signalState, error) {
	ign, blk, ok := strings.Cut(v, ":")
	if !ok {
		return signalState{}, fmt.Errorf("bad signal state %q", v)
	}
	s := signalState{known: true}
	var err error
	if s.ignored, err = strconv.ParseUint(ign, 16, 64); err != nil {
		return signalState{}, fmt.Errorf("bad signal state %q", v)
	}
	if s.blocked, err = strconv.ParseUint(blk, 16, 64); err != nil {
		return signalState{}, fmt.Errorf("bad signal state %q", v)
	}
	return s, nil
}

// apply ignores the signals s ignores and sets the calling thread's mask
// to s's. It runs in the exec stub just before its execve: the Go
// runtime's handlers it overrides are never needed again.
func (s signalState) apply() error {
	for sig := 1; sig < nsig; sig++ {
		if s.ignored&(1<<(sig-1)) == 0 || sig == int(unix.SIGKILL) || sig == int(unix.SIGSTOP) {
			continue
		}
		if err := RtSigaction(unix.Signal(sig), &Sigaction{Handler: SigIGN}, nil); err != nil {
			return fmt.Errorf("ignore signal %d: %w", sig, err)
		}
	}
	set := unix.Sigset_t{Val: [16]uint64{s.blocked}}
	if err := unix.PthreadSigmask(unix.SIG_SETMASK, &set, nil); err != nil {
		return fmt.Errorf("set signal mask: %w", err)
	}
	return nil
}
