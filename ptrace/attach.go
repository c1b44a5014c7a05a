package ptrace

import (
	"fmt"

	"github.com/sctrace/sctrace/internal/tracee"
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
// is held. Like strace, it carries on past a pid it cannot attach: each
// failure goes to Options.Warn. It fails only when nothing was attached
// and nothing is to be launched (launching says whether a command
// follows).
func (tr *tracer) attachAll(pids []int, launching bool) error {
	var first error
	for _, pid := range pids {
		err := tr.attachProcess(pid)
		if err == nil {
			continue
		}
		if tr.opts.Warn == nil {
			if first == nil {
				first = err
			}
			continue
		}
		tr.opts.Warn(err)
	}
	if tr.sinkErr != nil {
		return tr.sinkErr
	}
	if tr.attached > 0 || launching {
		return nil
	}
	if first != nil {
		return first
	}
	return fmt.Errorf("ptrace: %w", trace.ErrNothingAttached)
}

// attachProcess attaches to pid and, with FollowForks, to the other threads
// of its process. It reports the tasks once all are attached, pid first,
// as strace reports "Process N attached with K threads" after the fact.
func (tr *tracer) attachProcess(pid int) error {
	if _, ok := tr.tasks[pid]; ok {
		return nil
	}
	if err := tr.attachThread(pid); err != nil {
		return &tracee.AttachError{PID: pid, Err: err}
	}
	leader := tr.tasks[pid]
	attached := []*task{leader}
	if tr.opts.FollowForks {
		// Threads may be created while we attach; those created by a
		// thread already seized are attached by the kernel (TRACECLONE)
		// and show up at their first stop. Re-read the list until it
		// holds nothing new.
		for pass := 0; pass < 8; pass++ {
			tids, err := tracee.Threads(leader.pid)
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
	for i, tk := range attached {
		ev := tr.event(trace.NewTask, tk, now)
		ev.Attached = true
		if i == 0 && len(attached) > 1 {
			ev.Threads = int32(len(attached))
		}
		ev.WithLeader = i > 0
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
	tr.tasks[tid] = &task{tid: tid, pid: tracee.ThreadGroup(tid)}
	tr.attached++
	return nil
}
