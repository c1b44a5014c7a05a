package printer

import "github.com/sctrace/sctrace/trace"

// pendingEntries are copies of the entries of the calls threads are in, by
// tid, for the printers that write a call once it ends; the copies of
// ended calls are kept in free for reuse. Not safe for concurrent use.
type pendingEntries struct {
	pending map[int32]*trace.Event
	free    []*trace.Event
}

func newPendingEntries() pendingEntries {
	return pendingEntries{pending: make(map[int32]*trace.Event)}
}

// keep copies ev, a call's entry, as its thread's pending entry.
func (pe *pendingEntries) keep(ev *trace.Event) {
	e := pe.pending[ev.TID]
	if e == nil {
		if n := len(pe.free); n > 0 {
			e, pe.free = pe.free[n-1], pe.free[:n-1]
		} else {
			e = new(trace.Event)
		}
		pe.pending[ev.TID] = e
	}
	ev.CopyTo(e)
}
