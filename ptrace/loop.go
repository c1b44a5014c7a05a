package ptrace

import (
	"fmt"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// syscallStopSig is the stop signal of a syscall-stop under
// PTRACE_O_TRACESYSGOOD.
const syscallStopSig = unix.SIGTRAP | 0x80

// waitAny waits for any tracee of this thread, or any child it started;
// with ru, it also fills in that process's resource usage. When sctrace
// is the init of a PID namespace (started by unshare --pid --fork), the
// processes orphaned in it are children of whichever of its threads the
// kernel picked, and a namespace's init cannot finish exiting before
// they are reaped: waitAny then waits for the children of every thread.
func waitAny(options int, ru *unix.Rusage) (int, unix.WaitStatus, error) {
	var ws unix.WaitStatus
	if !isReaper {
		options |= unix.WNOTHREAD
	}
	for {
		pid, err := unix.Wait4(-1, &ws, unix.WALL|options, ru)
		if err != unix.EINTR {
			return pid, ws, err
		}
	}
}

// isReaper says sctrace is the init of its PID namespace, which adopts
// the namespace's orphans.
var isReaper = unix.Getpid() == 1

// ptraceEvent returns the PTRACE_EVENT_* of a stop (0 for none).
func ptraceEvent(ws unix.WaitStatus) int { return int(ws>>16) & 0xff }

// waited is one status wait4 reported, with the process's resource usage
// when the loop asked for it.
type waited struct {
	pid int
	ws  unix.WaitStatus
	ru  unix.Rusage
}

// loop waits for stops and dispatches them until no task is left, the sink
// fails, or a stop is requested.
//
// Each round takes every status already waiting before it dispatches any,
// as strace does. wait4(-1) reports the newest tracees first, so a loop
// that resumed each task as soon as it was reported would keep serving a
// few busy threads while an older one, stopped in its clone or exit,
// waited for ever. A round serves every task that was stopped when it
// began, and a stop is requested or the sink fails only between rounds,
// so no task whose status was taken is left unserved.
func (tr *tracer) loop() error {
	withUsage := tr.opts.SyscallCPUTime // see syscallExit
	for tr.tasks.Len() > 0 || len(tr.letGo) > 0 {
		if tr.tasks.Err() != nil || tr.stop.Load() {
			tr.shutdown()
			tr.awaitCommand()
			return tr.tasks.Err()
		}
		options, next := 0, tr.releaseHeld()
		if !next.IsZero() {
			options = unix.WNOHANG
		}
		round, err := tr.waitRound(options, withUsage)
		if err == unix.ECHILD {
			return nil
		}
		if err != nil {
			tr.shutdown()
			return fmt.Errorf("ptrace: wait4: %w", err)
		}
		if len(round) == 0 {
			// Tasks are held (delay_enter=, delay_exit=): poll.
			time.Sleep(min(time.Until(next), heldPoll))
			continue
		}
		for i := range round {
			tr.rusage = round[i].ru
			tr.dispatch(round[i].pid, round[i].ws)
		}
	}
	return tr.tasks.Err()
}

// waitRound waits for one status (or, under WNOHANG in options, takes
// whatever is ready) and then, when more than one task is traced, takes
// every other status already waiting: a lone task cannot be starved, and
// for it the extra wait4 would be one more call at every stop. The
// returned slice is reused by the next round.
func (tr *tracer) waitRound(options int, withUsage bool) ([]waited, error) {
	tr.round = tr.round[:0]
	drain := tr.tasks.Len() > 1
	for {
		w := waited{}
		var ru *unix.Rusage
		if withUsage {
			ru = &w.ru
		}
		tr.stats.Wait4Calls++
		pid, ws, err := waitAny(options, ru)
		switch {
		case err != nil && len(tr.round) == 0:
			return nil, err
		case err != nil || pid == 0:
			return tr.round, nil
		}
		w.pid, w.ws = pid, ws
		tr.round = append(tr.round, w)
		if !drain {
			return tr.round, nil
		}
		options = unix.WNOHANG
	}
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
	tk := tr.tasks.Get(pid)
	if tk == nil {
		if tr.sentinelStatus(pid, ws) || tr.letGoStatus(pid, ws) {
			return
		}
		if !ws.Stopped() {
			if !tr.opts.FollowForks {
				// A child of the command made with CLONE_PARENT is the
				// tracer's; nothing traces it.
				tr.warn(trace.UnknownExit{PID: pid})
				return
			}
			// A task that died before its creator's fork event named it.
			tr.goneEarly[pid] = ws
			return
		}
		if ptraceEvent(ws) == unix.PTRACE_EVENT_EXEC {
			tk = tr.execTakeover(pid)
		}
		if tk == nil && !tr.opts.FollowForks {
			// A child made with CLONE_PTRACE: the kernel made it a
			// tracee at its first stop; strace lets it go.
			_ = detach(pid, 0)
			tr.warn(trace.UnknownDetached{PID: pid})
			return
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
	tk := &task{Task: tracee.Task{TID: tid, PID: tgid, Launched: tr.attached == 0}, adopted: true}
	for o := range tr.tasks.All() {
		if o.PID == tgid || o.PID == ppid {
			tk.Launched, tk.Arch, tk.seccomp = o.Launched, o.Arch, o.seccomp
			break
		}
	}
	tr.place.newTask(tid, true)
	tr.tasks.Add(tk, now)
	return tk
}

// resultOf is the run's result when the launched command ended with ws.
func resultOf(ws unix.WaitStatus) trace.Result {
	if ws.Exited() {
		return trace.Result{ExitCode: ws.ExitStatus()}
	}
	return trace.Result{ExitCode: -1, Signal: int(ws.Signal())}
}

// exited reports the end of a task and forgets it.
func (tr *tracer) exited(tk *task, ws unix.WaitStatus, now int64) {
	tr.tasks.Delete(tk.TID)
	if tk.adopted {
		tr.unclaimed[tk.TID] = true
	}
	if tk.TID == tr.launchPid || tk.TID == tr.adoptPid {
		tr.result = resultOf(ws)
	}
	if tk.Hidden && tk.TID != tr.launchPid && tk.TID != tr.adoptPid {
		return
	}
	tr.tasks.ReportExit(&tk.Task, now, int(ws), nil)
}

// restart resumes a stopped tracee until its next syscall stop; ESRCH (it
// was killed meanwhile) is expected and its exit will be reported.
func restart(tid, sig int) { _ = resume(tid, sig) }

// resumeTask resumes tk, delivering sig if not 0: with PTRACE_SYSCALL, or,
// for a task under the --seccomp-bpf filter that is not inside a traced
// call, with PTRACE_CONT (its next traced call stops it at its seccomp
// stop).
func (tr *tracer) resumeTask(tk *task, sig int) {
	if tk.seccomp && !tk.InCall {
		_ = cont(tk.TID, sig)
		return
	}
	_ = resume(tk.TID, sig)
}

// syscallStop handles a syscall-entry or syscall-exit stop.
func (tr *tracer) syscallStop(tk *task, now int64) {
	if tr.quietExit(tk) {
		// As strace, nothing is read at the exit of a call nothing is
		// printed or learned about.
		tk.InCall = false
		tk.CallEnded(0)
		tr.resumeTask(tk, tk.takeSignal())
		return
	}
	if !tr.readStop(tk) {
		tr.unreadStop(tk, now)
		restart(tk.TID, 0)
		return
	}
	tr.debugSysInfo()
	switch tr.si.Op {
	case syscallInfoEntry:
		tr.syscallEntry(tk, now)
	case syscallInfoExit:
		tr.syscallExit(tk, now)
	}
	if !tr.hold(tk) {
		tr.resumeTask(tk, tk.takeSignal())
	}
}

// quietExit reports whether tk's stop is the exit of a call that needs
// nothing from it: not traced, not the exec stub's, not tampered with, not
// one whose ERESTART_RESTARTBLOCK a restart_syscall resumes
// (CallEnded), and not a fork whose child the CPU placement must see.
func (tr *tracer) quietExit(tk *task) bool {
	if !tk.InCall || tk.Wanted || tk.Hidden || tk.Revealing || tk.tamper.result != nil || tk.tamper.exit != nil {
		return false
	}
	if tr.place.active && !tr.opts.FollowForks && isForkCall(tk.Arch, tk.NR) {
		return false
	}
	tbl := syscalls.ForCall(tk.Arch, tk.Pers)
	return tbl != nil && tbl.Get(int(tk.NR)).Effects&syscalls.Interruptible == 0
}

// seccompStop handles a PTRACE_EVENT_SECCOMP stop: the entry of a call
// the filter traps, unless its syscall-entry stop was seen already (a
// task resumed with PTRACE_SYSCALL, like the exec stub). The task is
// resumed with PTRACE_SYSCALL so that the call's exit stops it.
func (tr *tracer) seccompStop(tk *task, now int64) {
	if !tk.InCall {
		if !tr.readStop(tk) {
			tr.unreadStop(tk, now)
		} else if tr.si.Op == syscallInfoSeccomp {
			tr.syscallEntry(tk, now)
		}
	}
	tk.seccomp = !tk.Hidden
	if !tr.hold(tk) {
		restart(tk.TID, tk.takeSignal())
	}
}

func (tr *tracer) syscallEntry(tk *task, now int64) {
	nr, pers := tracee.CallPersonality(tr.si.Arch, tr.si.nr())
	tr.tasks.Personality(&tk.Task, tr.si.Arch, pers, now, tr.si.InstructionPointer)
	tk.stime = tr.rusage.Stime.Nano()
	if tk.Hidden {
		if pers != trace.PersNative || !tr.isExec(tk.Arch, nr) {
			tk.Begin(nr, tr.si.args(), tr.si.StackPointer, tr.si.InstructionPointer, now, false)
			return
		}
		tk.Reveal()
		if tr.opts.FollowForks {
			_ = setOptions(tk.TID, tr.launchOptions()|forkOptions)
		}
	}
	tk.Begin(nr, tr.si.args(), tr.si.StackPointer, tr.si.InstructionPointer, now, tr.opts.Filter.HasIn(pers, int(nr)))
	tr.tamperEntry(tk)
	if !tk.Wanted {
		return
	}
	if tr.opts.StackSize > 0 {
		tk.HasStack = captureStack(tk.TID, tr.opts.StackSize, &tk.Stack)
	}
	if tbl := syscalls.ForCall(tk.Arch, pers); tbl != nil {
		if sc := tbl.Get(int(nr)); sc.HasPlan {
			tk.Sys = sc
			tr.runPlansCounted(tk, syscalls.AtEntry, 0)
		}
	}
	tr.tasks.Emit(tr.tasks.EntryEvent(&tk.Task))
}

func (tr *tracer) syscallExit(tk *task, now int64) {
	if !tk.InCall {
		// Attached in the middle of a call: its entry is unknown.
		return
	}
	tk.InCall = false
	if tr.place.active && !tr.opts.FollowForks && tr.si.rval() > 0 && isForkCall(tk.Arch, tk.NR) {
		// An untraced child of the pinned command.
		tr.place.newTask(int(tr.si.rval()), false)
	}
	ret := tr.si.rval()
	defer tk.CallEnded(ret)
	if tk.Hidden || !tk.Wanted {
		return
	}
	if tk.tamper.result != nil || tk.tamper.exit != nil {
		ret = tr.tamperExit(tk, ret)
	}
	if tk.Sys != nil && tk.Sys.HasExitPlan {
		tr.runPlansCounted(tk, syscalls.AtExit, ret)
	}
	if tr.opts.StackSize > 0 && ret == 0 && tr.isExec(tk.Arch, tk.NR) {
		// -k shows an execve's stack at its end: the new program's.
		tk.HasStack = captureStack(tk.TID, tr.opts.StackSize, &tk.Stack)
	}
	ev := tr.tasks.ExitEvent(&tk.Task, now, ret)
	ev.Tampered = tk.tamper.done
	if tr.opts.SyscallCPUTime {
		// strace -c's time: the process's system time (wait4's rusage)
		// at the exit stop minus that at the entry stop.
		ev.CPUTime, ev.HasCPUTime = tr.rusage.Stime.Nano()-tk.stime, true
	}
	tr.tasks.Emit(ev)
}

// stopReadHook, when set (by tests only), is called on the tracer thread
// with the thread of each syscall or seccomp stop before the stop is read.
var stopReadHook func(tid int)

// readStop reads tk's syscall or seccomp stop into tr.si. It reports false
// when the stop is gone: the thread was killed and left it first, and the
// read fails (ESRCH) or finds the thread at its next stop, its exit event's,
// which has no syscall information.
func (tr *tracer) readStop(tk *task) bool {
	if stopReadHook != nil {
		stopReadHook(tk.TID)
	}
	return getSyscallInfo(tk.TID, &tr.si) == nil && tr.si.Op != syscallInfoNone
}

// unreadStop handles a syscall stop of tk that could not be read
// (readStop). As strace, the trace shows what was lost: an entry is a call
// of unknown number, traced whatever the filter ("???("); a wanted call's
// exit has no result ("= ? <unavailable>").
func (tr *tracer) unreadStop(tk *task, now int64) {
	if tk.Hidden {
		return
	}
	if !tk.InCall {
		tr.stats.Unavailable++
		tk.stime = tr.rusage.Stime.Nano()
		tk.BeginUnread(now)
		tr.tasks.Emit(tr.tasks.EntryEvent(&tk.Task))
		return
	}
	tk.InCall = false
	if !tk.Wanted {
		return
	}
	tr.stats.Unavailable++
	ev := tr.tasks.ExitEvent(&tk.Task, now, 0)
	ev.NoReturn, ev.Unavailable = true, true
	if tr.opts.SyscallCPUTime {
		ev.CPUTime, ev.HasCPUTime = tr.rusage.Stime.Nano()-tk.stime, true
	}
	tr.tasks.Emit(ev)
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
		if msg, err := eventMsg(tk.TID); err == nil {
			tr.childCreated(tk, int(msg), now)
		}
	case unix.PTRACE_EVENT_EXEC:
		tk = tr.execed(tk, now)
		if tr.opts.DetachOnExec && !tk.Revealing {
			tr.detachExeced(tk, now)
			return
		}
	case unix.PTRACE_EVENT_SECCOMP:
		tr.seccompStop(tk, now)
		return
	case unix.PTRACE_EVENT_EXIT:
		tr.tasks.ReportExiting(&tk.Task, now)
	case unix.PTRACE_EVENT_STOP:
		// Under PTRACE_SEIZE a group-stop is an event stop with the
		// stopping signal; a stop after PTRACE_INTERRUPT, a new task's
		// first stop and a SIGCONT notification carry SIGTRAP. The stub's
		// stop was ended by our SIGCONT already.
		if isStopSignal(ws.StopSignal()) && !tk.Hidden {
			tk.groupStopped = true
			if tr.opts.SignalsWanted {
				tr.sig = trace.SignalInfo{Signo: int32(ws.StopSignal()), GroupStop: true}
				tr.tasks.ReportSignal(&tk.Task, now, tr.instructionPointer(tk), &tr.sig)
			}
			if err := listen(tk.TID); err == nil {
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
	if tk := tr.tasks.Get(tid); tk != nil {
		tk.Launched = parent.Launched
		tk.seccomp = tk.seccomp || parent.seccomp
		tk.adopted = false
		return
	}
	if tr.unclaimed[tid] {
		// Adopted, and gone already.
		delete(tr.unclaimed, tid)
		return
	}
	tr.place.newTask(tid, true)
	tk := &task{Task: tracee.Task{TID: tid, PID: tracee.ThreadGroup(tid), Launched: parent.Launched, Arch: parent.Arch}, seccomp: parent.seccomp}
	tr.tasks.Add(tk, now)
	if ws, gone := tr.goneEarly[tid]; gone {
		delete(tr.goneEarly, tid)
		tr.exited(tk, ws, now)
	}
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
	return tr.tasks.Takeover(int(msg), pid)
}

// execed handles PTRACE_EVENT_EXEC and returns the task that executed.
// When a non-leader thread executed, it took over the leader's id: its
// state (in execve) replaces the leader's, and the old thread id is gone
// without an exit report.
func (tr *tracer) execed(tk *task, now int64) *task {
	oldTID := tk.TID
	if msg, err := eventMsg(tk.TID); err == nil {
		oldTID = int(msg)
	}
	tk = tr.tasks.Takeover(oldTID, tk.TID)
	tr.tasks.ReportExec(&tk.Task, oldTID, now, tr.instructionPointer(tk))
	return tk
}

// instructionPointer returns where the stopped task tk is (0 when it
// cannot be read), for -i.
func (tr *tracer) instructionPointer(tk *task) uint64 {
	if getSyscallInfo(tk.TID, &tr.si) != nil {
		return 0
	}
	return tr.si.InstructionPointer
}

// signalStop handles a signal-delivery-stop: it reports the signal and
// delivers it. The exec stub's own SIGSTOP and SIGCONT are not delivered.
func (tr *tracer) signalStop(tk *task, sig unix.Signal, now int64) {
	if tk.Hidden {
		if sig == unix.SIGSTOP || sig == unix.SIGCONT {
			sig = 0
		}
		tr.resumeTask(tk, int(sig))
		return
	}
	if tr.opts.SignalsWanted {
		tr.sig = trace.SignalInfo{Signo: int32(sig)}
		if getSiginfo(tk.TID, &tr.sig.Raw) == nil {
			if tr.opts.StackSize > 0 {
				tk.HasSignalStack = captureStack(tk.TID, tr.opts.StackSize, &tk.SignalStack)
			}
			tr.tasks.ReportSignal(&tk.Task, now, tr.instructionPointer(tk), &tr.sig)
		}
	}
	tr.resumeTask(tk, int(sig))
}
