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

// appendSprinttime appends the date comment strace's sprinttime_nsec
// prints for sec and nsec: none for 0, an invalid nsec, or a date
// localtime cannot hold.
func appendSprinttime(b []byte, sec int64, nsec uint64) []byte {
	if (sec == 0 && nsec == 0) || nsec > 999999999 || sec <= -minTimeSec || sec >= minTimeSec {
		return b
	}
	return appendTimeComment(b, sec, nsec)
}

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
		b = appendSprinttime(b, int64(le64(q, 0)), nsec)
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

// The values of struct timex: adjtimex's modes, its clock status, and
// the clock states it returns.
var (
	adjtimexModes = &xlat{vals: []xv{
		{0xa001, "ADJ_OFFSET_SS_READ"}, {0x8001, "ADJ_OFFSET_SINGLESHOT"}, {0x0001, "ADJ_OFFSET"},
		{0x0002, "ADJ_FREQUENCY"}, {0x0004, "ADJ_MAXERROR"}, {0x0008, "ADJ_ESTERROR"}, {0x0010, "ADJ_STATUS"},
		{0x0020, "ADJ_TIMECONST"}, {0x0080, "ADJ_TAI"}, {0x0100, "ADJ_SETOFFSET"}, {0x1000, "ADJ_MICRO"},
		{0x2000, "ADJ_NANO"}, {0x4000, "ADJ_TICK"},
	}, dflt: "ADJ_???"}
	adjtimexStatus = &xlat{vals: []xv{
		{0x0001, "STA_PLL"}, {0x0002, "STA_PPSFREQ"}, {0x0004, "STA_PPSTIME"}, {0x0008, "STA_FLL"},
		{0x0010, "STA_INS"}, {0x0020, "STA_DEL"}, {0x0040, "STA_UNSYNC"}, {0x0080, "STA_FREQHOLD"},
		{0x0100, "STA_PPSSIGNAL"}, {0x0200, "STA_PPSJITTER"}, {0x0400, "STA_PPSWANDER"},
		{0x0800, "STA_PPSERROR"}, {0x1000, "STA_CLOCKERR"}, {0x2000, "STA_NANO"}, {0x4000, "STA_MODE"},
		{0x8000, "STA_CLK"},
	}, dflt: "STA_???"}
	adjtimexStates = &xlat{vals: []xv{
		{0, "TIME_OK"}, {1, "TIME_INS"}, {2, "TIME_DEL"}, {3, "TIME_OOP"}, {4, "TIME_WAIT"}, {5, "TIME_ERROR"},
	}}
)

// timexArg is the argument holding adjtimex's or clock_adjtime's timex.
func timexArg(c *call) int { return len(c.args) - 1 }

// enterAdjtimex prints clock_adjtime's clock; the timex is printed at
// exit, as the kernel filled it.
func enterAdjtimex(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if timexArg(c) == 1 {
		b = c.args[0](d, b, ev, 0)
		b = d.sep(b)
	}
	return b
}

// exitAdjtimex prints the struct timex the call filled; of a call that
// failed, its address (strace's umove_or_printaddr).
func exitAdjtimex(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	i := timexArg(c)
	cp, ok := capOK(ev, i)
	switch {
	case ev.Args[i] == 0:
		return append(b, "NULL"...)
	case failed(ev) || !ok || len(cp.Data) < 164:
		return appendPtr(b, ev.Args[i])
	}
	p := cp.Data
	field := func(name string, off int) {
		b = append(b, name...)
		b = appendInt(b, int64(le64(p, off)))
	}
	b = append(b, "{modes="...)
	b = d.flags(b, adjtimexModes, uint64(le32(p, 0)))
	field(", offset=", 8)
	field(", freq=", 16)
	field(", maxerror=", 24)
	field(", esterror=", 32)
	b = append(b, ", status="...)
	b = d.flags(b, adjtimexStatus, uint64(le32(p, 40)))
	field(", constant=", 48)
	field(", precision=", 56)
	field(", tolerance=", 64)
	b = append(b, ", time="...)
	b = appendTimeval(b, p[72:])
	field(", tick=", 88)
	field(", ppsfreq=", 96)
	field(", jitter=", 104)
	b = append(b, ", shift="...)
	b = appendInt(b, int64(int32(le32(p, 112))))
	field(", stabil=", 120)
	field(", jitcnt=", 128)
	field(", calcnt=", 136)
	field(", errcnt=", 144)
	field(", stbcnt=", 152)
	b = append(b, ", tai="...)
	b = appendInt(b, int64(int32(le32(p, 160))))
	return append(b, '}')
}

// retAdjtimex prints the clock state the call returned beside it, when
// its timex could be read: "= 5 (TIME_ERROR)".
func retAdjtimex(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, ev.Ret)
	if cp, ok := capOK(ev, timexArg(c)); ok && len(cp.Data) >= 164 && d.verboseCall(ev) {
		if s, known := adjtimexStates.lookup(uint64(ev.Ret)); known {
			b = append(b, " ("...)
			b = append(b, s...)
			b = append(b, ')')
		}
	}
	return b
}
