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
// The tracer builds the filter and passes it to the stub in its
// environment, each instruction as 16 hexadecimal digits (code, jt, jf and
// k, most significant first), so that the stub's C constructor installs it
// as it is (stub_cgo.go) and the Go stub likewise.

// seccompStubEnv carries the encoded filter to the exec stub.
const seccompStubEnv = "SCTRACE_SECCOMP"

// x32SyscallBit marks x32 syscalls on x86_64: traced, as another
// personality.
const x32SyscallBit = 0x40000000

// SeccompSpec returns the value of seccompStubEnv for filter on the native
// architecture: the filter that traces its numbers plus those that execute
// a program, encoded for the stub.
func SeccompSpec(filter *trace.SyscallSet) (string, error) {
	prog, err := seccompProgram(nativeAuditArch(), seccompRangesOf(filter))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.Grow(len(prog) * 16)
	for _, in := range prog {
		fmt.Fprintf(&b, "%04x%02x%02x%08x", in.Code, in.Jt, in.Jf, in.K)
	}
	return b.String(), nil
}

// seccompRanges are the syscall numbers a filter traces.
type seccompRanges struct {
	ranges [][2]uint32
	// from, when hasFrom, is where an open-ended traced range starts.
	from    uint32
	hasFrom bool
}

// seccompRangesOf returns the numbers filter traces on the native
// architecture plus those that execute a program, as ranges, with an
// open-ended one when every number from trace.MaxNR up is traced (a
// negated set keeps numbers no table knows).
func seccompRangesOf(filter *trace.SyscallSet) seccompRanges {
	tbl := syscalls.Native()
	traced := func(nr int) bool {
		if filter.Has(nr) {
			return true
		}
		return tbl.Get(nr).Effects&syscalls.Execs != 0
	}
	var r seccompRanges
	for nr := 0; nr < trace.MaxNR; nr++ {
		if !traced(nr) {
			continue
		}
		lo := nr
		for nr+1 < trace.MaxNR && traced(nr+1) {
			nr++
		}
		r.ranges = append(r.ranges, [2]uint32{uint32(lo), uint32(nr)})
	}
	if filter.Has(trace.MaxNR) {
		r.from, r.hasFrom = trace.MaxNR, true
	}
	return r
}

// decodeSeccompProgram reads what SeccompSpec wrote.
func decodeSeccompProgram(s string) ([]unix.SockFilter, error) {
	if len(s) == 0 || len(s)%16 != 0 || len(s)/16 > unix.BPF_MAXINSNS {
		return nil, fmt.Errorf("bad seccomp filter of %d digits", len(s))
	}
	prog := make([]unix.SockFilter, len(s)/16)
	for i := range prog {
		v, err := strconv.ParseUint(s[16*i:16*i+16], 16, 64)
		if err != nil {
			return nil, fmt.Errorf("bad seccomp filter instruction %q", s[16*i:16*i+16])
		}
		prog[i] = unix.SockFilter{Code: uint16(v >> 48), Jt: uint8(v >> 40), Jf: uint8(v >> 32), K: uint32(v)}
	}
	return prog, nil
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

// setupSeccompInStub installs the filter spec (seccompStubEnv's value)
// encodes.
func setupSeccompInStub(spec string) error {
	prog, err := decodeSeccompProgram(spec)
	if err != nil {
		return err
	}
	return installSeccompFilter(prog)
}
