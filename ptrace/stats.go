package ptrace

import (
	"sync/atomic"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Tracer cost counters (trace.TracerStats). Wait4Calls and PtraceStops are
// counted by the tracer loop. PtraceCalls counts the requests made through
// this package's raw wrappers (sysinfo.go) in a process-wide counter, of
// which each Run reports the growth during its run: Runs that overlap in
// one process count each other's calls too, and the word-wise
// PTRACE_PEEKDATA fallback of the memory reader is not counted.
// BytesCaptured counts the bytes of tracee memory that captures hold, as
// handed to the sink; the memory reader's look-ahead for a C string's end
// is not counted.

// ptraceCalls counts ptrace(2) requests made by this process.
var ptraceCalls atomic.Uint64

// runPlansCounted runs tk's capture plans due at when and counts the bytes
// they captured.
func (tr *tracer) runPlansCounted(tk *task, when syscalls.When, ret int64) {
	tr.runPlans(tk, when, ret)
	sc := tk.Sys
	for i := range sc.Plan {
		if p := &sc.Plan[i]; p.Kind != syscalls.CaptureNone && p.When&when != 0 {
			tr.stats.BytesCaptured += capturedBytes(&tk.Caps[i])
		}
	}
}

// capturedBytes is how many bytes c and its elements hold.
func capturedBytes(c *trace.Capture) uint64 {
	n := uint64(len(c.Data))
	for i := range c.Elems {
		n += capturedBytes(&c.Elems[i])
	}
	return n
}

// finishStats stores the run's counters in its result.
func (tr *tracer) finishStats() {
	tr.stats.PtraceCalls = ptraceCalls.Load() - tr.ptraceCalls0
	tr.result.Stats = tr.stats
}
