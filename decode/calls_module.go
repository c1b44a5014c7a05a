package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// Kernel modules: delete_module and finit_module, whose flags are an
// unsigned int.

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
