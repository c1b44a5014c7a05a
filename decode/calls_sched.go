package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// Scheduling calls and futex's FUTEX_WAKE_OP operation word.

var idTypes = &xlat{vals: []xv{{0, "P_ALL"}, {1, "P_PID"}, {2, "P_PGID"}, {3, "P_PIDFD"}}, dflt: "P_???"}

// retSchedGetscheduler prints sched_getscheduler's policy and its name.
func retSchedGetscheduler(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendRetValue(b, c.retType, ev.Ret)
	if name, ok := schedPolicies.lookup(uint64(ev.Ret)); ok {
		b = append(b, " ("...)
		b = append(b, name...)
		b = append(b, ')')
	}
	return b
}

var futexWakeOps = &xlat{vals: []xv{{0, "FUTEX_OP_SET"}, {1, "FUTEX_OP_ADD"}, {2, "FUTEX_OP_OR"}, {3, "FUTEX_OP_ANDN"}, {4, "FUTEX_OP_XOR"}}}

var futexWakeCmps = &xlat{vals: []xv{
	{0, "FUTEX_OP_CMP_EQ"}, {1, "FUTEX_OP_CMP_NE"}, {2, "FUTEX_OP_CMP_LT"}, {3, "FUTEX_OP_CMP_LE"},
	{4, "FUTEX_OP_CMP_GT"}, {5, "FUTEX_OP_CMP_GE"},
}}

// appendWakeOp prints FUTEX_WAKE_OP's encoded operation as strace does:
// FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_GT<<24|0x1. As in strace, an
// operation or comparison shown as a number (unknown, or -X raw) gets a
// FUTEX_OP_???-style comment.
func (d *Decoder) appendWakeOp(b []byte, v uint32) []byte {
	if (v>>28)&8 != 0 {
		b = append(b, "FUTEX_OP_OPARG_SHIFT<<28|"...)
	}
	part := func(b []byte, x *xlat, val uint32, shift, unknown string) []byte {
		_, named := x.lookup(uint64(val))
		named = named && d.opts.Xlat != XlatRaw
		b = d.enum(b, x, uint64(val))
		b = append(b, "<<"...)
		b = append(b, shift...)
		if !named {
			b = appendComment(b, unknown)
		}
		return append(b, '|')
	}
	b = part(b, futexWakeOps, (v>>28)&7, "28", "FUTEX_OP_???")
	b = appendHex(b, uint64((v>>12)&0xfff))
	b = append(b, "<<12|"...)
	b = part(b, futexWakeCmps, (v>>24)&0xf, "24", "FUTEX_OP_CMP_???")
	return appendHex(b, uint64(v&0xfff))
}
