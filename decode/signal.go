package decode

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// sigRTMin is the kernel's first real-time signal; signals above it are
// named SIGRT_n as strace names them.
const (
	sigRTMin = 32
	sigRTMax = 64
)

var signalNames = [...]string{
	1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS",
	8: "SIGFPE", 9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE",
	14: "SIGALRM", 15: "SIGTERM", 16: "SIGSTKFLT", 17: "SIGCHLD", 18: "SIGCONT", 19: "SIGSTOP",
	20: "SIGTSTP", 21: "SIGTTIN", 22: "SIGTTOU", 23: "SIGURG", 24: "SIGXCPU", 25: "SIGXFSZ",
	26: "SIGVTALRM", 27: "SIGPROF", 28: "SIGWINCH", 29: "SIGIO", 30: "SIGPWR", 31: "SIGSYS",
	32: "SIGRTMIN",
}

// rtNames caches "SIGRT_1" ... "SIGRT_32".
var rtNames = func() (n [sigRTMax - sigRTMin + 1]string) {
	for i := 1; i < len(n); i++ {
		n[i] = "SIGRT_" + strconv.Itoa(i)
	}
	return n
}()

// SignalName returns strace's name of signal n: "SIGTERM", "SIGRTMIN",
// "SIGRT_3" for SIGRTMIN+3, or "" for a number it does not name.
func SignalName(n int) string {
	if n > 0 && n < len(signalNames) {
		return signalNames[n]
	}
	if n > sigRTMin && n <= sigRTMax {
		return rtNames[n-sigRTMin]
	}
	return ""
}

// SignalNumber parses a signal as strace's sigstr_to_uint: a number, or
// a name strace prints, with or without "SIG", in any case ("SIGTERM",
// "term", "SIGRT_2"); not an alias strace does not print (SIGIOT,
// SIGRTMAX, SIGRTMIN+2).
func SignalNumber(name string) (int, bool) {
	if n, err := strconv.Atoi(name); err == nil {
		return n, n >= 0 && n <= sigRTMax
	}
	up := strings.ToUpper(name)
	if !strings.HasPrefix(up, "SIG") {
		up = "SIG" + up
	}
	for i := 1; i <= sigRTMax; i++ {
		if SignalName(i) == up {
			return i, true
		}
	}
	return 0, false
}

// appendSignal prints a signal number by name, or in decimal.
func appendSignal(b []byte, n int64) []byte {
	if n > 0 && n <= sigRTMax {
		return append(b, SignalName(int(n))...)
	}
	return strconv.AppendInt(b, n, 10)
}

// appendSigset prints a signal mask of nbytes (little-endian words) as
// strace's sprintsigmask_n: [INT USR1], or ~[...] listing the absent
// signals when at least two thirds of the bits are set; each signal as -X
// style st asks: by name (USR1), number (10) or both (10 /* USR1 */).
func appendSigset(b []byte, data []byte, st XlatStyle) []byte {
	if len(data) > 8 {
		data = data[:8]
	}
	var mask uint64
	for i := len(data) - 1; i >= 0; i-- {
		mask = mask<<8 | uint64(data[i])
	}
	nbits := ((len(data) + 3) / 4) * 32
	if nbits < 64 {
		mask &= 1<<uint(nbits) - 1
	}
	pop := 0
	for m := mask; m != 0; m &= m - 1 {
		pop++
	}
	if pop >= nbits*2/3 && nbits > 0 {
		b = append(b, '~')
		mask = ^mask
		if nbits < 64 {
			mask &= 1<<uint(nbits) - 1
		}
	}
	b = append(b, '[')
	first := true
	for i := 0; i < nbits; i++ {
		if mask&(1<<uint(i)) == 0 {
			continue
		}
		if !first {
			b = append(b, ' ')
		}
		first = false
		s := i + 1
		if st != XlatAbbrev {
			b = strconv.AppendInt(b, int64(s), 10)
			if st == XlatRaw {
				continue
			}
			b = append(b, " /* "...)
		}
		switch {
		case s < len(signalNames):
			b = append(b, signalNames[s][3:]...)
		case s <= sigRTMax:
			b = append(b, "RT_"...)
			b = strconv.AppendInt(b, int64(s-sigRTMin), 10)
		default:
			b = strconv.AppendInt(b, int64(s), 10)
		}
		if st == XlatVerbose {
			b = append(b, " */"...)
		}
	}
	return append(b, ']')
}

func le32(p []byte, off int) uint32 {
	if off+4 > len(p) {
		return 0
	}
	return binary.LittleEndian.Uint32(p[off:])
}

func le64(p []byte, off int) uint64 {
	if off+8 > len(p) {
		return 0
	}
	return binary.LittleEndian.Uint64(p[off:])
}

func le16(p []byte, off int) uint16 {
	if off+2 > len(p) {
		return 0
	}
	return binary.LittleEndian.Uint16(p[off:])
}

// appendSiginfo prints a kernel siginfo_t (x86_64/generic 64-bit layout)
// as strace's printsiginfo: {si_signo=SIGCHLD, si_code=CLD_EXITED, ...}.
func (d *Decoder) appendSiginfo(b []byte, ev *trace.Event, raw []byte) []byte {
	signo := int32(le32(raw, 0))
	errno := int32(le32(raw, 4))
	code := int32(le32(raw, 8))
	b = append(b, '{')
	if signo == 0 {
		return append(b, '}')
	}
	b = append(b, "si_signo="...)
	b = d.signal(b, int64(signo))
	b = append(b, ", si_code="...)
	mark := len(b)
	b = d.restyle(appendSiCode(b, code, signo), mark, uint64(uint32(code)), numHex)
	if errno != 0 {
		b = append(b, ", si_errno="...)
		mark := len(b)
		b = d.restyle(appendErrnoName(b, int64(uint32(errno))), mark, uint64(uint32(errno)), numUnsigned)
	}
	pid := int32(le32(raw, 16))
	uid := le32(raw, 20)
	source := func(b []byte) []byte {
		b = append(b, ", si_pid="...)
		b = d.appendPidField(b, pid, syscalls.PidTGID)
		b = append(b, ", si_uid="...)
		return appendID(b, uint64(uid))
	}
	sigval := func(b []byte) []byte {
		b = append(b, ", si_int="...)
		b = strconv.AppendInt(b, int64(int32(le32(raw, 24))), 10)
		b = append(b, ", si_ptr="...)
		return appendPtr(b, le64(raw, 24))
	}
	addr := func(b []byte) []byte {
		b = append(b, ", si_addr="...)
		return appendPtr(b, le64(raw, 16))
	}
	if code <= 0 {
		switch code {
		case 0, -6: // SI_USER, SI_TKILL
			b = source(b)
		case -2: // SI_TIMER
			b = append(b, ", si_timerid="...)
			b = appendHex(b, uint64(le32(raw, 16)))
			b = append(b, ", si_overrun="...)
			b = strconv.AppendInt(b, int64(int32(le32(raw, 20))), 10)
			b = sigval(b)
		case -5: // SI_SIGIO
			b = append(b, ", si_band="...)
			b = strconv.AppendInt(b, int64(le64(raw, 16)), 10)
			b = append(b, ", si_fd="...)
			b = d.appendSigFD(b, ev, int32(le32(raw, 24)))
		default:
			b = source(b)
			if le64(raw, 24) != 0 {
				b = sigval(b)
			}
		}
		return append(b, '}')
	}
	switch signo {
	case 17: // SIGCHLD
		b = source(b)
		b = append(b, ", si_status="...)
		st := int64(int32(le32(raw, 24)))
		if code == 1 {
			b = strconv.AppendInt(b, st, 10)
		} else {
			b = d.signal(b, st)
		}
		b = append(b, ", si_utime="...)
		b = appendClockT(b, le64(raw, 32))
		b = append(b, ", si_stime="...)
		b = appendClockT(b, le64(raw, 40))
	case 4, 8: // SIGILL, SIGFPE
		b = addr(b)
	case 7: // SIGBUS
		b = addr(b)
		if code == 4 || code == 5 {
			b = append(b, ", si_addr_lsb="...)
			b = appendHex(b, uint64(le16(raw, 24)))
		}
	case 11: // SIGSEGV
		b = addr(b)
		switch code {
		case 3: // SEGV_BNDERR
			b = append(b, ", si_lower="...)
			b = appendPtr(b, le64(raw, 32))
			b = append(b, ", si_upper="...)
			b = appendPtr(b, le64(raw, 40))
		case 4: // SEGV_PKUERR
			b = append(b, ", si_pkey="...)
			b = strconv.AppendUint(b, uint64(le32(raw, 32)), 10)
		}
	case 5: // SIGTRAP
		b = addr(b)
	case 29: // SIGIO
		if code >= 1 && code <= 6 {
			b = append(b, ", si_band="...)
			b = strconv.AppendInt(b, int64(le64(raw, 16)), 10)
			b = append(b, ", si_fd="...)
			b = d.appendSigFD(b, ev, int32(le32(raw, 24)))
		}
	case 31: // SIGSYS
		b = append(b, ", si_call_addr="...)
		b = appendPtr(b, le64(raw, 16))
		b = append(b, ", si_syscall="...)
		nr := int32(le32(raw, 24))
		arch := le32(raw, 28)
		b = d.appendSyscallNumber(b, ev, arch, uint32(nr))
		b = append(b, ", si_arch="...)
		mark := len(b)
		b = d.restyle(appendAuditArch(b, arch), mark, uint64(arch), numHex)
	default:
		if pid != 0 || uid != 0 {
			b = source(b)
		}
		if le64(raw, 24) != 0 {
			b = sigval(b)
		}
	}
	return append(b, '}')
}

func appendSiCode(b []byte, code, signo int32) []byte {
	if s, ok := siCodes.lookup(uint64(uint32(code))); ok {
		return append(b, s...)
	}
	var x *xlat
	switch signo {
	case 5:
		x = sigtrapCodes
	case 17:
		x = sigchldCodes
	case 29:
		x = sigpollCodes
	case 4:
		x = sigillCodes
	case 8:
		x = sigfpeCodes
	case 11:
		x = sigsegvCodes
	case 7:
		x = sigbusCodes
	case 31:
		x = sigsysCodes
	}
	if x != nil {
		if s, ok := x.lookup(uint64(uint32(code))); ok {
			return append(b, s...)
		}
	}
	return appendHex(b, uint64(uint32(code)))
}

// userHZ is the kernel's USER_HZ, the unit of clock_t values.
const userHZ = 100

// appendClockT prints a clock_t as strace: the ticks, and when nonzero
// the seconds in a comment ("1 /* 0.01 s */").
func appendClockT(b []byte, v uint64) []byte {
	b = strconv.AppendUint(b, v, 10)
	if v == 0 {
		return b
	}
	b = append(b, " /* "...)
	b = strconv.AppendUint(b, v/userHZ, 10)
	b = append(b, '.')
	b = appendPadded(b, v%userHZ, 2)
	return append(b, " s */"...)
}

// appendSigFD prints a siginfo's si_fd, a descriptor of the thread the
// event is about (with its path under -y).
func (d *Decoder) appendSigFD(b []byte, ev *trace.Event, fd int32) []byte {
	if fd < 0 {
		return strconv.AppendInt(b, int64(fd), 10)
	}
	return d.appendFD(b, ev, uint64(fd))
}

// appendSigsetX is appendSigset as -X asks.
func (d *Decoder) appendSigsetX(b []byte, data []byte) []byte {
	return appendSigset(b, data, d.opts.Xlat)
}

// exitRtSigpending prints rt_sigpending(2) at exit: the pending set as
// strace's print_sigset_addr_len_limit reads it, sigsetsize bytes (1 to
// the kernel's 8; else the address), then the size.
func exitRtSigpending(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	n := ev.Args[1]
	cp, ok := capOK(ev, 0)
	if n < 1 || n > 8 || !ok || failed(ev) || uint64(len(cp.Data)) < n {
		b = appendPtr(b, ev.Args[0])
	} else {
		b = d.appendSigsetX(b, cp.Data[:n])
	}
	b = d.sep(b)
	return c.args[1](d, b, ev, 1)
}

// printSigsetPair prints pselect6's sigmask argument, a {sigset pointer,
// size} pair, as strace's print_kernel_sigset: {sigmask=SET,
// sigsetsize=N}, the set as print_sigset_addr_len reads it (only when N is
// the kernel's size; else, or when it cannot be read, its address).
func printSigsetPair(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
	c, ok := capOK(ev, i)
	if ev.Args[i] == 0 || !ok || len(c.Data) < syscalls.PtrLenSize {
		return appendPtr(b, ev.Args[i])
	}
	ptr, n := le64(c.Data, 0), le64(c.Data, 8)
	b = append(b, "{sigmask="...)
	if e := capElem(c, 0); ptr != 0 && n == syscalls.SigsetMax && e != nil && !e.Faulted && uint64(len(e.Data)) == n {
		b = d.appendSigsetX(b, e.Data)
	} else {
		b = appendPtr(b, ptr)
	}
	b = append(b, ", sigsetsize="...)
	b = appendUint(b, n)
	return append(b, '}')
}

// capElem returns element k of capture c, or nil.
func capElem(c *trace.Capture, k int) *trace.Capture {
	if k < len(c.Elems) {
		return &c.Elems[k]
	}
	return nil
}
