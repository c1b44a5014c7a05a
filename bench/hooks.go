package bench

import (
	"errors"
	"fmt"
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"
)

// hooks holds BPF programs attached to the raw_syscalls tracepoints
// that do (almost) nothing.
type hooks struct {
	progs []*ebpf.Program
	links []link.Link
}

// hookBody returns the instructions of tool's programs (EmptyHooks or
// ClockHooks), or nil for any other tool.
func hookBody(tool Tool) asm.Instructions {
	switch tool {
	case EmptyHooks:
		return asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}
	case ClockHooks:
		return asm.Instructions{asm.FnKtimeGetNs.Call(), asm.Mov.Imm(asm.R0, 0), asm.Return()}
	}
	return nil
}

// attachHooks attaches a program of tool's body (hookBody) to sys_enter
// and to sys_exit: with EmptyHooks, what is left of a raw_syscalls tracer
// when its programs do no work at all (the kernel's slower syscall path
// and the two program calls per syscall); with ClockHooks, that and one
// clock read at each, as a tracer that times every call makes.
func attachHooks(tool Tool) (io.Closer, error) {
	h := &hooks{}
	for _, tp := range []string{"sys_enter", "sys_exit"} {
		prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
			Name: "bench_hook", Type: ebpf.Tracing, AttachType: ebpf.AttachTraceRawTp, AttachTo: tp,
			License: "GPL", Instructions: hookBody(tool),
		})
		if err != nil {
			h.Close()
			return nil, fmt.Errorf("load the %s program for %s: %w", tool, tp, err)
		}
		h.progs = append(h.progs, prog)
		l, err := link.AttachTracing(link.TracingOptions{Program: prog})
		if err != nil {
			h.Close()
			return nil, fmt.Errorf("attach the %s program to %s: %w", tool, tp, err)
		}
		h.links = append(h.links, l)
	}
	return h, nil
}

// Close detaches and releases the programs.
func (h *hooks) Close() error {
	var errs []error
	for _, l := range h.links {
		errs = append(errs, l.Close())
	}
	for _, p := range h.progs {
		errs = append(errs, p.Close())
	}
	return errors.Join(errs...)
}
