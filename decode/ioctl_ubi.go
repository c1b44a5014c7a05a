package decode

import (
	"bytes"

	"github.com/sctrace/sctrace/trace"
)

// The UBI requests (mtd/ubi-user.h), types 'o' and 'O'.
const (
	reqUBIMkVol       = 0x40986f00
	reqUBIRmVol       = 0x40046f01
	reqUBIRsVol       = 0x400c6f02
	reqUBIRnVol       = 0x51106f03
	reqUBIRPEB        = 0x40046f04
	reqUBISPEB        = 0x40046f05
	reqUBIAtt         = 0x40186f40
	reqUBIDet         = 0x40046f41
	reqUBIVolUp       = 0x40084f00
	reqUBIEBEr        = 0x40044f01
	reqUBIEBCh        = 0x40044f02
	reqUBIEBMap       = 0x40084f03
	reqUBIEBUnmap     = 0x40044f04
	reqUBIEBIsMap     = 0x80044f05
	reqUBISetVolProp  = 0x40104f06
	reqUBIVolCrBlk    = 0x40804f07
	reqUBIVolRmBlk    = 0x4f08
	ubiMkVolSize      = 152
	ubiRnVolEntSize   = 136
	ubiRnVolEntsMax   = 32
	ubiVolumeNameSize = 128
)

// The UBI value tables (strace's ubi_*).
var (
	ubiVolumeTypes = &xlat{vals: []xv{{3, "UBI_DYNAMIC_VOLUME"}, {4, "UBI_STATIC_VOLUME"}}, dflt: "UBI_???_VOLUME"}
	ubiVolumeFlags = &xlat{vals: []xv{{1, "UBI_VOL_SKIP_CRC_CHECK_FLG"}}, dflt: "UBI_VOL_???"}
	ubiVolumeProps = &xlat{vals: []xv{{1, "UBI_VOL_PROP_DIRECT_WRITE"}}, dflt: "UBI_VOL_PROP_???"}
	ubiDataTypes   = &xlat{vals: []xv{{1, "UBI_LONGTERM"}, {2, "UBI_SHORTTERM"}, {3, "UBI_UNKNOWN"}}, dflt: "UBI_???"}
)

func init() {
	ioctlFamilies['o'] = ubiIoctl
	ioctlFamilies['O'] = ubiIoctl
}

// ubiIoctl decodes the UBI requests as strace's ubi.c: their objects at
// entry, and the volume or device number UBI_IOCMKVOL and UBI_IOCATT
// return in them after " => " at exit.
func ubiIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	var print func(d *Decoder, b []byte, p []byte) []byte
	size := 0
	switch code {
	case reqUBIMkVol:
		size, print = ubiMkVolSize, appendUBIMkVol
	case reqUBIAtt:
		size, print = 24, func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, "{ubi_num="...)
			b = appendInt(b, int64(int32(le32(p, 0))))
			b = append(b, ", mtd_num="...)
			b = appendInt(b, int64(int32(le32(p, 4))))
			b = append(b, ", vid_hdr_offset="...)
			b = appendInt(b, int64(int32(le32(p, 8))))
			b = append(b, ", max_beb_per1024="...)
			b = appendInt(b, int64(int16(le16(p, 12))))
			return append(b, '}')
		}
	case reqUBIRsVol:
		size, print = 12, func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, "{bytes="...)
			b = appendInt(b, int64(le64(p, 0)))
			b = append(b, ", vol_id="...)
			b = appendInt(b, int64(int32(le32(p, 8))))
			return append(b, '}')
		}
	case reqUBIRnVol:
		size, print = 16, nil
	case reqUBIEBCh:
		size, print = 16, func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, "{lnum="...)
			b = appendInt(b, int64(int32(le32(p, 0))))
			b = append(b, ", bytes="...)
			b = appendInt(b, int64(int32(le32(p, 4))))
			b = append(b, ", dtype="...)
			b = d.enum(b, ubiDataTypes, uint64(p[8]))
			return append(b, '}')
		}
	case reqUBIEBMap:
		size, print = 8, func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, "{lnum="...)
			b = appendInt(b, int64(int32(le32(p, 0))))
			b = append(b, ", dtype="...)
			b = d.enum(b, ubiDataTypes, uint64(p[4]))
			return append(b, '}')
		}
	case reqUBISetVolProp:
		size, print = 16, func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, "{property="...)
			b = d.enum(b, ubiVolumeProps, uint64(p[0]))
			b = append(b, ", value="...)
			b = appendHex(b, le64(p, 8))
			return append(b, '}')
		}
	case reqUBIVolUp:
		size, print = 8, func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, '[')
			b = appendInt(b, int64(le64(p, 0)))
			return append(b, ']')
		}
	case reqUBIDet, reqUBIEBEr, reqUBIEBIsMap, reqUBIEBUnmap, reqUBIRmVol, reqUBIRPEB, reqUBISPEB:
		if !exit {
			b = appendIoctlInt(d.sep(b), ev, false)
		}
		return b, ioctlResDone
	case reqUBIVolCrBlk, reqUBIVolRmBlk:
		return b, ioctlResDone
	default:
		return b, ioctlResUnknown
	}
	later := code == reqUBIMkVol || code == reqUBIAtt
	if exit {
		if !later {
			return b, ioctlResDone
		}
		// The entry printed the struct unless it was unreadable.
		if _, ok := ioctlData(ev, size); !ok || failed(ev) {
			return b, ioctlResDone
		}
		b = append(b, " => "...)
		return appendIoctlInt(b, ev, true), ioctlResDone
	}
	b, p, ok := ioctlArg(d.sep(b), ev, size, false)
	if !ok {
		return b, ioctlResDone
	}
	if print == nil {
		return appendUBIRnVol(d, b, ubiRnVolBytes(ev, p)), ioctlResDone
	}
	b = print(d, b, p)
	if later {
		return b, ioctlResLater
	}
	return b, ioctlResDone
}

// appendUBIName prints a volume name of name_len bytes as strace's
// PRINT_FIELD_CSTRING_SZ with 1 + name_len clamped to the name's array.
func (d *Decoder) appendUBIName(b []byte, name []byte, nameLen int16) []byte {
	n := min(max(int(nameLen), 0), ubiVolumeNameSize-1) + 1
	s := name[:n]
	if i := bytes.IndexByte(s, 0); i >= 0 {
		return d.appendQuoted(b, s[:i], false)
	}
	b = d.appendQuoted(b, s[:n-1], false)
	return append(b, "..."...)
}

// appendUBIMkVol prints a struct ubi_mkvol_req.
func appendUBIMkVol(d *Decoder, b []byte, p []byte) []byte {
	b = append(b, "{vol_id="...)
	b = appendInt(b, int64(int32(le32(p, 0))))
	b = append(b, ", alignment="...)
	b = appendInt(b, int64(int32(le32(p, 4))))
	b = append(b, ", bytes="...)
	b = appendInt(b, int64(le64(p, 8)))
	b = append(b, ", vol_type="...)
	b = d.enum(b, ubiVolumeTypes, uint64(int64(int8(p[16]))))
	b = append(b, ", flags="...)
	b = d.flags(b, ubiVolumeFlags, uint64(p[17]))
	nameLen := int16(le16(p, 18))
	b = append(b, ", name_len="...)
	b = appendInt(b, int64(nameLen))
	b = append(b, ", name="...)
	b = d.appendUBIName(b, p[24:24+ubiVolumeNameSize], nameLen)
	return append(b, '}')
}

// ubiRnVolBytes returns the captured bytes of UBI_IOCRNVOL's struct:
// the argument's (at least head) and the tail beyond
// syscalls.IoctlArgMax, its capture's Elem.
func ubiRnVolBytes(ev *trace.Event, head []byte) []byte {
	cp, ok := capOK(ev, 2)
	if !ok {
		return head
	}
	p := cp.Data
	if len(cp.Elems) == 1 && !cp.Elems[0].Faulted {
		p = append(p[:len(p):len(p)], cp.Elems[0].Data...)
	}
	return p
}

// appendUBIRnVol prints a struct ubi_rnvol_req: its count, then up to
// count of its entries, from the capture of the whole struct (the
// argument's bytes and the tail beyond syscalls.IoctlArgMax).
func appendUBIRnVol(d *Decoder, b []byte, p []byte) []byte {
	count := int32(le32(p, 0))
	b = append(b, "{count="...)
	b = appendInt(b, int64(count))
	b = append(b, ", ents=["...)
	n := min(max(int(count), 0), ubiRnVolEntsMax)
	for i := 0; i < n; i++ {
		off := 16 + i*ubiRnVolEntSize
		if off+ubiRnVolEntSize > len(p) {
			break
		}
		if i > 0 {
			b = append(b, ", "...)
		}
		e := p[off : off+ubiRnVolEntSize]
		nameLen := int16(le16(e, 4))
		b = append(b, "{vol_id="...)
		b = appendInt(b, int64(int32(le32(e, 0))))
		b = append(b, ", name_len="...)
		b = appendInt(b, int64(nameLen))
		b = append(b, ", name="...)
		b = d.appendUBIName(b, e[8:], nameLen)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}
