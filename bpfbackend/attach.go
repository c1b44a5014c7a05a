package bpfbackend

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/ptrace"
	"github.com/sctrace/sctrace/trace"
)

// startStopped starts the command in the exec stub the ptrace backend
// uses too; it is stopped until it gets SIGCONT.
var startStopped = ptrace.StartStopped

// attachAll adds each pid (and, under -f, its threads) to the traced set,
// without stopping anything. Like the ptrace backend, it carries on past a
// pid it cannot add (reported to Options.Warn) and fails only when nothing
// is traced and no command follows.
func (s *session) attachAll(pids []int, launching bool) error {
	var first error
	attached := 0
	for _, pid := range pids {
		err := s.attachProcess(int32(pid))
		if err == nil {
			attached++
			continue
		}
		if s.opts.Warn != nil {
			s.opts.Warn(err)
		} else if first == nil {
			first = err
		}
	}
	if s.sinkErr != nil {
		return s.sinkErr
	}
	if attached > 0 || launching {
		return nil
	}
	if first != nil {
		return first
	}
	return fmt.Errorf("ebpf: %w", trace.ErrNothingAttached)
}

// attachProcess traces pid and, under -f, its other threads.
func (s *session) attachProcess(pid int32) error {
	if _, ok := s.tasks[pid]; ok {
		return nil
	}
	if pid <= 0 || unix.Kill(int(pid), 0) == unix.ESRCH {
		return &ptrace.AttachError{PID: int(pid), Err: unix.ESRCH}
	}
	if isKernelThread(pid) {
		// ptrace refuses these with EPERM; a kernel thread never enters
		// a system call from user space, so there is nothing to trace.
		return fmt.Errorf("attach %d: a kernel thread has no system calls to trace", pid)
	}
	tids := []int32{pid}
	if s.opts.FollowForks {
		tids = append(tids, threadsOf(pid)...)
	}
	for _, tid := range tids {
		if err := s.trace(tid); err != nil {
			return err
		}
	}
	for i, tid := range tids {
		tk := &task{tid: tid, pid: pid}
		s.tasks[tid] = tk
		ev := s.event(trace.NewTask, tk, monotonicNow())
		ev.Attached = true
		if i == 0 && len(tids) > 1 {
			ev.Threads = int32(len(tids))
		}
		ev.WithLeader = i > 0
		s.emit(ev)
	}
	return nil
}

// threadsOf lists the threads of pid other than pid itself.
func threadsOf(pid int32) []int32 {
	ents, err := os.ReadDir("/proc/" + strconv.Itoa(int(pid)) + "/task")
	if err != nil {
		return nil
	}
	var tids []int32
	for _, e := range ents {
		if tid, err := strconv.Atoi(e.Name()); err == nil && int32(tid) != pid {
			tids = append(tids, int32(tid))
		}
	}
	return tids
}

// pfKthread is the kernel's PF_KTHREAD task flag.
const pfKthread = 0x00200000

// isKernelThread reports whether pid is a kernel thread, from the flags
// field (the 9th) of /proc/PID/stat.
func isKernelThread(pid int32) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(int(pid)) + "/stat")
	if err != nil {
		return false
	}
	// The command name (field 2) may hold spaces: count from its ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return false
	}
	fields := strings.Fields(string(data[i+1:]))
	if len(fields) < 7 {
		return false
	}
	flags, err := strconv.ParseUint(fields[6], 10, 64)
	return err == nil && flags&pfKthread != 0
}
