package bpfbackend

import (
	"errors"
	"fmt"
	"os"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/trace"
)

// unsupported wraps trace.ErrUnsupported with what is missing.
type unsupported struct{ what string }

func (u *unsupported) Error() string { return "ebpf backend: " + u.what }

func (u *unsupported) Unwrap() error { return trace.ErrUnsupported }

// checkEnvironment reports what this kernel or process lacks before
// anything is loaded.
func checkEnvironment() error {
	if !privileged() {
		return &unsupported{"loading BPF programs needs root or CAP_BPF and CAP_PERFMON"}
	}
	if _, err := os.Stat("/sys/kernel/btf/vmlinux"); err != nil {
		return &unsupported{"the kernel has no BTF (/sys/kernel/btf/vmlinux, CONFIG_DEBUG_INFO_BTF)"}
	}
	return nil
}

// loadError explains a failure to load the programs.
func loadError(err error) error {
	var verr *ebpf.VerifierError
	switch {
	case errors.As(err, &verr):
		return fmt.Errorf("ebpf backend: the kernel's verifier rejected a program: %w", err)
	case errors.Is(err, os.ErrPermission) && os.Geteuid() != 0:
		return &unsupported{"loading BPF programs needs root or CAP_BPF and CAP_PERFMON"}
	case errors.Is(err, ebpf.ErrNotSupported):
		return &unsupported{fmt.Sprintf("the kernel lacks a BPF feature sctrace needs (%v)", err)}
	}
	return fmt.Errorf("ebpf backend: load programs: %w", err)
}

// attachError explains a failure to attach a program.
func attachError(prog *ebpf.Program, err error) error {
	name := prog.String()
	if errors.Is(err, os.ErrPermission) && os.Geteuid() != 0 {
		return &unsupported{"attaching BPF programs needs root or CAP_BPF and CAP_PERFMON"}
	}
	if errors.Is(err, os.ErrNotExist) || errors.Is(err, ebpf.ErrNotSupported) {
		return &unsupported{fmt.Sprintf("the kernel has no tracepoint for %s (%v)", name, err)}
	}
	return fmt.Errorf("ebpf backend: attach %s: %w", name, err)
}

// Capability numbers (linux/capability.h).
const (
	capSysAdmin = 21
	capPerfmon  = 38
	capBPF      = 39
)

// privileged reports whether this process may load and attach tracing
// programs: CAP_SYS_ADMIN, or CAP_BPF with CAP_PERFMON, in its effective
// set. Without them the kernel answers EPERM, which feature probes
// misreport as a missing feature. When the capabilities cannot be read,
// it lets the kernel decide.
func privileged() bool {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return true
	}
	has := func(c uint) bool { return data[c/32].Effective&(1<<(c%32)) != 0 }
	return has(capSysAdmin) || (has(capBPF) && has(capPerfmon))
}
