package ptrace

import (
	"time"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/tracee"
)

// shutdownTimeout bounds how long shutdown waits for tasks to stop or die.
// Past it the tracer thread simply ends and the kernel detaches what is
// left (and kills it under --seccomp-bpf, whose tasks carry EXITKILL).
const shutdownTimeout = 3 * time.Second

// shutdown ends tracing early: attached tasks are interrupted and
// detached at their next stop, so that none is left stopped. Launched
// tasks are killed, unless a signal stopped the run (trace.StopSignal):
// then, as strace does, the launched command gets SIGCONT and that signal,
// and every task is detached. When the sink failed (the trace cannot be
// written), every task is detached and the launched command runs on to
// its own end: awaitCommand then waits for it. shutdown reports Exit and
// Detached events (while the sink accepts them) and returns when no task
// is left.
func (tr *tracer) shutdown() {
	// Nothing stays pinned to the tracer's CPU past tracing.
	tr.place.release()
	tr.resumeHeld()
	if sig := int(tr.stopSignal.Load()); sig != 0 {
		tr.forwardStopSignal(sig)
	} else if tr.tasks.Err() != nil {
		tr.letCommandRun()
	}
	killed := make(map[int]bool)
	for tk := range tr.tasks.All() {
		tr.release(tk, killed)
	}
	deadline := time.Now().Add(shutdownTimeout)
	pause := 50 * time.Microsecond
	for tr.tasks.Len() > 0 {
		pid, ws, err := waitAny(unix.WNOHANG, nil)
		if err != nil {
			return
		}
		if pid == 0 {
			if time.Now().After(deadline) {
				return
			}
			time.Sleep(pause)
			pause = min(2*pause, 10*time.Millisecond)
			continue
		}
		pause = 50 * time.Microsecond
		tr.shutdownStatus(pid, ws, killed)
	}
}

// forwardStopSignal sends the launched command SIGCONT and sig, and marks
// every traced task for detaching rather than killing, as strace does.
// The exec stub, not yet the command, is still killed. A command no longer
// traced (it ended, or -b execve let it go) gets no signal, but the tasks
// it left are detached too.
func (tr *tracer) forwardStopSignal(sig int) {
	lt := tr.tasks.Get(tr.launchPid)
	if lt != nil && lt.Hidden {
		return
	}
	if lt != nil {
		_ = unix.Kill(tr.launchPid, unix.SIGCONT)
		_ = unix.Kill(tr.launchPid, unix.Signal(sig))
	}
	for tk := range tr.tasks.All() {
		tk.Launched = false
	}
	tr.launchPid = 0
}

// letCommandRun marks the launched command's tasks for detaching rather
// than killing, and remembers the command for awaitCommand. The exec stub,
// not yet the command, is still killed.
func (tr *tracer) letCommandRun() {
	lt := tr.tasks.Get(tr.launchPid)
	if lt == nil || lt.Hidden {
		return
	}
	for tk := range tr.tasks.All() {
		tk.Launched = false
	}
	tr.runningPid, tr.launchPid = tr.launchPid, 0
}

// awaitCommand waits for the launched command that letCommandRun let go
// and takes its status as the run's result.
func (tr *tracer) awaitCommand() {
	if tr.runningPid == 0 {
		return
	}
	for {
		var ws unix.WaitStatus
		_, err := unix.Wait4(tr.runningPid, &ws, 0, nil)
		if err == unix.EINTR {
			continue
		}
		if err == nil {
			tr.result = resultOf(ws)
		}
		tr.runningPid = 0
		return
	}
}

// release starts letting go of tk: kill its process if it was launched,
// else interrupt it so that it stops and can be detached.
func (tr *tracer) release(tk *task, killed map[int]bool) {
	if tk.Launched {
		tk.killing = true
		if !killed[tk.PID] {
			killed[tk.PID] = true
			_ = unix.Kill(tk.PID, unix.SIGKILL)
		}
		return
	}
	tk.detaching = true
	_ = interrupt(tk.TID)
}

// shutdownStatus handles one wait status during shutdown.
func (tr *tracer) shutdownStatus(pid int, ws unix.WaitStatus, killed map[int]bool) {
	now := tr.clock.now()
	tk := tr.tasks.Get(pid)
	if tk == nil {
		if tr.sentinelStatus(pid, ws) {
			return
		}
		if !ws.Stopped() {
			return
		}
		// A new child of a task being released.
		tgid, ppid, _ := tracee.Status(pid)
		tk = &task{Task: tracee.Task{TID: pid, PID: tgid}}
		if tgid == 0 {
			tk.PID = pid
		}
		for o := range tr.tasks.All() {
			if o.PID == tgid || o.PID == ppid {
				tk.Launched = o.Launched
				break
			}
		}
		tr.tasks.Put(tk)
		tr.release(tk, killed)
	}
	if ws.Exited() || ws.Signaled() {
		tr.exited(tk, ws, now)
		return
	}
	if ws.Stopped() && ptraceEvent(ws) == unix.PTRACE_EVENT_EXIT {
		// A task stops as it exits, killed or not: a killed one goes on
		// to its end, the others are detached below.
		tr.tasks.ReportExiting(&tk.Task, now)
		if tk.killing {
			_ = cont(tk.TID, 0)
			return
		}
	}
	if !ws.Stopped() || tk.killing {
		// A killed task's SIGKILL ends any other stop; its exit follows.
		return
	}
	sig := 0
	switch ev := ptraceEvent(ws); {
	case ws.StopSignal() == syscallStopSig:
	case ev == unix.PTRACE_EVENT_FORK || ev == unix.PTRACE_EVENT_VFORK || ev == unix.PTRACE_EVENT_CLONE:
		// The new task is traced too: it will stop, and be released then.
	case ev == unix.PTRACE_EVENT_EXEC:
		if msg, err := eventMsg(tk.TID); err == nil && int(msg) != tk.TID {
			tr.tasks.Delete(int(msg))
		}
	case ev == 0:
		// A signal-delivery-stop: the signal is delivered on detach.
		sig = int(ws.StopSignal())
	}
	if err := detach(tk.TID, sig); err != nil && err != unix.ESRCH {
		return
	}
	tr.tasks.Detach(tk, now)
}
