package decode

import "github.com/sctrace/sctrace/trace"

// seccomp operations.
const (
	seccompSetModeStrict   = 0
	seccompSetModeFilter   = 1
	seccompGetActionAvail  = 2
	seccompGetNotifSizes   = 3
	seccompNotifSizesBytes = 6 // struct seccomp_notif_sizes: three u16
)

var seccompOps = &xlat{vals: []xv{
	{seccompSetModeStrict, "SECCOMP_SET_MODE_STRICT"}, {seccompSetModeFilter, "SECCOMP_SET_MODE_FILTER"},
	{seccompGetActionAvail, "SECCOMP_GET_ACTION_AVAIL"}, {seccompGetNotifSizes, "SECCOMP_GET_NOTIF_SIZES"},
}, dflt: "SECCOMP_SET_MODE_???"}

var seccompFilterFlags = &xlat{vals: []xv{
	{1, "SECCOMP_FILTER_FLAG_TSYNC"}, {2, "SECCOMP_FILTER_FLAG_LOG"}, {4, "SECCOMP_FILTER_FLAG_SPEC_ALLOW"},
	{8, "SECCOMP_FILTER_FLAG_NEW_LISTENER"}, {16, "SECCOMP_FILTER_FLAG_TSYNC_ESRCH"},
	{32, "SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV"},
}, dflt: "SECCOMP_FILTER_FLAG_???"}

// seccompRetActions are the actions a seccomp filter returns
// (SECCOMP_RET_ACTION_FULL bits).
var seccompRetActions = &xlat{vals: []xv{
	{0x80000000, "SECCOMP_RET_KILL_PROCESS"}, {0, "SECCOMP_RET_KILL_THREAD"}, {0x00030000, "SECCOMP_RET_TRAP"},
	{0x00050000, "SECCOMP_RET_ERRNO"}, {0x7fc00000, "SECCOMP_RET_USER_NOTIF"}, {0x7ff00000, "SECCOMP_RET_TRACE"},
	{0x7ffc0000, "SECCOMP_RET_LOG"}, {0x7fff0000, "SECCOMP_RET_ALLOW"},
}, dflt: "SECCOMP_RET_???"}

// enterSeccomp prints seccomp's operation, flags and, except for
// SECCOMP_GET_NOTIF_SIZES (filled by the call), its argument, as strace's
// seccomp decoder.
func enterSeccomp(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	op := uint32(ev.Args[0])
	flags := uint64(uint32(ev.Args[1]))
	b = d.enum(b, seccompOps, uint64(op))
	b = d.sep(b)
	switch op {
	case seccompGetActionAvail:
		b = appendHex(b, flags)
		b = d.sep(b)
		cp, ok := capOK(ev, 2)
		if ev.Args[2] == 0 || !ok || len(cp.Data) < 4 {
			return appendPtr(b, ev.Args[2])
		}
		b = append(b, '[')
		b = d.enum(b, seccompRetActions, uint64(le32(cp.Data, 0)))
		return append(b, ']')
	case seccompGetNotifSizes:
		b = appendHex(b, flags)
		return d.sep(b)
	case seccompSetModeFilter:
		b = d.flags(b, seccompFilterFlags, flags)
		b = d.sep(b)
		return d.appendFprog(b, ev, 2, printSeccompK)
	}
	b = appendHex(b, flags)
	b = d.sep(b)
	return appendPtr(b, ev.Args[2])
}

// exitSeccomp prints SECCOMP_GET_NOTIF_SIZES's struct seccomp_notif_sizes.
func exitSeccomp(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if uint32(ev.Args[0]) != seccompGetNotifSizes {
		return b
	}
	addr := ev.Args[2]
	cp, ok := capOK(ev, 2)
	if addr == 0 || failed(ev) || !ok || len(cp.Data) < seccompNotifSizesBytes {
		return appendPtr(b, addr)
	}
	p := cp.Data
	b = append(b, "{seccomp_notif="...)
	b = appendUint(b, uint64(le16(p, 0)))
	b = append(b, ", seccomp_notif_resp="...)
	b = appendUint(b, uint64(le16(p, 2)))
	b = append(b, ", seccomp_data="...)
	b = appendUint(b, uint64(le16(p, 4)))
	return append(b, '}')
}
