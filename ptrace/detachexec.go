package ptrace

import "golang.org/x/sys/unix"

// -b execve (trace.Options.DetachOnExec): a task whose execve succeeded
// is let go at its exec event, before the call returns, so that neither
// the execve's exit nor anything the new program does is seen; the
// children it makes later are not traced (the fork options go with the
// tracing). The launched command's first execve, which replaces the exec
// stub, is not one of these: that task is still Revealing then.

// detachExeced lets go of tk, stopped at its exec event, and reports it
// (Detached). A launched command let go is still sctrace's child: as
// strace does, the run waits for its end, but its status is not the run's
// (the result stays an exit status of 0).
func (tr *tracer) detachExeced(tk *task, now int64) {
	if tk.PID == tr.place.pinned {
		tr.place.release()
	}
	if err := detach(tk.TID, 0); err != nil {
		// Killed while stopped (SIGKILL is all that ends an event stop):
		// still traced, its end comes to the tracer; it is not reported.
		tr.letGo[tk.TID] = true
	}
	if tk.TID == tr.launchPid {
		tr.letGo[tk.TID] = true
		tr.launchPid = 0
	}
	tr.tasks.Detach(tk, now)
}

// letGoStatus reports whether pid is a task detachExeced let go whose end
// the tracer still waits for, forgetting it once it has ended.
func (tr *tracer) letGoStatus(pid int, ws unix.WaitStatus) bool {
	if !tr.letGo[pid] {
		return false
	}
	if !ws.Stopped() {
		delete(tr.letGo, pid)
	}
	return true
}
