package decode

import (
	"time"

	"github.com/sctrace/sctrace/trace"
)

// fileType names a mode's file type (strace's modetypes): "" for none,
// false for an unknown one.
func fileType(mode uint32) (string, bool) {
	switch mode & 0170000 {
	case 0:
		return "", true
	case 0100000:
		return "S_IFREG", true
	case 0140000:
		return "S_IFSOCK", true
	case 0010000:
		return "S_IFIFO", true
	case 0120000:
		return "S_IFLNK", true
	case 0040000:
		return "S_IFDIR", true
	case 0060000:
		return "S_IFBLK", true
	case 0020000:
		return "S_IFCHR", true
	}
	return "", false
}

// appendSymbolicMode prints a file mode as S_IFREG|S_ISUID|0755; a mode of
// an unknown file type prints in octal.
func appendSymbolicMode(b []byte, mode uint32) []byte {
	ifmt, known := fileType(mode)
	if !known {
		return appendMode(b, uint64(mode))
	}
	if ifmt != "" {
		b = append(b, ifmt...)
		b = append(b, '|')
	}
	if mode&04000 != 0 {
		b = append(b, "S_ISUID|"...)
	}
	if mode&02000 != 0 {
		b = append(b, "S_ISGID|"...)
	}
	if mode&01000 != 0 {
		b = append(b, "S_ISVTX|"...)
	}
	return appendMode(b, uint64(mode&^(0170000|07000)))
}

// symbolicMode prints a file mode as -X asks (strace's
// print_symbolic_mode_t): S_IFREG|0644, 0100644, or
// 0100644 /* S_IFREG|0644 */; the number leads even when no bit has a
// name (0600 /* 0600 */), and a mode of an unknown file type prints in
// octal alone.
func (d *Decoder) symbolicMode(b []byte, mode uint32) []byte {
	if _, known := fileType(mode); d.opts.Xlat == XlatAbbrev || !known {
		return appendSymbolicMode(b, mode)
	}
	b = appendMode(b, uint64(mode))
	if d.opts.Xlat == XlatRaw {
		return b
	}
	b = append(b, " /* "...)
	return append(appendSymbolicMode(b, mode), " */"...)
}

// appendDev prints a dev_t as makedev(0xfe, 0).
func appendDev(b []byte, dev uint64) []byte {
	major := (dev>>32)&0xfffff000 | (dev>>8)&0xfff
	minor := (dev>>12)&0xffffff00 | dev&0xff
	b = append(b, "makedev("...)
	b = appendHex(b, major)
	b = append(b, ", "...)
	b = appendHex(b, minor)
	return append(b, ')')
}

// appendTimeComment appends strace's " /* 2026-11-22T07:17:48.585869151+0000 */".
func appendTimeComment(b []byte, sec int64, nsec uint64) []byte {
	return appendDateComment(b, sec, nsec, 9)
}

// appendDateComment appends " /* DATE */" for sec and a fraction of a
// second of digits digits (9: nanoseconds, 6: microseconds).
func appendDateComment(b []byte, sec int64, frac uint64, digits int) []byte {
	t := time.Unix(sec, 0)
	b = append(b, " /* "...)
	b = t.AppendFormat(b, "2006-01-02T15:04:05")
	if frac != 0 {
		b = append(b, '.')
		b = appendPadded(b, frac, digits)
	}
	b = t.AppendFormat(b, "-0700")
	return append(b, " */"...)
}

func appendPadded(b []byte, v uint64, width int) []byte {
	var tmp [20]byte
	i := len(tmp)
	for v > 0 || i == len(tmp) {
		i--
		tmp[i] = byte('0' + v%10)
		v /= 10
	}
	for n := len(tmp) - i; n < width; n++ {
		b = append(b, '0')
	}
	return append(b, tmp[i:]...)
}

func printStat(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	var dev, ino, nlink, rdev, blksize, blocks uint64
	var mode, uid, gid uint32
	var size int64
	if isARM64(ev) {
		dev, ino = le64(p, 0), le64(p, 8)
		mode, nlink = le32(p, 16), uint64(le32(p, 20))
		uid, gid = le32(p, 24), le32(p, 28)
		rdev = le64(p, 32)
		size = int64(le64(p, 48))
		blksize = uint64(le32(p, 56))
		blocks = le64(p, 64)
	} else {
		dev, ino, nlink = le64(p, 0), le64(p, 8), le64(p, 16)
		mode, uid, gid = le32(p, 24), le32(p, 28), le32(p, 32)
		rdev = le64(p, 40)
		size = int64(le64(p, 48))
		blksize, blocks = le64(p, 56), le64(p, 64)
	}
	b = append(b, '{')
	if d.opts.Verbose {
		b = append(b, "st_dev="...)
		b = d.appendDevStyled(b, dev)
		b = append(b, ", st_ino="...)
		b = appendUint(b, ino)
		b = append(b, ", st_mode="...)
		b = d.symbolicMode(b, mode)
		b = append(b, ", st_nlink="...)
		b = appendUint(b, nlink)
		b = append(b, ", st_uid="...)
		b = appendUint(b, uint64(uid))
		b = append(b, ", st_gid="...)
		b = appendUint(b, uint64(gid))
		b = append(b, ", st_blksize="...)
		b = appendUint(b, blksize)
		b = append(b, ", st_blocks="...)
		b = appendUint(b, blocks)
	} else {
		b = append(b, "st_mode="...)
		b = d.symbolicMode(b, mode)
	}
	switch mode & 0170000 {
	case 0020000, 0060000:
		b = append(b, ", st_rdev="...)
		b = d.appendDevStyled(b, rdev)
	default:
		b = append(b, ", st_size="...)
		b = appendInt(b, size)
	}
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	for k, name := range [3]string{"st_atime", "st_mtime", "st_ctime"} {
		sec := int64(le64(p, 72+16*k))
		nsec := le64(p, 80+16*k)
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, '=')
		b = appendInt(b, sec)
		b = appendTimeComment(b, sec, nsec)
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, "_nsec="...)
		b = appendUint(b, nsec)
	}
	return append(b, '}')
}

func printStatxTimestamp(b []byte, p []byte, off int) []byte {
	sec := int64(le64(p, off))
	nsec := uint64(le32(p, off+8))
	b = append(b, "{tv_sec="...)
	b = appendInt(b, sec)
	b = append(b, ", tv_nsec="...)
	b = appendUint(b, nsec)
	b = append(b, '}')
	return appendTimeComment(b, sec, nsec)
}

func printStatx(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	mask := le32(p, 0)
	v := d.opts.Verbose
	b = append(b, "{stx_mask="...)
	b = d.flags(b, statxMasks, uint64(mask))
	if v {
		b = append(b, ", stx_blksize="...)
		b = appendUint(b, uint64(le32(p, 4)))
	}
	b = append(b, ", stx_attributes="...)
	b = d.flags(b, statxAttrs, le64(p, 8))
	if v {
		if mask&4 != 0 {
			b = append(b, ", stx_nlink="...)
			b = appendUint(b, uint64(le32(p, 16)))
		}
		if mask&8 != 0 {
			b = append(b, ", stx_uid="...)
			b = appendID(b, uint64(le32(p, 20)))
		}
		if mask&0x10 != 0 {
			b = append(b, ", stx_gid="...)
			b = appendID(b, uint64(le32(p, 24)))
		}
	}
	if mask&3 != 0 {
		b = append(b, ", stx_mode="...)
		b = d.symbolicMode(b, uint32(le16(p, 28)))
	}
	if v && mask&0x100 != 0 {
		b = append(b, ", stx_ino="...)
		b = appendUint(b, le64(p, 32))
	}
	if mask&0x200 != 0 {
		b = append(b, ", stx_size="...)
		b = appendUint(b, le64(p, 40))
	}
	if !v {
		return append(b, ", ...}"...)
	}
	if mask&0x400 != 0 {
		b = append(b, ", stx_blocks="...)
		b = appendUint(b, le64(p, 48))
	}
	b = append(b, ", stx_attributes_mask="...)
	b = d.flags(b, statxAttrs, le64(p, 56))
	ts := [...]struct {
		bit  uint32
		name string
		off  int
	}{{0x20, "stx_atime", 64}, {0x800, "stx_btime", 80}, {0x80, "stx_ctime", 96}, {0x40, "stx_mtime", 112}}
	for _, t := range ts {
		if mask&t.bit != 0 {
			b = append(b, ", "...)
			b = append(b, t.name...)
			b = append(b, '=')
			b = printStatxTimestamp(b, p, t.off)
		}
	}
	for k, name := range [4]string{"stx_rdev_major", "stx_rdev_minor", "stx_dev_major", "stx_dev_minor"} {
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, '=')
		b = appendUint(b, uint64(le32(p, 128+4*k)))
	}
	if mask&0x1000 != 0 {
		b = append(b, ", stx_mnt_id="...)
		b = appendHex(b, le64(p, 144))
	}
	if mask&0x2000 != 0 {
		b = append(b, ", stx_dio_mem_align="...)
		b = appendUint(b, uint64(le32(p, 152)))
		b = append(b, ", stx_dio_offset_align="...)
		b = appendUint(b, uint64(le32(p, 156)))
	}
	return append(b, '}')
}

func printStatfs(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{f_type="...)
	b = appendFsMagic(b, le64(p, 0))
	b = appendU64Fields(b, p, statfsFields)
	b = append(b, ", f_fsid={val=["...)
	b = appendHex(b, uint64(le32(p, 56)))
	b = append(b, ", "...)
	b = appendHex(b, uint64(le32(p, 60)))
	b = append(b, "]}, f_namelen="...)
	b = appendUint(b, le64(p, 64))
	b = append(b, ", f_frsize="...)
	b = appendUint(b, le64(p, 72))
	b = append(b, ", f_flags="...)
	b = d.flags(b, statfsFlags, le64(p, 80))
	return append(b, '}')
}

var statfsFlags = &xlat{vals: []xv{
	{0x20, "ST_VALID"}, {0x1, "ST_RDONLY"}, {0x2, "ST_NOSUID"}, {0x4, "ST_NODEV"}, {0x8, "ST_NOEXEC"},
	{0x10, "ST_SYNCHRONOUS"}, {0x40, "ST_MANDLOCK"}, {0x400, "ST_NOATIME"}, {0x800, "ST_NODIRATIME"},
	{0x1000, "ST_RELATIME"}, {0x2000, "ST_NOSYMFOLLOW"},
}, dflt: "ST_???"}

var fsMagics = &xlat{vals: []xv{
	{0xef53, "EXT2_SUPER_MAGIC"}, {0x01021994, "TMPFS_MAGIC"}, {0x9fa0, "PROC_SUPER_MAGIC"},
	{0x62656572, "SYSFS_MAGIC"}, {0x1cd1, "DEVPTS_SUPER_MAGIC"}, {0x794c7630, "OVERLAYFS_SUPER_MAGIC"},
	{0x58465342, "XFS_SB_MAGIC"}, {0x9123683e, "BTRFS_SUPER_MAGIC"}, {0x27e0eb, "CGROUP_SUPER_MAGIC"},
	{0x63677270, "CGROUP2_SUPER_MAGIC"}, {0x858458f6, "RAMFS_MAGIC"}, {0x6969, "NFS_SUPER_MAGIC"},
	{0x65735546, "FUSE_SUPER_MAGIC"}, {0x73717368, "SQUASHFS_MAGIC"}, {0x4d44, "MSDOS_SUPER_MAGIC"},
	{0x01021997, "V9FS_MAGIC"}, {0xf97cff8c, "SELINUX_MAGIC"}, {0x64626720, "DEBUGFS_MAGIC"},
	{0x74726163, "TRACEFS_MAGIC"}, {0xcafe4a11, "BPF_FS_MAGIC"}, {0x6e736673, "NSFS_MAGIC"},
	{0x42494e4d, "BINFMTFS_MAGIC"}, {0x73636673, "SECURITYFS_MAGIC"}, {0x2fc12fc1, "ZFS_SUPER_MAGIC"},
}}

func appendFsMagic(b []byte, v uint64) []byte {
	if s, ok := fsMagics.lookup(v); ok {
		return append(b, s...)
	}
	return appendHex(b, v)
}

var statfsFields = []u64Field{{"f_bsize", 8}, {"f_blocks", 16}, {"f_bfree", 24}, {"f_bavail", 32}, {"f_files", 40}, {"f_ffree", 48}}
