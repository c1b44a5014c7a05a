package ptrace

import (
	"github.com/sctrace/sctrace/internal/tracee"
)

// attachOptions are the options of an attached task: no EXITKILL, since a
// process we attached to must outlive us.
func (tr *tracer) attachOptions() int {
	if tr.opts.FollowForks {
		return baseOptions | forkOptions
	}
	return baseOptions
}

// attachAll seizes every pid (and, with FollowForks, every thread of its
// process) and interrupts it, so that its first stop tells the tracer it
// is held. The policy on failures is tracee.Table.AttachAll's (launching
// says whether a command follows).
func (tr *tracer) attachAll(pids []int, launching bool) error {
	return tr.tasks.AttachAll(pids, launching, tr.opts.Warn, tr.attachProcess, "ptrace")
}

// attachProcess attaches to pid and, with FollowForks, to the other threads
// of its process. It reports the tasks once all are attached, pid first,
// as strace reports "Process N attached with K threads" after the fact.
func (tr *tracer) attachProcess(pid int) error {
	if tr.tasks.Has(pid) {
		return nil
	}
	if err := tr.attachThread(pid); err != nil {
		return &tracee.AttachError{PID: pid, Err: err}
	}
	leader := tr.tasks.Get(pid)
	attached := []int{pid}
	if tr.opts.FollowForks {
		// Threads may be created while we attach; those created by a
		// thread already seized are attached by the kernel (TRACECLONE)
		// and show up at their first stop. Re-read the list until it
		// holds nothing new.
		for pass := 0; pass < 8; pass++ {
			tids, err := tracee.Threads(leader.PID)
			if err != nil {
				break
			}
			added := false
			for _, tid := range tids {
				if tr.tasks.Has(tid) {
					continue
				}
				// EPERM: already ours through TRACECLONE; ESRCH: gone.
				if tr.attachThread(tid) == nil {
					attached = append(attached, tid)
					added = true
				}
			}
			if !added {
				break
			}
		}
	}
	tr.tasks.ReportAttached(attached, tr.clock.now())
	return nil
}

// attachThread seizes and interrupts one thread and registers it.
func (tr *tracer) attachThread(tid int) error {
	if err := seize(tid, tr.attachOptions()); err != nil {
		return err
	}
	// PTRACE_INTERRUPT cannot fail on a task just seized, but for
	// ESRCH: it died, and its exit will be reported.
	_ = interrupt(tid)
	tr.tasks.Put(&task{Task: tracee.Task{TID: tid, PID: tracee.ThreadGroup(tid)}})
	tr.attached++
	return nil
}
