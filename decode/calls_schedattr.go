package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// sched_getattr and sched_setattr: struct sched_attr as strace 6.1's
// print_sched_attr.

// The sizes of struct sched_attr: the first version, and the one with
// the utilization clamps strace knows.
const (
	schedAttrMinSize = 48
	schedAttrSize    = 56
)

var schedAttrFlags = &xlat{vals: []xv{
	{0x01, "SCHED_FLAG_RESET_ON_FORK"}, {0x02, "SCHED_FLAG_RECLAIM"}, {0x04, "SCHED_FLAG_DL_OVERRUN"},
	{0x08, "SCHED_FLAG_KEEP_POLICY"}, {0x10, "SCHED_FLAG_KEEP_PARAMS"},
	{0x20, "SCHED_FLAG_UTIL_CLAMP_MIN"}, {0x40, "SCHED_FLAG_UTIL_CLAMP_MAX"},
}, dflt: "SCHED_FLAG_???"}

const (
	schedFlagKeepPolicy = 0x08
	schedFlagKeepParams = 0x10
)

// enterSchedPid prints the pid both calls start with.
func enterSchedPid(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendPid(b, ev, int32(ev.Args[0]), syscalls.PidTGID)
	return d.sep(b)
}

func enterSchedSetattr(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = enterSchedPid(d, c, b, ev)
	addr := ev.Args[1]
	cp, ok := capOK(ev, 1)
	if addr == 0 || !ok || len(cp.Data) < 4 {
		return appendPtr(b, addr)
	}
	usize := uint64(le32(cp.Data, 0))
	if usize == 0 {
		usize = schedAttrMinSize
	}
	size := min(usize, schedAttrSize)
	if size >= schedAttrMinSize && uint64(len(cp.Data)) < size {
		return appendPtr(b, addr)
	}
	return d.appendSchedAttr(b, cp.Data, size, usize, true)
}

func exitSchedSetattr(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if cp, ok := capOK(ev, 1); ok && ev.Kind == trace.SyscallExit && ev.Ret == -7 && len(cp.Data) >= 4 {
		// E2BIG: the kernel stored the size it knows.
		b = append(b, " => {size="...)
		b = appendUint(b, uint64(le32(cp.Data, 0)))
		b = append(b, '}')
	}
	b = d.sep(b)
	return appendUint(b, uint64(uint32(ev.Args[2])))
}

func exitSchedGetattr(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	usize := uint64(uint32(ev.Args[2]))
	addr := ev.Args[1]
	cp, ok := capOK(ev, 1)
	switch {
	case usize == 0 || addr == 0 || !ok || failed(ev) || uint64(len(cp.Data)) < min(usize, schedAttrSize):
		b = appendPtr(b, addr)
	default:
		var attr [schedAttrSize]byte
		copy(attr[:], cp.Data[:min(usize, schedAttrSize)])
		size := uint64(le32(attr[:], 0))
		b = d.appendSchedAttr(b, attr[:], size, size, false)
	}
	b = d.sep(b)
	b = appendUint(b, usize)
	b = d.sep(b)
	return appendUint(b, uint64(uint32(ev.Args[3])))
}

// appendSchedAttr prints a struct sched_attr p of which size bytes count
// (usize: the caller's size, for sched_setattr).
func (d *Decoder) appendSchedAttr(b []byte, p []byte, size, usize uint64, set bool) []byte {
	var attr [schedAttrSize]byte
	copy(attr[:], p[:min(uint64(len(p)), size, schedAttrSize)])
	b = append(b, "{size="...)
	b = appendUint(b, uint64(le32(attr[:], 0)))
	if size >= schedAttrMinSize {
		policy := le32(attr[:], 4)
		flags := le64(attr[:], 8)
		if !set || int32(policy) < 0 || flags&(schedFlagKeepPolicy|schedFlagKeepParams) == 0 {
			b = append(b, ", sched_policy="...)
			b = d.enum(b, schedPolicies, uint64(policy))
		}
		b = append(b, ", sched_flags="...)
		b = d.flags(b, schedAttrFlags, flags)
		if !set || flags&schedFlagKeepParams == 0 {
			b = append(b, ", sched_nice="...)
			b = appendInt(b, int64(int32(le32(attr[:], 16))))
			b = append(b, ", sched_priority="...)
			b = appendUint(b, uint64(le32(attr[:], 20)))
			b = append(b, ", sched_runtime="...)
			b = appendUint(b, le64(attr[:], 24))
			b = append(b, ", sched_deadline="...)
			b = appendUint(b, le64(attr[:], 32))
			b = append(b, ", sched_period="...)
			b = appendUint(b, le64(attr[:], 40))
		}
		if size >= schedAttrSize {
			b = append(b, ", sched_util_min="...)
			b = appendUint(b, uint64(le32(attr[:], 48)))
			b = append(b, ", sched_util_max="...)
			b = appendUint(b, uint64(le32(attr[:], 52)))
		}
	}
	if set && usize > size {
		b = append(b, ", ..."...)
	}
	return append(b, '}')
}
