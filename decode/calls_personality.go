package decode

import "github.com/sctrace/sctrace/trace"

// The decoder of personality(2).

// personalityTypes are the execution domains a personality's low byte
// (PER_MASK) can hold.
var personalityTypes = &xlat{vals: []xv{
	{0, "PER_LINUX"}, {0x6, "PER_BSD"}, {0x8, "PER_LINUX32"}, {0xc, "PER_RISCOS"}, {0xf, "PER_OSF4"},
	{0x10, "PER_HPUX"}, {0xff, "PER_MASK"},
}, dflt: "PER_???"}

var personalityFlags = &xlat{vals: []xv{
	{0x0020000, "UNAME26"}, {0x0040000, "ADDR_NO_RANDOMIZE"}, {0x0080000, "FDPIC_FUNCPTRS"},
	{0x0100000, "MMAP_PAGE_ZERO"}, {0x0200000, "ADDR_COMPAT_LAYOUT"}, {0x0400000, "READ_IMPLIES_EXEC"},
	{0x0800000, "ADDR_LIMIT_32BIT"}, {0x1000000, "SHORT_INODE"}, {0x2000000, "WHOLE_SECONDS"},
	{0x4000000, "STICKY_TIMEOUTS"}, {0x8000000, "ADDR_LIMIT_3GB"},
}}

// appendPersonality prints a persona: its domain, then its flags.
func (d *Decoder) appendPersonality(b []byte, v uint32) []byte {
	const perMask = 0xff
	b = d.enum(b, personalityTypes, uint64(v&perMask))
	if f := v &^ perMask; f != 0 {
		b = append(b, '|')
		b = d.flags(b, personalityFlags, uint64(f))
	}
	return b
}

// enterPersonality prints personality's argument; 0xffffffff (a query)
// as a number.
func enterPersonality(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	v := uint32(ev.Args[0])
	if v == 0xffffffff {
		return appendHex(b, uint64(v))
	}
	return d.appendPersonality(b, v)
}

// retPersonality prints the previous persona in hex and by name.
func retPersonality(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendHex(b, uint64(ev.Ret))
	b = append(b, " ("...)
	b = d.appendPersonality(b, uint32(ev.Ret))
	return append(b, ')')
}
