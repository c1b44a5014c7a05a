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
