package main

import (
	"fmt"
	"io"

	"github.com/sctrace/sctrace/capture"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/trace"
)

// warnShortReads wraps sink so that a traced call whose string argument
// could be read only up to memory that cannot be read is said on w as
// strace's umovestr says it: "PROG: umovestr: short read (N < M) @ADDR:
// Bad address". The line itself shows the argument as an address, as
// strace's does. An argument captured at entry is said once.
func warnShortReads(sink func(*trace.Event) error, spec *filter.Spec, w io.Writer) func(*trace.Event) error {
	saidAtEntry := map[int32]uint8{} // by thread: the arguments said
	return func(ev *trace.Event) error {
		if ev.Kind != trace.SyscallEnter && ev.Kind != trace.SyscallExit {
			return sink(ev)
		}
		if spec.TraceAll || spec.Trace.HasIn(ev.Pers, int(ev.NR)) {
			var said uint8
			if ev.Kind == trace.SyscallExit && len(saidAtEntry) != 0 {
				said = saidAtEntry[ev.TID]
				delete(saidAtEntry, ev.TID)
			}
			for i := range ev.Captures {
				if !ev.Captures[i].Faulted {
					continue // the common case, without a call
				}
				before, want, ok := capture.ShortRead(&ev.Captures[i])
				if !ok || said&(1<<i) != 0 {
					continue
				}
				fmt.Fprintf(w, "%s: umovestr: short read (%d < %d) @%#x: Bad address\n", progName, before, want, ev.Args[i])
				if ev.Kind == trace.SyscallEnter {
					saidAtEntry[ev.TID] |= 1 << i
				}
			}
		}
		return sink(ev)
	}
}
