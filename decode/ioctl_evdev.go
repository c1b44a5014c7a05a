package decode

import (
	"github.com/sctrace/sctrace/trace"
)

var evdevFamily = fixedFamily{decode: decodeEvdev, number: evdevNumber}

// evdevSized names the read requests whose size is part of their name
// (EVIOCGNAME(len)), by _IOC_NR.
var evdevSized = map[uint32]string{
	0x06: "EVIOCGNAME", 0x07: "EVIOCGPHYS", 0x08: "EVIOCGUNIQ", 0x09: "EVIOCGPROP", 0x0a: "EVIOCGMTSLOTS",
	0x18: "EVIOCGKEY", 0x19: "EVIOCGLED", 0x1a: "EVIOCGSND", 0x1b: "EVIOCGSW",
}

// evdevXval prints an event or axis number inside a request's name: by
// name with its default comment, or under -X verbose as a bare name or
// number.
func evdevXval(b []byte, x *xlat, v uint64, verbose bool) []byte {
	if s, ok := x.lookup(v); ok {
		return append(b, s...)
	}
	b = appendHex(b, v)
	if !verbose {
		b = appendComment(b, x.dflt)
	}
	return b
}

// evdevNumber names the evdev requests strace names from their bits.
func evdevNumber(b []byte, req uint32, verbose bool) ([]byte, bool) {
	nr, dir, size := req&0xff, req>>30, uint64((req>>16)&0x3fff)
	if dir == 1 && nr >= 0xc0 && nr <= 0xff {
		b = append(b, "EVIOCSABS("...)
		return append(evdevXval(b, evdevAbs, uint64(nr-0xc0), verbose), ')'), true
	}
	if dir != 2 {
		return b, false
	}
	switch {
	case nr >= 0x20 && nr <= 0x3f:
		b = append(b, "EVIOCGBIT("...)
		if nr == 0x20 {
			b = append(b, '0')
		} else {
			b = evdevXval(b, evdevEvents, uint64(nr-0x20), verbose)
		}
		b = append(b, ", "...)
		b = appendUint(b, size)
		return append(b, ')'), true
	case nr >= 0x40 && nr <= 0x7f:
		b = append(b, "EVIOCGABS("...)
		return append(evdevXval(b, evdevAbs, uint64(nr-0x40), verbose), ')'), true
	}
	if s, ok := evdevSized[nr]; ok {
		b = append(b, s...)
		b = append(b, '(')
		b = appendUint(b, size)
		return append(b, ')'), true
	}
	return b, false
}

// The evdev requests with a fixed number.
const (
	evGVersion   = 0x80044501
	evGEffects   = 0x80044584
	evGID        = 0x80084502
	evGRep       = 0x80084503
	evSRep       = 0x40084503
	evGKeycode   = 0x80084504
	evSKeycode   = 0x40084504
	evGKeycodeV2 = 0x80284504
	evSKeycodeV2 = 0x40284504
	evRmFF       = 0x40044581
	evGrab       = 0x40044590
	evRevoke     = 0x40044591
	evSClockID   = 0x400445a0
	evSFF        = 0x40304580
)

// decodeEvdev decodes the evdev requests as strace's evdev.c: read
// requests at exit, write requests at entry.
func decodeEvdev(d *Decoder, b []byte, ev *trace.Event, req uint32, exit bool) ([]byte, ioctlRet) {
	arg := ev.Args[2]
	switch req >> 30 {
	case 2:
		if !exit {
			return b, ioctlMore
		}
		b = d.sep(b)
		if failed(ev) {
			return appendPtr(b, arg), ioctlDone
		}
		return evdevRead(d, b, ev, req), ioctlDone
	case 1:
		b = d.sep(b)
		return evdevWrite(d, b, ev, req), ioctlDone
	}
	return b, ioctlHexArg
}

// evdevU32s prints n unsigned ints of the argument as [a, b].
func evdevU32s(b []byte, ev *trace.Event, n int) []byte {
	p, ok := ioctlData(ev, 4*n)
	if !ok {
		return appendPtr(b, ev.Args[2])
	}
	b = append(b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendUint(b, uint64(le32(p, 4*i)))
	}
	return append(b, ']')
}

// evdevKeycode prints [scancode, KEY_...].
func evdevKeycode(d *Decoder, b []byte, ev *trace.Event) []byte {
	p, ok := ioctlData(ev, 8)
	if !ok {
		return appendPtr(b, ev.Args[2])
	}
	b = append(b, '[')
	b = appendUint(b, uint64(le32(p, 0)))
	b = append(b, ", "...)
	b = d.enum(b, evdevKeys, uint64(le32(p, 4)))
	return append(b, ']')
}

// evdevKeycodeV2 prints a struct input_keymap_entry.
func evdevKeycodeV2(d *Decoder, b []byte, ev *trace.Event) []byte {
	p, ok := ioctlData(ev, 40)
	if !ok {
		return appendPtr(b, ev.Args[2])
	}
	b = append(b, "{flags="...)
	b = appendUint(b, uint64(p[0]))
	b = append(b, ", len="...)
	b = appendUint(b, uint64(p[1]))
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	b = append(b, ", index="...)
	b = appendUint(b, uint64(le16(p, 2)))
	b = append(b, ", keycode="...)
	b = d.enum(b, evdevKeys, uint64(le32(p, 4)))
	b = append(b, ", scancode=["...)
	for i := 0; i < 32; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendHex(b, uint64(p[8+i]))
	}
	return append(b, "]}"...)
}

// evdevAbsinfo prints a struct input_absinfo of the request's size.
func evdevAbsinfo(d *Decoder, b []byte, ev *trace.Event, req uint32) []byte {
	sz := int((req >> 16) & 0x3fff)
	if sz < 20 {
		return appendPtr(b, ev.Args[2])
	}
	p, ok := ioctlData(ev, min(sz, 24))
	if !ok {
		return appendPtr(b, ev.Args[2])
	}
	b = append(b, "{value="...)
	b = appendUint(b, uint64(le32(p, 0)))
	b = append(b, ", minimum="...)
	b = appendUint(b, uint64(le32(p, 4)))
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	for i, f := range [...]string{", maximum=", ", fuzz=", ", flat="} {
		b = append(b, f...)
		b = appendUint(b, uint64(le32(p, 8+4*i)))
	}
	if sz > 20 {
		if sz >= 24 {
			b = append(b, ", resolution="...)
			b = appendUint(b, uint64(le32(p, 20)))
		}
		if sz != 24 {
			b = append(b, ", ..."...)
		}
	}
	return append(b, '}')
}

func evdevRead(d *Decoder, b []byte, ev *trace.Event, req uint32) []byte {
	arg := ev.Args[2]
	switch req {
	case evGVersion, evGEffects:
		p, ok := ioctlData(ev, 4)
		if !ok {
			return appendPtr(b, arg)
		}
		b = append(b, '[')
		if req == evGVersion {
			b = appendHex(b, uint64(le32(p, 0)))
		} else {
			b = appendUint(b, uint64(le32(p, 0)))
		}
		return append(b, ']')
	case evGID:
		p, ok := ioctlData(ev, 8)
		if !ok {
			return appendPtr(b, arg)
		}
		for i, f := range [...]string{"{bustype=", ", vendor=", ", product=", ", version="} {
			b = append(b, f...)
			b = appendUint(b, uint64(le16(p, 2*i)))
		}
		return append(b, '}')
	case evGRep:
		return evdevU32s(b, ev, 2)
	case evGKeycode:
		return evdevKeycode(d, b, ev)
	case evGKeycodeV2:
		return evdevKeycodeV2(d, b, ev)
	}
	nr := req & 0xff
	switch {
	case nr == 0x06 || nr == 0x07 || nr == 0x08:
		cp, ok := capOK(ev, 2)
		if !ok || arg == 0 || ev.Ret < 0 {
			return appendPtr(b, arg)
		}
		n := uint64(ev.Ret)
		if uint64(len(cp.Data)) < min(n, uint64(d.opts.StringLimit)) {
			return appendPtr(b, arg)
		}
		return d.appendBuf(b, cp.Data, n, false)
	case nr == 0x0a:
		return evdevMTSlotsArg(d, b, ev, req)
	case nr == 0x09:
		return evdevBitset(d, b, ev, evdevProps, 0x1f)
	case nr == 0x18:
		return evdevBitset(d, b, ev, evdevKeys, 0x2ff)
	case nr == 0x19:
		return evdevBitset(d, b, ev, evdevLeds, 0x0f)
	case nr == 0x1a:
		return evdevBitset(d, b, ev, evdevSnd, 0x07)
	case nr == 0x1b:
		return evdevBitset(d, b, ev, evdevSwitches, 0x10)
	case nr >= 0x40 && nr <= 0x7f:
		return evdevAbsinfo(d, b, ev, req)
	case nr >= 0x20 && nr <= 0x3f:
		if nr == 0x20+0x16 { // EV_PWR
			return appendIoctlInt(b, ev, true)
		}
		if bs, ok := evdevBitsets[nr-0x20]; ok {
			return evdevBitset(d, b, ev, bs.x, bs.max)
		}
	}
	return appendPtr(b, arg)
}

// evdevBitset prints the bit array a read request returned, sized by the
// result (at most max bits): the set bits by name (four of them unless
// -v), and under -X raw or verbose the array's words in hex.
func evdevBitset(d *Decoder, b []byte, ev *trace.Event, x *xlat, max uint32) []byte {
	bits := max
	if uint64(ev.Ret) <= uint64(max/8) {
		bits = uint32(ev.Ret) * 8
	}
	size := int((bits+7)/8+7) &^ 7
	if size == 0 {
		return appendPtr(b, ev.Args[2])
	}
	p, ok := ioctlData(ev, size)
	if !ok {
		return appendPtr(b, ev.Args[2])
	}
	p = p[:size]
	if d.opts.Xlat != XlatRaw {
		b = append(b, '[')
		shown := 0
		for i := uint32(0); i < bits; i++ {
			if p[i/8]&(1<<(i%8)) == 0 {
				continue
			}
			if shown > 0 {
				if !d.opts.Verbose && shown >= 4 {
					b = append(b, " ..."...)
					break
				}
				b = append(b, ' ')
			}
			b = d.enum(b, x, uint64(i))
			shown++
		}
		b = append(b, ']')
	}
	if d.opts.Xlat == XlatAbbrev {
		return b
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " /* "...)
	}
	b = d.appendCmsgArray(b, p, 8, func(b []byte, e []byte) []byte {
		return appendHex(b, le64(e, 0))
	})
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}

// evdevMTSlotsArg prints EVIOCGMTSLOTS' struct input_mt_request_layout: the
// axis code and the values the request's size has room for.
func evdevMTSlotsArg(d *Decoder, b []byte, ev *trace.Event, req uint32) []byte {
	n := int((req>>16)&0x3fff) / 4
	p, ok := ioctlData(ev, 4)
	if n == 0 || !ok {
		return appendPtr(b, ev.Args[2])
	}
	b = append(b, "{code="...)
	b = d.enum(b, evdevMTSlots, uint64(le32(p, 0)))
	b = append(b, ", values="...)
	if len(p) < 4*n {
		b = appendPtr(b, ev.Args[2]+4)
	} else {
		b = d.appendCmsgArray(b, p[4:4*n], 4, func(b []byte, e []byte) []byte {
			return appendInt(b, int64(int32(le32(e, 0))))
		})
	}
	return append(b, '}')
}

func evdevWrite(d *Decoder, b []byte, ev *trace.Event, req uint32) []byte {
	arg := ev.Args[2]
	switch req {
	case evSRep:
		return evdevU32s(b, ev, 2)
	case evSKeycode:
		return evdevKeycode(d, b, ev)
	case evSKeycodeV2:
		return evdevKeycodeV2(d, b, ev)
	case evRmFF:
		return appendInt(b, int64(int32(arg)))
	case evGrab, evRevoke:
		return appendUint(b, arg)
	case evSClockID:
		return evdevU32s(b, ev, 1)
	case evSFF:
		p, ok := ioctlData(ev, 48)
		if !ok {
			return appendPtr(b, arg)
		}
		b = append(b, "{type="...)
		b = d.enum(b, evdevFFTypes, uint64(le16(p, 0)))
		b = append(b, ", id="...)
		b = appendInt(b, int64(int16(le16(p, 2))))
		b = append(b, ", direction="...)
		b = appendUint(b, uint64(le16(p, 4)))
		if !d.opts.Verbose {
			return append(b, ", ...}"...)
		}
		return evdevFFEffect(d, b, p)
	}
	if nr := req & 0xff; nr >= 0xc0 {
		return evdevAbsinfo(d, b, ev, req)
	}
	return appendPtr(b, arg)
}

// The struct ff_effect types whose union member strace prints.
const (
	ffRumble   = 0x50
	ffPeriodic = 0x51
	ffConstant = 0x52
	ffRamp     = 0x57
)

// evdevFFEffect prints the rest of a struct ff_effect under -v: trigger,
// replay and the union member of its type.
func evdevFFEffect(d *Decoder, b []byte, p []byte) []byte {
	u16 := func(b []byte, name string, off int) []byte {
		b = append(b, name...)
		return appendUint(b, uint64(le16(p, off)))
	}
	s16 := func(b []byte, name string, off int) []byte {
		b = append(b, name...)
		return appendInt(b, int64(int16(le16(p, off))))
	}
	envelope := func(b []byte, off int) []byte {
		b = u16(b, "envelope={attack_length=", off)
		b = u16(b, ", attack_level=", off+2)
		b = u16(b, ", fade_length=", off+4)
		b = append(b, ", fade_level="...)
		b = appendHex(b, uint64(le16(p, off+6)))
		return append(b, '}')
	}
	b = u16(b, ", trigger={button=", 6)
	b = u16(b, ", interval=", 8)
	b = u16(b, "}, replay={length=", 10)
	b = u16(b, ", delay=", 12)
	b = append(b, '}')
	switch le16(p, 0) {
	case ffConstant:
		b = s16(b, ", constant={level=", 16)
		b = envelope(append(b, ", "...), 18)
	case ffRamp:
		b = s16(b, ", ramp={start_level=", 16)
		b = s16(b, ", end_level=", 18)
		b = envelope(append(b, ", "...), 20)
	case ffPeriodic:
		b = u16(b, ", periodic={waveform=", 16)
		b = u16(b, ", period=", 18)
		b = s16(b, ", magnitude=", 20)
		b = s16(b, ", offset=", 22)
		b = u16(b, ", phase=", 24)
		b = envelope(append(b, ", "...), 26)
		b = append(b, ", custom_len="...)
		b = appendUint(b, uint64(le32(p, 36)))
		b = append(b, ", custom_data="...)
		b = appendPtr(b, le64(p, 40))
	case ffRumble:
		b = u16(b, ", rumble={strong_magnitude=", 16)
		b = u16(b, ", weak_magnitude=", 18)
	default:
		return append(b, '}')
	}
	return append(b, "}}"...)
}
