package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Kernel modules (delete_module and finit_module, whose flags are an
// unsigned int) and kexec.

var deleteModuleFlags = &xlat{vals: []xv{{04000, "O_NONBLOCK"}, {01000, "O_TRUNC"}}, dflt: "O_???"}

var moduleInitFlags = &xlat{vals: []xv{
	{1, "MODULE_INIT_IGNORE_MODVERSIONS"}, {2, "MODULE_INIT_IGNORE_VERMAGIC"}, {4, "MODULE_INIT_COMPRESSED_FILE"},
}, dflt: "MODULE_INIT_???"}

// kexecFileLoadFlags are kexec_file_load's KEXEC_FILE_* flags.
var kexecFileLoadFlags = &xlat{vals: []xv{
	{1, "KEXEC_FILE_UNLOAD"}, {2, "KEXEC_FILE_ON_CRASH"}, {4, "KEXEC_FILE_NO_INITRAMFS"},
}, dflt: "KEXEC_FILE_???"}

// enterModule prints delete_module(name, flags) and
// finit_module(fd, param_values, flags).
func enterModule(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	flags := deleteModuleFlags
	if c.name == "finit_module" {
		flags = moduleInitFlags
		b = d.appendFD(b, ev, ev.Args[0])
		b = d.sep(b)
		b = printString(d, b, ev, 1)
	} else {
		b = printString(d, b, ev, 0)
	}
	b = d.sep(b)
	last := len(c.sig.Args) - 1
	return d.flags(b, flags, uint64(uint32(ev.Args[last])))
}

// kexecArchs are kexec_load's KEXEC_ARCH_* values (the flags' high 16
// bits).
var kexecArchs = &xlat{vals: []xv{
	{0, "KEXEC_ARCH_DEFAULT"}, {3 << 16, "KEXEC_ARCH_386"}, {4 << 16, "KEXEC_ARCH_68K"},
	{15 << 16, "KEXEC_ARCH_PARISC"}, {62 << 16, "KEXEC_ARCH_X86_64"}, {20 << 16, "KEXEC_ARCH_PPC"},
	{21 << 16, "KEXEC_ARCH_PPC64"}, {50 << 16, "KEXEC_ARCH_IA_64"}, {40 << 16, "KEXEC_ARCH_ARM"},
	{22 << 16, "KEXEC_ARCH_S390"}, {42 << 16, "KEXEC_ARCH_SH"}, {10 << 16, "KEXEC_ARCH_MIPS_LE"},
	{8 << 16, "KEXEC_ARCH_MIPS"}, {183 << 16, "KEXEC_ARCH_AARCH64"}, {243 << 16, "KEXEC_ARCH_RISCV"},
	{258 << 16, "KEXEC_ARCH_LOONGARCH"},
}, dflt: "KEXEC_ARCH_???"}

var kexecLoadFlags = &xlat{vals: []xv{{1, "KEXEC_ON_CRASH"}, {2, "KEXEC_PRESERVE_CONTEXT"}}, dflt: "KEXEC_???"}

// kexecSegmentMax is KEXEC_SEGMENT_MAX: more segments print as an address.
const kexecSegmentMax = 16

// enterKexecLoad prints kexec_load(entry, nr_segments, segments, flags).
func enterKexecLoad(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendPtr(b, ev.Args[0])
	b = d.sep(b)
	n := ev.Args[1]
	b = appendUint(b, n)
	b = d.sep(b)
	if n > kexecSegmentMax {
		b = appendPtr(b, ev.Args[2])
	} else {
		b = d.appendArray(b, ev, 2, syscalls.LayoutKexecSegment, printKexecSegment, n)
	}
	b = d.sep(b)
	const archMask = 0xffff0000
	flags := ev.Args[3]
	b = d.enum(b, kexecArchs, flags&archMask)
	if rest := flags &^ archMask; rest != 0 {
		b = append(b, '|')
		b = d.flags(b, kexecLoadFlags, rest)
	}
	return b
}

// printKexecSegment prints one struct kexec_segment.
func printKexecSegment(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{buf="...)
	b = appendPtr(b, le64(p, 0))
	b = append(b, ", bufsz="...)
	b = appendUint(b, le64(p, 8))
	b = append(b, ", mem="...)
	b = appendPtr(b, le64(p, 16))
	b = append(b, ", memsz="...)
	b = appendUint(b, le64(p, 24))
	return append(b, '}')
}
