// Package summary aggregates system calls per syscall and renders the
// aggregates as strace's -c table (byte for byte in layout), as per-syscall
// log2 latency histograms, or as JSON.
//
// Aggregates come from either side of a backend: an Aggregator counts a
// stream of trace.Events, or takes the trace.SyscallStats a backend computed
// in place (Result.Counts, the eBPF backend's in-kernel -c). The renderers
// only see the aggregates, so they print the same whichever side filled
// them.
package summary

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Counts maps each system call to its aggregate.
type Counts = map[trace.SyscallKey]*trace.SyscallStats

// AggregatorOptions say what an Aggregator counts and how it measures time.
type AggregatorOptions struct {
	// WallTime measures a call from entry to exit (-w). Otherwise a call's
	// time is the system CPU time the backend measured (Event.CPUTime), or
	// its wall time when the backend measured none.
	WallTime bool
	// OverheadNS is subtracted from each call's time (-O); a call never
	// counts for less than 0.
	OverheadNS uint64
	// Filter selects the system calls counted (-e trace=); nil counts all.
	Filter *trace.SyscallSet
	// PerProcess also counts each process's calls apart (-c -ff), its
	// threads' with its own (Processes).
	PerProcess bool
}

// Aggregator counts system calls per syscall.
type Aggregator struct {
	opts   AggregatorOptions
	counts Counts
	procs  processes
}

// NewAggregator returns an empty Aggregator.
func NewAggregator(opts AggregatorOptions) *Aggregator {
	return &Aggregator{opts: opts, counts: Counts{}}
}

// Handle counts ev if it is the exit of a call that returned. Calls that
// never return (exit_group, a thread killed inside a call) are not
// counted, as strace does not count them; a call whose result could not
// be read is, as strace counts it, as a call that did not fail. Handle
// keeps nothing of ev.
func (a *Aggregator) Handle(ev *trace.Event) {
	if ev.Kind != trace.SyscallExit || ev.NoReturn && !ev.Unavailable || ev.UnknownCall {
		return
	}
	if k := (trace.SyscallKey{Arch: ev.Arch, NR: ev.NR, Pers: ev.Pers}); a.counted(k) {
		ns, failed := a.duration(ev), ev.IsError() && !ev.Unavailable
		a.stats(k).Add(ns, failed)
		if a.opts.PerProcess {
			statsIn(a.procs.get(ev.PID).Counts, k).Add(ns, failed)
		}
	}
}

// counted reports whether calls of k are counted: those the filter
// selects, within their table's range (strace counts no number past
// its table's end).
func (a *Aggregator) counted(k trace.SyscallKey) bool {
	if !a.opts.Filter.HasIn(k.Pers, int(k.NR)) {
		return false
	}
	t := syscalls.ForCall(k.Arch, k.Pers)
	return t == nil || (k.NR >= 0 && int(k.NR) <= t.Max())
}

// duration is the time ev's call counts for, never negative.
func (a *Aggregator) duration(ev *trace.Event) uint64 {
	ns := ev.Exit - ev.Enter
	if !a.opts.WallTime && ev.HasCPUTime {
		ns = ev.CPUTime
	}
	if ns < 0 || uint64(ns) < a.opts.OverheadNS {
		return 0
	}
	return uint64(ns) - a.opts.OverheadNS
}

// Merge adds aggregates computed elsewhere (a backend's Result.Counts),
// keeping only the system calls the filter selects.
func (a *Aggregator) Merge(counts Counts) {
	for k, s := range counts {
		if s != nil && a.counted(k) {
			a.stats(k).Merge(s)
		}
	}
}

// Counts returns the aggregates so far. The map is the Aggregator's own.
func (a *Aggregator) Counts() Counts { return a.counts }

func (a *Aggregator) stats(k trace.SyscallKey) *trace.SyscallStats {
	return statsIn(a.counts, k)
}

// statsIn returns counts's aggregate of k, made empty at its first use.
func statsIn(counts Counts, k trace.SyscallKey) *trace.SyscallStats {
	s := counts[k]
	if s == nil {
		s = &trace.SyscallStats{}
		counts[k] = s
	}
	return s
}
