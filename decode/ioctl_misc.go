package decode

import "github.com/sctrace/sctrace/trace"

// Requests of the small ioctl families: 'f' (linux/fs.h flags), 'I'
// (inotify), 'W' (watchdog), 'R' (random) and 0xb7 (nsfs).
const (
	reqFSIOCGetFlags     = 0x80086601
	reqFSIOCSetFlags     = 0x40086602
	reqFSIOC32GetFlags   = 0x80046601
	reqFSIOC32SetFlags   = 0x40046602
	reqInotifySetNextWD  = 0x40044900
	reqWDIOCGetStatus    = 0x80045701
	reqWDIOCGetBootStat  = 0x80045702
	reqWDIOCGetTemp      = 0x80045703
	reqWDIOCKeepalive    = 0x80045705
	reqWDIOCSetTimeout   = 0xc0045706
	reqWDIOCGetTimeout   = 0x80045707
	reqWDIOCSetPretime   = 0xc0045708
	reqWDIOCGetPretime   = 0x80045709
	reqWDIOCGetTimeLeft  = 0x8004570a
	reqRNDGetEntCnt      = 0x80045200
	reqRNDAddToEntCnt    = 0x40045201
	reqRNDAddEntropy     = 0x40085203
	reqRNDZapEntCnt      = 0x5204
	reqRNDClearPool      = 0x5206
	reqRNDReseedCRNG     = 0x5207
	reqNSGetUserNS       = 0xb701
	reqNSGetParent       = 0xb702
	reqNSGetNSType       = 0xb703
	reqNSGetOwnerUID     = 0xb704
	randPoolInfoHeadSize = 8
)

var fsIocFlags = &xlat{vals: []xv{
	{0x1, "FS_SECRM_FL"}, {0x2, "FS_UNRM_FL"}, {0x4, "FS_COMPR_FL"}, {0x8, "FS_SYNC_FL"},
	{0x10, "FS_IMMUTABLE_FL"}, {0x20, "FS_APPEND_FL"}, {0x40, "FS_NODUMP_FL"}, {0x80, "FS_NOATIME_FL"},
	{0x100, "FS_DIRTY_FL"}, {0x200, "FS_COMPRBLK_FL"}, {0x400, "FS_NOCOMP_FL"}, {0x800, "FS_ENCRYPT_FL"},
	{0x1000, "FS_INDEX_FL"}, {0x2000, "FS_IMAGIC_FL"}, {0x4000, "FS_JOURNAL_DATA_FL"}, {0x8000, "FS_NOTAIL_FL"},
	{0x10000, "FS_DIRSYNC_FL"}, {0x20000, "FS_TOPDIR_FL"}, {0x40000, "FS_HUGE_FILE_FL"}, {0x80000, "FS_EXTENT_FL"},
	{0x100000, "FS_VERITY_FL"}, {0x200000, "FS_EA_INODE_FL"}, {0x400000, "FS_EOFBLOCKS_FL"}, {0x800000, "FS_NOCOW_FL"},
	{0x2000000, "FS_DAX_FL"}, {0x10000000, "FS_INLINE_DATA_FL"}, {0x20000000, "FS_PROJINHERIT_FL"},
	{0x40000000, "FS_CASEFOLD_FL"}, {0x80000000, "FS_RESERVED_FL"},
}, dflt: "FS_???_FL"}

func init() {
	ioctlFamilies['f'] = fsFIoctl
	ioctlFamilies['I'] = inotifyIoctl
	ioctlFamilies['W'] = watchdogIoctl
	ioctlFamilies['R'] = randomIoctl
	ioctlFamilies[0xb7] = nsfsIoctl
	ioctlRets[reqNSGetNSType] = retNSGetNSType
}

// fsFIoctl decodes FS_IOC_[GS]ETFLAGS (and their 32-bit twins): [flags],
// the getters' at exit. FS_IOC_FIEMAP is left to the generic decoder.
func fsFIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	var out bool
	switch code {
	case reqFSIOCGetFlags, reqFSIOC32GetFlags:
		out = true
	case reqFSIOCSetFlags, reqFSIOC32SetFlags:
	default:
		return b, ioctlResUnknown
	}
	if out != exit {
		if exit {
			return b, ioctlResDone
		}
		return b, ioctlResLater
	}
	b, p, ok := ioctlArg(d.sep(b), ev, 4, exit)
	if ok {
		b = append(b, '[')
		b = d.flags(b, fsIocFlags, uint64(le32(p, 0)))
		b = append(b, ']')
	}
	return b, ioctlResDone
}

// inotifyIoctl decodes INOTIFY_IOC_SETNEXTWD, whose argument is an int.
func inotifyIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	if code != reqInotifySetNextWD {
		return b, ioctlResUnknown
	}
	if !exit {
		b = appendInt(d.sep(b), int64(int32(ev.Args[2])))
	}
	return b, ioctlResDone
}

// watchdogIoctl decodes the watchdog requests that take an int.
func watchdogIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqWDIOCGetStatus, reqWDIOCGetBootStat, reqWDIOCGetTemp, reqWDIOCGetTimeout, reqWDIOCGetPretime, reqWDIOCGetTimeLeft:
		return ioctlIntAt(b, d, ev, true, exit)
	case reqWDIOCSetTimeout, reqWDIOCSetPretime:
		return ioctlIntAt(b, d, ev, false, exit)
	case reqWDIOCKeepalive:
		return b, ioctlResDone
	}
	return b, ioctlResUnknown
}

// randomIoctl decodes /dev/random's requests: the entropy count, and
// RNDADDENTROPY's struct rand_pool_info with as much of its buffer as
// was captured.
func randomIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqRNDGetEntCnt:
		return ioctlIntAt(b, d, ev, true, exit)
	case reqRNDAddToEntCnt:
		return ioctlIntAt(b, d, ev, false, exit)
	case reqRNDZapEntCnt, reqRNDClearPool, reqRNDReseedCRNG:
		return b, ioctlResDone
	case reqRNDAddEntropy:
	default:
		return b, ioctlResUnknown
	}
	if exit {
		return b, ioctlResDone
	}
	b, p, ok := ioctlArg(d.sep(b), ev, randPoolInfoHeadSize, exit)
	if !ok {
		return b, ioctlResDone
	}
	size := int32(le32(p, 4))
	b = append(b, "{entropy_count="...)
	b = appendInt(b, int64(int32(le32(p, 0))))
	b = append(b, ", buf_size="...)
	b = appendInt(b, int64(size))
	b = append(b, ", buf="...)
	cp, _ := capOK(ev, 2)
	buf := cp.Data[randPoolInfoHeadSize:]
	switch {
	case size == 0:
		b = append(b, `""`...)
	case int(size) > len(buf) && len(buf) < d.opts.StringLimit:
		b = appendPtr(b, ev.Args[2]+randPoolInfoHeadSize)
	default:
		n := min(int(size), d.opts.StringLimit, len(buf))
		b = d.appendQuoted(b, buf[:n], false)
		if int(size) > n {
			b = append(b, "..."...)
		}
	}
	return append(b, '}'), ioctlResDone
}

// nsfsIoctl decodes the namespace requests: NS_GET_OWNER_UID's [uid] at
// exit; the others take no argument (their results are decoded by
// ioctlRets).
func nsfsIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqNSGetUserNS, reqNSGetParent, reqNSGetNSType:
		return b, ioctlResDone
	case reqNSGetOwnerUID:
	default:
		return b, ioctlResUnknown
	}
	if !exit {
		return b, ioctlResLater
	}
	b, p, ok := ioctlArg(d.sep(b), ev, 4, exit)
	if ok {
		b = append(b, '[')
		b = appendID(b, uint64(le32(p, 0)))
		b = append(b, ']')
	}
	return b, ioctlResDone
}

// retNSGetNSType prints NS_GET_NSTYPE's result with the namespace type's
// name.
func retNSGetNSType(d *Decoder, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, ev.Ret)
	if s, ok := setnsTypes.lookup(uint64(ev.Ret)); ok {
		b = append(b, " ("...)
		b = append(b, s...)
		b = append(b, ')')
	}
	return b
}

// retIoctlFD prints a result that is a new descriptor (with -y, its
// path).
func retIoctlFD(d *Decoder, b []byte, ev *trace.Event) []byte {
	if d.opts.DecodeFDs != 0 {
		return d.appendFD(b, ev, uint64(ev.Ret))
	}
	return appendInt(b, ev.Ret)
}
