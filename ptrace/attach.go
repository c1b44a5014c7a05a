package ptrace

import (
	"fmt"

	"github.com/sctrace/sctrace/trace"
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
// is held.
func (tr *tracer) attachAll(pids []int) error {
	for _, pid := range pids {
		if err := tr.attachProcess(pid); err != nil {
			return err
		}
	}
	return tr.sinkErr
}

// attachProcess attaches to pid and, with FollowForks, to the other threads
// of its process. It reports the tasks once all are attached, pid first,
// as strace reports "Process N attached with K threads" after the fact.
func (tr *tracer) attachProcess(pid int) error {
	if _, ok := tr.tasks[pid]; ok {
		return nil
	}
	if err := tr.attachThread(pid); err != nil {
		return fmt.Errorf("attach: ptrace(PTRACE_SEIZE, %d): %w", pid, err)
	}
	leader := tr.tasks[pid]
	attached := []*task{leader}
	if tr.opts.FollowForks {
		// Threads may be created while we attach; those created by a
		// thread already seized are attached by the kernel (TRACECLONE)
		// and show up at their first stop. Re-read the list until it
		// holds nothing new.
		for pass := 0; pass < 8; pass++ {
			tids, err := threadsOf(leader.pid)
			if err != nil {
				break
			}
			added := false
			for _, tid := range tids {
				if _, ok := tr.tasks[tid]; ok {
					continue
				}
				// EPERM: already ours through TRACECLONE; ESRCH: gone.
				if tr.attachThread(tid) == nil {
					attached = append(attached, tr.tasks[tid])
					added = true
				}
			}
			if !added {
				break
			}
		}
	}
	now := tr.clock.now()
	for _, tk := range attached {
		ev := tr.event(trace.NewTask, tk, now)
		ev.Attached = true
		tr.emit(ev)
	}
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
	tr.tasks[tid] = &task{tid: tid, pid: threadGroup(tid)}
	tr.attached++
	return nil
}
