package syscalls

import "encoding/binary"

// SG_IO (IoctlSGIO) takes a struct sg_io_hdr (interface id 'S', SCSI
// generic version 3) or a struct sg_io_v4 (guard 'Q', the block layer's
// bsg), told apart by their first int. A LenIoctl capture copies
// SGIOV4Size bytes of it (or those before the end of its page), then the
// objects SGIOObjects names, as its Elems.
const (
	IoctlSGIO  = 0x2285
	SGIOV3ID   = 'S'
	SGIOV4ID   = 'Q'
	SGIOV3Size = 88
	SGIOV4Size = 160
)

// The fields of a struct sg_io_hdr (x86_64) that SGIOObjects reads.
const (
	SGIOV3Dir      = 4  // int dxfer_direction
	SGIOV3CmdLen   = 8  // unsigned char cmd_len
	SGIOV3IovCount = 10 // unsigned short iovec_count
	SGIOV3DxferLen = 12 // unsigned int dxfer_len
	SGIOV3Dxferp   = 16 // void *dxferp
	SGIOV3Cmdp     = 24 // unsigned char *cmdp
	SGIOV3Sbp      = 32 // unsigned char *sbp
	SGIOV3SbLenWr  = 67 // unsigned char sb_len_wr
	SGIOV3Resid    = 72 // int resid
)

// The fields of a struct sg_io_v4 that SGIOObjects reads.
const (
	SGIOV4RequestLen   = 12  // __u32 request_len
	SGIOV4Request      = 16  // __u64 request
	SGIOV4Response     = 48  // __u64 response
	SGIOV4DoutIovCount = 56  // __u32 dout_iovec_count
	SGIOV4DoutXferLen  = 60  // __u32 dout_xfer_len
	SGIOV4DinIovCount  = 64  // __u32 din_iovec_count
	SGIOV4DinXferLen   = 68  // __u32 din_xfer_len
	SGIOV4DoutXferp    = 72  // __u64 dout_xferp
	SGIOV4DinXferp     = 80  // __u64 din_xferp
	SGIOV4ResponseLen  = 132 // __u32 response_len
	SGIOV4DinResid     = 136 // __s32 din_resid
)

// The data directions of a struct sg_io_hdr (SG_DXFER_*).
const (
	SGDxferToDev     = -2
	SGDxferFromDev   = -3
	SGDxferToFromDev = -4
)

// SGIOField is a field of SG_IO's struct: its offset and size in bytes
// (0: none; a size of 4 is read as signed where that matters).
type SGIOField struct{ Off, Size int }

// SGIODir is the data direction an object of a struct sg_io_hdr is read
// in (dxfer_direction; a struct sg_io_v4's are read in any).
type SGIODir int

// The values of SGIODir.
const (
	SGIOAnyDir SGIODir = iota
	// SGIOOut: SG_DXFER_TO_DEV or SG_DXFER_TO_FROM_DEV.
	SGIOOut
	// SGIOIn: SG_DXFER_FROM_DEV, or SG_DXFER_TO_FROM_DEV with data
	// received.
	SGIOIn
)

// SGIOLayout is where SG_IO's struct keeps an object strace prints: its
// pointer, its length in bytes, with Iovecs the count of the struct
// iovec it points to instead of bytes, with Resid the residue the data
// received leaves (syscalls.SGIOObjects), and the direction it is read
// in.
type SGIOLayout struct {
	Ptr                int
	Len, Iovecs, Resid SGIOField
	Dir                SGIODir
}

// SGIOLayouts are the objects strace 6.1 prints, by version (0: struct
// sg_io_hdr, 1: struct sg_io_v4), at entry (0) or exit (1), in order: at
// entry the command or request, then the data sent; at exit for version
// 3 the data received, then the sense buffer, for version 4 the response,
// then the data received.
var SGIOLayouts = [2][2][2]SGIOLayout{
	{
		{
			{Ptr: SGIOV3Cmdp, Len: SGIOField{SGIOV3CmdLen, 1}},
			{Ptr: SGIOV3Dxferp, Len: SGIOField{SGIOV3DxferLen, 4}, Iovecs: SGIOField{SGIOV3IovCount, 2}, Dir: SGIOOut},
		},
		{
			{Ptr: SGIOV3Dxferp, Len: SGIOField{SGIOV3DxferLen, 4}, Iovecs: SGIOField{SGIOV3IovCount, 2}, Resid: SGIOField{SGIOV3Resid, 4}, Dir: SGIOIn},
			{Ptr: SGIOV3Sbp, Len: SGIOField{SGIOV3SbLenWr, 1}},
		},
	},
	{
		{
			{Ptr: SGIOV4Request, Len: SGIOField{SGIOV4RequestLen, 4}},
			{Ptr: SGIOV4DoutXferp, Len: SGIOField{SGIOV4DoutXferLen, 4}, Iovecs: SGIOField{SGIOV4DoutIovCount, 4}},
		},
		{
			{Ptr: SGIOV4Response, Len: SGIOField{SGIOV4ResponseLen, 4}},
			{Ptr: SGIOV4DinXferp, Len: SGIOField{SGIOV4DinXferLen, 4}, Iovecs: SGIOField{SGIOV4DinIovCount, 4}, Resid: SGIOField{SGIOV4DinResid, 4}},
		},
	},
}

// SGIOObject is an object SG_IO's struct points to, as strace 6.1's
// print_sg_io_buffer reads it: with Iovecs, an array of that many struct
// iovec and at most Len bytes of data in all (tprint_iov_upto), else Len
// bytes (printstr_ex). Shown is unset for an object strace does not
// print then.
type SGIOObject struct {
	Shown  bool
	Ptr    uint64
	Len    uint64
	Iovecs uint64
}

// SGIOVersion returns the version of SG_IO's struct hdr (the bytes read
// of it): 0 for a struct sg_io_hdr, 1 for a struct sg_io_v4, -1 for
// neither or one too short for its own.
func SGIOVersion(hdr []byte) int {
	if len(hdr) < 4 {
		return -1
	}
	switch binary.LittleEndian.Uint32(hdr) {
	case SGIOV3ID:
		if len(hdr) >= SGIOV3Size {
			return 0
		}
	case SGIOV4ID:
		if len(hdr) >= SGIOV4Size {
			return 1
		}
	}
	return -1
}

// SGIOObjects returns the two objects of SG_IO's struct hdr (the bytes
// of it read) that strace prints at entry or at exit (SGIOLayouts): none
// for a struct SGIOVersion does not know.
func SGIOObjects(hdr []byte, atExit bool) [2]SGIOObject {
	var objs [2]SGIOObject
	v := SGIOVersion(hdr)
	if v < 0 {
		return objs
	}
	at := 0
	if atExit {
		at = 1
	}
	dir := int32(binary.LittleEndian.Uint32(hdr[SGIOV3Dir:]))
	for j, l := range SGIOLayouts[v][at] {
		n := l.Len.get(hdr)
		if l.Resid.Size != 0 {
			n = inLen(n, int32(l.Resid.get(hdr)))
		}
		switch l.Dir {
		case SGIOOut:
			if dir != SGDxferToDev && dir != SGDxferToFromDev {
				continue
			}
		case SGIOIn:
			if dir != SGDxferFromDev && (dir != SGDxferToFromDev || n == 0) {
				continue
			}
		}
		objs[j] = SGIOObject{Shown: true, Ptr: binary.LittleEndian.Uint64(hdr[l.Ptr:]), Len: n, Iovecs: l.Iovecs.get(hdr)}
	}
	return objs
}

// get reads the field in hdr (0 for none).
func (f SGIOField) get(hdr []byte) uint64 {
	le := binary.LittleEndian
	switch f.Size {
	case 1:
		return uint64(hdr[f.Off])
	case 2:
		return uint64(le.Uint16(hdr[f.Off:]))
	case 4:
		return uint64(le.Uint32(hdr[f.Off:]))
	}
	return 0
}

// inLen is the data received of a transfer of n bytes that left resid
// of them: n less a residue within it.
func inLen(n uint64, resid int32) uint64 {
	if resid > 0 && uint64(resid) <= n {
		return n - uint64(resid)
	}
	return n
}

// Read reports whether the capture reads the object: one shown, not NULL,
// of iovecs or of some bytes.
func (o SGIOObject) Read() bool { return o.Shown && o.Ptr != 0 && (o.Iovecs != 0 || o.Len != 0) }
