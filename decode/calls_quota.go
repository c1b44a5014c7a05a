package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// Disk quotas: quotactl and quotactl_fd's command word, QCMD(cmd, type),
// and the arguments each command takes. Commands whose data is a struct
// show its address.

var quotaCmds = &xlat{vals: []xv{
	{0x100, "Q_V1_QUOTAON"}, {0x200, "Q_V1_QUOTAOFF"}, {0x300, "Q_V1_GETQUOTA"}, {0x400, "Q_V1_SETQUOTA"},
	{0x500, "Q_V1_SETUSE"}, {0x600, "Q_V1_SYNC"}, {0x700, "Q_SETQLIM"}, {0x800, "Q_V1_GETSTATS"},
	{0x1000, "Q_V1_RSQUASH"}, {0xd00, "Q_V2_GETQUOTA"}, {0xe00, "Q_V2_SETQUOTA"}, {0xf00, "Q_V2_SETUSE"},
	{0x900, "Q_V2_GETINFO"}, {0xa00, "Q_V2_SETINFO"}, {0xb00, "Q_V2_SETGRACE"}, {0xc00, "Q_V2_SETFLAGS"},
	{0x1100, "Q_V2_GETSTATS"},
	{0x800001, "Q_SYNC"}, {0x800002, "Q_QUOTAON"}, {0x800003, "Q_QUOTAOFF"}, {0x800004, "Q_GETFMT"},
	{0x800005, "Q_GETINFO"}, {0x800006, "Q_SETINFO"}, {0x800007, "Q_GETQUOTA"}, {0x800008, "Q_SETQUOTA"},
	{0x800009, "Q_GETNEXTQUOTA"},
	{0x5801, "Q_XQUOTAON"}, {0x5802, "Q_XQUOTAOFF"}, {0x5803, "Q_XGETQUOTA"}, {0x5804, "Q_XSETQLIM"},
	{0x5805, "Q_XGETQSTAT"}, {0x5806, "Q_XQUOTARM"}, {0x5807, "Q_XQUOTASYNC"}, {0x5808, "Q_XGETQSTATV"},
	{0x5809, "Q_XGETNEXTQUOTA"},
}, dflt: "Q_???"}

var quotaTypes = &xlat{vals: []xv{{0, "USRQUOTA"}, {1, "GRPQUOTA"}, {2, "PRJQUOTA"}}, dflt: "???QUOTA"}

var quotaFormats = &xlat{vals: []xv{{1, "QFMT_VFS_OLD"}, {2, "QFMT_VFS_V0"}, {3, "QFMT_OCFS2"}, {4, "QFMT_VFS_V1"}}, dflt: "QFMT_VFS_???"}

// Quota commands with their own argument lists.
const (
	qSync       = 0x800001
	qQuotaOff   = 0x800003
	qGetFmt     = 0x800004
	qXQuotaSync = 0x5807
)

// appendQcmd prints a quota command word: QCMD(Q_..., ...QUOTA), its
// number under -X raw, both under -X verbose.
func (d *Decoder) appendQcmd(b []byte, v uint32) []byte {
	if d.opts.Xlat != XlatAbbrev {
		b = appendUint(b, uint64(v))
		if d.opts.Xlat == XlatRaw {
			return b
		}
		b = append(b, " /* "...)
	}
	b = append(b, "QCMD("...)
	b = appendEnum(b, quotaCmds, uint64(v>>8))
	b = append(b, ", "...)
	b = appendEnum(b, quotaTypes, uint64(v&0xff))
	b = append(b, ')')
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}

var dqinfoFlags = &xlat{vals: []xv{{1, "DQF_ROOT_SQUASH"}, {1 << 16, "DQF_SYS_FILE"}}, dflt: "DQF_???"}

var dqinfoValid = &xlat{vals: []xv{{1, "IIF_BGRACE"}, {2, "IIF_IGRACE"}, {4, "IIF_FLAGS"}}, dflt: "IIF_???"}

var dqblkValid = &xlat{vals: []xv{
	{1, "QIF_BLIMITS"}, {2, "QIF_SPACE"}, {4, "QIF_ILIMITS"}, {8, "QIF_INODES"}, {16, "QIF_BTIME"}, {32, "QIF_ITIME"},
}, dflt: "QIF_???"}

// xfsQuotaFlags are the FS_QUOTA_* state flags of the XFS commands.
var xfsQuotaFlags = &xlat{vals: []xv{
	{1, "FS_QUOTA_UDQ_ACCT"}, {2, "FS_QUOTA_UDQ_ENFD"}, {4, "FS_QUOTA_GDQ_ACCT"},
	{8, "FS_QUOTA_GDQ_ENFD"}, {16, "FS_QUOTA_PDQ_ACCT"}, {32, "FS_QUOTA_PDQ_ENFD"},
}, dflt: "FS_QUOTA_???"}

// xfsDqblkFlags are the FS_*_QUOTA quota types of the XFS commands.
var xfsDqblkFlags = &xlat{vals: []xv{{1, "FS_USER_QUOTA"}, {2, "FS_PROJ_QUOTA"}, {4, "FS_GROUP_QUOTA"}}, dflt: "FS_???_QUOTA"}

// More quota commands.
const (
	qQuotaOn      = 0x800002
	qGetInfo      = 0x800005
	qSetInfo      = 0x800006
	qGetQuota     = 0x800007
	qSetQuota     = 0x800008
	qGetNextQuota = 0x800009
	qXQuotaOn     = 0x5801
	qXQuotaOff    = 0x5802
	qXGetQuota    = 0x5803
	qXSetQLim     = 0x5804
	qXQuotaRm     = 0x5806
	qXGetQStat    = 0x5805
	qXGetQStatV   = 0x5808
	qXGetNext     = 0x5809
)

// enterQuotactl prints quotactl's command and special file, and the rest
// its command takes at entry.
func enterQuotactl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	qcmd := uint32(ev.Args[0])
	b = d.appendQcmd(b, qcmd)
	b = d.sep(b)
	b = printPath(d, b, ev, 1)
	return d.enterQuotaData(b, ev, qcmd>>8)
}

// enterQuotactlFd prints quotactl_fd's descriptor and command, and the
// rest its command takes at entry.
func enterQuotactlFd(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendFD(b, ev, uint64(uint32(ev.Args[0])))
	b = d.sep(b)
	qcmd := uint32(ev.Args[1])
	b = d.appendQcmd(b, qcmd)
	return d.enterQuotaData(b, ev, qcmd>>8)
}

// enterQuotaData prints the id (argument 2) and data (argument 3) that
// quota command cmd takes at entry; commands whose data the kernel fills
// leave it to exitQuota.
func (d *Decoder) enterQuotaData(b []byte, ev *trace.Event, cmd uint32) []byte {
	switch cmd {
	case qQuotaOff, qSync, qXQuotaSync:
		return b
	case qQuotaOn:
		b = d.sep(b)
		b = d.enum(b, quotaFormats, uint64(uint32(ev.Args[2])))
		b = d.sep(b)
		return d.appendQuotaPath(b, ev)
	case qGetQuota, qGetNextQuota, qXGetQuota, qXGetNext:
		b = d.sep(b)
		return appendID(b, ev.Args[2])
	case qGetFmt, qGetInfo, qXGetQStat, qXGetQStatV:
		return b
	case qSetQuota:
		b = d.sep(b)
		b = appendID(b, ev.Args[2])
		b = d.sep(b)
		return d.appendDqblk(b, ev, false)
	case qSetInfo:
		b = d.sep(b)
		return d.appendDqinfo(b, ev)
	case qXSetQLim:
		b = d.sep(b)
		b = appendID(b, ev.Args[2])
		b = d.sep(b)
		return d.appendFsDiskQuota(b, ev)
	case qXQuotaOn, qXQuotaOff, qXQuotaRm:
		b = d.sep(b)
		p, ok := quotaData(ev, 4)
		if !ok {
			return appendPtr(b, ev.Args[3])
		}
		x := xfsQuotaFlags
		if cmd == qXQuotaRm {
			x = xfsDqblkFlags
		}
		b = append(b, '[')
		b = d.flags(b, x, uint64(le32(p, 0)))
		return append(b, ']')
	}
	b = d.sep(b)
	b = appendID(b, ev.Args[2])
	b = d.sep(b)
	return appendPtr(b, ev.Args[3])
}

// quotaData returns the captured data of a quota command, if n bytes of
// it were read.
func quotaData(ev *trace.Event, n int) ([]byte, bool) {
	cp, ok := capOK(ev, 3)
	if !ok || ev.Args[3] == 0 || len(cp.Data) < n {
		return nil, false
	}
	return cp.Data, true
}

// appendQuotaPath prints Q_QUOTAON's file name from the data's bytes.
func (d *Decoder) appendQuotaPath(b []byte, ev *trace.Event) []byte {
	p, ok := quotaData(d.whole(ev), 1)
	if !ok {
		return appendPtr(b, ev.Args[3])
	}
	for i, c := range p {
		if c == 0 {
			return d.appendPath(b, p[:i], false)
		}
	}
	return appendPtr(b, ev.Args[3])
}

// appendDqblk prints a struct if_dqblk (next: if_nextdqblk, with dqb_id).
func (d *Decoder) appendDqblk(b []byte, ev *trace.Event, next bool) []byte {
	size := 68
	if next {
		size = 72
	}
	p, ok := quotaData(ev, size)
	if !ok {
		return appendPtr(b, ev.Args[3])
	}
	b = append(b, "{dqb_bhardlimit="...)
	b = appendUint(b, le64(p, 0))
	b = appendU64Fields(b, p, []u64Field{{"dqb_bsoftlimit", 8}, {"dqb_curspace", 16}, {"dqb_ihardlimit", 24}, {"dqb_isoftlimit", 32}, {"dqb_curinodes", 40}})
	if d.opts.Verbose {
		b = appendU64Fields(b, p, []u64Field{{"dqb_btime", 48}, {"dqb_itime", 56}})
		b = append(b, ", dqb_valid="...)
		b = d.flags(b, dqblkValid, uint64(le32(p, 64)))
	}
	if next {
		b = append(b, ", dqb_id="...)
		b = appendUint(b, uint64(le32(p, 68)))
	}
	if !d.opts.Verbose {
		b = append(b, ", ..."...)
	}
	return append(b, '}')
}

// appendFsDiskQuota prints a struct fs_disk_quota.
func (d *Decoder) appendFsDiskQuota(b []byte, ev *trace.Event) []byte {
	p, ok := quotaData(ev, 112)
	if !ok {
		return appendPtr(b, ev.Args[3])
	}
	b = append(b, "{d_version="...)
	b = appendInt(b, int64(int8(p[0])))
	b = append(b, ", d_flags="...)
	b = d.flags(b, xfsDqblkFlags, uint64(p[1]))
	b = append(b, ", d_fieldmask="...)
	b = appendHex(b, uint64(le16(p, 2)))
	b = append(b, ", d_id="...)
	b = appendUint(b, uint64(le32(p, 4)))
	b = appendU64Fields(b, p, []u64Field{{"d_blk_hardlimit", 8}, {"d_blk_softlimit", 16}, {"d_ino_hardlimit", 24},
		{"d_ino_softlimit", 32}, {"d_bcount", 40}, {"d_icount", 48}})
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	b = append(b, ", d_itimer="...)
	b = appendInt(b, int64(int32(le32(p, 56))))
	b = append(b, ", d_btimer="...)
	b = appendInt(b, int64(int32(le32(p, 60))))
	b = append(b, ", d_iwarns="...)
	b = appendUint(b, uint64(le16(p, 64)))
	b = append(b, ", d_bwarns="...)
	b = appendUint(b, uint64(le16(p, 66)))
	b = appendU64Fields(b, p, []u64Field{{"d_rtb_hardlimit", 72}, {"d_rtb_softlimit", 80}, {"d_rtbcount", 88}})
	b = append(b, ", d_rtbtimer="...)
	b = appendInt(b, int64(int32(le32(p, 96))))
	b = append(b, ", d_rtbwarns="...)
	b = appendUint(b, uint64(le16(p, 100)))
	return append(b, '}')
}

// appendQfilestat prints a struct fs_qfilestat(v) at p[off:].
func appendQfilestat(b []byte, name string, p []byte, off int) []byte {
	b = append(b, ", "...)
	b = append(b, name...)
	b = append(b, "={qfs_ino="...)
	b = appendUint(b, le64(p, off))
	b = append(b, ", qfs_nblks="...)
	b = appendUint(b, le64(p, off+8))
	b = append(b, ", qfs_nextents="...)
	b = appendUint(b, uint64(le32(p, off+16)))
	return append(b, '}')
}

// appendFsQuotaStat prints a struct fs_quota_stat, or fs_quota_statv.
func (d *Decoder) appendFsQuotaStat(b []byte, ev *trace.Event, v bool) []byte {
	size, limits := 76, 60
	if v {
		size, limits = 96, 80
	}
	p, ok := quotaData(ev, size)
	if !ok {
		return appendPtr(b, ev.Args[3])
	}
	b = append(b, "{qs_version="...)
	b = appendInt(b, int64(int8(p[0])))
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	b = append(b, ", qs_flags="...)
	b = d.flags(b, xfsQuotaFlags, uint64(le16(p, 2)))
	if v {
		b = append(b, ", qs_incoredqs="...)
		b = appendUint(b, uint64(le32(p, 4)))
		b = appendQfilestat(b, "qs_uquota", p, 8)
		b = appendQfilestat(b, "qs_gquota", p, 32)
		b = appendQfilestat(b, "qs_pquota", p, 56)
	} else {
		b = appendQfilestat(b, "qs_uquota", p, 8)
		b = appendQfilestat(b, "qs_gquota", p, 32)
		b = append(b, ", qs_incoredqs="...)
		b = appendUint(b, uint64(le32(p, 56)))
	}
	for i, n := range []string{"qs_btimelimit", "qs_itimelimit", "qs_rtbtimelimit"} {
		b = append(b, ", "...)
		b = append(b, n...)
		b = append(b, '=')
		b = appendInt(b, int64(int32(le32(p, limits+4*i))))
	}
	b = append(b, ", qs_bwarnlimit="...)
	b = appendUint(b, uint64(le16(p, limits+12)))
	b = append(b, ", qs_iwarnlimit="...)
	b = appendUint(b, uint64(le16(p, limits+14)))
	return append(b, '}')
}

// appendDqinfo prints a struct if_dqinfo.
func (d *Decoder) appendDqinfo(b []byte, ev *trace.Event) []byte {
	p, ok := quotaData(ev, 24)
	if !ok {
		return appendPtr(b, ev.Args[3])
	}
	b = append(b, "{dqi_bgrace="...)
	b = appendUint(b, le64(p, 0))
	b = append(b, ", dqi_igrace="...)
	b = appendUint(b, le64(p, 8))
	b = append(b, ", dqi_flags="...)
	b = d.flags(b, dqinfoFlags, uint64(le32(p, 16)))
	b = append(b, ", dqi_valid="...)
	b = d.flags(b, dqinfoValid, uint64(le32(p, 20)))
	return append(b, '}')
}

// exitQuota prints the data a quota command filled.
func exitQuota(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	qcmd := uint32(ev.Args[1])
	if c.name == "quotactl" {
		qcmd = uint32(ev.Args[0])
	}
	cmd := qcmd >> 8
	switch cmd {
	case qGetQuota, qGetNextQuota, qXGetQuota, qXGetNext, qGetFmt, qGetInfo, qXGetQStat, qXGetQStatV:
	default:
		return b
	}
	b = d.sep(b)
	if failed(ev) {
		return appendPtr(b, ev.Args[3])
	}
	switch cmd {
	case qGetQuota, qGetNextQuota:
		return d.appendDqblk(b, ev, cmd == qGetNextQuota)
	case qGetInfo:
		return d.appendDqinfo(b, ev)
	case qXGetQuota, qXGetNext:
		return d.appendFsDiskQuota(b, ev)
	case qXGetQStat, qXGetQStatV:
		return d.appendFsQuotaStat(b, ev, cmd == qXGetQStatV)
	case qGetFmt:
		p, ok := quotaData(ev, 4)
		if !ok {
			return appendPtr(b, ev.Args[3])
		}
		b = append(b, '[')
		b = d.enum(b, quotaFormats, uint64(le32(p, 0)))
		return append(b, ']')
	}
	return appendPtr(b, ev.Args[3])
}
