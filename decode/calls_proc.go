package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// enterRtSigreturn prints the mask the signal frame restores. Backends do
// not capture the frame (it lives at the stack pointer, which a capture
// plan cannot address); when a capture arrives in slot 0 it is used,
// otherwise the empty mask is printed, which is what a handler installed
// without sa_mask and interrupting unmasked code restores.
func enterRtSigreturn(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = append(b, "{mask="...)
	if cp, ok := capOK(ev, 0); ok && len(cp.Data) >= 8 {
		b = appendSigset(b, cp.Data[:8])
	} else {
		b = append(b, "[]"...)
	}
	return append(b, '}')
}

func printIDRef(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '[')
	b = appendID(b, uint64(le32(p, 0)))
	return append(b, ']')
}

func printTimezone(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{tz_minuteswest="...)
	b = appendInt(b, int64(int32(le32(p, 0))))
	b = append(b, ", tz_dsttime="...)
	b = appendInt(b, int64(int32(le32(p, 4))))
	return append(b, '}')
}

// exitGetgroups prints the group list the call filled: as many ids as it
// returned.
func exitGetgroups(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	addr := ev.Args[1]
	size := int64(int32(ev.Args[0]))
	cp, ok := capOK(ev, 1)
	switch {
	case addr == 0:
		return append(b, "NULL"...)
	case failed(ev) || !ok || (size == 0 && ev.Ret > 0):
		return appendPtr(b, addr)
	}
	n := ev.Ret
	if n > size {
		n = size
	}
	b = append(b, '[')
	for k := int64(0); k < n; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if !d.opts.Verbose && k >= int64(d.opts.StringLimit) {
			b = append(b, "..."...)
			break
		}
		if int(k*4+4) > len(cp.Data) {
			b = appendHex(b, addr+uint64(k*4))
			break
		}
		b = appendID(b, uint64(le32(cp.Data, int(k*4))))
	}
	return append(b, ']')
}

// appendCPUSet prints a CPU mask of n bytes as [0 1 3].
func appendCPUSet(b []byte, p []byte, n int) []byte {
	if n > len(p) {
		n = len(p)
	}
	b = append(b, '[')
	first := true
	for i := 0; i < n*8; i++ {
		if p[i/8]&(1<<uint(i%8)) == 0 {
			continue
		}
		if !first {
			b = append(b, ' ')
		}
		first = false
		b = appendInt(b, int64(i))
	}
	return append(b, ']')
}

func exitSchedGetaffinity(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	addr := ev.Args[2]
	cp, ok := capOK(ev, 2)
	if failed(ev) || addr == 0 || !ok {
		return appendPtr(b, addr)
	}
	return appendCPUSet(b, cp.Data, int(ev.Ret))
}

func enterSchedSetaffinity(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, int64(int32(ev.Args[0])))
	b = d.sep(b)
	b = appendUint(b, uint64(uint32(ev.Args[1])))
	b = d.sep(b)
	addr := ev.Args[2]
	cp, ok := capOK(ev, 2)
	if addr == 0 || !ok {
		return appendPtr(b, addr)
	}
	n := int(uint32(ev.Args[1]))
	if n == 0 {
		return append(b, "[]"...)
	}
	return appendCPUSet(b, cp.Data, n)
}

// retSignalNumber prints a result that is a signal number: "10 (SIGUSR1)".
func retSignalNumber(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendRetValue(b, c.retType, ev.Ret)
	if s := SignalName(int(ev.Ret)); s != "" {
		b = append(b, " ("...)
		b = append(b, s...)
		b = append(b, ')')
	}
	return b
}
