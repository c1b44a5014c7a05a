package ptrace

import (
	"fmt"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// injectCount is a thread's progress through one -e inject= rule: the
// calls left before the next injection and before the rule ends, as
// strace counts them in each tcb's copy of its rules.
type injectCount struct{ first, last uint16 }

// tampering is what the rules do to a task's current call.
type tampering struct {
	// done is what was done so far; it goes on the call's exit event.
	done trace.Tampering
	// result is the rule whose result replaces the call's at its exit
	// (the call was skipped, or replaced by rule.Syscall).
	result *trace.Injection
	// exit is the rule with pokes or a delay due at the call's exit.
	exit *trace.Injection
	// signal is delivered when the task is resumed from its entry stop.
	signal int
	// holdUntil, when not zero, keeps the task stopped until then
	// (delay_enter=, delay_exit=).
	holdUntil time.Time
}

// The offsets of orig_rax and rax in struct user_regs_struct (x86_64), for
// PTRACE_POKEUSER.
const (
	userOrigRAX = 15 * 8
	userRAX     = 10 * 8
)

// pokeUser writes one word of the task's struct user.
func pokeUser(tid int, off uintptr, v uint64) error {
	_, err := ptraceRaw(unix.PTRACE_POKEUSR, tid, off, uintptr(v))
	return err
}

// injection returns the rule of tk's current call, if it applies to it:
// only to traced calls of the native architecture.
func (tr *tracer) injection(tk *task) *trace.Injection {
	if tr.opts.Inject == nil || !tk.Wanted || tk.Hidden || tk.Arch != syscalls.Native().Arch || tk.Pers != trace.PersNative {
		return nil
	}
	return tr.opts.Inject.Get(tk.NR)
}

// tamperEntry applies the rule of tk's call at its entry stop, before its
// arguments are read: it counts the call, and when the rule is due,
// skips the call (or replaces it), pokes memory, arranges a signal and
// holds the task, as strace's tamper_with_syscall_entering does.
func (tr *tracer) tamperEntry(tk *task) {
	in := tr.injection(tk)
	tk.tamper = tampering{}
	if in == nil || !tk.injectDue(in) {
		return
	}
	tk.tamper.signal = in.Signal
	if in.ChangesResult() {
		nr := int64(-1)
		if in.Syscall >= 0 {
			nr = int64(in.Syscall)
		}
		if err := pokeUser(tk.TID, userOrigRAX, uint64(nr)); err == nil {
			tk.tamper.result = in
			tk.tamper.done |= trace.TamperedResult
		}
	}
	if in.PokesAt(false) {
		tr.poke(tk, in, false)
	}
	if in.PokesAt(true) || in.DelayExit > 0 {
		tk.tamper.exit = in
	}
	if in.DelayEnter > 0 {
		tk.tamper.holdUntil = time.Now().Add(in.DelayEnter)
		tk.tamper.done |= trace.TamperedDelayed
	}
}

// injectDue counts a call of the rule's syscall and reports whether the
// rule acts on it.
func (tk *task) injectDue(in *trace.Injection) bool {
	if tk.injectCounts == nil {
		tk.injectCounts = make(map[int32]*injectCount)
	}
	c := tk.injectCounts[tk.NR]
	if c == nil {
		c = &injectCount{first: in.First, last: in.Last}
		tk.injectCounts[tk.NR] = c
	}
	if c.first == 0 || c.last == 0 {
		return false
	}
	if c.last != trace.InjectForever {
		c.last--
	}
	c.first--
	if c.first != 0 {
		return false
	}
	c.first = in.Step
	return true
}

// tamperExit applies what is due at the exit stop of a tampered call and
// returns the call's result: the rule's, once the skipped call's own is
// replaced in the task's registers.
func (tr *tracer) tamperExit(tk *task, ret int64) int64 {
	if in := tk.tamper.exit; in != nil {
		if in.PokesAt(true) {
			tr.poke(tk, in, true)
		}
		if in.DelayExit > 0 {
			tk.tamper.holdUntil = time.Now().Add(in.DelayExit)
			tk.tamper.done |= trace.TamperedDelayed
		}
	}
	in := tk.tamper.result
	if in == nil {
		return ret
	}
	failed := ret < 0 && ret >= -4095
	if failed == (in.Syscall >= 0) {
		no := "no "
		if in.Syscall >= 0 {
			no = ""
		}
		errno := int64(0)
		if failed {
			errno = -ret
		}
		tr.warn(tamperWarning(fmt.Sprintf("Failed to tamper with process %d: unexpectedly got %serror (return value %#x, error %d)", tk.TID, no, uint64(ret), errno)))
		return ret
	}
	want := int64(in.Retval)
	if !in.HasRetval {
		want = -int64(in.Errno)
	}
	if err := pokeUser(tk.TID, userRAX, uint64(want)); err != nil {
		return ret
	}
	if in.HasRetval {
		tk.tamper.done |= trace.TamperedRetval
	}
	return want
}

// poke writes the rule's data for this stop (at the exit or the entry)
// where the call's pointer arguments point.
func (tr *tracer) poke(tk *task, in *trace.Injection, exit bool) {
	nargs := 0
	name := ""
	if tbl := syscalls.ForArch(tk.Arch); tbl != nil {
		sc := tbl.Get(int(tk.NR))
		nargs, name = sc.NArgs, sc.Name
	}
	for _, p := range in.Pokes {
		if p.AtExit != exit {
			continue
		}
		if p.Arg > nargs {
			tr.warn(tamperWarning(fmt.Sprintf("poke_tcb: Failed to tamper with process %d: requested to tamper with argument #%d, but system call '%s' has only %d arguments", tk.TID, p.Arg, name, nargs)))
			continue
		}
		addr := tk.Args[p.Arg-1]
		n, short := writeMemory(tk.TID, addr, p.Data)
		if short != nil {
			tr.warn(short)
		}
		if n == 0 {
			tr.warn(tamperWarning(fmt.Sprintf("poke_tcb: Failed to tamper with process %d: couldn't poke", tk.TID)))
			continue
		}
		// Part of the data written is a poke done, as strace counts it.
		tk.tamper.done |= trace.TamperedArgs
	}
}

// writeMemory writes data at addr in the task's memory: with
// process_vm_writev, or word by word with PTRACE_POKEDATA where that
// fails (read-only mappings). It returns how many bytes it wrote and,
// when that is some but not all of them because the rest of the range is
// not mapped, strace's warning of the short write.
func writeMemory(tid int, addr uint64, data []byte) (int, error) {
	local := []unix.Iovec{{Base: unsafe.SliceData(data)}}
	local[0].SetLen(len(data))
	remote := []unix.RemoteIovec{{Base: uintptr(addr), Len: len(data)}}
	n, err := unix.ProcessVMWritev(tid, local, remote, 0)
	switch {
	case err == nil && n == len(data):
		return n, nil
	case err == nil && n > 0:
		return n, tamperWarning(fmt.Sprintf("upoken: pid:%d short write (%d < %d) @%#x", tid, n, len(data), addr))
	}
	// Nothing written: the range may be mapped read-only, which
	// PTRACE_POKEDATA writes through.
	n, err = unix.PtracePokeData(tid, uintptr(addr), data)
	if err != nil && n > 0 {
		return n, tamperWarning(fmt.Sprintf("upoken_pokedata: pid:%d short write (%d < %d) @%#x: %s", tid, n, len(data), addr, tracee.Strerror(err)))
	}
	return n, nil
}

// warn passes a problem that does not stop tracing to Options.Warn.
func (tr *tracer) warn(err error) {
	if tr.opts.Warn != nil {
		tr.opts.Warn(err)
	}
}

// heldPoll bounds how long the tracer sleeps between polls of wait4 while
// a task is held: other tasks' stops wait at most that long.
const heldPoll = time.Millisecond

// hold keeps tk stopped when a delay is due, and reports whether it did.
func (tr *tracer) hold(tk *task) bool {
	if tk.tamper.holdUntil.IsZero() {
		return false
	}
	tr.held = append(tr.held, tk)
	return true
}

// takeSignal returns the signal to deliver as tk resumes from its current
// stop, and forgets it.
func (tk *task) takeSignal() int {
	sig := tk.tamper.signal
	tk.tamper.signal = 0
	return sig
}

// releaseHeld resumes the held tasks whose delay is over and returns when
// the next one is due (zero when none is held).
func (tr *tracer) releaseHeld() time.Time {
	var next time.Time
	now := time.Now()
	kept := tr.held[:0]
	for _, tk := range tr.held {
		if until := tk.tamper.holdUntil; now.Before(until) {
			kept = append(kept, tk)
			if next.IsZero() || until.Before(next) {
				next = until
			}
			continue
		}
		tk.tamper.holdUntil = time.Time{}
		tr.resumeTask(tk, tk.takeSignal())
	}
	clear(tr.held[len(kept):])
	tr.held = kept
	return next
}

// resumeHeld resumes every held task at once (tracing is ending).
func (tr *tracer) resumeHeld() {
	for _, tk := range tr.held {
		tk.tamper.holdUntil = time.Time{}
		tr.resumeTask(tk, tk.takeSignal())
	}
	tr.held = nil
}

// tamperWarning is a problem applying a rule, worded as strace words it.
type tamperWarning string

// Error returns the warning's text.
func (w tamperWarning) Error() string { return string(w) }
