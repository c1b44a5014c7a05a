package bpfbackend

import (
	"errors"
	"fmt"
	"os"

	"github.com/cilium/ebpf"

	"github.com/sctrace/sctrace/trace"
)

// hint ends every "cannot run here" error.
const hint = "; use --backend=ptrace"

// unsupported wraps trace.ErrUnsupported with what is missing.
type unsupported struct{ what string }

func (u *unsupported) Error() string { return "ebpf backend: " + u.what + hint }

func (u *unsupported) Unwrap() error { return trace.ErrUnsupported }

// checkEnvironment reports what this kernel or process lacks before
// anything is loaded.
func checkEnvironment() error {
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
