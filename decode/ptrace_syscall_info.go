package decode

import "github.com/sctrace/sctrace/trace"

// PTRACE_GET_SYSCALL_INFO's struct ptrace_syscall_info, printed as far as
// both the caller's size and the kernel's length reach (strace 6.1's
// ptrace_syscall_info.c).

// Offsets and sizes within struct ptrace_syscall_info.
const (
	psiArchEnd      = 8  // offsetofend(arch)
	psiIPEnd        = 16 // offsetofend(instruction_pointer)
	psiSPEnd        = 24 // offsetofend(stack_pointer)
	psiNrEnd        = 32 // offsetofend(entry.nr)
	psiArgsOff      = 32 // offsetof(entry.args), offsetof(seccomp.args)
	psiExitSize     = 33 // offsetofend(exit.is_error)
	psiSeccompSize  = 84 // offsetofend(seccomp.ret_data)
	psiSeccompRetOf = 80 // offsetof(seccomp.ret_data)
)

// appendPtraceSyscallInfo prints PTRACE_GET_SYSCALL_INFO's data at exit.
func (d *Decoder) appendPtraceSyscallInfo(b []byte, ev *trace.Event) []byte {
	data := ev.Args[3]
	if failed(ev) {
		return appendPtr(b, data)
	}
	size := min(ev.Args[2], uint64(ev.Ret), psiSeccompSize)
	cp, ok := capOK(ev, 3)
	if size == 0 || data == 0 || !ok || uint64(len(cp.Data)) < size {
		return appendPtr(b, data)
	}
	p := cp.Data[:size]
	op := p[0]
	b = append(b, "{op="...)
	b = d.enum(b, ptraceSyscallInfoOps, uint64(op))
	if size < psiArchEnd {
		return append(b, '}')
	}
	arch := le32(p, 4)
	b = append(b, ", arch="...)
	b = d.enum(b, auditArches, uint64(arch))
	if size < psiIPEnd {
		return append(b, '}')
	}
	b = append(b, ", instruction_pointer="...)
	b = appendPtr(b, le64(p, 8))
	if size < psiSPEnd {
		return append(b, '}')
	}
	b = append(b, ", stack_pointer="...)
	b = appendPtr(b, le64(p, 16))
	if size < psiNrEnd {
		return append(b, '}')
	}
	switch op {
	case ptraceSyscallInfoEntry, ptraceSyscallInfoSecomp:
		if op == ptraceSyscallInfoEntry {
			b = append(b, ", entry={nr="...)
		} else {
			b = append(b, ", seccomp={nr="...)
		}
		b = d.appendSyscallNumber(b, ev, arch, uint32(le64(p, 24)))
		nargs := (size - psiArgsOff) / 8
		if nargs > 6 {
			nargs = 6
		}
		if nargs > 0 {
			b = append(b, ", args=["...)
			for i := uint64(0); i < nargs; i++ {
				if i > 0 {
					b = append(b, ", "...)
				}
				b = appendHex(b, le64(p, psiArgsOff+8*int(i)))
			}
			b = append(b, ']')
		}
		if op == ptraceSyscallInfoSecomp && size >= psiSeccompSize {
			b = append(b, ", ret_data="...)
			b = appendUint(b, uint64(le32(p, psiSeccompRetOf)))
		}
		b = append(b, '}')
	case ptraceSyscallInfoExit:
		rval := int64(le64(p, 24))
		b = append(b, ", exit={rval="...)
		isErr := size >= psiExitSize && p[32] != 0
		if isErr {
			b = d.appendErrValue(b, rval)
		} else {
			b = appendInt(b, rval)
		}
		if size >= psiExitSize {
			b = append(b, ", is_error="...)
			b = appendUint(b, uint64(p[32]))
		}
		b = append(b, '}')
	}
	return append(b, '}')
}
