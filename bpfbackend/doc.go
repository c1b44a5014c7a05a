// Package bpfbackend is sctrace's eBPF backend: BPF programs on the
// raw_syscalls tracepoints (sys_enter, sys_exit) and on task creation,
// exit, exec and signal delivery observe the traced tasks inside the
// kernel, with no stop at all.
//
// The programs (bpf/sctrace.c and the headers it includes, compiled by
// bpf2go into the committed sctrace_bpfel.{go,o}) filter in the kernel: a
// hash map holds the traced thread ids (children are added at fork under
// -f) and a bitmap the traced syscall numbers, so an untraced task costs
// one lookup. For a
// traced call they execute the capture plans of package syscalls, loaded
// into a map at start, and send one record per entry and per exit through
// one ring buffer, waking the reader only when much data is pending (a lone
// traced thread's entry travels with its exit as one record unless it
// blocks or is switched out first). User
// space replays each record's memory segments through package capture,
// which holds the plans' semantics for both backends, so the Events equal
// the ptrace backend's. With Options.CountOnly the programs aggregate
// per-syscall statistics per CPU instead and send nothing per call.
//
// The records feed the task table of package internal/tracee, shared with
// the ptrace backend, which builds the events; they obey the event
// contract of package trace. A launched command starts through tracee's
// exec stub, so a program using this backend calls tracee.Init first in
// main. One goroutine (Run's) reads the ring and calls the sink.
package bpfbackend
