package decode

import "github.com/sctrace/sctrace/trace"

// The decoder of _sysctl(2).

// sysctlArgsSize is sizeof(struct __sysctl_args) on 64-bit architectures.
const sysctlArgsSize = 80

// enterSysctl prints the struct __sysctl_args _sysctl reads, or its
// address when it cannot be read.
func enterSysctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cp, ok := capOK(ev, 0)
	if !ok || len(cp.Data) < sysctlArgsSize {
		return appendPtr(b, ev.Args[0])
	}
	p := cp.Data
	b = append(b, "{name="...)
	b = appendPtr(b, le64(p, 0))
	b = append(b, ", nlen="...)
	b = appendInt(b, int64(int32(le32(p, 8))))
	b = append(b, ", oldval="...)
	b = appendPtr(b, le64(p, 16))
	b = append(b, ", oldlenp="...)
	b = appendPtr(b, le64(p, 24))
	b = append(b, ", newval="...)
	b = appendPtr(b, le64(p, 32))
	b = append(b, ", newlen="...)
	b = appendUint(b, le64(p, 40))
	return append(b, '}')
}
