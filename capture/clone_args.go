package capture

import (
	"encoding/binary"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// captureCloneArgs runs a struct clone_args plan (syscalls.ExtCloneArgs)
// for argument i: at entry the struct, its tail and its set_tid array; at
// the exit of a call that returned >= 0, the entry capture with the
// struct read again and the ints its pidfd and parent_tid point to (see
// syscalls.CloneExit).
func (x *Executor) captureCloneArgs(mem Memory, c Call, i int, addr uint64, p *syscalls.Plan, atExit bool, ret int64) trace.Capture {
	n, ok := ByteLen(p, c.Args, ret)
	if !ok {
		return trace.Capture{}
	}
	if atExit {
		out := c.Caps[i]
		if ret < 0 {
			return out
		}
		again := readExt(mem, addr, n, uint64(p.Size), nil)
		if !again.Faulted && len(again.Data) >= syscalls.CloneParentTidOff+8 {
			flags := binary.LittleEndian.Uint64(again.Data)
			again.Elems = withElem(again.Elems, syscalls.CloneParentTid, trace.Capture{}) // after the tail
			if flags&syscalls.CloneFlagPidfd != 0 {
				again.Elems[syscalls.ClonePidfd] = readInt(mem, binary.LittleEndian.Uint64(again.Data[syscalls.ClonePidfdOff:]))
			}
			if flags&syscalls.CloneFlagParentSettid != 0 {
				again.Elems[syscalls.CloneParentTid] = readInt(mem, binary.LittleEndian.Uint64(again.Data[syscalls.CloneParentTidOff:]))
			}
		}
		out.Elems = withElem(out.Elems, syscalls.CloneExit, again)
		return out
	}
	out := readExt(mem, addr, n, uint64(p.Size), c.Bufs[i])
	if out.Faulted || len(out.Data) < syscalls.CloneSetTidSizeOff+8 {
		return out
	}
	tids := binary.LittleEndian.Uint64(out.Data[syscalls.CloneSetTidOff:])
	cnt := binary.LittleEndian.Uint64(out.Data[syscalls.CloneSetTidSizeOff:])
	if tids == 0 || cnt == 0 || cnt > syscalls.CloneSetTidMax {
		return out
	}
	out.Elems = withElem(out.Elems, syscalls.CloneSetTid, readArray(mem, tids, cnt, 4))
	return out
}

// withElem returns elems with e at index k: a copy, grown to hold it.
func withElem(elems []trace.Capture, k int, e trace.Capture) []trace.Capture {
	out := make([]trace.Capture, max(len(elems), k+1))
	copy(out, elems)
	out[k] = e
	return out
}

// readExt reads an extensible struct of n bytes at addr whose known size
// is size, as a LenExt plan does: min(n, size) bytes (into buf's memory
// if it fits), then, when n is larger, its tail up to
// syscalls.ExtTailEnd as the one Elem.
func readExt(mem Memory, addr, n, size uint64, buf []byte) trace.Capture {
	take := min(n, size)
	data := Sized(buf, take)
	if data == nil {
		data = []byte{}
	}
	if err := mem.Read(addr, data); err != nil {
		return trace.Capture{Faulted: true}
	}
	out := trace.Capture{Data: data, Truncated: n > take}
	if n > take && take < syscalls.ExtTailEnd {
		end := min(n, syscalls.ExtTailEnd)
		out.Elems = []trace.Capture{readObject(mem, addr+take, end-take, end-take)}
	}
	return out
}

// readInt reads the C int at addr (nothing at NULL).
func readInt(mem Memory, addr uint64) trace.Capture {
	if addr == 0 {
		return trace.Capture{}
	}
	return readObject(mem, addr, 4, 4)
}
