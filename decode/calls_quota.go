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

// enterQuotactlFd prints quotactl_fd's descriptor and command, and the
// arguments its command takes at entry.
func enterQuotactlFd(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendFD(b, ev, uint64(uint32(ev.Args[0])))
	b = d.sep(b)
	qcmd := uint32(ev.Args[1])
	b = d.appendQcmd(b, qcmd)
	switch qcmd >> 8 {
	case qQuotaOff, qSync, qXQuotaSync, qGetFmt:
		return b
	}
	b = d.sep(b)
	b = appendID(b, ev.Args[2])
	b = d.sep(b)
	return appendPtr(b, ev.Args[3])
}

// exitQuotactlFd prints the format Q_GETFMT stored.
func exitQuotactlFd(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if uint32(ev.Args[1])>>8 != qGetFmt {
		return b
	}
	b = d.sep(b)
	cp, ok := capOK(ev, 3)
	if failed(ev) || !ok || len(cp.Data) < 4 {
		return appendPtr(b, ev.Args[3])
	}
	b = append(b, '[')
	b = d.enum(b, quotaFormats, uint64(le32(cp.Data, 0)))
	return append(b, ']')
}
