package ptrace

import (
	"fmt"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// syscallStopSig is the stop signal of a syscall-stop under
// PTRACE_O_TRACESYSGOOD.
const syscallStopSig = unix.SIGTRAP | 0x80

// waitAny waits for any tracee of this thread, or any child it started;
// with ru, it also fills in that process's resource usage.
func waitAny(options int, ru *unix.Rusage) (int, unix.WaitStatus, error) {
	var ws unix.WaitStatus
	for {
		pid, err := unix.Wait4(-1, &ws, unix.WALL|unix.WNOTHREAD|options, ru)
		if err != unix.EINTR {
			return pid, ws, err
		}
	}
}

// ptraceEvent returns the PTRACE_EVENT_* of a stop (0 for none).
func ptraceEvent(ws unix.WaitStatus) int { return int(ws>>16) & 0xff }

// loop waits for stops and dispatches them until no task is left, the sink
// fails, or a stop is requested.
func (tr *tracer) loop() error {
	var ru *unix.Rusage // only for Options.SyscallCPUTime: see syscallExit
	if tr.opts.SyscallCPUTime {
		ru = &tr.rusage
	}
	for len(tr.tasks) > 0 {
		if tr.sinkErr != nil || tr.stop.Load() {
			tr.shutdown()
			return tr.sinkErr
		}
		tr.stats.Wait4Calls++
		pid, ws, err := waitAny(0, ru)
		if err == unix.ECHILD {
			return nil
		}
		if err != nil {
			tr.shutdown()
			return fmt.Errorf("ptrace: wait4: %w", err)
		}
		tr.dispatch(pid, ws)
	}
	return tr.sinkErr
}

// sentinelStatus reports whether pid is the wake sentinel, forgetting it
// once it has exited.
func (tr *tracer) sentinelStatus(pid int, ws unix.WaitStatus) bool {
	if pid != tr.sentinelPid {
		return false
	}
	if ws.Exited() || ws.Signaled() {
		tr.sentinelPid = 0
	}
	return true
}

// dispatch handles one wait status. Every stopped tracee is resumed (or
// left in a listening group-stop) before dispatch returns.
func (tr *tracer) dispatch(pid int, ws unix.WaitStatus) {
	now := tr.clock.now()
	if ws.Stopped() {
		tr.stats.PtraceStops++
	}
	tk := tr.tasks[pid]
	if tk == nil {
		if tr.sentinelStatus(pid, ws) {
			return
		}
		if !ws.Stopped() {
			// A task that died before its creator's fork event named it.
			tr.goneEarly[pid] = ws
			return
		}
		if ptraceEvent(ws) == unix.PTRACE_EVENT_EXEC {
			tk = tr.execTakeover(pid)
		}
		if tk == nil {
			tk = tr.adopt(pid, now)
		}
	}
	switch {
	case ws.Exited() || ws.Signaled():
		tr.exited(tk, ws, now)
	case !ws.Stopped():
	case ws.StopSignal() == syscallStopSig:
		tr.syscallStop(tk, now)
	case ptraceEvent(ws) != 0:
		tr.eventStop(tk, ws, now)
	default:
		tr.signalStop(tk, ws.StopSignal(), now)
	}
}

// adopt registers a tracee the kernel attached for us (a new child or
// thread under -f) whose first stop came before its creator's event.
func (tr *tracer) adopt(tid int, now int64) *task {
	tgid, ppid, ok := tracee.Status(tid)
	if !ok {
		tgid = tid
	}
	tk := &task{tid: tid, pid: tgid, launched: tr.attached == 0}
	for _, o := range tr.tasks {
		if o.pid == tgid || o.pid == ppid {
			tk.launched, tk.arch, tk.seccomp = o.launched, o.arch, o.seccomp
			break
		}
	}
	tr.place.newTask(tid, true)
	tr.tasks[tid] = tk
	tr.emit(tr.event(trace.NewTask, tk, now))
	return tk
}

// exited reports the end of a task and forgets it.
func (tr *tracer) exited(tk *task, ws unix.WaitStatus, now int64) {
	delete(tr.tasks, tk.tid)
	if tk.tid == tr.launchPid {
		if ws.Exited() {
			tr.result = trace.Result{ExitCode: ws.ExitStatus()}
		} else {
			tr.result = trace.Result{ExitCode: -1, Signal: int(ws.Signal())}
		}
	}
	if tk.hidden && tk.tid != tr.launchPid {
		return
	}
	if tk.inSyscall && tk.wanted && !tk.hidden {
		// It exits inside a call (exit_group, or killed while blocked):
		// the call ends without a result.
		ev := tr.event(trace.SyscallExit, tk, tk.enter)
		ev.NR = tk.nr
		ev.Args = tk.args
		ev.Exit = now
		ev.NoReturn = true
		ev.Captures = tk.caps
		tr.emit(ev)
	}
	ev := tr.event(trace.Exit, tk, now)
	if ws.Exited() {
		ev.Status = ws.ExitStatus()
	} else {
		ev.ExitSignal = int(ws.Signal())
		ev.CoreDumped = ws.CoreDump()
	}
	tr.emit(ev)
}

// restart resumes a stopped tracee until its next syscall stop; ESRCH (it
// was killed meanwhile) is expected and its exit will be reported.
func restart(tid, sig int) { _ = resume(tid, sig) }

// resumeTask resumes tk, delivering sig if not 0: with PTRACE_SYSCALL, or,
// for a task under the --seccomp-bpf filter that is not inside a traced
// call, with PTRACE_CONT (its next traced call stops it at its seccomp
// stop).
func (tr *tracer) resumeTask(tk *task, sig int) {
	if tk.seccomp && !tk.inSyscall {
		_ = cont(tk.tid, sig)
		return
	}
	_ = resume(tk.tid, sig)
}

// syscallStop handles a syscall-entry or syscall-exit stop.
func (tr *tracer) syscallStop(tk *task, now int64) {
	if err := getSyscallInfo(tk.tid, &tr.si); err != nil {
		restart(tk.tid, 0)
		return
	}
	tk.arch = tr.si.Arch
	switch tr.si.Op {
	case syscallInfoEntry:
		tr.syscallEntry(tk, now)
	case syscallInfoExit:
		tr.syscallExit(tk, now)
	}
	tr.resumeTask(tk, 0)
}

// seccompStop handles a PTRACE_EVENT_SECCOMP stop: the entry of a call
// the filter traps, unless its syscall-entry stop was seen already (a
// task resumed with PTRACE_SYSCALL, like the exec stub). The task is
// resumed with PTRACE_SYSCALL so that the call's exit stops it.
func (tr *tracer) seccompStop(tk *task, now int64) {
	if !tk.inSyscall && getSyscallInfo(tk.tid, &tr.si) == nil && tr.si.Op == syscallInfoSeccomp {
		tk.arch = tr.si.Arch
		tr.syscallEntry(tk, now)
	}
	tk.seccomp = !tk.hidden
	restart(tk.tid, 0)
}

func (tr *tracer) syscallEntry(tk *task, now int64) {
	nr := tr.si.nr()
	tk.inSyscall = true
	tk.nr = nr
	tk.args = tr.si.args()
	tk.sp = tr.si.StackPointer
	tk.enter = now
	tk.stime = tr.rusage.Stime.Nano()
	tk.sc = nil
	if tk.hidden {
		if !tr.isExec(tk.arch, nr) {
			return
		}
		tk.hidden = false
		if tr.opts.FollowForks {
			_ = setOptions(tk.tid, tr.launchOptions()|forkOptions)
		}
	}
	tk.wanted = tr.opts.Filter.Has(int(nr))
	if !tk.wanted {
		return
	}
	tk.clearCaptures()
	if tbl := syscalls.ForArch(tk.arch); tbl != nil {
		if sc := tbl.Get(int(nr)); sc.HasPlan {
			tk.sc = sc
			tr.runPlansCounted(tk, syscalls.AtEntry, 0)
		}
	}
	ev := tr.event(trace.SyscallEnter, tk, now)
	ev.NR = nr
	ev.Args = tk.args
	ev.Captures = tk.caps
	tr.emit(ev)
}

func (tr *tracer) syscallExit(tk *task, now int64) {
	if !tk.inSyscall {
		// Attached in the middle of a call: its entry is unknown.
		return
	}
	tk.inSyscall = false
	if tr.place.active && !tr.opts.FollowForks && tr.si.rval() > 0 && isForkCall(tk.arch, tk.nr) {
		// An untraced child of the pinned command.
		tr.place.newTask(int(tr.si.rval()), false)
	}
	if tk.hidden || !tk.wanted {
		return
	}
	ret := tr.si.rval()
	if tk.sc != nil && tk.sc.HasExitPlan {
		tr.runPlansCounted(tk, syscalls.AtExit, ret)
	}
	ev := tr.event(trace.SyscallExit, tk, tk.enter)
	ev.NR = tk.nr
	ev.Args = tk.args
	ev.Exit = now
	ev.Ret = ret
	ev.Captures = tk.caps
	if tr.opts.SyscallCPUTime {
		// strace -c's time: the process's system time (wait4's rusage)
		// at the exit stop minus that at the entry stop.
		ev.CPUTime, ev.HasCPUTime = tr.rusage.Stime.Nano()-tk.stime, true
	}
	tr.emit(ev)
}

// isExec reports whether nr executes a program (execve, execveat) on arch.
func (tr *tracer) isExec(arch uint32, nr int32) bool {
	tbl := syscalls.ForArch(arch)
	return tbl != nil && tbl.Get(int(nr)).Effects&syscalls.Execs != 0
}

// isStopSignal reports whether sig stops a process by default: the
// signals that start a group-stop.
func isStopSignal(sig unix.Signal) bool {
	switch sig {
	case unix.SIGSTOP, unix.SIGTSTP, unix.SIGTTIN, unix.SIGTTOU:
		return true
	}
	return false
}

// eventStop handles a PTRACE_EVENT_* stop.
func (tr *tracer) eventStop(tk *task, ws unix.WaitStatus, now int64) {
	switch ptraceEvent(ws) {
	case unix.PTRACE_EVENT_FORK, unix.PTRACE_EVENT_VFORK, unix.PTRACE_EVENT_CLONE:
		if msg, err := eventMsg(tk.tid); err == nil {
			tr.childCreated(tk, int(msg), now)
		}
	case unix.PTRACE_EVENT_EXEC:
		tr.execed(tk, now)
	case unix.PTRACE_EVENT_SECCOMP:
		tr.seccompStop(tk, now)
		return
	case unix.PTRACE_EVENT_STOP:
		// Under PTRACE_SEIZE a group-stop is an event stop with the
		// stopping signal; a stop after PTRACE_INTERRUPT, a new task's
		// first stop and a SIGCONT notification carry SIGTRAP. The stub's
		// stop was ended by our SIGCONT already.
		if isStopSignal(ws.StopSignal()) && !tk.hidden {
			tk.groupStopped = true
			if tr.opts.SignalsWanted {
				tr.sig = trace.SignalInfo{Signo: int32(ws.StopSignal()), GroupStop: true}
				ev := tr.event(trace.Signal, tk, now)
				ev.Signal = &tr.sig
				tr.emit(ev)
			}
			if err := listen(tk.tid); err == nil {
				return
			}
		}
		tk.groupStopped = false
	}
	tr.resumeTask(tk, 0)
}

// childCreated registers the task a fork, vfork or clone created, unless
// its own first stop registered it already.
func (tr *tracer) childCreated(parent *task, tid int, now int64) {
	if tk := tr.tasks[tid]; tk != nil {
		tk.launched = parent.launched
		tk.seccomp = tk.seccomp || parent.seccomp
		return
	}
	tr.place.newTask(tid, true)
	tk := &task{tid: tid, pid: tracee.ThreadGroup(tid), launched: parent.launched, arch: parent.arch, seccomp: parent.seccomp}
	tr.emit(tr.event(trace.NewTask, tk, now))
	if ws, gone := tr.goneEarly[tid]; gone {
		delete(tr.goneEarly, tid)
		tr.exited(tk, ws, now)
		return
	}
	tr.tasks[tid] = tk
}

// execTakeover handles an exec event reported for an unknown pid: a
// non-leader thread executed while its leader was not traced. The
// executing thread's state moves to its new id. It returns nil if the
// former thread is unknown too.
func (tr *tracer) execTakeover(pid int) *task {
	msg, err := eventMsg(pid)
	if err != nil {
		return nil
	}
	old := tr.tasks[int(msg)]
	if old == nil {
		return nil
	}
	delete(tr.tasks, old.tid)
	old.tid = pid
	tr.tasks[pid] = old
	return old
}

// execed handles PTRACE_EVENT_EXEC. When a non-leader thread executed, it
// took over the leader's id: its state (in execve) replaces the leader's,
// and the old thread id is gone without an exit report.
func (tr *tracer) execed(tk *task, now int64) {
	oldTID := tk.tid
	if msg, err := eventMsg(tk.tid); err == nil {
		oldTID = int(msg)
	}
	if oldTID != tk.tid {
		if old := tr.tasks[oldTID]; old != nil {
			delete(tr.tasks, oldTID)
			launched := tk.launched
			*tk = *old
			tk.tid = tk.pid
			tk.launched = launched
		}
	}
	ev := tr.event(trace.Exec, tk, now)
	ev.OldTID = int32(oldTID)
	tr.emit(ev)
}

// signalStop handles a signal-delivery-stop: it reports the signal and
// delivers it. The exec stub's own SIGSTOP and SIGCONT are not delivered.
func (tr *tracer) signalStop(tk *task, sig unix.Signal, now int64) {
	if tk.hidden {
		if sig == unix.SIGSTOP || sig == unix.SIGCONT {
			sig = 0
		}
		tr.resumeTask(tk, int(sig))
		return
	}
	if tr.opts.SignalsWanted {
		tr.sig = trace.SignalInfo{Signo: int32(sig)}
		if getSiginfo(tk.tid, &tr.sig.Raw) == nil {
			ev := tr.event(trace.Signal, tk, now)
			ev.Signal = &tr.sig
			tr.emit(ev)
		}
	}
	tr.resumeTask(tk, int(sig))
}
