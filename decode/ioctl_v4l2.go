package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// The Video4Linux2 requests (linux/videodev2.h, type 'V') strace decodes,
// as x86_64 numbers them.
const (
	reqVQueryCap         = 0x80685600
	reqVEnumFmt          = 0xc0405602
	reqVGFmt             = 0xc0d05604
	reqVSFmt             = 0xc0d05605
	reqVTryFmt           = 0xc0d05640
	reqVReqBufs          = 0xc0145608
	reqVQueryBuf         = 0xc0585609
	reqVQBuf             = 0xc058560f
	reqVDQBuf            = 0xc0585611
	reqVGFBuf            = 0x8030560a
	reqVSFBuf            = 0x4030560b
	reqVStreamOn         = 0x40045612
	reqVStreamOff        = 0x40045613
	reqVGParm            = 0xc0cc5615
	reqVSParm            = 0xc0cc5616
	reqVGStd             = 0x80085617
	reqVSStd             = 0x40085618
	reqVEnumStd          = 0xc0485619
	reqVEnumInput        = 0xc050561a
	reqVGCtrl            = 0xc008561b
	reqVSCtrl            = 0xc008561c
	reqVGTuner           = 0xc054561d
	reqVSTuner           = 0x4054561e
	reqVQueryCtrl        = 0xc0445624
	reqVQueryExtCtrl     = 0xc0e85667
	reqVGInput           = 0x80045626
	reqVSInput           = 0xc0045627
	reqVCropCap          = 0xc02c563a
	reqVGCrop            = 0xc014563b
	reqVSCrop            = 0x4014563c
	reqVGExtCtrls        = 0xc0205647
	reqVSExtCtrls        = 0xc0205648
	reqVTryExtCtrls      = 0xc0205649
	reqVEnumFrameSizes   = 0xc02c564a
	reqVEnumFrameIntvals = 0xc034564b
	reqVCreateBufs       = 0xc100565c
)

// Sizes of the structs (x86_64) and values the decoders need.
const (
	v4l2CapabilitySize   = 104
	v4l2FmtDescSize      = 64
	v4l2FormatSize       = 208
	v4l2ReqBufsSize      = 20
	v4l2BufferSize       = 88
	v4l2FramebufferSize  = 48
	v4l2StreamParmSize   = 204
	v4l2StandardSize     = 72
	v4l2InputSize        = 80
	v4l2ControlSize      = 8
	v4l2TunerSize        = 84
	v4l2QueryCtrlSize    = 68
	v4l2QueryExtCtrlSize = 232
	v4l2CropCapSize      = 44
	v4l2CropSize         = 20
	v4l2ExtCtrlsSize     = 32
	v4l2ExtCtrlSize      = 20
	v4l2FrmSizeEnumSize  = 44
	v4l2FrmIvalEnumSize  = 52
	v4l2CreateBufsSize   = 256
	v4l2ClipSize         = 24
	v4l2MemoryMMAP       = 1
	v4l2MemoryUserPtr    = 2
	v4l2TimestampMask    = 0xe000
	v4l2TstampSrcMask    = 0x70000
	v4l2NextFlagsMask    = 0xc0000000
)

func init() {
	ioctlFamilies['V'] = v4l2Ioctl
	ioctlRets[reqVCreateBufs] = v4l2CreateBufsRet
}

// v4l2Ioctl decodes the V4L2 requests as strace's v4l2.c. At exit it
// decides again, from the request and the captures, whether the entry
// left anything for the exit.
func v4l2Ioctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	if !d.verboseCall(ev) {
		// strace's v4l2_ioctl: the argument in hex.
		return b, ioctlResUnknown
	}
	if exit {
		if r := entryOutcome(d, v4l2Decode, ev, code); r != ioctlResLater {
			return b, r
		}
	}
	return v4l2Decode(d, b, ev, code, exit)
}

// v4l2Decode is v4l2Ioctl's decoding of the entry (exit false) or the exit.
func v4l2Decode(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqVQueryCap:
		return v4l2Getter(d, b, ev, exit, v4l2CapabilitySize, d.v4l2Capability)
	case reqVEnumFmt:
		return v4l2FmtDesc(d, b, ev, exit)
	case reqVGFmt, reqVSFmt, reqVTryFmt:
		return v4l2Format(d, b, ev, exit, code == reqVGFmt)
	case reqVReqBufs:
		return v4l2ReqBufs(d, b, ev, exit)
	case reqVQueryBuf, reqVQBuf, reqVDQBuf:
		return v4l2Buffer(d, b, ev, exit, code == reqVDQBuf)
	case reqVGFBuf:
		return v4l2Getter(d, b, ev, exit, v4l2FramebufferSize, v4l2Framebuffer)
	case reqVSFBuf:
		return v4l2Setter(d, b, ev, v4l2FramebufferSize, v4l2Framebuffer)
	case reqVStreamOn, reqVStreamOff:
		return v4l2Setter(d, b, ev, 4, func(b []byte, p []byte) []byte {
			b = append(b, '[')
			b = d.enum(b, v4l2BufTypes, uint64(le32(p, 0)))
			return append(b, ']')
		})
	case reqVGParm, reqVSParm:
		return v4l2StreamParm(d, b, ev, exit, code == reqVGParm)
	case reqVGStd:
		return v4l2Getter(d, b, ev, exit, 8, v4l2Std)
	case reqVSStd:
		return v4l2Setter(d, b, ev, 8, v4l2Std)
	case reqVEnumStd:
		return v4l2Indexed(d, b, ev, exit, v4l2StandardSize, func(b []byte, p []byte) []byte {
			b = append(b, ", name="...)
			b = d.appendFixedCString(b, p[16:40])
			b = append(b, ", frameperiod="...)
			b = appendFract(b, p, 40)
			b = append(b, ", framelines="...)
			return appendUint(b, uint64(le32(p, 48)))
		})
	case reqVEnumInput:
		return v4l2Indexed(d, b, ev, exit, v4l2InputSize, func(b []byte, p []byte) []byte {
			b = append(b, ", name="...)
			b = d.appendFixedCString(b, p[4:36])
			b = append(b, ", type="...)
			return d.enum(b, v4l2InputTypes, uint64(le32(p, 36)))
		})
	case reqVGCtrl, reqVSCtrl:
		return v4l2Control(d, b, ev, exit, code == reqVGCtrl)
	case reqVGTuner, reqVSTuner:
		return v4l2Tuner(d, b, ev, exit, code == reqVGTuner)
	case reqVQueryCtrl, reqVQueryExtCtrl:
		return v4l2QueryCtrl(d, b, ev, exit, code == reqVQueryExtCtrl)
	case reqVGInput:
		return v4l2Getter(d, b, ev, exit, 4, v4l2Uint)
	case reqVSInput:
		return v4l2Setter(d, b, ev, 4, v4l2Uint)
	case reqVCropCap:
		return v4l2Typed(d, b, ev, exit, v4l2CropCapSize, func(b []byte, p []byte) []byte {
			b = append(b, ", bounds="...)
			b = appendV4l2Rect(b, p[4:])
			b = append(b, ", defrect="...)
			b = appendV4l2Rect(b, p[20:])
			b = append(b, ", pixelaspect="...)
			return appendFract(b, p, 36)
		})
	case reqVGCrop:
		return v4l2Typed(d, b, ev, exit, v4l2CropSize, func(b []byte, p []byte) []byte {
			b = append(b, ", c="...)
			return appendV4l2Rect(b, p[4:])
		})
	case reqVSCrop:
		return v4l2Setter(d, b, ev, v4l2CropSize, func(b []byte, p []byte) []byte {
			b = append(b, "{type="...)
			b = d.enum(b, v4l2BufTypes, uint64(le32(p, 0)))
			b = append(b, ", c="...)
			b = appendV4l2Rect(b, p[4:])
			return append(b, '}')
		})
	case reqVSExtCtrls, reqVTryExtCtrls, reqVGExtCtrls:
		return v4l2ExtCtrls(d, b, ev, exit, code == reqVGExtCtrls)
	case reqVEnumFrameSizes:
		return v4l2FrmSizeEnum(d, b, ev, exit)
	case reqVEnumFrameIntvals:
		return v4l2FrmIvalEnum(d, b, ev, exit)
	case reqVCreateBufs:
		return v4l2CreateBufs(d, b, ev, exit)
	}
	return b, ioctlResUnknown
}

// v4l2Getter decodes a request whose object of size bytes strace prints
// at exit only.
func v4l2Getter(d *Decoder, b []byte, ev *trace.Event, exit bool, size int, print func(b []byte, p []byte) []byte) ([]byte, ioctlRes) {
	if !exit {
		return d.sep(b), ioctlResLater
	}
	b, p, ok := ioctlArg(b, ev, size, true)
	if ok {
		b = print(b, p)
	}
	return b, ioctlResDone
}

// v4l2Setter decodes a request whose object of size bytes strace prints
// at entry only.
func v4l2Setter(d *Decoder, b []byte, ev *trace.Event, size int, print func(b []byte, p []byte) []byte) ([]byte, ioctlRes) {
	b, p, ok := ioctlArg(d.sep(b), ev, size, false)
	if ok {
		b = print(b, p)
	}
	return b, ioctlResDone
}

// v4l2Open prints, at entry, the argument's address when its size bytes
// cannot be read (then the request is done), or "{".
func v4l2Open(d *Decoder, b []byte, ev *trace.Event, size int) ([]byte, []byte, bool) {
	b, p, ok := ioctlArg(d.sep(b), ev, size, false)
	if !ok {
		return b, nil, false
	}
	return append(b, '{'), p, true
}

// v4l2Out returns, at exit, the argument's size bytes when the call
// succeeded and they could be read.
func v4l2Out(ev *trace.Event, size int) ([]byte, bool) {
	if failed(ev) {
		return nil, false
	}
	return ioctlData(ev, size)
}

// v4l2Indexed decodes a struct whose index strace prints at entry and
// the rest (print, from ", ") at exit.
func v4l2Indexed(d *Decoder, b []byte, ev *trace.Event, exit bool, size int, print func(b []byte, p []byte) []byte) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, size)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "index="...)
		return appendUint(b, uint64(le32(p, 0))), ioctlResLater
	}
	if p, ok := v4l2Out(ev, size); ok {
		b = print(b, p)
	}
	return append(b, '}'), ioctlResDone
}

// v4l2Typed decodes a struct whose buffer type strace prints at entry and
// the rest (print, from ", ") at exit.
func v4l2Typed(d *Decoder, b []byte, ev *trace.Event, exit bool, size int, print func(b []byte, p []byte) []byte) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, size)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "type="...)
		return d.enum(b, v4l2BufTypes, uint64(le32(p, 0))), ioctlResLater
	}
	if p, ok := v4l2Out(ev, size); ok {
		b = print(b, p)
	}
	return append(b, '}'), ioctlResDone
}

// v4l2Uint prints an unsigned int as [N].
func v4l2Uint(b []byte, p []byte) []byte {
	b = append(b, '[')
	b = appendUint(b, uint64(le32(p, 0)))
	return append(b, ']')
}

// v4l2Std prints a v4l2_std_id as [0x...].
func v4l2Std(b []byte, p []byte) []byte {
	b = append(b, '[')
	b = appendHex(b, le64(p, 0))
	return append(b, ']')
}

// appendFract prints the struct v4l2_fract at off as N/D.
func appendFract(b []byte, p []byte, off int) []byte {
	b = appendUint(b, uint64(le32(p, off)))
	b = append(b, '/')
	return appendUint(b, uint64(le32(p, off+4)))
}

// appendV4l2Rect prints a struct v4l2_rect.
func appendV4l2Rect(b []byte, p []byte) []byte {
	b = append(b, "{left="...)
	b = appendInt(b, int64(int32(le32(p, 0))))
	b = append(b, ", top="...)
	b = appendInt(b, int64(int32(le32(p, 4))))
	b = append(b, ", width="...)
	b = appendUint(b, uint64(le32(p, 8)))
	b = append(b, ", height="...)
	b = appendUint(b, uint64(le32(p, 12)))
	return append(b, '}')
}

// v4l2Fourcc prints a pixel format as strace's print_pixelformat:
// v4l2_fourcc('a', 'b', 'c', 'd') with its name from x (if any) in a
// comment, or the number under -X raw.
func (d *Decoder) v4l2Fourcc(b []byte, v uint32, x *xlat) []byte {
	if d.opts.Xlat == XlatRaw {
		return appendHex(b, uint64(v))
	}
	b = append(b, "v4l2_fourcc("...)
	for i := 0; i < 4; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		c := byte(v >> (8 * i))
		b = append(b, '\'')
		switch {
		case c >= ' ' && c < 0x7f:
			if c == '\'' || c == '\\' {
				b = append(b, '\\')
			}
			b = append(b, c)
		default:
			b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
		}
		b = append(b, '\'')
	}
	b = append(b, ')')
	if x != nil {
		if s, ok := x.lookup(uint64(v)); ok {
			b = appendComment(b, s)
		}
	}
	return b
}

// v4l2KernelVersion prints a version as strace's print_kernel_version:
// KERNEL_VERSION(a, b, c), restyled by -X.
func (d *Decoder) v4l2KernelVersion(b []byte, v uint32) []byte {
	if d.opts.Xlat != XlatAbbrev {
		b = appendHex(b, uint64(v))
		if d.opts.Xlat == XlatRaw {
			return b
		}
		b = append(b, " /* "...)
	}
	b = append(b, "KERNEL_VERSION("...)
	b = appendUint(b, uint64(v>>16))
	b = append(b, ", "...)
	b = appendUint(b, uint64((v>>8)&0xff))
	b = append(b, ", "...)
	b = appendUint(b, uint64(v&0xff))
	b = append(b, ')')
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}

// v4l2Capability prints a struct v4l2_capability.
func (d *Decoder) v4l2Capability(b []byte, p []byte) []byte {
	b = append(b, "{driver="...)
	b = d.appendFixedCString(b, p[0:16])
	b = append(b, ", card="...)
	b = d.appendFixedCString(b, p[16:48])
	b = append(b, ", bus_info="...)
	b = d.appendFixedCString(b, p[48:80])
	b = append(b, ", version="...)
	b = d.v4l2KernelVersion(b, le32(p, 80))
	b = append(b, ", capabilities="...)
	b = d.flags(b, v4l2DeviceCapabilitiesFlags, uint64(le32(p, 84)))
	if dc := le32(p, 88); dc != 0 {
		b = append(b, ", device_caps="...)
		b = d.flags(b, v4l2DeviceCapabilitiesFlags, uint64(dc))
	}
	return append(b, '}')
}

// v4l2FmtDesc decodes VIDIOC_ENUM_FMT's struct v4l2_fmtdesc.
func v4l2FmtDesc(d *Decoder, b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, v4l2FmtDescSize)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "index="...)
		b = appendUint(b, uint64(le32(p, 0)))
		b = append(b, ", type="...)
		return d.enum(b, v4l2BufTypes, uint64(le32(p, 4))), ioctlResLater
	}
	if p, ok := v4l2Out(ev, v4l2FmtDescSize); ok {
		b = append(b, ", flags="...)
		b = d.flags(b, v4l2FormatDescriptionFlags, uint64(le32(p, 8)))
		b = append(b, ", description="...)
		b = d.appendFixedCString(b, p[12:44])
		b = append(b, ", pixelformat="...)
		b = d.v4l2Fourcc(b, le32(p, 44), v4l2PixFmts)
	}
	return append(b, '}'), ioctlResDone
}

// v4l2ReqBufs decodes VIDIOC_REQBUFS's struct v4l2_requestbuffers.
func v4l2ReqBufs(d *Decoder, b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, v4l2ReqBufsSize)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "type="...)
		b = d.enum(b, v4l2BufTypes, uint64(le32(p, 4)))
		b = append(b, ", memory="...)
		b = d.enum(b, v4l2Memories, uint64(le32(p, 8)))
		b = append(b, ", count="...)
		return appendUint(b, uint64(le32(p, 0))), ioctlResLater
	}
	if p, ok := v4l2Out(ev, v4l2ReqBufsSize); ok {
		b = append(b, " => "...)
		b = appendUint(b, uint64(le32(p, 0)))
	}
	return append(b, '}'), ioctlResDone
}

// v4l2Buffer decodes VIDIOC_QUERYBUF, VIDIOC_QBUF and VIDIOC_DQBUF's
// struct v4l2_buffer.
func v4l2Buffer(d *Decoder, b []byte, ev *trace.Event, exit, dq bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, v4l2BufferSize)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "type="...)
		b = d.enum(b, v4l2BufTypes, uint64(le32(p, 4)))
		if !dq {
			b = append(b, ", index="...)
			b = appendUint(b, uint64(le32(p, 0)))
		}
		return b, ioctlResLater
	}
	if p, ok := v4l2Out(ev, v4l2BufferSize); ok {
		if dq {
			b = append(b, ", index="...)
			b = appendUint(b, uint64(le32(p, 0)))
		}
		mem := le32(p, 60)
		b = append(b, ", memory="...)
		b = d.enum(b, v4l2Memories, uint64(mem))
		switch mem {
		case v4l2MemoryMMAP:
			b = append(b, ", m.offset="...)
			b = appendHex(b, uint64(le32(p, 64)))
		case v4l2MemoryUserPtr:
			b = append(b, ", m.userptr="...)
			b = appendPtr(b, le64(p, 64))
		}
		b = append(b, ", length="...)
		b = appendUint(b, uint64(le32(p, 72)))
		b = append(b, ", bytesused="...)
		b = appendUint(b, uint64(le32(p, 8)))
		b = append(b, ", flags="...)
		b = d.v4l2BufFlags(b, le32(p, 12))
		if dq {
			b = append(b, ", timestamp="...)
			b = appendTimeval(b, p[24:40])
		}
		b = append(b, ", ..."...)
	}
	return append(b, '}'), ioctlResDone
}

// v4l2BufFlags prints a buffer's flags as strace's
// print_v4l2_buffer_flags: the flags, then the timestamp type and source.
func (d *Decoder) v4l2BufFlags(b []byte, v uint32) []byte {
	if d.opts.Xlat == XlatRaw {
		return appendHex(b, uint64(v))
	}
	tsType := v & v4l2TimestampMask
	tsSrc := v & v4l2TstampSrcMask
	if fl := v &^ tsType &^ tsSrc; fl != 0 {
		b = d.flags(b, v4l2BufFlags, uint64(fl))
		b = append(b, '|')
	}
	b = d.enum(b, v4l2BufFlagsTsType, uint64(tsType))
	b = append(b, '|')
	return d.enum(b, v4l2BufFlagsTsSrc, uint64(tsSrc))
}

// v4l2Framebuffer prints a struct v4l2_framebuffer's leading fields.
func v4l2Framebuffer(b []byte, p []byte) []byte {
	b = append(b, "{capability="...)
	b = appendHex(b, uint64(le32(p, 0)))
	b = append(b, ", flags="...)
	b = appendHex(b, uint64(le32(p, 4)))
	b = append(b, ", base="...)
	b = appendPtr(b, le64(p, 8))
	return append(b, '}')
}

// v4l2Control decodes VIDIOC_G_CTRL and VIDIOC_S_CTRL's struct
// v4l2_control.
func v4l2Control(d *Decoder, b []byte, ev *trace.Event, exit, get bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, v4l2ControlSize)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "id="...)
		b = d.v4l2Cid(b, le32(p, 0), false)
		if !get {
			b = append(b, ", value="...)
			b = appendInt(b, int64(int32(le32(p, 4))))
		}
		return b, ioctlResLater
	}
	if p, ok := v4l2Out(ev, v4l2ControlSize); ok {
		if get {
			b = append(b, ", value="...)
		} else {
			b = append(b, " => "...)
		}
		b = appendInt(b, int64(int32(le32(p, 4))))
	}
	return append(b, '}'), ioctlResDone
}

// v4l2Cid prints a control id as strace's print_v4l2_cid: the
// V4L2_CTRL_FLAG_NEXT_* flags (when next), then its name, or its class
// and offset in it.
func (d *Decoder) v4l2Cid(b []byte, cid uint32, next bool) []byte {
	if d.opts.Xlat == XlatRaw {
		return appendHex(b, uint64(cid))
	}
	if next {
		if fl := cid & v4l2NextFlagsMask; fl != 0 {
			b = d.flags(b, v4l2ControlQueryFlags, uint64(fl))
			b = append(b, '|')
			cid &^= fl
		}
	}
	mark := len(b)
	if s, ok := v4l2ControlIds.lookup(uint64(cid)); ok {
		b = append(b, s...)
		return d.restyle(b, mark, uint64(cid), numHex)
	}
	var class xv
	for _, e := range v4l2ControlClasses.vals {
		if e.v <= uint64(cid) && e.v >= class.v {
			class = e
		}
	}
	if class.s == "" || uint64(cid)-class.v >= 0x10000 {
		b = appendHex(b, uint64(cid))
		return appendComment(b, "V4L2_CID_???")
	}
	b = append(b, class.s...)
	b = append(b, '+')
	b = appendHex(b, uint64(cid)-class.v)
	return d.restyle(b, mark, uint64(cid), numHex)
}

// v4l2Tuner decodes VIDIOC_G_TUNER and VIDIOC_S_TUNER's struct
// v4l2_tuner.
func v4l2Tuner(d *Decoder, b []byte, ev *trace.Event, exit, get bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, v4l2TunerSize)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "index="...)
		b = appendUint(b, uint64(le32(p, 0)))
		if get {
			return b, ioctlResLater
		}
		return d.v4l2TunerFields(append(b, ", "...), p), ioctlResLater
	}
	if p, ok := v4l2Out(ev, v4l2TunerSize); ok {
		if get {
			b = append(b, ", "...)
		} else {
			b = append(b, "} => {"...)
		}
		b = d.v4l2TunerFields(b, p)
	}
	return append(b, '}'), ioctlResDone
}

// v4l2TunerFields prints a struct v4l2_tuner's fields after its index.
func (d *Decoder) v4l2TunerFields(b []byte, p []byte) []byte {
	b = append(b, "name="...)
	b = d.appendFixedCString(b, p[4:36])
	b = append(b, ", type="...)
	b = d.enum(b, v4l2TunerTypes, uint64(le32(p, 36)))
	b = append(b, ", capability="...)
	b = d.flags(b, v4l2TunerCapabilities, uint64(le32(p, 40)))
	b = append(b, ", rangelow="...)
	b = appendUint(b, uint64(le32(p, 44)))
	b = append(b, ", rangehigh="...)
	b = appendUint(b, uint64(le32(p, 48)))
	b = append(b, ", rxsubchans="...)
	b = d.flags(b, v4l2TunerRxsubchanses, uint64(le32(p, 52)))
	b = append(b, ", audmode="...)
	b = d.enum(b, v4l2TunerAudmodes, uint64(le32(p, 56)))
	b = append(b, ", signal="...)
	b = appendInt(b, int64(int32(le32(p, 60))))
	b = append(b, ", afc="...)
	return appendInt(b, int64(int32(le32(p, 64))))
}

// v4l2QueryCtrl decodes VIDIOC_QUERYCTRL's struct v4l2_queryctrl and
// (ext) VIDIOC_QUERY_EXT_CTRL's struct v4l2_query_ext_ctrl.
func v4l2QueryCtrl(d *Decoder, b []byte, ev *trace.Event, exit, ext bool) ([]byte, ioctlRes) {
	size := v4l2QueryCtrlSize
	if ext {
		size = v4l2QueryExtCtrlSize
	}
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, size)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "id="...)
		return d.v4l2Cid(b, le32(p, 0), true), ioctlResLater
	}
	p, ok := v4l2Out(ev, size)
	if !ok {
		return append(b, '}'), ioctlResDone
	}
	b = append(b, ", type="...)
	b = d.enum(b, v4l2ControlTypes, uint64(le32(p, 4)))
	b = append(b, ", name="...)
	b = d.appendFixedCString(b, p[8:40])
	if !d.opts.Verbose {
		return append(b, ", ...}"...), ioctlResDone
	}
	if !ext {
		for i, name := range [...]string{"minimum", "maximum", "step", "default_value"} {
			b = append(b, ", "...)
			b = append(b, name...)
			b = append(b, '=')
			b = appendInt(b, int64(int32(le32(p, 40+4*i))))
		}
		b = append(b, ", flags="...)
		b = d.flags(b, v4l2ControlFlags, uint64(le32(p, 56)))
		b = v4l2Reserved(b, p[60:68])
		return append(b, '}'), ioctlResDone
	}
	b = append(b, ", minimum="...)
	b = appendInt(b, int64(le64(p, 40)))
	b = append(b, ", maximum="...)
	b = appendInt(b, int64(le64(p, 48)))
	b = append(b, ", step="...)
	b = appendUint(b, le64(p, 56))
	b = append(b, ", default_value="...)
	b = appendInt(b, int64(le64(p, 64)))
	b = append(b, ", flags="...)
	b = d.flags(b, v4l2ControlFlags, uint64(le32(p, 72)))
	b = append(b, ", elem_size="...)
	b = appendUint(b, uint64(le32(p, 76)))
	b = append(b, ", elems="...)
	b = appendUint(b, uint64(le32(p, 80)))
	dims := le32(p, 84)
	b = append(b, ", nr_of_dims="...)
	b = appendUint(b, uint64(dims))
	b = append(b, ", dims="...)
	b = appendUintsUpto(b, p[88:104], dims)
	b = v4l2Reserved(b, p[104:232])
	return append(b, '}'), ioctlResDone
}

// appendUintsUpto prints the first n (at most all) of the unsigned ints
// in p as strace's PRINT_FIELD_ARRAY_UPTO: [a, b, ...].
func appendUintsUpto(b []byte, p []byte, n uint32) []byte {
	b = append(b, '[')
	for i := 0; i < len(p)/4 && uint32(i) < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendUint(b, uint64(le32(p, 4*i)))
	}
	return append(b, ']')
}

// v4l2Reserved prints ", reserved=[0x.., ...]" when the reserved ints in
// p are not all zero.
func v4l2Reserved(b []byte, p []byte) []byte {
	zero := true
	for _, c := range p {
		if c != 0 {
			zero = false
		}
	}
	if zero {
		return b
	}
	b = append(b, ", reserved=["...)
	for i := 0; i < len(p)/4; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendHex(b, uint64(le32(p, 4*i)))
	}
	return append(b, ']')
}

// v4l2FrmSizeEnum decodes VIDIOC_ENUM_FRAMESIZES's struct
// v4l2_frmsizeenum.
func v4l2FrmSizeEnum(d *Decoder, b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, v4l2FrmSizeEnumSize)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "index="...)
		b = appendUint(b, uint64(le32(p, 0)))
		b = append(b, ", pixel_format="...)
		return d.v4l2Fourcc(b, le32(p, 4), v4l2PixFmts), ioctlResLater
	}
	if p, ok := v4l2Out(ev, v4l2FrmSizeEnumSize); ok {
		typ := le32(p, 8)
		b = append(b, ", type="...)
		b = d.enum(b, v4l2FramesizeTypes, uint64(typ))
		switch typ {
		case 1:
			b = append(b, ", discrete="...)
			b = appendNamedUints(b, p[12:], "width", "height")
		case 3:
			b = append(b, ", stepwise="...)
			b = appendNamedUints(b, p[12:], "min_width", "max_width", "step_width", "min_height", "max_height", "step_height")
		}
	}
	return append(b, '}'), ioctlResDone
}

// appendNamedUints prints consecutive unsigned ints of p as a struct of
// the named fields.
func appendNamedUints(b []byte, p []byte, names ...string) []byte {
	b = append(b, '{')
	for i, name := range names {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, name...)
		b = append(b, '=')
		b = appendUint(b, uint64(le32(p, 4*i)))
	}
	return append(b, '}')
}

// v4l2FrmIvalEnum decodes VIDIOC_ENUM_FRAMEINTERVALS's struct
// v4l2_frmivalenum.
func v4l2FrmIvalEnum(d *Decoder, b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, v4l2FrmIvalEnumSize)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "index="...)
		b = appendUint(b, uint64(le32(p, 0)))
		b = append(b, ", pixel_format="...)
		b = d.v4l2Fourcc(b, le32(p, 4), v4l2PixFmts)
		b = append(b, ", width="...)
		b = appendUint(b, uint64(le32(p, 8)))
		b = append(b, ", height="...)
		return appendUint(b, uint64(le32(p, 12))), ioctlResLater
	}
	if p, ok := v4l2Out(ev, v4l2FrmIvalEnumSize); ok {
		typ := le32(p, 16)
		b = append(b, ", type="...)
		b = d.enum(b, v4l2FrameintervalTypes, uint64(typ))
		switch typ {
		case 1:
			b = append(b, ", discrete="...)
			b = appendFract(b, p, 20)
		case 2, 3:
			b = append(b, ", stepwise={min="...)
			b = appendFract(b, p, 20)
			b = append(b, ", max="...)
			b = appendFract(b, p, 28)
			b = append(b, ", step="...)
			b = appendFract(b, p, 36)
			b = append(b, '}')
		}
	}
	return append(b, '}'), ioctlResDone
}
