package summary

import (
	"maps"
	"slices"
)

// Process is one process's aggregates under -c -ff: its calls, its
// threads' included.
type Process struct {
	// PID is the process's thread group id.
	PID int32
	// Comm is its command name, "" when unknown.
	Comm string
	// Counts are its calls' aggregates.
	Counts Counts
}

// processes keeps the per-process aggregates of an Aggregator in the order
// the processes were first seen.
type processes struct {
	order []int32
	byPID map[int32]*Process
}

// get returns pid's Process, making it, last in order, at its first sight.
func (p *processes) get(pid int32) *Process {
	if pr := p.byPID[pid]; pr != nil {
		return pr
	}
	if p.byPID == nil {
		p.byPID = map[int32]*Process{}
	}
	pr := &Process{PID: pid, Counts: Counts{}}
	p.byPID[pid] = pr
	p.order = append(p.order, pid)
	return pr
}

// Seen records that the process pid exists, so that it keeps its place in
// the order of first sight even if its calls are merged later.
func (a *Aggregator) Seen(pid int32) {
	if a.opts.PerProcess {
		a.procs.get(pid)
	}
}

// SetComm records pid's command name (the last one set is kept).
func (a *Aggregator) SetComm(pid int32, comm string) {
	if a.opts.PerProcess && comm != "" {
		a.procs.get(pid).Comm = comm
	}
}

// Comm returns the command name recorded for pid, "" when none.
func (a *Aggregator) Comm(pid int32) string {
	if pr := a.procs.byPID[pid]; pr != nil {
		return pr.Comm
	}
	return ""
}

// MergeProcess adds aggregates a backend computed for the process pid,
// keeping only the system calls the filter selects.
func (a *Aggregator) MergeProcess(pid int32, counts Counts) {
	if !a.opts.PerProcess {
		return
	}
	pr := a.procs.get(pid)
	for k, s := range counts {
		if s != nil && a.counted(k) {
			statsIn(pr.Counts, k).Merge(s)
		}
	}
}

// Processes returns the per-process aggregates (AggregatorOptions
// .PerProcess) in the order the processes were first seen, those that
// made no counted call included. The Counts are the Aggregator's own.
func (a *Aggregator) Processes() []Process {
	out := make([]Process, 0, len(a.procs.order))
	for _, pid := range a.procs.order {
		out = append(out, *a.procs.byPID[pid])
	}
	return out
}

// Clone returns a deep copy of counts.
func Clone(counts Counts) Counts {
	out := make(Counts, len(counts))
	for k, s := range counts {
		if s != nil {
			c := *s
			out[k] = &c
		}
	}
	return out
}

// SortedPIDs returns the keys of a per-process map in increasing order.
func SortedPIDs[V any](m map[int32]V) []int32 {
	return slices.Sorted(maps.Keys(m))
}
