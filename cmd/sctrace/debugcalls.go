package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// debugInvalidCalls wraps sink so that, under -d, the entry of a call
// whose number its personality's table does not name is said on w as
// strace's -d says it: "PROG: pid TID invalid syscall 0x1c3", traced or
// not (such a number is always traced, as under strace).
func debugInvalidCalls(sink func(*trace.Event) error, w io.Writer) func(*trace.Event) error {
	return func(ev *trace.Event) error {
		if ev.Kind == trace.SyscallEnter {
			// An architecture without a table has no names to miss.
			if t := syscalls.ForCall(ev.Arch, ev.Pers); t != nil && !t.Known(int(ev.NR)) {
				hex := strings.TrimPrefix(t.DisplayName(int(ev.NR)), "syscall_")
				fmt.Fprintf(w, "%s: pid %d invalid syscall %s\n", progName, ev.TID, hex)
			}
		}
		return sink(ev)
	}
}
