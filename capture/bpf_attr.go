package capture

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// captureBPFAttr runs bpf(2)'s attributes plan (syscalls.Plan.BPFAttr)
// for argument i: at entry a LenExt capture; at the exit of a command
// syscalls.BPFRereadAtExit names, the entry capture with the attributes
// read again as its Elems[syscalls.BPFAttrExit].
func (x *Executor) captureBPFAttr(mem Memory, c Call, i int, addr uint64, p *syscalls.Plan, atExit bool, ret int64) trace.Capture {
	n, ok := ByteLen(p, c.Args, ret)
	if !ok {
		return trace.Capture{}
	}
	if !atExit {
		return readExt(mem, addr, n, uint64(p.Size), c.Bufs[i])
	}
	out := c.Caps[i]
	if !syscalls.BPFRereadAtExit(uint32(c.Args[0]), n) {
		return out
	}
	elems := make([]trace.Capture, syscalls.BPFAttrExit+1)
	copy(elems, out.Elems) // the tail
	elems[syscalls.BPFAttrExit] = readExt(mem, addr, n, uint64(p.Size), nil)
	out.Elems = elems
	return out
}
