package tracee

import (
	"iter"

	"github.com/sctrace/sctrace/trace"
)

// Tracked is a backend's task type: a pointer to a struct that embeds
// Task.
type Tracked interface {
	comparable
	Core() *Task
}

// Table is the set of traced threads of one run, by thread id, and the
// event policy both backends follow (trace's package documentation states
// it): it builds the events about its tasks and hands them to the sink, a
// call a task dies in ends with NoReturn before the task's Exit, and a
// thread-group leader's Exit waits for the group's other traced threads.
//
// A Table is not safe for concurrent use: the goroutine that runs a
// backend's loop owns it, and the sink is called on that goroutine. The
// Event it hands to the sink, and the memory the event points to, are
// reused once the sink returns.
type Table[T Tracked] struct {
	tasks map[int]T
	sink  func(*trace.Event) error
	err   error
	ev    trace.Event
	// held are thread-group leaders' exits waiting for the rest of their
	// group, by pid.
	held map[int]trace.Event
}

// NewTable returns an empty table whose events go to sink.
func NewTable[T Tracked](sink func(*trace.Event) error) *Table[T] {
	return &Table[T]{tasks: make(map[int]T), sink: sink}
}

// Get returns the task tid, or the zero T (nil) if it is not traced.
func (tb *Table[T]) Get(tid int) T { return tb.tasks[tid] }

// Has reports whether tid is traced.
func (tb *Table[T]) Has(tid int) bool {
	_, ok := tb.tasks[tid]
	return ok
}

// Put registers t under its TID, silently.
func (tb *Table[T]) Put(t T) { tb.tasks[t.Core().TID] = t }

// Delete forgets tid, silently.
func (tb *Table[T]) Delete(tid int) { delete(tb.tasks, tid) }

// Len returns the number of traced threads.
func (tb *Table[T]) Len() int { return len(tb.tasks) }

// All yields every traced thread, in no particular order. The loop body
// may delete the task it is given.
func (tb *Table[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, t := range tb.tasks {
			if !yield(t) {
				return
			}
		}
	}
}

// Err returns the first error the sink returned; no event is emitted after
// it.
func (tb *Table[T]) Err() error { return tb.err }

// Emit hands ev to the sink, unless the sink already failed.
func (tb *Table[T]) Emit(ev *trace.Event) {
	if tb.err != nil {
		return
	}
	if err := tb.sink(ev); err != nil {
		tb.err = err
	}
}

// Event resets the table's reused event for a new one about tk at ts (its
// Enter field).
func (tb *Table[T]) Event(kind trace.Kind, tk *Task, ts int64) *trace.Event {
	ev := &tb.ev
	// Cleared in place and then filled: a composite literal would be
	// built on the stack and copied, twice the stores of an event that
	// is the size of a few cache lines, for every call.
	*ev = trace.Event{}
	ev.Kind, ev.PID, ev.TID, ev.Arch, ev.Pers, ev.Enter = kind, int32(tk.PID), int32(tk.TID), tk.Arch, tk.Pers, ts
	return ev
}

// Personality notes that tk enters at ts, at instruction ip (0:
// unknown), a call made on arch in personality pers, traced or not. When
// pers is not that of tk's previous call, it reports a PersonalityChange
// first (unless tk is hidden), which strace prints as
// "[ Process PID=N runs in 32 bit mode. ]".
func (tb *Table[T]) Personality(tk *Task, arch uint32, pers trace.Personality, ts int64, ip uint64) {
	tk.Arch = arch
	if pers == tk.Pers {
		return
	}
	tk.Pers = pers
	if !tk.Hidden {
		ev := tb.Event(trace.PersonalityChange, tk, ts)
		ev.IP = ip
		tb.Emit(ev)
	}
}

// CallPersonality returns the personality of a call numbered nr made on
// arch, as the kernel reports it (PTRACE_GET_SYSCALL_INFO's arch and
// number), and its number in that personality's table: an i386 call on
// AUDIT_ARCH_I386, an x32 call on AUDIT_ARCH_X86_64 with
// __X32_SYSCALL_BIT set (but -1, which seccomp may leave), as strace
// tells them.
func CallPersonality(arch uint32, nr int32) (int32, trace.Personality) {
	switch {
	case arch == trace.ArchI386:
		return nr, trace.Pers32
	case arch == trace.ArchX86_64 && nr != -1 && nr&trace.X32SyscallBit != 0:
		return nr &^ trace.X32SyscallBit, trace.PersX32
	}
	return nr, trace.PersNative
}

// EntryEvent returns the SyscallEnter event of tk's call (Begin), with its
// entry-time captures; the caller adds what its backend knows and emits
// it.
func (tb *Table[T]) EntryEvent(tk *Task) *trace.Event {
	ev := tb.Event(trace.SyscallEnter, tk, tk.EnterTime)
	ev.NR = tk.NR
	ev.UnknownCall = tk.Unread
	ev.Args = tk.Args
	ev.IP = tk.IP
	ev.Resumes = tk.resumes()
	ev.Captures = tk.Caps
	ev.Stack = tk.stack()
	return ev
}

// stack returns the call's user stack, or nil without one.
func (tk *Task) stack() *trace.UserStack {
	if !tk.HasStack {
		return nil
	}
	return &tk.Stack
}

// ExitEvent returns the SyscallExit event of tk's call, which returned ret
// at ts, with every capture.
func (tb *Table[T]) ExitEvent(tk *Task, ts, ret int64) *trace.Event {
	ev := tb.Event(trace.SyscallExit, tk, tk.EnterTime)
	ev.NR = tk.NR
	ev.UnknownCall = tk.Unread
	ev.Args = tk.Args
	ev.IP = tk.IP
	ev.Resumes = tk.resumes()
	ev.Exit = ts
	ev.Ret = ret
	ev.Captures = tk.Caps
	ev.Stack = tk.stack()
	return ev
}

// Add registers t, a task created by a traced one, and reports it
// (NewTask).
func (tb *Table[T]) Add(t T, ts int64) {
	tb.Put(t)
	tb.Emit(tb.Event(trace.NewTask, t.Core(), ts))
}

// ReportAttached reports the tasks tids, registered already, as attached
// (-p): one NewTask each, with Attached set, the first (the process's
// leader) counting the threads attached with it and the others marked
// WithLeader.
func (tb *Table[T]) ReportAttached(tids []int, ts int64) {
	for i, tid := range tids {
		ev := tb.Event(trace.NewTask, tb.tasks[tid].Core(), ts)
		ev.Attached = true
		if i == 0 && len(tids) > 1 {
			ev.Threads = int32(len(tids))
		}
		ev.WithLeader = i > 0
		tb.Emit(ev)
	}
}

// Takeover handles an execve by the non-leader thread oldTID of group
// tid: the thread takes over the leader's id, so its state replaces the
// leader's under tid and oldTID is gone, with no Exit. A leader that
// exited before is not reported as exited either: its held Exit is
// dropped, as wait(2) never reports it. It returns the task now under tid
// (the leader's own if oldTID is not traced).
func (tb *Table[T]) Takeover(oldTID, tid int) T {
	if oldTID != tid {
		delete(tb.held, tid)
	}
	if old, ok := tb.tasks[oldTID]; ok && oldTID != tid {
		delete(tb.tasks, oldTID)
		old.Core().TID = tid
		tb.tasks[tid] = old
	}
	return tb.tasks[tid]
}

// ReportExec reports that tk (after Takeover) executed a program at ts,
// which starts at ip (0: unknown); oldTID is the thread that called
// execve. Nothing is reported about a hidden task.
func (tb *Table[T]) ReportExec(tk *Task, oldTID int, ts int64, ip uint64) {
	if tk.Hidden {
		return
	}
	ev := tb.Event(trace.Exec, tk, ts)
	ev.OldTID = int32(oldTID)
	ev.IP = ip
	tb.Emit(ev)
}

// ReportSignal reports a signal about tk at ts, which found it at
// instruction ip (0: unknown), with tk's SignalStack when it has one;
// info belongs to the caller.
func (tb *Table[T]) ReportSignal(tk *Task, ts int64, ip uint64, info *trace.SignalInfo) {
	ev := tb.Event(trace.Signal, tk, ts)
	ev.IP = ip
	ev.Signal = info
	if tk.HasSignalStack {
		ev.Stack = &tk.SignalStack
		tk.HasSignalStack = false
	}
	tb.Emit(ev)
}

// Detach forgets t and reports that tracing let go of it (Detached).
func (tb *Table[T]) Detach(t T, ts int64) {
	tk := t.Core()
	delete(tb.tasks, tk.TID)
	tb.Emit(tb.Event(trace.Detached, tk, ts))
}

// ReportExit reports the end of tk, which the caller removed from the
// table, at ts with wait status wstatus (an exit code in bits 8-15, or the
// killing signal in bits 0-6 and the core-dump flag in bit 7). A wanted
// call it was in ends first, without a result (NoReturn); then between,
// if not nil, reports what must come before the Exit. A thread-group
// leader's Exit is held while other threads of its group are traced, as
// wait(2) reports it; a thread's Exit releases its leader's when it was
// the last.
func (tb *Table[T]) ReportExit(tk *Task, ts int64, wstatus int, between func()) {
	tb.ReportExiting(tk, ts)
	if between != nil {
		between()
	}
	ev := tb.Event(trace.Exit, tk, ts)
	if sig := wstatus & 0x7f; sig != 0 {
		ev.ExitSignal = sig
		ev.CoreDumped = wstatus&0x80 != 0
	} else {
		ev.Status = wstatus >> 8 & 0xff
	}
	if tk.TID == tk.PID && tb.groupAlive(tk.PID) {
		if tb.held == nil {
			tb.held = make(map[int]trace.Event)
		}
		tb.held[tk.PID] = *ev
		return
	}
	tb.Emit(ev)
	tb.ReleaseExit(tk.PID)
}

// ReportExiting ends, without a result (NoReturn), the wanted call tk is
// in as it starts to exit, at ts: strace prints "= ?" then, and not when
// wait(2) reports the exit, which for a group's leader comes after its
// other threads'. ReportExit then has no call to end.
func (tb *Table[T]) ReportExiting(tk *Task, ts int64) {
	if tk.InCall && tk.Wanted && !tk.Hidden {
		ev := tb.ExitEvent(tk, ts, 0)
		ev.NoReturn = true
		tb.Emit(ev)
	}
	tk.InCall = false
}

// groupAlive reports whether a task of thread group pid is still traced
// (and not hidden).
func (tb *Table[T]) groupAlive(pid int) bool {
	for _, t := range tb.tasks {
		if tk := t.Core(); tk.PID == pid && !tk.Hidden {
			return true
		}
	}
	return false
}

// ReleaseExit reports the held Exit of group pid's leader once no other
// thread of the group is traced.
func (tb *Table[T]) ReleaseExit(pid int) {
	ev, ok := tb.held[pid]
	if !ok || tb.groupAlive(pid) {
		return
	}
	delete(tb.held, pid)
	tb.ev = ev
	tb.Emit(&tb.ev)
}

// ReleaseExits reports every held leader Exit: the run ends.
func (tb *Table[T]) ReleaseExits() {
	for pid, ev := range tb.held {
		delete(tb.held, pid)
		tb.ev = ev
		tb.Emit(&tb.ev)
	}
}

// Adopted finishes the adoption of a -D command (trace.Adoption) that a
// backend now traces as pid, at ts: it reports the command attached, as
// strace -D does, detaches sctrace's standard streams when target asks,
// and lets the command go on to its execve, under the seccomp filter spec
// seccomp (SeccompSpec; "" for none).
func (tb *Table[T]) Adopted(pid int, ts int64, target trace.Target, seccomp string) error {
	tb.ReportAttached([]int{pid}, ts)
	if target.DetachStdio {
		if err := DetachStdio(); err != nil {
			return err
		}
	}
	return target.Adopt.Release(seccomp)
}
