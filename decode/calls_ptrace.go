package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// The decoder of ptrace(2), after strace 6.1's ptrace.c: the request, the
// pid, then addr and data as the request says. Arguments 2 (addr) and 3
// (data) are captured at entry and again at exit (syscalls.LayoutPtraceData).

// ptraceCaptured returns the capture of argument i when it holds at least
// n bytes.
func ptraceCaptured(ev *trace.Event, i, n int) ([]byte, bool) {
	cp, ok := capOK(ev, i)
	if !ok || len(cp.Data) < n || ev.Args[i] == 0 {
		return nil, false
	}
	return cp.Data, true
}

// ptraceResumes reports whether request req resumes the tracee with a
// signal in data.
func ptraceResumes(arch uint32, req uint64) bool {
	switch req {
	case ptraceCont, ptraceDetach, ptraceSyscall, ptraceSinglestep:
		return true
	case ptraceSysemuX86, ptraceSysemuSingleX86, ptraceSingleblockX86:
		return arch != trace.ArchAArch64
	}
	return false
}

// ptraceDataAtExit reports whether request req's data is printed when
// the call returns.
func ptraceDataAtExit(req uint64) bool {
	switch req {
	case ptracePeektext, ptracePeekdata, ptracePeekuser, ptraceGeteventmsg, ptraceGetsiginfo,
		ptraceGetsigmask, ptracePeeksiginfo, ptraceSeccompGetFilter, ptraceGetSyscallInfo:
		return true
	}
	return false
}

// enterPtrace prints what strace prints of ptrace at entry.
func enterPtrace(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	req, addr, data := ev.Args[0], ev.Args[2], ev.Args[3]
	x86 := ev.Arch != trace.ArchAArch64
	b = d.enum(b, ptraceCmdsOf(ev.Arch), req)
	if req == ptraceTraceme {
		return b
	}
	b = d.sep(b)
	b = appendInt(b, int64(int32(ev.Args[1])))
	switch req {
	case ptraceAttach, ptraceInterrupt, ptraceKill, ptraceListen:
		return b
	}
	b = d.sep(b)
	switch {
	case req == ptracePeekuser || req == ptracePokeuser:
		b = d.appendUserOffset(b, ev, addr)
	case req == ptraceGetregset || req == ptraceSetregset:
		b = d.enum(b, ntDescriptorTypes, addr)
	case req == ptraceGetsigmask || req == ptraceSetsigmask || req == ptraceSeccompGetFilter ||
		req == ptraceSeccompGetMeta || req == ptraceGetSyscallInfo:
		b = appendUint(b, addr)
	case req == ptracePeeksiginfo:
		b = d.appendPeeksiginfoArgs(b, ev)
	case x86 && (req == ptraceGetregsX86 || req == ptraceGetfpregsX86):
		// The registers' address (data) is printed at exit.
		return b
	case x86 && req == ptraceSetregsX86:
		regs, ok := ptraceCaptured(ev, 3, 0)
		return d.appendRegset(b, ev, 1, data, uint64(userRegsSize), regs, ok)
	case x86 && req == ptraceSetfpregsX86:
		regs, ok := ptraceCaptured(ev, 3, 0)
		return d.appendRegset(b, ev, 2, data, userFpregsSize, regs, ok)
	default:
		b = appendPtr(b, addr)
	}
	b = d.sep(b)
	switch {
	case ptraceResumes(ev.Arch, req):
		return d.signal(b, int64(int32(data)))
	case req == ptraceSeize || req == ptraceSetoptions || (x86 && req == ptraceOldsetoptionsX86):
		return d.flags(b, ptraceSetoptionsFlags, data)
	case req == ptraceSetsiginfo:
		return d.appendSiginfoAt(b, ev, 3)
	case req == ptraceSetsigmask:
		return d.appendSigsetAt(b, ev, 3, addr)
	case req == ptraceGetregset:
		if _, ok := ptraceCaptured(ev, 3, iovecSize); !ok {
			return appendPtr(b, data)
		}
		return b
	case req == ptraceSetregset:
		iov, ok := ptraceCaptured(ev, 3, iovecSize)
		if !ok {
			return appendPtr(b, data)
		}
		b = append(b, "{iov_base="...)
		b = d.appendRegsetIov(b, ev, iov, false)
		b = append(b, ", iov_len="...)
		return appendUint(b, le64(iov, 8))
	case req == ptraceSeccompGetMeta:
		p, ok := ptraceCaptured(ev, 3, 8)
		if addr < 8 || !ok {
			return appendPtr(b, data)
		}
		b = append(b, "{filter_off="...)
		return appendUint(b, le64(p, 0))
	case ptraceDataAtExit(req):
		return b
	}
	return appendPtr(b, data)
}

// iovecSize is sizeof(struct iovec).
const iovecSize = 16

// exitPtrace prints what strace prints of ptrace at exit: the data the
// call filled, or the end of what entry began.
func exitPtrace(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	req, addr, data := ev.Args[0], ev.Args[2], ev.Args[3]
	x86 := ev.Arch != trace.ArchAArch64
	switch {
	case req == ptracePeektext || req == ptracePeekdata || req == ptracePeekuser:
		return appendNumAt(b, ev, 3, true)
	case req == ptraceGeteventmsg:
		return appendNumAt(b, ev, 3, false)
	case req == ptraceGetsiginfo:
		if failed(ev) {
			return appendPtr(b, data)
		}
		return d.appendSiginfoAt(b, ev, 3)
	case req == ptraceGetsigmask:
		if failed(ev) {
			return appendPtr(b, data)
		}
		return d.appendSigsetAt(b, ev, 3, addr)
	case req == ptracePeeksiginfo:
		return d.appendSiginfoArray(b, ev)
	case req == ptraceSeccompGetFilter:
		// The instructions, as many as the result (a short) says, of
		// which the data capture holds the first ones.
		var insns *trace.Capture
		if cp, ok := capOK(ev, 3); ok {
			insns = cp
		}
		return d.appendBPFProgram(b, data, uint64(uint16(ev.Ret)), insns, printSeccompK)
	case req == ptraceGetSyscallInfo:
		return d.appendPtraceSyscallInfo(b, ev)
	case req == ptraceSeccompGetMeta:
		if _, ok := ptraceCaptured(ev, 3, 8); addr < 8 || !ok {
			return b
		}
		if !failed(ev) && uint64(ev.Ret) > 8 {
			b = append(b, ", "...)
			p, ok := ptraceCaptured(ev, 3, 16)
			if uint64(ev.Ret) < 16 || !ok {
				b = append(b, "???"...)
			} else {
				b = append(b, "flags="...)
				b = d.flags(b, seccompFilterFlags, le64(p, 8))
				if uint64(ev.Ret) > 16 {
					b = append(b, ", ..."...)
				}
			}
		}
		return append(b, '}')
	case req == ptraceGetregset:
		iov, ok := ptraceCaptured(ev, 3, iovecSize)
		if !ok {
			return b
		}
		b = append(b, "{iov_base="...)
		b = d.appendRegsetIov(b, ev, iov, failed(ev))
		b = append(b, ", iov_len="...)
		return append(appendIovLen(b, ev, iov), '}')
	case req == ptraceSetregset:
		iov, ok := ptraceCaptured(ev, 3, iovecSize)
		if !ok {
			return b
		}
		if cp, _ := capOK(ev, 3); cp.Aux != le64(iov, 8) {
			b = append(b, " => "...)
			b = appendUint(b, le64(iov, 8))
		}
		return append(b, '}')
	case x86 && req == ptraceGetregsX86:
		regs, ok := ptraceCaptured(ev, 3, 0)
		return d.appendRegset(b, ev, 1, data, uint64(userRegsSize), regs, ok && !failed(ev))
	case x86 && req == ptraceGetfpregsX86:
		regs, ok := ptraceCaptured(ev, 3, 0)
		return d.appendRegset(b, ev, 2, data, userFpregsSize, regs, ok && !failed(ev))
	}
	return b
}

// appendNumAt prints the number a call stored at argument i's address
// ([0x...] or [NULL] for a pointer, [N] for an unsigned long), or the address when
// the call failed or the number cannot be read.
func appendNumAt(b []byte, ev *trace.Event, i int, ptr bool) []byte {
	p, ok := ptraceCaptured(ev, i, 8)
	if failed(ev) || !ok {
		return appendPtr(b, ev.Args[i])
	}
	b = append(b, '[')
	if ptr {
		b = appendPtr(b, le64(p, 0))
	} else {
		b = appendUint(b, le64(p, 0))
	}
	return append(b, ']')
}

// appendSiginfoAt prints the siginfo_t argument i points to, or its
// address.
func (d *Decoder) appendSiginfoAt(b []byte, ev *trace.Event, i int) []byte {
	p, ok := ptraceCaptured(ev, i, siginfoSize)
	if !ok {
		return appendPtr(b, ev.Args[i])
	}
	return d.appendSiginfo(b, ev, p)
}

// siginfoSize is sizeof(siginfo_t).
const siginfoSize = 128

// appendSigsetAt prints the signal mask of n bytes argument i points to,
// as print_sigset_addr_len: its address unless n is between a word and
// the kernel's sigset size.
func (d *Decoder) appendSigsetAt(b []byte, ev *trace.Event, i int, n uint64) []byte {
	if n < 8 || n > 8 {
		return appendPtr(b, ev.Args[i])
	}
	p, ok := ptraceCaptured(ev, i, int(n))
	if !ok {
		return appendPtr(b, ev.Args[i])
	}
	return d.appendSigsetX(b, p[:n])
}

// appendPeeksiginfoArgs prints PTRACE_PEEKSIGINFO's struct
// ptrace_peeksiginfo_args (addr).
func (d *Decoder) appendPeeksiginfoArgs(b []byte, ev *trace.Event) []byte {
	p, ok := ptraceCaptured(ev, 2, 16)
	if !ok {
		return appendPtr(b, ev.Args[2])
	}
	b = append(b, "{off="...)
	b = appendUint(b, le64(p, 0))
	b = append(b, ", flags="...)
	b = d.flags(b, ptracePeeksiginfoFlags, uint64(le32(p, 8)))
	b = append(b, ", nr="...)
	b = appendUint(b, uint64(le32(p, 12)))
	return append(b, '}')
}

// appendRegsetIov prints the register set a PTRACE_GETREGSET or
// PTRACE_SETREGSET iovec (iov) names: its bytes are the data capture's
// Elem (syscalls.FprogCond.Iov).
func (d *Decoder) appendRegsetIov(b []byte, ev *trace.Event, iov []byte, failed bool) []byte {
	var regs []byte
	ok := false
	if cp, _ := capOK(ev, 3); len(cp.Elems) > 0 && !cp.Elems[0].Faulted {
		regs, ok = cp.Elems[0].Data, true
	}
	return d.appendRegset(b, ev, ev.Args[2], le64(iov, 0), le64(iov, 8), regs, ok && !failed)
}

// appendIovLen prints a PTRACE_GETREGSET iovec's length: N, or
// "OLD => NEW" when the call changed it.
func appendIovLen(b []byte, ev *trace.Event, iov []byte) []byte {
	cp, _ := capOK(ev, 3)
	if n := le64(iov, 8); cp.Aux != n {
		b = appendUint(b, cp.Aux)
		b = append(b, " => "...)
		return appendUint(b, n)
	}
	return appendUint(b, cp.Aux)
}

// appendSiginfoArray prints the siginfo_t array PTRACE_PEEKSIGINFO filled
// (as many as it returned), or its address.
func (d *Decoder) appendSiginfoArray(b []byte, ev *trace.Event) []byte {
	p, ok := ptraceCaptured(ev, 3, 0)
	if failed(ev) || !ok || ev.Ret < 0 || ev.Ret > int64(len(p)/siginfoSize) {
		return appendPtr(b, ev.Args[3])
	}
	n := int(ev.Ret)
	b = append(b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = d.appendSiginfo(b, ev, p[i*siginfoSize:(i+1)*siginfoSize])
	}
	return append(b, ']')
}

// appendUserOffset prints PTRACE_PEEKUSER's and PTRACE_POKEUSER's offset
// into struct user as strace's print_user_offset_addr: the address, and
// the field at or below it (8*RAX, offsetof(struct user, u_debugreg)+8)
// as -X asks; an offset beyond the struct is an address alone.
func (d *Decoder) appendUserOffset(b []byte, ev *trace.Event, addr uint64) []byte {
	name, base := "", uint64(0)
	if ev.Arch != trace.ArchAArch64 {
		for _, e := range userOffsetsX86 {
			if e.v > addr {
				break
			}
			name, base = e.s, e.v
		}
		if last := userOffsetsX86[len(userOffsetsX86)-1].v; name != "" && addr > base && base == last {
			name = ""
		}
	}
	if name == "" || d.opts.Xlat != XlatAbbrev {
		b = appendPtr(b, addr)
	}
	if name == "" || d.opts.Xlat == XlatRaw {
		return b
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " /* "...)
	}
	b = append(b, name...)
	if base != addr {
		b = append(b, '+')
		b = appendUint(b, addr-base)
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}
