package ptrace

import (
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/syscalls"
)

// CPU placement (Backend.SameCPU). Each syscall stop is a round trip: the
// tracee stops and wakes the tracer, which works and wakes the tracee. When
// the two run on different CPUs, each wake-up goes to a CPU that has just
// gone idle (an inter-processor interrupt, and on a VM an exit to the
// hypervisor); on one CPU, it is a plain context switch, several times
// cheaper. So while the launched command is the only traced task, the
// tracer thread and the command share the CPU the tracer was on.
//
// Nothing is left pinned that would not be pinned untraced:
//   - a child of the pinned command gets the original affinity back as soon
//     as the tracer learns its pid (its creator's fork event under -f, or
//     the fork, vfork or clone call's exit without -f); until then, a
//     child that asks at once (sched_getaffinity) may still see one CPU;
//   - under -f, as soon as a second task is traced, the command and the
//     tracer get their original affinity back too, so that a parallel
//     build is not serialized on one CPU;
//   - when tracing stops early and the command is detached, its affinity
//     is restored first.
//
// The command does see a one-CPU mask while pinned (sched_getaffinity,
// nproc), which strace does not impose, so placement is off unless asked
// for (--cpu-placement=same). Pinning the tracer thread alone does not
// help: the scheduler then wakes the command on the other, idle CPU.

// placement is the pinning state of one Run.
type placement struct {
	// active is set while the tracer thread and pinned are on one CPU.
	active bool
	// orig is the tracer thread's affinity before pinning, which the
	// command would have inherited untraced.
	orig unix.CPUSet
	// pinned is the launched command's pid, once started.
	pinned int
}

// pin restricts the calling (tracer) thread to the CPU it runs on; a
// process it starts next inherits that. It is best effort: on failure
// nothing is pinned.
func (p *placement) pin() {
	if err := unix.SchedGetaffinity(0, &p.orig); err != nil {
		return
	}
	var cpu uint32
	if _, _, errno := unix.RawSyscall(unix.SYS_GETCPU, uintptr(unsafe.Pointer(&cpu)), 0, 0); errno != 0 {
		return
	}
	var set unix.CPUSet
	set.Set(int(cpu))
	if unix.SchedSetaffinity(0, &set) == nil {
		p.active = true
	}
}

// restore gives tid the original affinity, if placement pinned anything.
func (p *placement) restore(tid int) {
	if p.active {
		_ = unix.SchedSetaffinity(tid, &p.orig)
	}
}

// release ends pinning: the command and the tracer thread (the caller)
// get their original affinity back.
func (p *placement) release() {
	if !p.active {
		return
	}
	if p.pinned > 0 {
		_ = unix.SchedSetaffinity(p.pinned, &p.orig)
	}
	_ = unix.SchedSetaffinity(0, &p.orig)
	p.active = false
}

// newTask handles a task created by a traced one: it gets the original
// affinity back; if it is traced too (follow), pinning ends.
func (p *placement) newTask(tid int, follow bool) {
	if !p.active {
		return
	}
	p.restore(tid)
	if follow {
		p.release()
	}
}

// isForkCall reports whether nr creates a task on arch: fork, vfork, clone
// or clone3.
func isForkCall(arch uint32, nr int32) bool {
	tbl := syscalls.ForArch(arch)
	if tbl == nil {
		return false
	}
	switch tbl.Get(int(nr)).Name {
	case "fork", "vfork", "clone", "clone3":
		return true
	}
	return false
}
