package tracee

import (
	"github.com/sctrace/sctrace/capture"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Task is the state of one traced thread that both backends keep: who it
// is, how it came to be traced, and the system call it is in. A backend
// embeds it in its own task type, next to what only that backend needs.
// A Task belongs to the goroutine that runs its backend's loop.
type Task struct {
	// TID is the thread id; PID its thread group id.
	TID, PID int
	// Arch is the AUDIT_ARCH_* value of the task's calls: that of its last
	// syscall stop under ptrace (0 before the first), the programs' one
	// under eBPF.
	Arch uint32
	// Pers is the personality of the task's last call entered (trace.
	// PersNative before the first); Table.Personality changes it.
	Pers trace.Personality
	// Launched says the task descends from the launched command; otherwise
	// it was attached to (-p), or descends from an attached task.
	Launched bool
	// Scoped says a scope (trace.Options.Scope) took the task at one of
	// its calls, or it descends from one that was: it was never attached
	// to, and is let go without a note.
	Scoped bool
	// Hidden marks the exec stub before its execve: nothing is reported
	// about it.
	Hidden bool
	// Revealing marks the exec stub's first execve in progress: if it
	// fails, the stub hides again (its error message and exit are its
	// own, not the command's), as under strace.
	Revealing bool
	// ExecFailed marks the exec stub hidden again after its execve
	// failed: its exit is still the command's to report.
	ExecFailed bool

	// InCall says an entry was seen and its exit not yet; Wanted says
	// that call passes the filter, so its events are emitted and its
	// capture plan runs.
	InCall, Wanted bool
	// NR, Args, SP (the stack pointer, for stack-relative plans) and IP
	// (the instruction pointer after the syscall instruction, for -i)
	// are the call's, from its entry; EnterTime is when it entered.
	NR        int32
	Args      [trace.MaxArgs]uint64
	SP, IP    uint64
	EnterTime int64
	// Unread says the call's entry could not be read (BeginUnread): NR
	// is -1 and Args are zero.
	Unread bool
	// Sys is the call's table entry when it has a capture plan to run.
	Sys *syscalls.Syscall
	// Caps are the call's captures; Bufs keeps the memory of each
	// argument's capture Data for the next calls: an event's memory is
	// valid only during the sink's call.
	Caps [trace.MaxArgs]trace.Capture
	Bufs [trace.MaxArgs][]byte
	// Stack is the call's user stack (-k), which the backend fills after
	// Begin when trace.Options.StackSize asks for it (HasStack); its
	// memory is kept until the task's next call. SignalStack is the same
	// for the signal the backend reports next (ReportSignal).
	Stack, SignalStack       trace.UserStack
	HasStack, HasSignalStack bool
	// interrupted is 1 + the number of the task's last call that ended
	// with ERESTART_RESTARTBLOCK, until another call ends (restart_syscall
	// interrupted again keeps it); 0 for none.
	interrupted int32
}

// Core returns t; through embedding, it gives a Table the Task of a
// backend's task type.
func (t *Task) Core() *Task { return t }

// Call returns the call state that capture plans read and fill.
func (t *Task) Call() capture.Call {
	return capture.Call{Args: &t.Args, SP: t.SP, Caps: &t.Caps, Bufs: &t.Bufs}
}

// Begin records the entry of call nr at ts. A wanted call starts with no
// captures (their memory is kept for reuse).
func (t *Task) Begin(nr int32, args [trace.MaxArgs]uint64, sp, ip uint64, ts int64, wanted bool) {
	t.InCall, t.Wanted = true, wanted
	t.NR, t.Args, t.SP, t.IP, t.EnterTime = nr, args, sp, ip, ts
	t.Unread = false
	t.Sys = nil
	t.HasStack = false
	if wanted {
		t.Call().Clear()
	}
}

// BeginUnread records the entry, at ts, of a call the backend could not
// read: strace traces it as "???" whatever the filter selects.
func (t *Task) BeginUnread(ts int64) {
	t.Begin(-1, [trace.MaxArgs]uint64{}, 0, 0, ts, true)
	t.Unread = true
}

// errRestartRestartBlock is ERESTART_RESTARTBLOCK, the kernel's result of
// a call interrupted by a signal that restart_syscall resumes.
const errRestartRestartBlock = 516

// effects returns the effects of the task's current call (NR).
func (t *Task) effects() syscalls.Effect {
	if tbl := syscalls.ForCall(t.Arch, t.Pers); tbl != nil {
		return tbl.Get(int(t.NR)).Effects
	}
	return 0
}

// resumes returns, for Event.Resumes, what the task's current call
// resumes: 1 + the number of the call, when it is a restart_syscall.
func (t *Task) resumes() int32 {
	if t.interrupted == 0 || t.effects()&syscalls.Resumes == 0 {
		return 0
	}
	return t.interrupted
}

// Reveal makes the exec stub visible at the entry of its execve.
func (t *Task) Reveal() { t.Hidden, t.Revealing = false, true }

// CallEnded notes the end of the task's current call (NR) with result
// ret: a failed execve of the exec stub hides it again; a call that ended
// with ERESTART_RESTARTBLOCK is what a restart_syscall resumes. Backends
// call it for every call whose end they see, traced or not.
func (t *Task) CallEnded(ret int64) {
	if ret != -errRestartRestartBlock {
		t.interrupted = 0
	} else if t.effects()&syscalls.Resumes == 0 {
		t.interrupted = t.NR + 1
	}
	if !t.Revealing {
		return
	}
	t.Revealing = false
	if t.effects()&syscalls.Execs != 0 {
		t.Hidden = ret < 0 && ret >= -4095
		t.ExecFailed = t.Hidden
	}
}
