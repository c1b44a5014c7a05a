package decode

import "github.com/sctrace/sctrace/trace"

// The PTP hardware clock requests (linux/ptp_clock.h), type '='; each has
// a twin numbered 9 higher (PTP_*2) that checks its reserved fields.
const (
	reqPTPClockGetCaps      = 0x80503d01
	reqPTPExttsRequest      = 0x40103d02
	reqPTPPeroutRequest     = 0x40383d03
	reqPTPEnablePPS         = 0x40043d04
	reqPTPSysOffset         = 0x43403d05
	reqPTPPinGetFunc        = 0xc0603d06
	reqPTPPinSetFunc        = 0x40603d07
	reqPTPSysOffsetPrecise  = 0xc0403d08
	reqPTPSysOffsetExtended = 0xc4c03d09
	reqPTPClockGetCaps2     = 0x80503d0a
	reqPTPExttsRequest2     = 0x40103d0b
	reqPTPPeroutRequest2    = 0x40383d0c
	reqPTPEnablePPS2        = 0x40043d0d
	reqPTPSysOffset2        = 0x43403d0e
	reqPTPPinGetFunc2       = 0xc0603d0f
	reqPTPPinSetFunc2       = 0x40603d10
	reqPTPSysOffsetPrec2    = 0xc0403d11
	reqPTPSysOffsetExt2     = 0xc4c03d12
	ptpClockTimeSize        = 16
	ptpMaxSamples           = 25
	ptpPeroutDutyCycle      = 1 << 1
	ptpPeroutPhase          = 1 << 2
)

var ptpExttsFlags = &xlat{vals: []xv{
	{1 << 0, "PTP_ENABLE_FEATURE"}, {1 << 1, "PTP_RISING_EDGE"}, {1 << 2, "PTP_FALLING_EDGE"}, {1 << 3, "PTP_STRICT_FLAGS"},
}, dflt: "PTP_???"}

var ptpPeroutFlags = &xlat{vals: []xv{
	{1 << 0, "PTP_PEROUT_ONE_SHOT"}, {1 << 1, "PTP_PEROUT_DUTY_CYCLE"}, {1 << 2, "PTP_PEROUT_PHASE"},
}, dflt: "PTP_PEROUT_???"}

var ptpPinFuncs = &xlat{vals: []xv{
	{0, "PTP_PF_NONE"}, {1, "PTP_PF_EXTTS"}, {2, "PTP_PF_PEROUT"}, {3, "PTP_PF_PHYSYNC"},
}, dflt: "PTP_PF_???"}

func init() {
	ioctlFamilies['='] = ptpIoctl
}

// ptpIoctl decodes the PTP clock requests as strace's ptp.c, which
// leaves every argument in hex when -e verbose= leaves the call out.
func ptpIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	if !d.verboseCall(ev) {
		return b, ioctlResUnknown
	}
	size := int((code >> 16) & 0x3fff)
	switch code {
	case reqPTPClockGetCaps, reqPTPClockGetCaps2, reqPTPSysOffsetPrecise, reqPTPSysOffsetPrec2:
		if !exit {
			return b, ioctlResLater
		}
		b, p, ok := ioctlArg(d.sep(b), ev, size, true)
		if ok {
			if size == 80 {
				b = appendPTPCaps(b, p)
			} else {
				b = d.appendPTPPrecise(b, p)
			}
		}
		return b, ioctlResDone
	case reqPTPExttsRequest, reqPTPExttsRequest2, reqPTPPeroutRequest, reqPTPPeroutRequest2:
		if exit {
			return b, ioctlResDone
		}
		b, p, ok := ioctlArg(d.sep(b), ev, size, false)
		if !ok {
			return b, ioctlResDone
		}
		v2 := code == reqPTPExttsRequest2 || code == reqPTPPeroutRequest2
		if size == 16 {
			b = append(b, "{index="...)
			b = appendUint(b, uint64(le32(p, 0)))
			b = append(b, ", flags="...)
			b = d.flags(b, ptpExttsFlags, uint64(le32(p, 4)))
			if v2 {
				b = appendReservedU32s(b, ", rsv=", p[8:16])
			}
			return append(b, '}'), ioctlResDone
		}
		return d.appendPTPPerout(b, p, v2), ioctlResDone
	case reqPTPEnablePPS, reqPTPEnablePPS2:
		if !exit {
			b = appendHex(d.sep(b), ev.Args[2])
		}
		return b, ioctlResDone
	case reqPTPSysOffset, reqPTPSysOffset2, reqPTPSysOffsetExtended, reqPTPSysOffsetExt2,
		reqPTPPinGetFunc, reqPTPPinGetFunc2, reqPTPPinSetFunc, reqPTPPinSetFunc2:
	default:
		return b, ioctlResUnknown
	}
	get := code != reqPTPPinSetFunc && code != reqPTPPinSetFunc2
	pin := code == reqPTPPinGetFunc || code == reqPTPPinGetFunc2 || !get
	if !exit {
		b, p, ok := ioctlArg(d.sep(b), ev, size, false)
		if !ok {
			return b, ioctlResDone
		}
		if pin {
			b = append(b, "{index="...)
			b = appendUint(b, uint64(le32(p, 64)))
			if code == reqPTPPinGetFunc2 {
				b = appendReservedU32s(b, ", rsv=", p[76:96])
			}
		} else {
			b = append(b, "{n_samples="...)
			b = appendUint(b, uint64(le32(p, 0)))
			b = appendReservedU32s(b, ", rsv=", p[4:16])
		}
		if get {
			return b, ioctlResLater
		}
		return d.appendPTPPin(b, p, code), ioctlResDone
	}
	// The entry printed the struct when it was readable (the exit reads
	// the same address).
	if !get {
		return b, ioctlResDone
	}
	cp, ok := capOK(ev, 2)
	if !ok || ev.Args[2] == 0 || len(cp.Data) < size {
		return b, ioctlResDone
	}
	if failed(ev) {
		return append(b, '}'), ioctlResDone
	}
	p := cp.Data
	if pin {
		return d.appendPTPPin(b, p, code), ioctlResDone
	}
	n := int(min(le32(p, 0), ptpMaxSamples))
	b = append(b, ", ts="...)
	if size == 832 {
		ts := p[16 : 16+(2*n+1)*ptpClockTimeSize]
		b = d.appendCmsgArray(b, ts, ptpClockTimeSize, func(b []byte, e []byte) []byte {
			return d.appendPTPTime(b, e, true)
		})
	} else {
		ts := p[16 : 16+n*3*ptpClockTimeSize]
		b = d.appendCmsgArray(b, ts, 3*ptpClockTimeSize, func(b []byte, e []byte) []byte {
			b = append(b, '[')
			for k := 0; k < 3; k++ {
				if k > 0 {
					b = append(b, ", "...)
				}
				b = d.appendPTPTime(b, e[k*ptpClockTimeSize:], true)
			}
			return append(b, ']')
		})
	}
	return append(b, '}'), ioctlResDone
}

// appendPTPTime prints a struct ptp_clock_time; rtc adds the time it
// stands for as a comment.
func (d *Decoder) appendPTPTime(b []byte, p []byte, rtc bool) []byte {
	sec, nsec, rsv := int64(le64(p, 0)), le32(p, 8), le32(p, 12)
	b = append(b, "{sec="...)
	b = appendInt(b, sec)
	b = append(b, ", nsec="...)
	b = appendUint(b, uint64(nsec))
	if rsv != 0 {
		b = append(b, ", reserved="...)
		b = appendHex(b, uint64(rsv))
	}
	b = append(b, '}')
	if rtc && d.opts.Xlat != XlatRaw && (sec != 0 || nsec != 0) && nsec <= 999999999 {
		b = appendTimeComment(b, sec, uint64(nsec))
	}
	return b
}

// appendPTPCaps prints a struct ptp_clock_caps.
func appendPTPCaps(b []byte, p []byte) []byte {
	names := [...]string{"{max_adj=", ", n_alarm=", ", n_ext_ts=", ", n_per_out=", ", pps=", ", n_pins=",
		", cross_timestamping=", ", adjust_phase="}
	for i, n := range names {
		b = append(b, n...)
		b = appendInt(b, int64(int32(le32(p, 4*i))))
	}
	b = appendReservedU32s(b, ", rsv=", p[32:80])
	return append(b, '}')
}

// appendPTPPrecise prints a struct ptp_sys_offset_precise.
func (d *Decoder) appendPTPPrecise(b []byte, p []byte) []byte {
	b = append(b, "{device="...)
	b = d.appendPTPTime(b, p[0:], true)
	b = append(b, ", sys_realtime="...)
	b = d.appendPTPTime(b, p[16:], true)
	b = append(b, ", sys_monoraw="...)
	b = d.appendPTPTime(b, p[32:], false)
	b = appendReservedU32s(b, ", rsv=", p[48:64])
	return append(b, '}')
}

// appendPTPPerout prints a struct ptp_perout_request.
func (d *Decoder) appendPTPPerout(b []byte, p []byte, v2 bool) []byte {
	flags := le32(p, 36)
	if flags&ptpPeroutPhase != 0 {
		b = append(b, "{phase="...)
		b = d.appendPTPTime(b, p[0:], false)
	} else {
		b = append(b, "{start="...)
		b = d.appendPTPTime(b, p[0:], true)
	}
	b = append(b, ", period="...)
	b = d.appendPTPTime(b, p[16:], false)
	b = append(b, ", index="...)
	b = appendUint(b, uint64(le32(p, 32)))
	b = append(b, ", flags="...)
	b = d.flags(b, ptpPeroutFlags, uint64(flags))
	if flags&ptpPeroutDutyCycle != 0 {
		b = append(b, ", on="...)
		b = d.appendPTPTime(b, p[40:], false)
	} else if v2 {
		b = appendReservedU32s(b, ", rsv=", p[40:56])
	}
	return append(b, '}')
}

// appendPTPPin prints the rest of a struct ptp_pin_desc after its index:
// the getters' name, then func and chan (and PTP_PIN_SETFUNC2's rsv).
func (d *Decoder) appendPTPPin(b []byte, p []byte, code uint32) []byte {
	if code == reqPTPPinGetFunc || code == reqPTPPinGetFunc2 {
		b = append(b, ", name="...)
		b = d.appendFixedCString(b, p[0:64])
	}
	b = append(b, ", func="...)
	b = d.enum(b, ptpPinFuncs, uint64(le32(p, 68)))
	b = append(b, ", chan="...)
	b = appendUint(b, uint64(le32(p, 72)))
	if code == reqPTPPinSetFunc2 {
		b = appendReservedU32s(b, ", rsv=", p[76:96])
	}
	return append(b, '}')
}
