package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// isRestart reports whether ev failed with one of the kernel's restart
// codes (the call was interrupted by a signal).
func isRestart(ev *trace.Event) bool {
	if !exited(ev) || !ev.IsError() {
		return false
	}
	switch -ev.Ret {
	case errRestartSys, errRestartNoIntr, errRestartNoHand, errRestartRestartBlock:
		return true
	}
	return false
}

// exitNanosleep prints the remaining time only when the sleep was
// interrupted; otherwise the address.
func exitNanosleep(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	i := c.split
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	cp, ok := capOK(ev, i)
	flagsZero := len(c.args) < 4 || ev.Args[1] == 0
	if flagsZero && isRestart(ev) && ok && len(cp.Data) >= 16 {
		return appendTimespec(b, cp.Data)
	}
	return appendPtr(b, addr)
}

// printTimespecPair prints utimensat's times: [{...} /* date */, ...],
// with UTIME_NOW and UTIME_OMIT by name.
func printTimespecPair(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '[')
	for k := 0; k < 2; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		q := p[16*k:]
		switch nsec := le64(q, 8); nsec {
		case 1<<30 - 1:
			b = append(b, "UTIME_NOW"...)
		case 1<<30 - 2:
			b = append(b, "UTIME_OMIT"...)
		default:
			b = appendTimespec(b, q)
			b = appendTimeComment(b, int64(le64(q, 0)), nsec)
		}
	}
	return append(b, ']')
}
