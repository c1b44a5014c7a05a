// Package testutil holds helpers shared by sctrace's tests: privilege probes
// that skip (or, under CI, fail) when a capability is missing, and helpers
// that build and run workloads.
package testutil

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"
	"testing"
)

// InCI reports whether the tests run in CI (CI=true), where a missing
// capability is a failure rather than a reason to skip.
func InCI() bool { return os.Getenv("CI") == "true" }

// skipOrFail skips the test with reason, or fails it under CI.
func skipOrFail(t testing.TB, reason string) {
	t.Helper()
	if InCI() {
		t.Fatalf("CI=true but %s", reason)
	}
	t.Skip(reason)
}

// RequireKVM skips unless /dev/kvm can be opened to make virtual
// machines. A machine without /dev/kvm (a kernel without KVM, a virtual
// machine that offers no nested virtualization) has nothing to test, in
// CI too; a /dev/kvm this process cannot open fails under CI.
func RequireKVM(t testing.TB) {
	t.Helper()
	f, err := os.OpenFile("/dev/kvm", os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skip("this machine has no KVM: " + err.Error())
	}
	if err != nil {
		skipOrFail(t, "needs KVM: "+err.Error())
		return
	}
	f.Close()
}

// RequirePtrace skips (fails under CI) unless this process may trace its
// children: it needs to be root or to have CAP_SYS_PTRACE, and ptrace must
// not be disabled by Yama.
func RequirePtrace(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		skipOrFail(t, "needs root (CAP_SYS_PTRACE) for ptrace tests")
		return
	}
	if b, err := os.ReadFile("/proc/sys/kernel/yama/ptrace_scope"); err == nil && len(b) > 0 && b[0] == '3' {
		skipOrFail(t, "needs ptrace: kernel.yama.ptrace_scope=3 forbids it")
	}
}

// RequireBPF skips (fails under CI) unless this process may load BPF
// programs (root, or CAP_BPF and CAP_PERFMON).
func RequireBPF(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		skipOrFail(t, "needs CAP_BPF and CAP_PERFMON (run as root)")
	}
}

// RequireKernelBTF skips (fails under CI) unless the kernel exposes its
// BTF in /sys/kernel/btf/vmlinux.
func RequireKernelBTF(t testing.TB) {
	t.Helper()
	if _, err := os.Stat("/sys/kernel/btf/vmlinux"); err != nil {
		skipOrFail(t, "needs the kernel's BTF (CONFIG_DEBUG_INFO_BTF): "+err.Error())
	}
}

// RequireRoot skips (fails under CI) unless this process runs as root,
// for tests that change their children's credentials.
func RequireRoot(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		skipOrFail(t, "needs root (CAP_SETUID, CAP_SETGID) to run sctrace as another user")
	}
}

// RequireCommand skips (fails under CI) unless name is on PATH, and returns
// its path.
func RequireCommand(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		skipOrFail(t, "needs "+name+" on PATH: "+err.Error())
	}
	return p
}

// RequireCPUs skips (fails under CI) unless this process may run on at
// least n CPUs.
func RequireCPUs(t testing.TB, n int) {
	t.Helper()
	if have := runtime.NumCPU(); have < n {
		skipOrFail(t, "needs "+strconv.Itoa(n)+" CPUs: this process may use "+strconv.Itoa(have))
	}
}

// I386Syscalls reports whether this kernel serves the i386 system calls a
// 64-bit process makes with int $0x80, by running bin, a program whose
// i386 calls succeed and which exits 0 when they do (testdata/workloads/
// int80.c): false when it is killed by SIGSEGV at its first one, as on a
// kernel without IA32 emulation or a virtual machine that does not pass
// the instruction on. That is what the machine is, not a privilege this
// process lacks: callers test the refusal instead. Any other outcome
// fails the test.
func I386Syscalls(t testing.TB, bin string) bool {
	t.Helper()
	err := exec.Command(bin).Run()
	switch code := ExitCode(err); code {
	case 0:
		return true
	case 128 + int(syscall.SIGSEGV):
		return false
	default:
		t.Fatalf("%s: exit status %d (%v)", bin, code, err)
		return false
	}
}
