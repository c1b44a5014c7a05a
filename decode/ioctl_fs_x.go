package decode

import "github.com/sctrace/sctrace/trace"

// Requests of type 'X' (linux/fs.h).
const (
	reqFIFREEZE          = 0xc0045877
	reqFITHAW            = 0xc0045878
	reqFITRIM            = 0xc0185879
	reqFSIOCFSGETXATTR   = 0x801c581f
	reqFSIOCFSSETXATTR   = 0x401c5820
	fstrimRangeSize      = 24
	fsxattrSize          = 28
	fsxattrNextentsField = 8
)

var fsXflags = &xlat{vals: []xv{
	{0x1, "FS_XFLAG_REALTIME"}, {0x2, "FS_XFLAG_PREALLOC"}, {0x8, "FS_XFLAG_IMMUTABLE"},
	{0x10, "FS_XFLAG_APPEND"}, {0x20, "FS_XFLAG_SYNC"}, {0x40, "FS_XFLAG_NOATIME"},
	{0x80, "FS_XFLAG_NODUMP"}, {0x100, "FS_XFLAG_RTINHERIT"}, {0x200, "FS_XFLAG_PROJINHERIT"},
	{0x400, "FS_XFLAG_NOSYMLINKS"}, {0x800, "FS_XFLAG_EXTSIZE"}, {0x1000, "FS_XFLAG_EXTSZINHERIT"},
	{0x2000, "FS_XFLAG_NODEFRAG"}, {0x4000, "FS_XFLAG_FILESTREAM"}, {0x8000, "FS_XFLAG_DAX"},
	{0x10000, "FS_XFLAG_COWEXTSIZE"}, {0x80000000, "FS_XFLAG_HASATTR"},
}, dflt: "FS_XFLAG_???"}

func init() { ioctlFamilies['X'] = fsXIoctl }

// fsXIoctl decodes the 'X' requests strace knows: FITRIM's struct
// fstrim_range, FS_IOC_FS[GS]ETXATTR's struct fsxattr, and FIFREEZE and
// FITHAW, which take no argument.
func fsXIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqFIFREEZE, reqFITHAW:
		return b, ioctlResDone
	case reqFITRIM, reqFSIOCFSSETXATTR:
		if exit {
			return b, ioctlResDone
		}
	case reqFSIOCFSGETXATTR:
		if !exit {
			return b, ioctlResLater
		}
	default:
		return b, ioctlResUnknown
	}
	b = d.sep(b)
	if code == reqFITRIM {
		b, p, ok := ioctlArg(b, ev, fstrimRangeSize, exit)
		if ok {
			b = append(b, "{start="...)
			b = appendHex(b, le64(p, 0))
			b = append(b, ", len="...)
			b = appendUint(b, le64(p, 8))
			b = append(b, ", minlen="...)
			b = appendUint(b, le64(p, 16))
			b = append(b, '}')
		}
		return b, ioctlResDone
	}
	b, p, ok := ioctlArg(b, ev, fsxattrSize, exit)
	if !ok {
		return b, ioctlResDone
	}
	b = append(b, "{fsx_xflags="...)
	b = d.flags(b, fsXflags, uint64(le32(p, 0)))
	b = append(b, ", fsx_extsize="...)
	b = appendUint(b, uint64(le32(p, 4)))
	if code == reqFSIOCFSGETXATTR {
		b = append(b, ", fsx_nextents="...)
		b = appendUint(b, uint64(le32(p, fsxattrNextentsField)))
	}
	b = append(b, ", fsx_projid="...)
	b = appendHex(b, uint64(le32(p, 12)))
	b = append(b, ", fsx_cowextsize="...)
	b = appendUint(b, uint64(le32(p, 16)))
	return append(b, '}'), ioctlResDone
}
