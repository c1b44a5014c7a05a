package bench

import (
	"errors"
	"fmt"
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"
)

// emptyHooks holds BPF programs that do nothing, attached to the
// raw_syscalls tracepoints.
type emptyHooks struct {
	progs []*ebpf.Program
	links []link.Link
}

// attachEmptyHooks attaches a program that returns at once to sys_enter
// and to sys_exit, for the EmptyHooks configuration: what is left of a
// raw_syscalls tracer when its programs do no work at all (the kernel's
// slower syscall path and the two program calls per syscall).
func attachEmptyHooks() (io.Closer, error) {
	h := &emptyHooks{}
	for _, tp := range []string{"sys_enter", "sys_exit"} {
		prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
			Name: "bench_empty", Type: ebpf.Tracing, AttachType: ebpf.AttachTraceRawTp, AttachTo: tp,
			License: "GPL", Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
		})
		if err != nil {
			h.Close()
			return nil, fmt.Errorf("load an empty program for %s: %w", tp, err)
		}
		h.progs = append(h.progs, prog)
		l, err := link.AttachTracing(link.TracingOptions{Program: prog})
		if err != nil {
			h.Close()
			return nil, fmt.Errorf("attach an empty program to %s: %w", tp, err)
		}
		h.links = append(h.links, l)
	}
	return h, nil
}

// Close detaches and releases the programs.
func (h *emptyHooks) Close() error {
	var errs []error
	for _, l := range h.links {
		errs = append(errs, l.Close())
	}
	for _, p := range h.progs {
		errs = append(errs, p.Close())
	}
	return errors.Join(errs...)
}
