package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// SG_IO's structs as strace 6.1's sg_io_v3.c and sg_io_v4.c print them:
// the request's fields and the data sent at entry, the answer's fields,
// the data received and the sense or response buffer at exit. The
// capture holds each struct with the objects it points to
// (syscalls.SGIOObjects); the exit's keeps the entry's
// (syscalls.IoctlKeepEntry).

// The value tables of the two structs (xlat/sg_io_*.in, bsg_*.in).
var (
	sgIODxferDirections = &xlat{vals: []xv{
		{uint64(uint32(0xffffffff)), "SG_DXFER_NONE"}, {uint64(uint32(0xfffffffe)), "SG_DXFER_TO_DEV"},
		{uint64(uint32(0xfffffffd)), "SG_DXFER_FROM_DEV"}, {uint64(uint32(0xfffffffc)), "SG_DXFER_TO_FROM_DEV"},
	}, dflt: "SG_DXFER_???"}
	sgIOFlags = &xlat{vals: []xv{
		{1, "SG_FLAG_DIRECT_IO"}, {2, "SG_FLAG_UNUSED_LUN_INHIBIT"}, {4, "SG_FLAG_MMAP_IO"},
		{0x10000, "SG_FLAG_NO_DXFER"}, {0x10, "SG_FLAG_Q_AT_TAIL"}, {0x20, "SG_FLAG_Q_AT_HEAD"},
	}, dflt: "SG_FLAG_???"}
	sgIOInfo        = &xlat{vals: []xv{{1, "SG_INFO_CHECK"}, {2, "SG_INFO_DIRECT_IO"}, {4, "SG_INFO_MIXED_IO"}}, dflt: "SG_INFO_???"}
	bsgProtocols    = &xlat{vals: []xv{{0, "BSG_PROTOCOL_SCSI"}}, dflt: "BSG_PROTOCOL_???"}
	bsgSubprotocols = &xlat{vals: []xv{
		{0, "BSG_SUB_PROTOCOL_SCSI_CMD"}, {1, "BSG_SUB_PROTOCOL_SCSI_TMF"}, {2, "BSG_SUB_PROTOCOL_SCSI_TRANSPORT"},
	}, dflt: "BSG_SUB_PROTOCOL_???"}
	bsgFlags = &xlat{vals: []xv{{0x10, "BSG_FLAG_Q_AT_TAIL"}, {0x20, "BSG_FLAG_Q_AT_HEAD"}}, dflt: "BSG_FLAG_???"}
)

// sgIO decodes SG_IO's argument as strace's scsi_ioctl: its interface id
// when it is neither version's, else the struct of its version, begun at
// entry and ended at exit.
func (d *Decoder) sgIO(b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	addr := ev.Args[2]
	ent, entObjs := ioctlObjects(ev, true)
	data, ok := capBytes(ent, 4)
	if exit {
		// Only a struct the entry began (its version's, read whole).
		if addr == 0 || syscalls.SGIOVersion(data) < 0 {
			return b, ioctlResDone
		}
		return d.sgIOExit(b, ev, data), ioctlResDone
	}
	b = d.sep(b)
	switch {
	case addr == 0:
		return append(b, "NULL"...), ioctlResDone
	case !ok:
		return appendPtr(b, addr), ioctlResDone
	}
	id, size := le32(data, 0), 0
	switch id {
	case syscalls.SGIOV3ID:
		b, size = append(b, "{interface_id='S', "...), syscalls.SGIOV3Size
	case syscalls.SGIOV4ID:
		b, size = append(b, "{guard='Q', "...), syscalls.SGIOV4Size
	default:
		b = append(b, '[')
		b = appendUint(b, uint64(id))
		return append(b, ']'), ioctlResDone
	}
	if len(data) < size {
		// The rest of the struct could not be read.
		b = appendPtr(b, addr+4)
		return append(b, '}'), ioctlResDone
	}
	objs := syscalls.SGIOObjects(data, false)
	if id == syscalls.SGIOV3ID {
		return d.sgIOV3Request(b, data, objs, entObjs), ioctlResLater
	}
	return d.sgIOV4Request(b, data, objs, entObjs), ioctlResLater
}

// sgIOObject prints object j of objs, captured as elems[j] (when there).
func (d *Decoder) sgIOObject(b []byte, name string, objs [2]syscalls.SGIOObject, j int, elems []trace.Capture) []byte {
	b = append(b, name...)
	b = append(b, '=')
	o := objs[j]
	var c *trace.Capture
	if j < len(elems) {
		c = &elems[j]
	}
	if o.Iovecs != 0 {
		if c == nil {
			c = &trace.Capture{}
		}
		return d.appendIovecCapture(b, o.Ptr, c, uint64(o.Iovecs), o.Len)
	}
	return d.appendForcedHex(b, o.Ptr, o.Len, c)
}

// sgIOV3Request prints a struct sg_io_hdr's request at entry.
func (d *Decoder) sgIOV3Request(b []byte, p []byte, objs [2]syscalls.SGIOObject, elems []trace.Capture) []byte {
	b = append(b, "dxfer_direction="...)
	b = d.enum(b, sgIODxferDirections, uint64(le32(p, syscalls.SGIOV3Dir)))
	b = append(b, ", cmd_len="...)
	b = appendUint(b, uint64(p[syscalls.SGIOV3CmdLen]))
	b = d.sgIOObject(append(b, ", "...), "cmdp", objs, 0, elems)
	b = append(b, ", mx_sb_len="...)
	b = appendUint(b, uint64(p[9]))
	b = append(b, ", iovec_count="...)
	b = appendUint(b, uint64(le16(p, syscalls.SGIOV3IovCount)))
	b = append(b, ", dxfer_len="...)
	b = appendUint(b, uint64(le32(p, syscalls.SGIOV3DxferLen)))
	b = append(b, ", timeout="...)
	b = appendUint(b, uint64(le32(p, 40)))
	b = append(b, ", flags="...)
	b = d.flags(b, sgIOFlags, uint64(le32(p, 44)))
	if objs[1].Shown {
		b = d.sgIOObject(append(b, ", "...), "dxferp", objs, 1, elems)
	}
	return b
}

// sgIOV4Request prints a struct sg_io_v4's request at entry.
func (d *Decoder) sgIOV4Request(b []byte, p []byte, objs [2]syscalls.SGIOObject, elems []trace.Capture) []byte {
	b = append(b, "protocol="...)
	b = d.enum(b, bsgProtocols, uint64(le32(p, 4)))
	b = append(b, ", subprotocol="...)
	b = d.enum(b, bsgSubprotocols, uint64(le32(p, 8)))
	b = append(b, ", request_len="...)
	b = appendUint(b, uint64(le32(p, syscalls.SGIOV4RequestLen)))
	b = d.sgIOObject(append(b, ", "...), "request", objs, 0, elems)
	b = append(b, ", request_tag="...)
	b = appendHex(b, le64(p, 24))
	for _, f := range []struct {
		name string
		off  int
	}{{"request_attr", 32}, {"request_priority", 36}, {"request_extra", 40}, {"max_response_len", 44},
		{"dout_iovec_count", syscalls.SGIOV4DoutIovCount}, {"dout_xfer_len", syscalls.SGIOV4DoutXferLen},
		{"din_iovec_count", syscalls.SGIOV4DinIovCount}, {"din_xfer_len", syscalls.SGIOV4DinXferLen}} {
		b = append(b, ", "...)
		b = append(b, f.name...)
		b = append(b, '=')
		b = appendUint(b, uint64(le32(p, f.off)))
	}
	b = d.sgIOObject(append(b, ", "...), "dout_xferp", objs, 1, elems)
	b = append(b, ", timeout="...)
	b = appendUint(b, uint64(le32(p, 88)))
	b = append(b, ", flags="...)
	b = d.flags(b, bsgFlags, uint64(le32(p, 92)))
	b = append(b, ", usr_ptr="...)
	return appendHex(b, le64(p, 96))
}

// sgIOExit ends the struct at exit, ent being the entry's copy: the
// answer as the exit's copy has it, or when that cannot be read the
// entry's pointers to it, or a changed interface id.
func (d *Decoder) sgIOExit(b []byte, ev *trace.Event, ent []byte) []byte {
	cur, elems := ioctlObjects(ev, false)
	v3 := le32(ent, 0) == syscalls.SGIOV3ID
	size := syscalls.SGIOV4Size
	if v3 {
		size = syscalls.SGIOV3Size
	}
	p, ok := capBytes(cur, size)
	switch {
	case !ok && v3:
		if int32(le32(ent, syscalls.SGIOV3Dir)) == syscalls.SGDxferFromDev {
			b = append(b, ", dxferp="...)
			b = appendPtr(b, le64(ent, syscalls.SGIOV3Dxferp))
		}
		b = append(b, ", sbp="...)
		b = appendPtr(b, le64(ent, syscalls.SGIOV3Sbp))
	case !ok:
		b = append(b, ", response="...)
		b = appendHex(b, le64(ent, syscalls.SGIOV4Response))
		b = append(b, ", din_xferp="...)
		b = appendHex(b, le64(ent, syscalls.SGIOV4DinXferp))
	case le32(p, 0) != le32(ent, 0):
		if v3 {
			b = append(b, " => interface_id="...)
		} else {
			b = append(b, " => guard="...)
		}
		b = appendUint(b, uint64(le32(p, 0)))
	case v3:
		b = d.sgIOV3Response(b, p, syscalls.SGIOObjects(p, true), elems)
	default:
		b = d.sgIOV4Response(b, p, syscalls.SGIOObjects(p, true), elems)
	}
	return append(b, '}')
}

// sgIOV3Response prints a struct sg_io_hdr's answer at exit.
func (d *Decoder) sgIOV3Response(b []byte, p []byte, objs [2]syscalls.SGIOObject, elems []trace.Capture) []byte {
	if objs[0].Shown {
		sep := ", "
		if int32(le32(p, syscalls.SGIOV3Dir)) != syscalls.SGDxferFromDev {
			// Data sent and received: what came back.
			sep = " => "
		}
		b = d.sgIOObject(append(b, sep...), "dxferp", objs, 0, elems)
	}
	for _, f := range []struct {
		name string
		v    uint64
	}{{"status", uint64(p[64])}, {"masked_status", uint64(p[65])}, {"msg_status", uint64(p[66])}} {
		b = append(b, ", "...)
		b = append(b, f.name...)
		b = append(b, '=')
		b = appendHex(b, f.v)
	}
	b = append(b, ", sb_len_wr="...)
	b = appendUint(b, uint64(p[syscalls.SGIOV3SbLenWr]))
	b = d.sgIOObject(append(b, ", "...), "sbp", objs, 1, elems)
	b = append(b, ", host_status="...)
	b = appendHex(b, uint64(le16(p, 68)))
	b = append(b, ", driver_status="...)
	b = appendHex(b, uint64(le16(p, 70)))
	b = append(b, ", resid="...)
	b = appendInt(b, int64(int32(le32(p, syscalls.SGIOV3Resid))))
	b = append(b, ", duration="...)
	b = appendUint(b, uint64(le32(p, 76)))
	b = append(b, ", info="...)
	return d.flags(b, sgIOInfo, uint64(le32(p, 80)))
}

// sgIOV4Response prints a struct sg_io_v4's answer at exit (with
// response_len twice, as strace prints it).
func (d *Decoder) sgIOV4Response(b []byte, p []byte, objs [2]syscalls.SGIOObject, elems []trace.Capture) []byte {
	b = append(b, ", response_len="...)
	b = appendUint(b, uint64(le32(p, syscalls.SGIOV4ResponseLen)))
	b = d.sgIOObject(append(b, ", "...), "response", objs, 0, elems)
	b = d.sgIOObject(append(b, ", "...), "din_xferp", objs, 1, elems)
	for _, f := range []struct {
		name string
		off  int
	}{{"driver_status", 108}, {"transport_status", 112}, {"device_status", 116}} {
		b = append(b, ", "...)
		b = append(b, f.name...)
		b = append(b, '=')
		b = appendHex(b, uint64(le32(p, f.off)))
	}
	b = append(b, ", retry_delay="...)
	b = appendUint(b, uint64(le32(p, 120)))
	b = append(b, ", info="...)
	b = d.flags(b, sgIOInfo, uint64(le32(p, 124)))
	b = append(b, ", duration="...)
	b = appendUint(b, uint64(le32(p, 128)))
	b = append(b, ", response_len="...)
	b = appendUint(b, uint64(le32(p, syscalls.SGIOV4ResponseLen)))
	b = append(b, ", din_resid="...)
	b = appendInt(b, int64(int32(le32(p, syscalls.SGIOV4DinResid))))
	b = append(b, ", dout_resid="...)
	b = appendInt(b, int64(int32(le32(p, 140))))
	b = append(b, ", generated_tag="...)
	return appendHex(b, le64(p, 144))
}
