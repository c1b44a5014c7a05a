package tracee

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// --seccomp-bpf: the exec stub installs a classic BPF seccomp filter just
// before its execve. The filter returns SECCOMP_RET_TRACE for the traced
// syscalls (and execve/execveat, always), SECCOMP_RET_ALLOW for the others,
// and SECCOMP_RET_TRACE for any architecture other than the native one (as
// strace traces personalities it has no table for). A tracee with the
// filter is resumed with PTRACE_CONT: an untraced syscall then costs no
// stop at all. A traced one stops at PTRACE_EVENT_SECCOMP, which the
// tracer takes as the syscall's entry; it resumes with PTRACE_SYSCALL to
// see the exit, then with PTRACE_CONT again (strace 6.1 does the same on
// Linux 4.8 and later, where the seccomp stop follows the entry stop).
//
// The tracer passes the traced numbers to the stub in its environment as
// ranges, "lo-hi,lo-hi,...", with a final "+N" when every number from N up
// is traced (a negated set keeps numbers no table knows).

// seccompStubEnv carries the traced syscall ranges to the exec stub.
const seccompStubEnv = "SCTRACE_SECCOMP"

// x32SyscallBit marks x32 syscalls on x86_64: traced, as another
// personality.
const x32SyscallBit = 0x40000000

// SeccompSpec returns the value of seccompStubEnv for filter on the native
// architecture: its numbers plus those that execute a program.
func SeccompSpec(filter *trace.SyscallSet) string {
	tbl := syscalls.Native()
	traced := func(nr int) bool {
		if filter.Has(nr) {
			return true
		}
		return tbl.Get(nr).Effects&syscalls.Execs != 0
	}
	var b strings.Builder
	for nr := 0; nr < trace.MaxNR; nr++ {
		if !traced(nr) {
			continue
		}
		lo := nr
		for nr+1 < trace.MaxNR && traced(nr+1) {
			nr++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%d-%d", lo, nr)
	}
	if filter.Has(trace.MaxNR) {
		fmt.Fprintf(&b, ",+%d", trace.MaxNR)
	}
	return b.String()
}

// seccompRanges is the parsed form of a seccompSpec.
type seccompRanges struct {
	ranges [][2]uint32
	// from, when hasFrom, is where an open-ended traced range starts.
	from    uint32
	hasFrom bool
}

// parseSeccompSpec parses what SeccompSpec wrote.
func parseSeccompSpec(s string) (seccompRanges, error) {
	var r seccompRanges
	for _, part := range strings.Split(s, ",") {
		if part == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(part, "+"); ok {
			n, err := strconv.ParseUint(rest, 10, 32)
			if err != nil {
				return r, fmt.Errorf("bad seccomp range %q", part)
			}
			r.from, r.hasFrom = uint32(n), true
			continue
		}
		lo, hi, ok := strings.Cut(part, "-")
		l, err1 := strconv.ParseUint(lo, 10, 32)
		h, err2 := strconv.ParseUint(hi, 10, 32)
		if !ok || err1 != nil || err2 != nil || h < l {
			return r, fmt.Errorf("bad seccomp range %q", part)
		}
		r.ranges = append(r.ranges, [2]uint32{uint32(l), uint32(h)})
	}
	return r, nil
}

// The offsets of struct seccomp_data's fields.
const (
	seccompDataNR   = 0
	seccompDataArch = 4
)

// nativeAuditArch returns the AUDIT_ARCH_* value of the running binary.
func nativeAuditArch() uint32 {
	if runtime.GOARCH == "arm64" {
		return trace.ArchAArch64
	}
	return trace.ArchX86_64
}

// seccompProgram builds the filter for r on arch. Each test returns on its
// own, so no jump spans more than two instructions, whatever the number of
// ranges.
func seccompProgram(arch uint32, r seccompRanges) ([]unix.SockFilter, error) {
	stmt := func(code uint16, k uint32) unix.SockFilter { return unix.SockFilter{Code: code, K: k} }
	jump := func(code uint16, k uint32, jt, jf uint8) unix.SockFilter {
		return unix.SockFilter{Code: unix.BPF_JMP | code, Jt: jt, Jf: jf, K: k}
	}
	retTrace := stmt(unix.BPF_RET|unix.BPF_K, unix.SECCOMP_RET_TRACE)
	prog := []unix.SockFilter{
		stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_ABS, seccompDataArch),
		jump(unix.BPF_JEQ|unix.BPF_K, arch, 1, 0),
		retTrace,
		stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_ABS, seccompDataNR),
	}
	if arch == trace.ArchX86_64 {
		prog = append(prog, jump(unix.BPF_JGE|unix.BPF_K, x32SyscallBit, 0, 1), retTrace)
	}
	for _, rg := range r.ranges {
		if rg[0] == rg[1] {
			prog = append(prog, jump(unix.BPF_JEQ|unix.BPF_K, rg[0], 0, 1), retTrace)
			continue
		}
		prog = append(prog,
			jump(unix.BPF_JGE|unix.BPF_K, rg[0], 0, 2),
			jump(unix.BPF_JGE|unix.BPF_K, rg[1]+1, 1, 0),
			retTrace)
	}
	if r.hasFrom {
		prog = append(prog, jump(unix.BPF_JGE|unix.BPF_K, r.from, 0, 1), retTrace)
	}
	prog = append(prog, stmt(unix.BPF_RET|unix.BPF_K, unix.SECCOMP_RET_ALLOW))
	if len(prog) > unix.BPF_MAXINSNS {
		return nil, fmt.Errorf("seccomp filter too long: %d instructions", len(prog))
	}
	return prog, nil
}

// installSeccompFilter sets no_new_privs and installs prog on the calling
// thread only (the exec stub's main thread, which executes the command).
func installSeccompFilter(prog []unix.SockFilter) error {
	if _, _, errno := unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0, 0); errno != 0 {
		return fmt.Errorf("prctl(PR_SET_NO_NEW_PRIVS): %w", errno)
	}
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	_, _, errno := unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER,
		uintptr(unsafe.Pointer(&fprog)), 0, 0, 0)
	runtime.KeepAlive(prog)
	if errno != 0 {
		return fmt.Errorf("prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER): %w", errno)
	}
	return nil
}

// setupSeccompInStub installs the filter that spec (seccompStubEnv's
// value) describes.
func setupSeccompInStub(spec string) error {
	r, err := parseSeccompSpec(spec)
	if err != nil {
		return err
	}
	prog, err := seccompProgram(nativeAuditArch(), r)
	if err != nil {
		return err
	}
	return installSeccompFilter(prog)
}
