package decode

import (
	"time"

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

// utimensat's special tv_nsec values.
const (
	utimeNow  = 1<<30 - 1
	utimeOmit = 1<<30 - 2
)

// minTimeSec bounds the seconds a date comment is printed for: beyond it,
// the year does not fit the C library's int and strace prints no date.
const minTimeSec = 67767976233316800

// appendUtimeTimespec prints a struct timespec of a utime pair, whose
// tv_nsec strace shows unsigned.
func appendUtimeTimespec(b []byte, p []byte) []byte {
	b = append(b, "{tv_sec="...)
	b = appendInt(b, int64(le64(p, 0)))
	b = append(b, ", tv_nsec="...)
	b = appendUint(b, le64(p, 8))
	return append(b, '}')
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
		nsec := le64(q, 8)
		if nsec == utimeNow || nsec == utimeOmit {
			name := "UTIME_NOW"
			if nsec == utimeOmit {
				name = "UTIME_OMIT"
			}
			switch d.opts.Xlat {
			case XlatAbbrev:
				b = append(b, name...)
			case XlatRaw:
				b = appendUtimeTimespec(b, q)
			default:
				b = appendComment(appendUtimeTimespec(b, q), name)
			}
			continue
		}
		b = appendUtimeTimespec(b, q)
		if sec := int64(le64(q, 0)); (sec != 0 || nsec != 0) && nsec <= 999999999 && sec > -minTimeSec && sec < minTimeSec {
			b = appendTimeComment(b, sec, nsec)
		}
	}
	return append(b, ']')
}

// exitTime prints time's tloc: the seconds it stored, with their date.
func exitTime(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	addr := ev.Args[0]
	cp, ok := capOK(ev, 0)
	switch {
	case addr == 0:
		return append(b, "NULL"...)
	case failed(ev) || !ok || len(cp.Data) < 8:
		return appendPtr(b, addr)
	}
	sec := int64(le64(cp.Data, 0))
	b = append(b, '[')
	b = appendInt(b, sec)
	b = appendTimeComment(b, sec, 0)
	return append(b, ']')
}

// retTime prints time's result with its date: "= N (2026-11-25T03:49:55+0000)".
func retTime(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, ev.Ret)
	t := time.Unix(ev.Ret, 0)
	b = append(b, " ("...)
	b = t.AppendFormat(b, "2006-01-02T15:04:05-0700")
	return append(b, ')')
}

// printTimevalPair prints utimes' and futimesat's times:
// [{tv_sec=..., tv_usec=...} /* date */, ...].
func printTimevalPair(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '[')
	for k := 0; k < 2; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		q := p[16*k:]
		b = appendTimeval(b, q)
		if sec, usec := int64(le64(q, 0)), le64(q, 8); (sec != 0 || usec != 0) && usec <= 999999 && sec > -minTimeSec && sec < minTimeSec {
			b = appendDateComment(b, sec, usec, 6)
		}
	}
	return append(b, ']')
}

// printUtimbuf prints utime's struct utimbuf: {actime=N /* date */,
// modtime=N /* date */}.
func printUtimbuf(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	for k, name := range [2]string{"{actime=", ", modtime="} {
		sec := int64(le64(p, 8*k))
		b = append(b, name...)
		b = appendInt(b, sec)
		if sec != 0 && sec > -minTimeSec && sec < minTimeSec {
			b = appendDateComment(b, sec, 0, 0)
		}
	}
	return append(b, '}')
}
