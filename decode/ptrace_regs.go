package decode

import "github.com/sctrace/sctrace/trace"

// x86_64's register sets as ptrace(2) reads and writes them: struct
// user_regs_struct (NT_PRSTATUS, PTRACE_GETREGS) and struct
// user_fpregs_struct (NT_FPREGSET, PTRACE_GETFPREGS), printed as far as
// the size given reaches (strace 6.1's arch_prstatus_regset.c and
// arch_fpregset.c).

// userRegsNames are user_regs_struct's fields, 8 bytes each.
var userRegsNames = [...]string{
	"r15", "r14", "r13", "r12", "rbp", "rbx", "r11", "r10", "r9", "r8", "rax", "rcx", "rdx",
	"rsi", "rdi", "orig_rax", "rip", "cs", "eflags", "rsp", "ss", "fs_base", "gs_base",
	"ds", "es", "fs", "gs",
}

// Sizes of the register sets.
const (
	userRegsSize   = 8 * len(userRegsNames)
	userFpregsSize = 512
)

// appendUserRegs prints the first size bytes (a multiple of 8) of a
// user_regs_struct p, with "..." when size exceeds the struct.
func appendUserRegs(b []byte, p []byte, size uint64) []byte {
	fetch := min(size, uint64(userRegsSize))
	b = append(b, '{')
	for i, name := range userRegsNames {
		if uint64(8*i) >= fetch {
			break
		}
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, name...)
		b = append(b, '=')
		b = appendHex(b, le64(p, 8*i))
	}
	if size > uint64(userRegsSize) {
		b = append(b, ", ..."...)
	}
	return append(b, '}')
}

// appendU32Array prints n little-endian u32s of p in hex, at most limit
// of them, then "..." if more.
func appendU32Array(b []byte, p []byte, n, limit int) []byte {
	b = append(b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		if i >= limit {
			b = append(b, "..."...)
			break
		}
		b = appendHex(b, uint64(le32(p, 4*i)))
	}
	return append(b, ']')
}

// appendUserFpregs prints the first size bytes (a multiple of 8) of a
// user_fpregs_struct p, with "..." when size exceeds the struct.
func (d *Decoder) appendUserFpregs(b []byte, p []byte, size uint64) []byte {
	fetch := int(min(size, userFpregsSize))
	b = append(b, "{cwd="...)
	b = appendHex(b, uint64(le16(p, 0)))
	fields := [...]struct {
		name      string
		off, size int
	}{
		{"swd", 2, 2}, {"ftw", 4, 2}, {"fop", 6, 2}, {"rip", 8, 8}, {"rdp", 16, 8},
		{"mxcsr", 24, 4}, {"mxcr_mask", 28, 4},
	}
	for _, f := range fields {
		if fetch <= f.off {
			break
		}
		b = append(b, ", "...)
		b = append(b, f.name...)
		b = append(b, '=')
		switch f.size {
		case 2:
			b = appendHex(b, uint64(le16(p, f.off)))
		case 4:
			b = appendHex(b, uint64(le32(p, f.off)))
		default:
			b = appendHex(b, le64(p, f.off))
		}
	}
	arrays := [...]struct {
		name      string
		off, size int
	}{{"st_space", 32, 128}, {"xmm_space", 160, 256}, {"padding", 416, 96}}
	for _, a := range arrays {
		if fetch <= a.off {
			break
		}
		n := min(fetch-a.off, a.size) / 4
		b = append(b, ", "...)
		b = append(b, a.name...)
		b = append(b, '=')
		b = appendU32Array(b, p[a.off:], n, d.opts.StringLimit)
	}
	if size > userFpregsSize {
		b = append(b, ", ..."...)
	}
	return append(b, '}')
}

// appendRegset prints register set nt of size bytes at addr, whose bytes
// are regs (nil: unread); atExit and failed say whether the call failed
// at its exit (strace then shows the address).
func (d *Decoder) appendRegset(b []byte, ev *trace.Event, nt, addr, size uint64, regs []byte, ok bool) []byte {
	if ev.Arch == trace.ArchAArch64 || (nt != 1 && nt != 2) || size == 0 || size&7 != 0 || addr == 0 {
		return appendPtr(b, addr)
	}
	want := min(size, uint64(userRegsSize))
	if nt == 2 {
		want = min(size, userFpregsSize)
	}
	if !ok || uint64(len(regs)) < want {
		return appendPtr(b, addr)
	}
	if nt == 1 {
		return appendUserRegs(b, regs, size)
	}
	return d.appendUserFpregs(b, regs, size)
}
