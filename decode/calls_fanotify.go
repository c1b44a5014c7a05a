package decode

import "github.com/sctrace/sctrace/trace"

var fanClasses = &xlat{vals: []xv{{0, "FAN_CLASS_NOTIF"}, {4, "FAN_CLASS_CONTENT"}, {8, "FAN_CLASS_PRE_CONTENT"}}, dflt: "FAN_CLASS_???"}

var fanInitFlags = &xlat{vals: []xv{
	{0x1, "FAN_CLOEXEC"}, {0x2, "FAN_NONBLOCK"}, {0x10, "FAN_UNLIMITED_QUEUE"}, {0x20, "FAN_UNLIMITED_MARKS"},
	{0x40, "FAN_ENABLE_AUDIT"}, {0x80, "FAN_REPORT_PIDFD"}, {0x100, "FAN_REPORT_TID"}, {0x200, "FAN_REPORT_FID"},
	{0x400, "FAN_REPORT_DIR_FID"}, {0x800, "FAN_REPORT_NAME"}, {0x1000, "FAN_REPORT_TARGET_FID"},
}, dflt: "FAN_???"}

// enterFanotifyInit prints fanotify_init(2): the notification class and
// the flags, then the open flags of the event descriptors.
func enterFanotifyInit(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	const classBits = 0xc
	flags := uint32(ev.Args[0])
	b = d.enum(b, fanClasses, uint64(flags&classBits))
	if f := flags &^ classBits; f != 0 {
		b = append(b, '|')
		b = d.flags(b, fanInitFlags, uint64(f))
	}
	b = d.sep(b)
	mark, v := len(b), uint32(ev.Args[1])
	return d.restyle(appendOpenFlags(b, v, ev.Arch), mark, uint64(v), numHex)
}

var fanMarkFlags = &xlat{vals: []xv{
	{0x1, "FAN_MARK_ADD"}, {0x2, "FAN_MARK_REMOVE"}, {0x4, "FAN_MARK_DONT_FOLLOW"}, {0x8, "FAN_MARK_ONLYDIR"},
	{0x10, "FAN_MARK_MOUNT"}, {0x20, "FAN_MARK_IGNORED_MASK"}, {0x40, "FAN_MARK_IGNORED_SURV_MODIFY"},
	{0x80, "FAN_MARK_FLUSH"}, {0x100, "FAN_MARK_FILESYSTEM"}, {0x200, "FAN_MARK_EVICTABLE"}, {0x400, "FAN_MARK_IGNORE"},
}, dflt: "FAN_MARK_???"}

var fanEventFlags = &xlat{vals: []xv{
	{0x1, "FAN_ACCESS"}, {0x2, "FAN_MODIFY"}, {0x4, "FAN_ATTRIB"}, {0x8, "FAN_CLOSE_WRITE"},
	{0x10, "FAN_CLOSE_NOWRITE"}, {0x20, "FAN_OPEN"}, {0x40, "FAN_MOVED_FROM"}, {0x80, "FAN_MOVED_TO"},
	{0x100, "FAN_CREATE"}, {0x200, "FAN_DELETE"}, {0x400, "FAN_DELETE_SELF"}, {0x800, "FAN_MOVE_SELF"},
	{0x1000, "FAN_OPEN_EXEC"}, {0x4000, "FAN_Q_OVERFLOW"}, {0x8000, "FAN_FS_ERROR"}, {0x10000, "FAN_OPEN_PERM"},
	{0x20000, "FAN_ACCESS_PERM"}, {0x40000, "FAN_OPEN_EXEC_PERM"}, {0x80000, "FAN_DIR_MODIFY"},
	{0x40000000, "FAN_ONDIR"}, {0x08000000, "FAN_EVENT_ON_CHILD"}, {0x10000000, "FAN_RENAME"},
}, dflt: "FAN_???"}

// enterFanotifyMark prints fanotify_mark(2): the FAN_MARK_* flags, the
// 64-bit event mask, the directory (FAN_NOFD, AT_FDCWD or a descriptor)
// and the path.
func enterFanotifyMark(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	const fanNoFD = -1
	b = d.appendFD(b, ev, ev.Args[0])
	b = d.sep(b)
	b = d.flags(b, fanMarkFlags, uint64(uint32(ev.Args[1])))
	b = d.sep(b)
	b = d.flags(b, fanEventFlags, ev.Args[2])
	b = d.sep(b)
	if dirfd := int32(ev.Args[3]); dirfd == fanNoFD {
		mark := len(b)
		b = d.restyle(append(b, "FAN_NOFD"...), mark, uint64(int64(dirfd)), numDecimal)
	} else {
		b = d.appendDirFDArg(b, ev, ev.Args[3])
	}
	b = d.sep(b)
	return printPath(d, b, ev, 4)
}
