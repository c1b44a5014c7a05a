package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// futexWaitvMax is FUTEX_WAITV_MAX: strace shows at most this many
// waiters, then "...".
const futexWaitvMax = 128

// futexWaiterFlags names struct futex_waitv's flags.
var futexWaiterFlags = &xlat{vals: []xv{{2, "FUTEX_32"}, {128, "FUTEX_PRIVATE_FLAG"}}, dflt: "FUTEX_???"}

// enterFutexWaitv prints futex_waitv: the waiters (no more than
// FUTEX_WAITV_MAX of them), then the generic arguments.
func enterFutexWaitv(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	n := uint64(uint32(ev.Args[1]))
	sp := structs[syscalls.LayoutFutexWaitv]
	size := sizeOf(ev, syscalls.LayoutFutexWaitv)
	cp, ok := capOK(ev, 0)
	// strace reads the waiter after the last one shown before it says
	// "...": only then does the cap, rather than memory, end the array.
	capped := n > futexWaitvMax && (d.opts.Verbose || futexWaitvMax < d.opts.StringLimit) &&
		ok && len(cp.Data) >= (futexWaitvMax+1)*size
	if capped {
		b = d.appendArray(b, ev, 0, syscalls.LayoutFutexWaitv, sp, futexWaitvMax)
		b = append(b[:len(b)-1], ", ...]"...)
	} else {
		b = d.appendArray(b, ev, 0, syscalls.LayoutFutexWaitv, sp, n)
	}
	for i := 1; i < len(c.args); i++ {
		b = d.sep(b)
		b = c.args[i](d, b, ev, i)
	}
	return b
}

// printFutexWaitv prints a struct futex_waitv; __reserved only when set.
func printFutexWaitv(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{val="...)
	b = appendHex(b, le64(p, 0))
	b = append(b, ", uaddr="...)
	b = appendPtr(b, le64(p, 8))
	b = append(b, ", flags="...)
	b = d.flags(b, futexWaiterFlags, uint64(le32(p, 16)))
	if r := le32(p, 20); r != 0 {
		b = append(b, ", __reserved="...)
		b = appendHex(b, uint64(r))
	}
	return append(b, '}')
}
