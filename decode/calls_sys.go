package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"strconv"

	"github.com/sctrace/sctrace/trace"
)

// Decoders of system-administration calls: namespaces, mounts, memory
// policy, capabilities, io_uring and openat2.

var setnsTypes = &xlat{vals: []xv{
	{0x80, "CLONE_NEWTIME"}, {0x20000, "CLONE_NEWNS"}, {0x2000000, "CLONE_NEWCGROUP"},
	{0x4000000, "CLONE_NEWUTS"}, {0x8000000, "CLONE_NEWIPC"}, {0x10000000, "CLONE_NEWUSER"},
	{0x20000000, "CLONE_NEWPID"}, {0x40000000, "CLONE_NEWNET"},
}, dflt: "CLONE_NEW???"}

var umountFlags = &xlat{vals: []xv{{1, "MNT_FORCE"}, {2, "MNT_DETACH"}, {4, "MNT_EXPIRE"}, {8, "UMOUNT_NOFOLLOW"}}, dflt: "MNT_???"}

var mountFlags = &xlat{vals: []xv{
	{1 << 0, "MS_RDONLY"}, {1 << 1, "MS_NOSUID"}, {1 << 2, "MS_NODEV"}, {1 << 3, "MS_NOEXEC"},
	{1 << 4, "MS_SYNCHRONOUS"}, {1 << 5, "MS_REMOUNT"}, {1 << 6, "MS_MANDLOCK"}, {1 << 7, "MS_DIRSYNC"},
	{1 << 8, "MS_NOSYMFOLLOW"}, {1 << 10, "MS_NOATIME"}, {1 << 11, "MS_NODIRATIME"}, {1 << 12, "MS_BIND"},
	{1 << 13, "MS_MOVE"}, {1 << 14, "MS_REC"}, {1 << 15, "MS_SILENT"}, {1 << 16, "MS_POSIXACL"},
	{1 << 17, "MS_UNBINDABLE"}, {1 << 18, "MS_PRIVATE"}, {1 << 19, "MS_SLAVE"}, {1 << 20, "MS_SHARED"},
	{1 << 21, "MS_RELATIME"}, {1 << 22, "MS_KERNMOUNT"}, {1 << 23, "MS_I_VERSION"}, {1 << 24, "MS_STRICTATIME"},
	{1 << 25, "MS_LAZYTIME"}, {1 << 26, "MS_SUBMOUNT"}, {1 << 27, "MS_NOREMOTELOCK"}, {1 << 28, "MS_NOSEC"},
	{1 << 29, "MS_BORN"}, {1 << 30, "MS_ACTIVE"}, {1 << 31, "MS_NOUSER"},
}, dflt: "MS_???"}

var spliceFlags = &xlat{vals: []xv{{1, "SPLICE_F_MOVE"}, {2, "SPLICE_F_NONBLOCK"}, {4, "SPLICE_F_MORE"}, {8, "SPLICE_F_GIFT"}}, dflt: "SPLICE_F_???"}

var pidfdOpenFlags = &xlat{vals: []xv{{04000, "PIDFD_NONBLOCK"}}, dflt: "PIDFD_???"}

var getMempolicyFlags = &xlat{vals: []xv{{1, "MPOL_F_NODE"}, {2, "MPOL_F_ADDR"}, {4, "MPOL_F_MEMS_ALLOWED"}}, dflt: "MPOL_???"}

var mpolModes = &xlat{vals: []xv{
	{0, "MPOL_DEFAULT"}, {1, "MPOL_PREFERRED"}, {2, "MPOL_BIND"}, {3, "MPOL_INTERLEAVE"},
	{4, "MPOL_LOCAL"}, {5, "MPOL_PREFERRED_MANY"},
}, dflt: "MPOL_???"}

var mpolModeFlags = &xlat{vals: []xv{{1 << 15, "MPOL_F_STATIC_NODES"}, {1 << 14, "MPOL_F_RELATIVE_NODES"}, {1 << 13, "MPOL_F_NUMA_BALANCING"}}, dflt: "MPOL_???"}

var uringSetupFlags = &xlat{vals: []xv{
	{1 << 0, "IORING_SETUP_IOPOLL"}, {1 << 1, "IORING_SETUP_SQPOLL"}, {1 << 2, "IORING_SETUP_SQ_AFF"},
	{1 << 3, "IORING_SETUP_CQSIZE"}, {1 << 4, "IORING_SETUP_CLAMP"}, {1 << 5, "IORING_SETUP_ATTACH_WQ"},
	{1 << 6, "IORING_SETUP_R_DISABLED"}, {1 << 7, "IORING_SETUP_SUBMIT_ALL"}, {1 << 8, "IORING_SETUP_COOP_TASKRUN"},
	{1 << 9, "IORING_SETUP_TASKRUN_FLAG"}, {1 << 10, "IORING_SETUP_SQE128"}, {1 << 11, "IORING_SETUP_CQE32"},
}, dflt: "IORING_SETUP_???"}

var uringSetupFeatures = &xlat{vals: []xv{
	{1 << 0, "IORING_FEAT_SINGLE_MMAP"}, {1 << 1, "IORING_FEAT_NODROP"}, {1 << 2, "IORING_FEAT_SUBMIT_STABLE"},
	{1 << 3, "IORING_FEAT_RW_CUR_POS"}, {1 << 4, "IORING_FEAT_CUR_PERSONALITY"}, {1 << 5, "IORING_FEAT_FAST_POLL"},
	{1 << 6, "IORING_FEAT_POLL_32BITS"}, {1 << 7, "IORING_FEAT_SQPOLL_NONFIXED"}, {1 << 8, "IORING_FEAT_EXT_ARG"},
	{1 << 9, "IORING_FEAT_NATIVE_WORKERS"}, {1 << 10, "IORING_FEAT_RSRC_TAGS"}, {1 << 11, "IORING_FEAT_CQE_SKIP"},
	{1 << 12, "IORING_FEAT_LINKED_FILE"},
}, dflt: "IORING_FEAT_???"}

var uringEnterFlags = &xlat{vals: []xv{
	{1 << 0, "IORING_ENTER_GETEVENTS"}, {1 << 1, "IORING_ENTER_SQ_WAKEUP"}, {1 << 2, "IORING_ENTER_SQ_WAIT"},
	{1 << 3, "IORING_ENTER_EXT_ARG"}, {1 << 4, "IORING_ENTER_REGISTERED_RING"},
}, dflt: "IORING_ENTER_???"}

var resolveFlags = &xlat{vals: []xv{
	{0x01, "RESOLVE_NO_XDEV"}, {0x02, "RESOLVE_NO_MAGICLINKS"}, {0x04, "RESOLVE_NO_SYMLINKS"},
	{0x08, "RESOLVE_BENEATH"}, {0x10, "RESOLVE_IN_ROOT"}, {0x20, "RESOLVE_CACHED"},
}, dflt: "RESOLVE_???"}

// capMasks are the capability bit sets of the two 32-bit halves of a
// capability set, named 1<<CAP_X as strace names them.
var capMasks = func() [2]*xlat {
	var m [2]*xlat
	m[0], m[1] = &xlat{dflt: "CAP_???"}, &xlat{dflt: "CAP_???"}
	for _, c := range capNames.vals {
		half := c.v / 32
		if half > 1 {
			continue
		}
		m[half].vals = append(m[half].vals, xv{1 << (c.v % 32), "1<<" + c.s})
	}
	return m
}()

// enterNothing prints nothing at entry: the whole call is printed at exit.
func enterNothing(d *Decoder, c *call, b []byte, ev *trace.Event) []byte { return b }

// enterMount prints mount(2): the file system type is an address for a
// remount, and the data too for a bind, move or propagation change.
func enterMount(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	const (
		magicMask = 0xffff0000
		magic     = 0xc0ed0000
		remount   = 1 << 5
		noData    = 1<<12 | 1<<13 | 1<<20 | 1<<18 | 1<<19 | 1<<17 // BIND, MOVE, SHARED, PRIVATE, SLAVE, UNBINDABLE
	)
	flags := ev.Args[3]
	oldMagic := flags&magicMask == magic
	if oldMagic {
		flags &^= magicMask
	}
	ignoreType, ignoreData := false, false
	if flags&remount != 0 {
		ignoreType = true
	} else if flags&noData != 0 {
		ignoreType, ignoreData = true, true
	}
	b = printPath(d, b, ev, 0)
	b = d.sep(b)
	b = printPath(d, b, ev, 1)
	b = d.sep(b)
	if ignoreType {
		b = appendPtr(b, ev.Args[2])
	} else {
		b = printString(d, b, ev, 2)
	}
	b = d.sep(b)
	if oldMagic {
		mark := len(b)
		b = d.restyle(append(b, "MS_MGC_VAL"...), mark, magic, numHex)
		if flags != 0 {
			b = append(b, '|')
		}
	}
	if flags != 0 || !oldMagic {
		b = d.flags(b, mountFlags, flags)
	}
	b = d.sep(b)
	if ignoreData {
		return appendPtr(b, ev.Args[4])
	}
	return printString(d, b, ev, 4)
}

// exitGetMempolicy prints get_mempolicy(2), all of it at exit.
func exitGetMempolicy(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cp, ok := capOK(ev, 0)
	switch {
	case ev.Args[0] == 0:
		b = append(b, "NULL"...)
	case failed(ev) || !ok || len(cp.Data) < 4:
		b = appendPtr(b, ev.Args[0])
	default:
		b = append(b, '[')
		b = d.enum(b, mpolModes, uint64(le32(cp.Data, 0)))
		b = append(b, ']')
	}
	b = d.sep(b)
	if failed(ev) {
		b = appendPtr(b, ev.Args[1])
	} else {
		b = d.appendNodemask(b, ev, 1, ev.Args[2])
	}
	b = d.sep(b)
	b = appendUint(b, ev.Args[2])
	b = d.sep(b)
	b = appendPtr(b, ev.Args[3])
	b = d.sep(b)
	return d.flags(b, getMempolicyFlags, ev.Args[4])
}

// appendNodemask prints node mask argument i of maxnode bits as an array
// of longs, each as %#016lx; a mask larger than its capture prints as its
// address.
func (d *Decoder) appendNodemask(b []byte, ev *trace.Event, i int, maxnode uint64) []byte {
	addr := ev.Args[i]
	nmemb := (maxnode + 62) / 64
	if nmemb < maxnode/64 || (maxnode != 0 && nmemb == 0) {
		return appendPtr(b, addr)
	}
	if addr == 0 {
		return append(b, "NULL"...)
	}
	if nmemb == 0 {
		return append(b, "[]"...)
	}
	cp, ok := capOK(ev, i)
	if !ok || len(cp.Data) < 8 {
		return appendPtr(b, addr)
	}
	// The capture holds the longs before unreadable memory, up to one
	// more than -s prints.
	full := uint64(len(cp.Data)) >= min(nmemb, syscalls.NodemaskLongs)*8
	b = append(b, '[')
	for k := uint64(0); k < nmemb; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if 8*k+8 > uint64(len(cp.Data)) {
			if !full {
				b = append(b, "... /* "...)
				b = appendHex(b, addr+8*k)
				b = append(b, " */"...)
			} else {
				b = append(b, "..."...)
			}
			break
		}
		if !d.opts.Verbose && k >= uint64(d.opts.StringLimit) {
			b = append(b, "..."...)
			break
		}
		b = appendZeroPaddedHex(b, le64(cp.Data, int(8*k)), 16)
	}
	return append(b, ']')
}

// appendZeroPaddedHex appends v as C's %#0*lx with the given width: "0x"
// and zero-padded digits for nonzero values, width zeros for zero.
func appendZeroPaddedHex(b []byte, v uint64, width int) []byte {
	digits := strconv.FormatUint(v, 16)
	pad := width - len(digits)
	if v != 0 {
		b = append(b, "0x"...)
		pad -= 2
	}
	for ; pad > 0; pad-- {
		b = append(b, '0')
	}
	return append(b, digits...)
}

// enterSetMempolicy prints set_mempolicy(2): a mode with its flags.
func enterSetMempolicy(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendMpolMode(b, uint64(uint32(ev.Args[0]))) // an int
	b = d.sep(b)
	b = d.appendNodemask(b, ev, 1, ev.Args[2])
	b = d.sep(b)
	return appendUint(b, ev.Args[2])
}

// appendMpolMode prints a memory policy mode with its MPOL_F_* flags, as
// -X asks.
func (d *Decoder) appendMpolMode(b []byte, arg uint64) []byte {
	const flagMask = 1<<15 | 1<<14 | 1<<13
	mode, flags := arg&^flagMask, arg&flagMask
	name, known := mpolModes.lookup(mode)
	mark := len(b)
	switch {
	case flags == 0:
		b = appendEnum(b, mpolModes, mode)
	case !known:
		b = appendFlags(b, mpolModeFlags, arg)
	default:
		b = append(b, name...)
		b = append(b, '|')
		b, _ = appendFlagsOnly(b, mpolModeFlags, flags)
	}
	return d.restyle(b, mark, arg, numHex)
}

// mbindFlags are mbind's MPOL_MF_* flags.
var mbindFlags = &xlat{vals: []xv{{1, "MPOL_MF_STRICT"}, {2, "MPOL_MF_MOVE"}, {4, "MPOL_MF_MOVE_ALL"}}, dflt: "MPOL_???"}

// enterMbind prints mbind: the range, the policy, its node mask and size,
// the MPOL_MF_* flags.
func enterMbind(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendPtr(b, ev.Args[0])
	b = d.sep(b)
	b = appendUint(b, ev.Args[1])
	b = d.sep(b)
	b = d.appendMpolMode(b, ev.Args[2])
	b = d.sep(b)
	b = d.appendNodemask(b, ev, 3, ev.Args[4])
	b = d.sep(b)
	b = appendUint(b, ev.Args[4])
	b = d.sep(b)
	return d.flags(b, mbindFlags, uint64(uint32(ev.Args[5])))
}

// enterMigratePages prints migrate_pages: the pid, the masks' size and
// the old and new node masks.
func enterMigratePages(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendPid(b, ev, int32(ev.Args[0]), syscalls.PidTGID)
	b = d.sep(b)
	b = appendUint(b, ev.Args[1])
	b = d.sep(b)
	b = d.appendNodemask(b, ev, 2, ev.Args[1])
	b = d.sep(b)
	return d.appendNodemask(b, ev, 3, ev.Args[1])
}

// ioUringParamsSize is sizeof(struct io_uring_params).
const ioUringParamsSize = 120

// enterIOUringSetup prints io_uring_setup's entries and the parameters
// the caller passes; exitIOUringSetup adds what the kernel filled in.
func enterIOUringSetup(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendUint(b, uint64(uint32(ev.Args[0])))
	b = d.sep(b)
	cp, ok := capOK(ev, 1)
	if ev.Args[1] == 0 || !ok || len(cp.Data) < ioUringParamsSize {
		return appendPtr(b, ev.Args[1])
	}
	p := cp.Data
	b = append(b, "{flags="...)
	b = d.flags(b, uringSetupFlags, uint64(le32(p, 8)))
	b = append(b, ", sq_thread_cpu="...)
	b = appendHex(b, uint64(le32(p, 12)))
	b = append(b, ", sq_thread_idle="...)
	b = appendUint(b, uint64(le32(p, 16)))
	if le32(p, 8)&(1<<5) != 0 {
		b = append(b, ", wq_fd="...)
		b = d.appendFD(b, ev, uint64(le32(p, 24)))
	}
	if r0, r1, r2 := le32(p, 28), le32(p, 32), le32(p, 36); r0|r1|r2 != 0 {
		b = append(b, ", resv=["...)
		for k, r := range []uint32{r0, r1, r2} {
			if k > 0 {
				b = append(b, ", "...)
			}
			b = appendHex(b, uint64(r))
		}
		b = append(b, ']')
	}
	return b
}

func exitIOUringSetup(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cp, ok := capOK(ev, 1)
	if ev.Args[1] == 0 || !ok || len(cp.Data) < ioUringParamsSize {
		// Unreadable: the entry part printed the address.
		return b
	}
	p := cp.Data
	if exited(ev) && !ev.IsError() {
		b = append(b, ", sq_entries="...)
		b = appendUint(b, uint64(le32(p, 0)))
		b = append(b, ", cq_entries="...)
		b = appendUint(b, uint64(le32(p, 4)))
		b = append(b, ", features="...)
		b = d.flags(b, uringSetupFeatures, uint64(le32(p, 20)))
		b = append(b, ", sq_off="...)
		b = appendRingOffsets(b, p[40:80], []string{"head", "tail", "ring_mask", "ring_entries", "flags", "dropped", "array"})
		b = append(b, ", cq_off="...)
		b = appendRingOffsets(b, p[80:120], []string{"head", "tail", "ring_mask", "ring_entries", "overflow", "cqes", "flags"})
	}
	return append(b, '}')
}

// appendRingOffsets prints a struct io_sqring_offsets or io_cqring_offsets:
// seven named u32 fields, then resv1 (u32) and resv2 (u64) when set.
func appendRingOffsets(b []byte, p []byte, names []string) []byte {
	b = append(b, '{')
	for k, n := range names {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = append(b, n...)
		b = append(b, '=')
		b = appendUint(b, uint64(le32(p, 4*k)))
	}
	if r := le32(p, 28); r != 0 {
		b = append(b, ", resv1="...)
		b = appendHex(b, uint64(r))
	}
	if r := le64(p, 32); r != 0 {
		b = append(b, ", resv2="...)
		b = appendHex(b, r)
	}
	return append(b, '}')
}

// capVersion1 is _LINUX_CAPABILITY_VERSION_1, whose data is one struct
// __user_cap_data_struct (the later versions' is two).
const capVersion1 = 0x19980330

// capDataSize returns how many bytes of capget/capset's data strace reads
// (one struct for _LINUX_CAPABILITY_VERSION_1, else two), and false, for
// the data's address to be printed, when the header (argument 0) could
// not be read; ok is whether the data could.
func capDataSize(ev *trace.Event, ok bool) (int, bool) {
	v1, read := capV1(ev)
	switch {
	case !read:
		return 0, false
	case v1:
		return 12, ok
	}
	return 24, ok
}

// capV1 reports whether capget/capset's header says
// _LINUX_CAPABILITY_VERSION_1, and whether it could be read.
func capV1(ev *trace.Event) (v1, read bool) {
	hp, ok := capOK(ev, 0)
	if !ok || len(hp.Data) < 4 {
		return false, false
	}
	return le32(hp.Data, 0) == capVersion1, true
}

// printCapData prints capget/capset's data: one struct
// __user_cap_data_struct for _LINUX_CAPABILITY_VERSION_1, two otherwise,
// shown as three 64-bit sets.
func printCapData(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	v1, _ := capV1(ev)
	two := !v1
	for k, name := range []string{"effective", "permitted", "inheritable"} {
		if k == 0 {
			b = append(b, '{')
		} else {
			b = append(b, ", "...)
		}
		b = append(b, name...)
		b = append(b, '=')
		lo, hi := le32(p, 4*k), uint32(0)
		if two {
			hi = le32(p, 12+4*k)
		}
		b = d.appendCapBits(b, lo, hi)
	}
	return append(b, '}')
}

// appendCapBits prints a capability set split in two 32-bit halves.
func (d *Decoder) appendCapBits(b []byte, lo, hi uint32) []byte {
	if lo != 0 || hi == 0 {
		b = d.flags(b, capMasks[0], uint64(lo))
	}
	if hi != 0 {
		if lo != 0 {
			b = append(b, '|')
		}
		b = d.flags(b, capMasks[1], uint64(hi))
	}
	return b
}

var sigevNotify = &xlat{vals: []xv{{0, "SIGEV_SIGNAL"}, {1, "SIGEV_NONE"}, {2, "SIGEV_THREAD"}, {4, "SIGEV_THREAD_ID"}}, dflt: "SIGEV_???"}

// printSigevent prints a struct sigevent (timer_create, mq_notify).
func printSigevent(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	const (
		sigevSignal   = 0
		sigevThread   = 2
		sigevThreadID = 4
	)
	b = append(b, '{')
	if v := le64(p, 0); v != 0 {
		b = append(b, "sigev_value={sival_int="...)
		b = appendInt(b, int64(int32(le32(p, 0))))
		b = append(b, ", sival_ptr="...)
		b = appendPtr(b, v)
		b = append(b, "}, "...)
	}
	signo, notify := int32(le32(p, 8)), le32(p, 12)
	b = append(b, "sigev_signo="...)
	switch notify {
	case sigevSignal, sigevThread, sigevThreadID:
		b = d.signal(b, int64(signo))
	default:
		b = appendUint(b, uint64(uint32(signo)))
	}
	b = append(b, ", sigev_notify="...)
	b = d.enum(b, sigevNotify, uint64(notify))
	switch notify {
	case sigevThreadID:
		b = append(b, ", sigev_notify_thread_id="...)
		b = appendInt(b, int64(int32(le32(p, 16))))
	case sigevThread:
		b = append(b, ", sigev_notify_function="...)
		b = appendPtr(b, le64(p, 16))
		b = append(b, ", sigev_notify_attributes="...)
		b = appendPtr(b, le64(p, 24))
	}
	return append(b, '}')
}

// newUTSLen is the longest host name the kernel takes (__NEW_UTS_LEN).
const newUTSLen = 64

// enterSethostname prints sethostname's name, or its address when the
// length is more than a host name may be, as strace does.
func enterSethostname(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	n := uint32(ev.Args[1])
	if n > newUTSLen {
		b = appendPtr(b, ev.Args[0])
	} else {
		b = c.args[0](d, b, ev, 0)
	}
	b = d.sep(b)
	return appendUint(b, uint64(n))
}

// syslogConsoleLevels are the console log levels of
// SYSLOG_ACTION_CONSOLE_LEVEL.
var syslogConsoleLevels = &xlat{vals: []xv{
	{0, "LOGLEVEL_EMERG"}, {1, "LOGLEVEL_ALERT"}, {2, "LOGLEVEL_CRIT"}, {3, "LOGLEVEL_ERR"},
	{4, "LOGLEVEL_WARNING"}, {5, "LOGLEVEL_NOTICE"}, {6, "LOGLEVEL_INFO"}, {7, "LOGLEVEL_DEBUG"},
	{8, "LOGLEVEL_DEBUG+1"},
}, dflt: "LOGLEVEL_???"}

// appendDecimalNamed prints v in decimal with its name in a comment, as
// strace's XLAT_STYLE_VERBOSE|XLAT_STYLE_FMT_D (the number alone under
// -X raw).
func (d *Decoder) appendDecimalNamed(b []byte, x *xlat, v int32) []byte {
	b = appendInt(b, int64(v))
	if d.opts.Xlat == XlatRaw {
		return b
	}
	name, ok := x.lookup(uint64(uint32(v)))
	if !ok {
		name = x.dflt
	}
	return appendComment(b, name)
}

// enterSyslog prints syslog's action and, for the actions that take them,
// the buffer and length (a read's buffer at exit).
func enterSyslog(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	typ := int32(ev.Args[0])
	b = d.appendDecimalNamed(b, syslogActions, typ)
	switch typ {
	case 0, 1, 5, 6, 7, 9, 10, 2, 3, 4:
		return b // no more arguments, or the read's at exit
	case 8: // SYSLOG_ACTION_CONSOLE_LEVEL
		b = appendPtr(d.sep(b), ev.Args[1])
		return d.appendDecimalNamed(d.sep(b), syslogConsoleLevels, int32(ev.Args[2]))
	}
	b = appendPtr(d.sep(b), ev.Args[1])
	return appendInt(d.sep(b), int64(int32(ev.Args[2])))
}

// exitSyslog prints what a SYSLOG_ACTION_READ* read, and the length.
func exitSyslog(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if t := int32(ev.Args[0]); t < 2 || t > 4 {
		return b
	}
	b = d.sep(b)
	if failed(ev) {
		b = appendPtr(b, ev.Args[1])
	} else {
		b = printOutBuf(d, b, ev, 1)
	}
	return appendInt(d.sep(b), int64(int32(ev.Args[2])))
}

// swapFlags are swapon's SWAP_FLAG_* flags beside the priority.
var swapFlags = &xlat{vals: []xv{
	{0x8000, "SWAP_FLAG_PREFER"}, {0x10000, "SWAP_FLAG_DISCARD"}, {0x20000, "SWAP_FLAG_DISCARD_ONCE"},
	{0x40000, "SWAP_FLAG_DISCARD_PAGES"},
}, dflt: "SWAP_FLAG_???"}

// enterSwapon prints swapon's path, and its flags with the priority in
// their low bits: SWAP_FLAG_PREFER|42.
func enterSwapon(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	const prioMask = 0x7fff
	b = c.args[0](d, b, ev, 0)
	b = d.sep(b)
	flags := uint32(ev.Args[1])
	prio := flags & prioMask
	if flags &^= prioMask; flags != 0 {
		b = d.flags(b, swapFlags, uint64(flags))
		b = append(b, '|')
	}
	return appendUint(b, uint64(prio))
}

// The reboot(2) magic numbers and commands.
var (
	rebootMagic1 = &xlat{vals: []xv{{0xfee1dead, "LINUX_REBOOT_MAGIC1"}}, dflt: "LINUX_REBOOT_MAGIC_???"}
	rebootMagic2 = &xlat{vals: []xv{
		{672274793, "LINUX_REBOOT_MAGIC2"}, {85072278, "LINUX_REBOOT_MAGIC2A"}, {369367448, "LINUX_REBOOT_MAGIC2B"},
		{537993216, "LINUX_REBOOT_MAGIC2C"},
	}, dflt: "LINUX_REBOOT_MAGIC_???"}
	rebootCmds = &xlat{vals: []xv{
		{0x01234567, "LINUX_REBOOT_CMD_RESTART"}, {0xCDEF0123, "LINUX_REBOOT_CMD_HALT"},
		{0x89ABCDEF, "LINUX_REBOOT_CMD_CAD_ON"}, {0x00000000, "LINUX_REBOOT_CMD_CAD_OFF"},
		{0x4321FEDC, "LINUX_REBOOT_CMD_POWER_OFF"}, {0xA1B2C3D4, "LINUX_REBOOT_CMD_RESTART2"},
		{0xD000FCE2, "LINUX_REBOOT_CMD_SW_SUSPEND"}, {0x45584543, "LINUX_REBOOT_CMD_KEXEC"},
	}, dflt: "LINUX_REBOOT_CMD_???"}
)

// enterReboot prints reboot's magic numbers and command, and the
// command's string argument for LINUX_REBOOT_CMD_RESTART2.
func enterReboot(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.enum(b, rebootMagic1, uint64(uint32(ev.Args[0])))
	b = d.sep(b)
	b = d.enum(b, rebootMagic2, uint64(uint32(ev.Args[1])))
	b = d.sep(b)
	cmd := uint32(ev.Args[2])
	b = d.enum(b, rebootCmds, uint64(cmd))
	if cmd == 0xA1B2C3D4 {
		// The kernel copies 255 bytes at most; so does strace.
		b = printStringMax(d, d.sep(b), ev, 3, 255)
	}
	return b
}

// enterUstat prints ustat's device.
func enterUstat(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	return d.sep(d.appendDevStyled(b, uint64(uint32(ev.Args[0]))))
}

// exitUstat prints the struct ustat the call filled: its free blocks and
// inodes.
func exitUstat(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cp, ok := capOK(ev, 1)
	switch {
	case ev.Args[1] == 0:
		return append(b, "NULL"...)
	case failed(ev) || !ok || len(cp.Data) < 16:
		return appendPtr(b, ev.Args[1])
	}
	b = append(b, "{f_tfree="...)
	b = appendUint(b, le64(cp.Data, 0))
	b = append(b, ", f_tinode="...)
	b = appendUint(b, le64(cp.Data, 8))
	return append(b, '}')
}
