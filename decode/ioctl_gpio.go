package decode

import "github.com/sctrace/sctrace/trace"

var gpioFamily = fixedFamily{decode: decodeGpio}

// The GPIO character device requests (linux/gpio.h), v1 and v2.
const (
	reqGpioGetChipInfo       = 0x8044b401
	reqGpioGetLineInfo       = 0xc048b402
	reqGpioGetLineHandle     = 0xc16cb403
	reqGpioGetLineEvent      = 0xc030b404
	reqGpioV2GetLineInfo     = 0xc100b405
	reqGpioV2GetLineInfoW    = 0xc100b406
	reqGpioV2GetLine         = 0xc250b407
	reqGpioHandleGetValues   = 0xc040b408
	reqGpioHandleSetValues   = 0xc040b409
	reqGpioHandleSetConfig   = 0xc054b40a
	reqGpioGetLineInfoWatch  = 0xc048b40b
	reqGpioGetLineInfoUnwat  = 0xc004b40c
	reqGpioV2LineSetConfig   = 0xc110b40d
	reqGpioV2LineGetValues   = 0xc010b40e
	reqGpioV2LineSetValues   = 0xc010b40f
	gpioHandlesMax           = 64
	gpioV2NumAttrsMax        = 10
	gpioV2LineAttrSize       = 16
	gpioV2LineConfigAttrSize = 24
	gpioV2LineConfigSize     = 272
)

var gpioLineFlags = &xlat{vals: []xv{
	{1 << 0, "GPIOLINE_FLAG_KERNEL"}, {1 << 1, "GPIOLINE_FLAG_IS_OUT"}, {1 << 2, "GPIOLINE_FLAG_ACTIVE_LOW"},
	{1 << 3, "GPIOLINE_FLAG_OPEN_DRAIN"}, {1 << 4, "GPIOLINE_FLAG_OPEN_SOURCE"}, {1 << 5, "GPIOLINE_FLAG_BIAS_PULL_UP"},
	{1 << 6, "GPIOLINE_FLAG_BIAS_PULL_DOWN"}, {1 << 7, "GPIOLINE_FLAG_BIAS_DISABLE"},
}, dflt: "GPIOLINE_FLAG_???"}

var gpioHandleFlags = &xlat{vals: []xv{
	{1 << 0, "GPIOHANDLE_REQUEST_INPUT"}, {1 << 1, "GPIOHANDLE_REQUEST_OUTPUT"}, {1 << 2, "GPIOHANDLE_REQUEST_ACTIVE_LOW"},
	{1 << 3, "GPIOHANDLE_REQUEST_OPEN_DRAIN"}, {1 << 4, "GPIOHANDLE_REQUEST_OPEN_SOURCE"},
	{1 << 5, "GPIOHANDLE_REQUEST_BIAS_PULL_UP"}, {1 << 6, "GPIOHANDLE_REQUEST_BIAS_PULL_DOWN"},
	{1 << 7, "GPIOHANDLE_REQUEST_BIAS_DISABLE"},
}, dflt: "GPIOHANDLE_REQUEST_???"}

var gpioEventFlags = &xlat{vals: []xv{
	{3, "GPIOEVENT_REQUEST_BOTH_EDGES"}, {1, "GPIOEVENT_REQUEST_RISING_EDGE"}, {2, "GPIOEVENT_REQUEST_FALLING_EDGE"},
}, dflt: "GPIOEVENT_REQUEST_???"}

var gpioV2LineFlags = &xlat{vals: []xv{
	{1 << 0, "GPIO_V2_LINE_FLAG_USED"}, {1 << 1, "GPIO_V2_LINE_FLAG_ACTIVE_LOW"}, {1 << 2, "GPIO_V2_LINE_FLAG_INPUT"},
	{1 << 3, "GPIO_V2_LINE_FLAG_OUTPUT"}, {1 << 4, "GPIO_V2_LINE_FLAG_EDGE_RISING"},
	{1 << 5, "GPIO_V2_LINE_FLAG_EDGE_FALLING"}, {1 << 6, "GPIO_V2_LINE_FLAG_OPEN_DRAIN"},
	{1 << 7, "GPIO_V2_LINE_FLAG_OPEN_SOURCE"}, {1 << 8, "GPIO_V2_LINE_FLAG_BIAS_PULL_UP"},
	{1 << 9, "GPIO_V2_LINE_FLAG_BIAS_PULL_DOWN"}, {1 << 10, "GPIO_V2_LINE_FLAG_BIAS_DISABLED"},
	{1 << 11, "GPIO_V2_LINE_FLAG_EVENT_CLOCK_REALTIME"}, {1 << 12, "GPIO_V2_LINE_FLAG_EVENT_CLOCK_HTE"},
}, dflt: "GPIO_V2_LINE_FLAG_???"}

// The gpio_v2_line_attribute ids.
const (
	gpioV2AttrFlags    = 1
	gpioV2AttrValues   = 2
	gpioV2AttrDebounce = 3
)

// gpioSize is the size of the struct each GPIO request takes (its
// _IOC_SIZE).
func gpioSize(req uint32) int { return int((req >> 16) & 0x3fff) }

// decodeGpio decodes the GPIO requests as strace's gpio_ioctl.c: inputs
// at entry; what the kernel filled in after " => " at exit (or, for the
// pure getters, the whole struct at exit).
func decodeGpio(d *Decoder, b []byte, ev *trace.Event, req uint32, exit bool) ([]byte, ioctlRet) {
	switch req {
	case reqGpioGetChipInfo, reqGpioHandleGetValues:
		if !exit {
			return b, ioctlMore
		}
		b, p, ok := ioctlArg(d.sep(b), ev, gpioSize(req), true)
		if !ok {
			return b, ioctlDone
		}
		if req == reqGpioGetChipInfo {
			b = append(b, "{name="...)
			b = d.appendFixedCString(b, p[0:32])
			b = append(b, ", label="...)
			b = d.appendFixedCString(b, p[32:64])
			b = append(b, ", lines="...)
			b = appendUint(b, uint64(le32(p, 64)))
			return append(b, '}'), ioctlDone
		}
		return d.gpioHandleData(b, p), ioctlDone
	case reqGpioGetLineInfoUnwat, reqGpioHandleSetValues, reqGpioHandleSetConfig,
		reqGpioV2LineSetValues, reqGpioV2LineSetConfig:
		if exit {
			return b, ioctlDone
		}
		b, p, ok := ioctlArg(d.sep(b), ev, gpioSize(req), false)
		if !ok {
			return b, ioctlDone
		}
		return d.gpioSetter(b, p, req), ioctlDone
	case reqGpioGetLineInfo, reqGpioGetLineInfoWatch, reqGpioGetLineHandle, reqGpioGetLineEvent,
		reqGpioV2GetLineInfo, reqGpioV2GetLineInfoW, reqGpioV2GetLine, reqGpioV2LineGetValues:
	default:
		return b, ioctlHexArg
	}
	if exit {
		if failed(ev) {
			return b, ioctlDone
		}
		b = append(b, " => "...)
	} else {
		b = d.sep(b)
	}
	b, p, ok := ioctlArg(b, ev, gpioSize(req), exit)
	if !ok {
		return b, ioctlDone
	}
	if exit {
		return d.gpioOutput(b, ev, p, req), ioctlDone
	}
	return d.gpioInput(b, p, req), ioctlMore
}

// gpioSetter prints the struct of a request that only passes data in.
func (d *Decoder) gpioSetter(b []byte, p []byte, req uint32) []byte {
	switch req {
	case reqGpioGetLineInfoUnwat:
		b = append(b, "{offset="...)
		b = appendUint(b, uint64(le32(p, 0)))
		return append(b, '}')
	case reqGpioHandleSetValues:
		return d.gpioHandleData(b, p)
	case reqGpioHandleSetConfig:
		b = append(b, "{flags="...)
		b = d.flags(b, gpioHandleFlags, uint64(le32(p, 0)))
		b = append(b, ", default_values="...)
		b = d.gpioU8Array(b, p[4:4+gpioHandlesMax])
		return append(b, '}')
	case reqGpioV2LineSetValues:
		b = append(b, "{bits="...)
		b = appendHex(b, le64(p, 0))
		b = append(b, ", mask="...)
		b = appendHex(b, le64(p, 8))
		return append(b, '}')
	}
	return d.gpioV2LineConfig(b, p)
}

// gpioInput prints the fields a request passes in, at entry.
func (d *Decoder) gpioInput(b []byte, p []byte, req uint32) []byte {
	switch req {
	case reqGpioGetLineInfo, reqGpioGetLineInfoWatch:
		b = append(b, "{line_offset="...)
		b = appendUint(b, uint64(le32(p, 0)))
	case reqGpioV2GetLineInfo, reqGpioV2GetLineInfoW:
		b = append(b, "{offset="...)
		b = appendUint(b, uint64(le32(p, 64)))
	case reqGpioV2LineGetValues:
		b = append(b, "{mask="...)
		b = appendHex(b, le64(p, 8))
	case reqGpioGetLineHandle:
		lines := le32(p, 356)
		b = append(b, "{lines="...)
		b = appendUint(b, uint64(lines))
		b = append(b, ", lineoffsets="...)
		b = d.gpioU32Array(b, p[0:4*gpioHandlesMax], lines)
		b = append(b, ", flags="...)
		b = d.flags(b, gpioHandleFlags, uint64(le32(p, 256)))
		b = append(b, ", default_values="...)
		n := min(lines, gpioHandlesMax)
		b = d.gpioU8Array(b, p[260:260+n])
		b = append(b, ", consumer_label="...)
		b = d.appendFixedCString(b, p[324:356])
	case reqGpioGetLineEvent:
		b = append(b, "{lineoffset="...)
		b = appendUint(b, uint64(le32(p, 0)))
		b = append(b, ", handleflags="...)
		b = d.flags(b, gpioHandleFlags, uint64(le32(p, 4)))
		b = append(b, ", eventflags="...)
		b = d.flags(b, gpioEventFlags, uint64(le32(p, 8)))
		b = append(b, ", consumer_label="...)
		b = d.appendFixedCString(b, p[12:44])
	case reqGpioV2GetLine:
		lines := le32(p, 560)
		b = append(b, "{num_lines="...)
		b = appendUint(b, uint64(lines))
		b = append(b, ", offsets="...)
		b = d.gpioU32Array(b, p[0:4*gpioHandlesMax], lines)
		b = append(b, ", consumer="...)
		b = d.appendFixedCString(b, p[256:288])
		b = append(b, ", config="...)
		b = d.gpioV2LineConfig(b, p[288:288+gpioV2LineConfigSize])
		if n := le32(p, 564); n != 0 {
			b = append(b, ", event_buffer_size="...)
			b = appendUint(b, uint64(n))
		}
		b = appendReservedU32s(b, ", padding=", p[568:588])
	}
	return append(b, '}')
}

// gpioOutput prints what the kernel returned, at exit.
func (d *Decoder) gpioOutput(b []byte, ev *trace.Event, p []byte, req uint32) []byte {
	switch req {
	case reqGpioGetLineInfo, reqGpioGetLineInfoWatch:
		b = append(b, "{flags="...)
		b = d.flags(b, gpioLineFlags, uint64(le32(p, 4)))
		b = append(b, ", name="...)
		b = d.appendFixedCString(b, p[8:40])
		b = append(b, ", consumer="...)
		b = d.appendFixedCString(b, p[40:72])
	case reqGpioV2GetLineInfo, reqGpioV2GetLineInfoW:
		b = append(b, "{name="...)
		b = d.appendFixedCString(b, p[0:32])
		b = append(b, ", consumer="...)
		b = d.appendFixedCString(b, p[32:64])
		b = append(b, ", flags="...)
		b = d.flags(b, gpioV2LineFlags, le64(p, 72))
		n := le32(p, 68)
		b = append(b, ", num_attrs="...)
		b = appendUint(b, uint64(n))
		if n != 0 {
			b = append(b, ", attrs="...)
			k := int(min(n, gpioV2NumAttrsMax))
			b = d.appendCmsgArray(b, p[80:80+k*gpioV2LineAttrSize], gpioV2LineAttrSize, func(b []byte, e []byte) []byte {
				b = append(b, '{')
				b = d.gpioV2Attr(b, e, false)
				return append(b, '}')
			})
		}
		b = appendReservedU32s(b, ", padding=", p[240:256])
	case reqGpioV2LineGetValues:
		b = append(b, "{bits="...)
		b = appendHex(b, le64(p, 0))
	case reqGpioGetLineHandle:
		b = append(b, "{fd="...)
		b = d.appendFD(b, ev, uint64(int64(int32(le32(p, 360)))))
	case reqGpioGetLineEvent:
		b = append(b, "{fd="...)
		b = d.appendFD(b, ev, uint64(int64(int32(le32(p, 44)))))
	case reqGpioV2GetLine:
		b = append(b, "{fd="...)
		b = d.appendFD(b, ev, uint64(int64(int32(le32(p, 588)))))
	}
	return append(b, '}')
}

// gpioHandleData prints a struct gpiohandle_data.
func (d *Decoder) gpioHandleData(b []byte, p []byte) []byte {
	b = append(b, "{values="...)
	b = d.gpioU8Array(b, p[:gpioHandlesMax])
	return append(b, '}')
}

// gpioU8Array prints an array of __u8 values.
func (d *Decoder) gpioU8Array(b []byte, p []byte) []byte {
	return d.appendCmsgArray(b, p, 1, func(b []byte, e []byte) []byte {
		return appendUint(b, uint64(e[0]))
	})
}

// gpioU32Array prints the first n (at most all) __u32 of p.
func (d *Decoder) gpioU32Array(b []byte, p []byte, n uint32) []byte {
	k := min(int(n), len(p)/4)
	return d.appendCmsgArray(b, p[:4*k], 4, func(b []byte, e []byte) []byte {
		return appendUint(b, uint64(le32(e, 0)))
	})
}

// appendReservedU32s prints field (", padding=") and the __u32 array p in
// hex when any of it is not zero, as strace prints reserved fields.
func appendReservedU32s(b []byte, field string, p []byte) []byte {
	zero := true
	for _, c := range p {
		if c != 0 {
			zero = false
		}
	}
	if zero {
		return b
	}
	b = append(b, field...)
	b = append(b, '[')
	for i := 0; i+4 <= len(p); i += 4 {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendHex(b, uint64(le32(p, i)))
	}
	return append(b, ']')
}

// gpioV2LineConfig prints a struct gpio_v2_line_config.
func (d *Decoder) gpioV2LineConfig(b []byte, p []byte) []byte {
	b = append(b, "{flags="...)
	b = d.flags(b, gpioV2LineFlags, le64(p, 0))
	n := le32(p, 8)
	b = append(b, ", num_attrs="...)
	b = appendUint(b, uint64(n))
	b = appendReservedU32s(b, ", padding=", p[12:32])
	if n != 0 {
		b = append(b, ", attrs="...)
		k := int(min(n, gpioV2NumAttrsMax))
		b = d.appendCmsgArray(b, p[32:32+k*gpioV2LineConfigAttrSize], gpioV2LineConfigAttrSize, func(b []byte, e []byte) []byte {
			b = append(b, '{')
			b = d.gpioV2Attr(b, e, true)
			b = append(b, ", mask="...)
			b = appendHex(b, le64(e, 16))
			return append(b, '}')
		})
	}
	return append(b, '}')
}

// gpioV2Attr prints the fields of a struct gpio_v2_line_attribute by its
// id; an unknown id or a non-zero padding prints it raw (as attr={...}
// when it is a field of a config attribute).
func (d *Decoder) gpioV2Attr(b []byte, p []byte, field bool) []byte {
	id, pad := le32(p, 0), le32(p, 4)
	if pad == 0 {
		switch id {
		case gpioV2AttrFlags:
			b = append(b, "flags="...)
			return d.flags(b, gpioV2LineFlags, le64(p, 8))
		case gpioV2AttrValues:
			b = append(b, "values="...)
			return appendHex(b, le64(p, 8))
		case gpioV2AttrDebounce:
			b = append(b, "debounce_period_us="...)
			return appendUint(b, uint64(le32(p, 8)))
		}
	}
	if field {
		b = append(b, "attr={"...)
	}
	b = append(b, "id="...)
	b = appendUint(b, uint64(id))
	if pad != 0 {
		b = append(b, ", padding="...)
		b = appendHex(b, uint64(pad))
	}
	b = append(b, ", data="...)
	b = appendHex(b, le64(p, 8))
	if field {
		b = append(b, '}')
	}
	return b
}
