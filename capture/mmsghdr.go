package capture

import (
	"encoding/binary"
	"math"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// captureMmsghdr executes a CaptureMmsghdr plan for argument i: the array
// of headers, then at exit what each element's header points to. The
// shape of the result is documented at syscalls.CaptureMmsghdr.
func (x *Executor) captureMmsghdr(mem Memory, c Call, i int, addr uint64, p *syscalls.Plan, when syscalls.When, ret int64) trace.Capture {
	atExit := when == syscalls.AtExit
	recv := p.When&syscalls.AtEntry != 0
	var count uint64
	if int(p.LenArg) < len(c.Args) {
		count = uint64(uint32(c.Args[p.LenArg]))
	}
	n := min(count, syscalls.MaxArrayElems)
	if !x.Verbose && !x.FullData {
		n = min(n, uint64(x.Limit()))
	}
	var offered []uint32
	if atExit && recv {
		if ret < 0 {
			return trace.Capture{}
		}
		n = min(n, uint64(ret))
		// The entry copy is still in c.Caps[i]; its memory may be
		// reused below, so take the lengths first.
		entry := c.Caps[i].Data
		for k := 0; k+syscalls.MmsghdrSize <= len(entry) && uint64(k) < n*syscalls.MmsghdrSize; k += syscalls.MmsghdrSize {
			offered = append(offered, binary.LittleEndian.Uint32(entry[k+MsgNamelenOff:]))
		}
	}
	if n == 0 {
		return trace.Capture{Data: c.Bufs[i][:0], Aux: count}
	}
	raw := Sized(c.Bufs[i], n*syscalls.MmsghdrSize)
	if err := mem.Read(addr, raw); err != nil {
		// The elements before unreadable memory (strace prints them,
		// then "... /* ADDR */").
		r := pageRest(mem, addr, raw, syscalls.MmsghdrSize)
		if r.Faulted {
			return r
		}
		raw = r.Data
	}
	out := trace.Capture{Data: raw, Aux: count}
	if !atExit {
		return out
	}
	out.Elems = make([]trace.Capture, len(raw)/syscalls.MmsghdrSize)
	for k := range out.Elems {
		hdr := raw[k*syscalls.MmsghdrSize:]
		// sendmmsg's elements are shown whole, recvmmsg's up to the
		// bytes each received.
		limit := int64(math.MaxInt64)
		if recv {
			limit = int64(binary.LittleEndian.Uint32(hdr[syscalls.MmsgLenOff:]))
		}
		e := trace.Capture{Elems: x.msghdrBody(mem, hdr, recv, true, limit)}
		if k < len(offered) {
			e.Aux = uint64(offered[k])
		}
		out.Elems[k] = e
	}
	return out
}
