package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// The buffer types (enum v4l2_buf_type) whose format unions strace
// decodes.
const (
	v4l2BufVideoCapture       = 1
	v4l2BufVideoOutput        = 2
	v4l2BufVideoOverlay       = 3
	v4l2BufVBICapture         = 4
	v4l2BufVBIOutput          = 5
	v4l2BufSlicedVBICapture   = 6
	v4l2BufSlicedVBIOutput    = 7
	v4l2BufVideoOutputOverlay = 8
	v4l2BufVideoCaptureMplane = 9
	v4l2BufVideoOutputMplane  = 10
	v4l2BufSDRCapture         = 11
	v4l2BufSDROutput          = 12
	v4l2BufMetaCapture        = 13
	v4l2BufMetaOutput         = 14
	v4l2PlaneFmtSize          = 20
	v4l2MaxPlanes             = 8
)

// v4l2Format decodes VIDIOC_G_FMT, VIDIOC_S_FMT and VIDIOC_TRY_FMT's
// struct v4l2_format: the type at entry, the setters' format at entry and
// (after " => ") at exit, the getter's at exit.
func v4l2Format(d *Decoder, b []byte, ev *trace.Event, exit, get bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, v4l2FormatSize)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "type="...)
		b = d.enum(b, v4l2BufTypes, uint64(le32(p, 0)))
		if get {
			return b, ioctlResLater
		}
		b, ok = d.v4l2FormatFmt(b, ev, p, ", ")
		if !ok {
			return append(b, '}'), ioctlResDone
		}
		return b, ioctlResLater
	}
	if p, ok := v4l2Out(ev, v4l2FormatSize); ok {
		prefix := "} => {"
		if get {
			prefix = ", "
		}
		b, _ = d.v4l2FormatFmt(b, ev, p, prefix)
	}
	return append(b, '}'), ioctlResDone
}

// v4l2FormatFmt prints prefix and the member of a struct v4l2_format's
// union its type selects, as strace's print_v4l2_format_fmt; ok is false
// when the type has none or the clips could not all be printed.
func (d *Decoder) v4l2FormatFmt(b []byte, ev *trace.Event, p []byte, prefix string) ([]byte, bool) {
	f := p[8:]
	switch le32(p, 0) {
	case v4l2BufVideoCapture, v4l2BufVideoOutput:
		b = append(b, prefix...)
		b = d.v4l2PixHead(append(b, "fmt.pix={"...), f)
		b = append(b, ", bytesperline="...)
		b = appendUint(b, uint64(le32(f, 16)))
		b = append(b, ", sizeimage="...)
		b = appendUint(b, uint64(le32(f, 20)))
		b = append(b, ", colorspace="...)
		b = d.enum(b, v4l2Colorspaces, uint64(le32(f, 24)))
		return append(b, '}'), true
	case v4l2BufVideoCaptureMplane, v4l2BufVideoOutputMplane:
		b = append(b, prefix...)
		b = d.v4l2PixHead(append(b, "fmt.pix_mp={"...), f)
		b = append(b, ", colorspace="...)
		b = d.enum(b, v4l2Colorspaces, uint64(le32(f, 16)))
		n := f[20+v4l2MaxPlanes*v4l2PlaneFmtSize]
		b = append(b, ", plane_fmt=["...)
		for i := 0; i < int(n) && i < v4l2MaxPlanes; i++ {
			if i > 0 {
				b = append(b, ", "...)
			}
			e := f[20+i*v4l2PlaneFmtSize:]
			b = append(b, "{sizeimage="...)
			b = appendUint(b, uint64(le32(e, 0)))
			b = append(b, ", bytesperline="...)
			b = appendUint(b, uint64(le32(e, 4)))
			b = append(b, '}')
		}
		b = append(b, "], num_planes="...)
		b = appendUint(b, uint64(n))
		return append(b, '}'), true
	case v4l2BufVideoOutputOverlay, v4l2BufVideoOverlay:
		b = append(b, prefix...)
		return d.v4l2Window(b, ev, f)
	case v4l2BufVBICapture, v4l2BufVBIOutput:
		b = append(b, prefix...)
		b = append(b, "fmt.vbi={sampling_rate="...)
		b = appendUint(b, uint64(le32(f, 0)))
		b = append(b, ", offset="...)
		b = appendUint(b, uint64(le32(f, 4)))
		b = append(b, ", samples_per_line="...)
		b = appendUint(b, uint64(le32(f, 8)))
		b = append(b, ", sample_format="...)
		b = d.v4l2Fourcc(b, le32(f, 12), v4l2PixFmts)
		b = append(b, ", start=["...)
		b = appendInt(b, int64(int32(le32(f, 16))))
		b = append(b, ", "...)
		b = appendInt(b, int64(int32(le32(f, 20))))
		b = append(b, "], count=["...)
		b = appendUint(b, uint64(le32(f, 24)))
		b = append(b, ", "...)
		b = appendUint(b, uint64(le32(f, 28)))
		b = append(b, "], flags="...)
		b = d.flags(b, v4l2VbiFlags, uint64(le32(f, 32)))
		return append(b, '}'), true
	case v4l2BufSlicedVBICapture, v4l2BufSlicedVBIOutput:
		b = append(b, prefix...)
		b = append(b, "fmt.sliced={service_set="...)
		b = d.flags(b, v4l2SlicedFlags, uint64(le16(f, 0)))
		b = append(b, ", service_lines=["...)
		for i := 0; i < 2; i++ {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, '[')
			for j := 0; j < 24; j++ {
				if j > 0 {
					b = append(b, ", "...)
				}
				b = appendHex(b, uint64(le16(f, 2+2*(24*i+j))))
			}
			b = append(b, ']')
		}
		b = append(b, "], io_size="...)
		b = appendUint(b, uint64(le32(f, 100)))
		return append(b, '}'), true
	case v4l2BufSDRCapture, v4l2BufSDROutput:
		b = append(b, prefix...)
		b = append(b, "fmt.sdr={pixelformat="...)
		b = d.v4l2Fourcc(b, le32(f, 0), v4l2SdrFmts)
		if n := le32(f, 4); n != 0 {
			b = append(b, ", buffersize="...)
			b = appendUint(b, uint64(n))
		}
		return append(b, '}'), true
	case v4l2BufMetaCapture, v4l2BufMetaOutput:
		b = append(b, prefix...)
		b = append(b, "fmt.meta={dataformat="...)
		b = d.v4l2Fourcc(b, le32(f, 0), v4l2MetaFmts)
		b = append(b, ", buffersize="...)
		b = appendUint(b, uint64(le32(f, 4)))
		return append(b, '}'), true
	}
	return b, false
}

// v4l2Window prints a struct v4l2_window (fmt.win) with its clips, whose
// bytes are the ioctl's nested capture (syscalls.IoctlNestedObjects).
func (d *Decoder) v4l2Window(b []byte, ev *trace.Event, f []byte) ([]byte, bool) {
	b = append(b, "fmt.win={w="...)
	b = appendV4l2Rect(b, f)
	b = append(b, ", field="...)
	b = d.enum(b, v4l2Fields, uint64(le32(f, 16)))
	b = append(b, ", chromakey="...)
	b = appendHex(b, uint64(le32(f, 20)))
	b = append(b, ", clips="...)
	clips, n := le64(f, 24), le32(f, 32)
	mark := len(b)
	b = d.kdArray(b, clips, kdNested(ev), uint64(n), v4l2ClipSize, false, func(b []byte, e []byte) []byte {
		b = append(b, "{c="...)
		b = appendV4l2Rect(b, e)
		return append(b, '}')
	})
	ok := v4l2ArrayWhole(b[mark:], n)
	b = append(b, ", clipcount="...)
	b = appendUint(b, uint64(n))
	b = append(b, ", bitmap="...)
	b = appendPtr(b, le64(f, 40))
	if a := f[48]; a != 0 {
		b = append(b, ", global_alpha="...)
		b = appendHex(b, uint64(a))
	}
	return append(b, '}'), ok
}

// v4l2ArrayWhole tells whether an array of n elements kdArray printed as
// out was printed whole, as strace's print_array reports it (an empty
// one is not).
func v4l2ArrayWhole(out []byte, n uint32) bool {
	if n == 0 {
		return false
	}
	if len(out) == 0 || out[0] != '[' {
		return false
	}
	return !bytesHasSuffix(out, "*/]") && !bytesHasSuffix(out, "...]")
}

// bytesHasSuffix tells whether b ends with s.
func bytesHasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// v4l2StreamParm decodes VIDIOC_G_PARM and VIDIOC_S_PARM's struct
// v4l2_streamparm; only the video capture and output types have their
// parameters printed.
func v4l2StreamParm(d *Decoder, b []byte, ev *trace.Event, exit, get bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, v4l2StreamParmSize)
		if !ok {
			return b, ioctlResDone
		}
		typ := le32(p, 0)
		b = append(b, "type="...)
		b = d.enum(b, v4l2BufTypes, uint64(typ))
		if typ != v4l2BufVideoCapture && typ != v4l2BufVideoOutput {
			return append(b, '}'), ioctlResDone
		}
		if get {
			return b, ioctlResLater
		}
		return d.v4l2Parm(append(b, ", "...), p), ioctlResLater
	}
	if p, ok := v4l2Out(ev, v4l2StreamParmSize); ok {
		if get {
			b = append(b, ", "...)
		} else {
			b = append(b, "} => {"...)
		}
		b = d.v4l2Parm(b, p)
	}
	return append(b, '}'), ioctlResDone
}

// v4l2Parm prints a struct v4l2_streamparm's capture or output
// parameters.
func (d *Decoder) v4l2Parm(b []byte, p []byte) []byte {
	q := p[4:]
	mode, bufs := "capturemode", "readbuffers"
	if le32(p, 0) == v4l2BufVideoCapture {
		b = append(b, "parm.capture={capability="...)
	} else {
		b = append(b, "parm.output={capability="...)
		mode, bufs = "outputmode", "writebuffers"
	}
	b = d.flags(b, v4l2StreamingCapabilities, uint64(le32(q, 0)))
	b = append(b, ", "...)
	b = append(b, mode...)
	b = append(b, '=')
	b = d.flags(b, v4l2CaptureModes, uint64(le32(q, 4)))
	b = append(b, ", timeperframe="...)
	b = appendFract(b, q, 8)
	b = append(b, ", extendedmode="...)
	b = appendHex(b, uint64(le32(q, 16)))
	b = append(b, ", "...)
	b = append(b, bufs...)
	b = append(b, '=')
	b = appendUint(b, uint64(le32(q, 20)))
	return append(b, '}')
}

// v4l2ExtCtrls decodes VIDIOC_S_EXT_CTRLS, VIDIOC_TRY_EXT_CTRLS and
// VIDIOC_G_EXT_CTRLS's struct v4l2_ext_controls, whose controls are the
// ioctl's nested capture. strace prints the controls at exit even when
// the call failed.
func v4l2ExtCtrls(d *Decoder, b []byte, ev *trace.Event, exit, get bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := v4l2Open(d, b, ev, v4l2ExtCtrlsSize)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "ctrl_class="...)
		b = d.enum(b, v4l2ControlClasses, uint64(le32(p, 0)))
		b = append(b, ", count="...)
		b = appendUint(b, uint64(le32(p, 4)))
		if le32(p, 4) == 0 {
			return append(b, '}'), ioctlResDone
		}
		if get {
			return b, ioctlResLater
		}
		b, ok = d.v4l2Controls(append(b, ", "...), ev, p)
		if !ok {
			return append(b, '}'), ioctlResDone
		}
		return b, ioctlResLater
	}
	p, ok := ioctlData(ev, v4l2ExtCtrlsSize)
	if !ok {
		return append(b, '}'), ioctlResDone
	}
	if get {
		b = append(b, ", "...)
	} else {
		b = append(b, "} => {"...)
	}
	b, _ = d.v4l2Controls(b, ev, p)
	if failed(ev) {
		b = append(b, ", error_idx="...)
		b = appendUint(b, uint64(le32(p, 8)))
	}
	return append(b, '}'), ioctlResDone
}

// v4l2Controls prints a struct v4l2_ext_controls's controls; ok is false
// when they could not all be printed.
func (d *Decoder) v4l2Controls(b []byte, ev *trace.Event, p []byte) ([]byte, bool) {
	b = append(b, "controls="...)
	n := le32(p, 4)
	mark := len(b)
	k := 0
	b = d.kdArray(b, le64(p, 24), kdNested(ev), uint64(n), v4l2ExtCtrlSize, false, func(b []byte, e []byte) []byte {
		k++
		b = append(b, "{id="...)
		b = d.enum(b, v4l2ControlIds, uint64(le32(e, 0)))
		size := le32(e, 4)
		b = append(b, ", size="...)
		b = appendUint(b, uint64(size))
		if size > 0 {
			b = append(b, ", string="...)
			b = d.v4l2CtrlString(b, ev, k, le64(e, 12), uint64(size))
		} else {
			b = append(b, ", value="...)
			b = appendInt(b, int64(int32(le32(e, 12))))
			b = append(b, ", value64="...)
			b = appendInt(b, int64(le64(e, 12)))
		}
		return append(b, '}')
	})
	return b, v4l2ArrayWhole(b[mark:], n)
}

// v4l2CreateBufs decodes VIDIOC_CREATE_BUFS's struct v4l2_create_buffers
// at entry; its result is printed by v4l2CreateBufsRet.
func v4l2CreateBufs(d *Decoder, b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	if exit {
		return b, ioctlResDone
	}
	b, p, ok := v4l2Open(d, b, ev, v4l2CreateBufsSize)
	if !ok {
		return b, ioctlResDone
	}
	b = append(b, "count="...)
	b = appendUint(b, uint64(le32(p, 4)))
	b = append(b, ", memory="...)
	b = d.enum(b, v4l2Memories, uint64(le32(p, 8)))
	b = append(b, ", format={type="...)
	b = d.enum(b, v4l2BufTypes, uint64(le32(p, 16)))
	b, _ = d.v4l2FormatFmt(b, ev, p[16:16+v4l2FormatSize], ", ")
	return append(b, "}}"...), ioctlResDone
}

// v4l2CreateBufsRet prints VIDIOC_CREATE_BUFS's successful result with
// the buffers' index and count, as strace's auxstr.
func v4l2CreateBufsRet(d *Decoder, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, ev.Ret)
	p, ok := ioctlData(ev, v4l2CreateBufsSize)
	if !ok {
		return b
	}
	b = append(b, " ({index="...)
	b = appendUint(b, uint64(le32(p, 0)))
	b = append(b, ", count="...)
	b = appendUint(b, uint64(le32(p, 4)))
	return append(b, "})"...)
}

// v4l2CtrlString prints the string of control k (from 1) of a struct
// v4l2_ext_controls, of size bytes at addr, as strace's printstrn: its
// bytes are the ioctl capture's Elem k (syscalls.IoctlNestedStrs).
func (d *Decoder) v4l2CtrlString(b []byte, ev *trace.Event, k int, addr, size uint64) []byte {
	if addr == 0 {
		return append(b, "NULL"...)
	}
	cp, ok := capOK(ev, 2)
	if !ok || k >= len(cp.Elems) || cp.Elems[k].Faulted || uint64(len(cp.Elems[k].Data)) < min(size, uint64(max(d.opts.StringLimit, 0))) {
		return appendPtr(b, addr)
	}
	return d.appendBuf(b, cp.Elems[k].Data, size, false)
}

// v4l2PixHead prints the fields struct v4l2_pix_format and struct
// v4l2_pix_format_mplane begin with: width, height, pixelformat, field.
func (d *Decoder) v4l2PixHead(b []byte, f []byte) []byte {
	b = append(b, "width="...)
	b = appendUint(b, uint64(le32(f, 0)))
	b = append(b, ", height="...)
	b = appendUint(b, uint64(le32(f, 4)))
	b = append(b, ", pixelformat="...)
	b = d.v4l2Fourcc(b, le32(f, 8), v4l2PixFmts)
	b = append(b, ", field="...)
	return d.enum(b, v4l2Fields, uint64(le32(f, 12)))
}
