package decode

import (
	"github.com/sctrace/sctrace/trace"
)

func enterFutex(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	op := uint32(ev.Args[1])
	b = appendPtr(b, ev.Args[0])
	b = d.sep(b)
	b = d.enum(b, futexOps, uint64(op))
	cmd := op & 0x7f
	timeout := func(b []byte) []byte {
		if ev.Args[3] == 0 {
			return append(b, "NULL"...)
		}
		if cp, ok := capOK(ev, 3); ok && len(cp.Data) >= 16 {
			return appendTimespec(b, cp.Data)
		}
		return appendPtr(b, ev.Args[3])
	}
	val := func(b []byte) []byte { return appendUint(b, uint64(uint32(ev.Args[2]))) }
	switch cmd {
	case 0, 9: // FUTEX_WAIT, FUTEX_WAIT_BITSET
		b = d.sep(b)
		b = val(b)
		b = d.sep(b)
		b = timeout(b)
		if cmd == 9 {
			b = d.sep(b)
			b = appendBitset(b, uint32(ev.Args[5]))
		}
	case 1, 2, 10: // FUTEX_WAKE, FUTEX_FD, FUTEX_WAKE_BITSET
		b = d.sep(b)
		b = val(b)
		if cmd == 10 {
			b = d.sep(b)
			b = appendBitset(b, uint32(ev.Args[5]))
		}
	case 3, 4, 12: // FUTEX_REQUEUE, FUTEX_CMP_REQUEUE(_PI)
		b = d.sep(b)
		b = val(b)
		b = d.sep(b)
		b = appendUint(b, uint64(uint32(ev.Args[3])))
		b = d.sep(b)
		b = appendPtr(b, ev.Args[4])
		if cmd != 3 {
			b = d.sep(b)
			b = appendUint(b, uint64(uint32(ev.Args[5])))
		}
	case 5: // FUTEX_WAKE_OP
		b = d.sep(b)
		b = appendUint(b, uint64(uint32(ev.Args[2])))
		b = d.sep(b)
		b = appendUint(b, uint64(uint32(ev.Args[3])))
		b = d.sep(b)
		b = appendPtr(b, ev.Args[4])
		b = d.sep(b)
		b = d.appendWakeOp(b, uint32(ev.Args[5]))
	case 6, 13: // FUTEX_LOCK_PI(2)
		b = d.sep(b)
		b = timeout(b)
	case 7, 8: // FUTEX_UNLOCK_PI, FUTEX_TRYLOCK_PI
	case 11: // FUTEX_WAIT_REQUEUE_PI
		b = d.sep(b)
		b = val(b)
		b = d.sep(b)
		b = timeout(b)
		b = d.sep(b)
		b = appendPtr(b, ev.Args[4])
	default:
		b = d.sep(b)
		b = appendUint(b, uint64(uint32(ev.Args[2])))
		b = d.sep(b)
		b = appendPtr(b, ev.Args[3])
		b = d.sep(b)
		b = appendPtr(b, ev.Args[4])
		b = d.sep(b)
		b = appendHex(b, uint64(uint32(ev.Args[5])))
	}
	return b
}

func appendBitset(b []byte, v uint32) []byte {
	if v == 0xffffffff {
		return append(b, "FUTEX_BITSET_MATCH_ANY"...)
	}
	return appendHex(b, uint64(v))
}
