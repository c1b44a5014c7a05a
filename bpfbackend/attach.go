package bpfbackend

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/trace"
)

// startStopped starts the command in the exec stub (tracee.Init); it is
// stopped until it gets SIGCONT.
var startStopped = tracee.StartStopped

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
		return &tracee.AttachError{PID: int(pid), Err: unix.ESRCH}
	}
	if tracee.IsKernelThread(int(pid)) {
		// ptrace refuses these with EPERM; a kernel thread never enters
		// a system call from user space, so there is nothing to trace.
		return fmt.Errorf("attach %d: a kernel thread has no system calls to trace", pid)
	}
	tids := []int32{pid}
	if s.opts.FollowForks {
		all, _ := tracee.Threads(int(pid))
		for _, tid := range all {
			if int32(tid) != pid {
				tids = append(tids, int32(tid))
			}
		}
	}
	for _, tid := range tids {
		if err := s.trace(tid); err != nil {
			return err
		}
	}
	// The calls in progress are adopted before the attach is reported:
	// whoever waits for that report to wake the process (a test writing
	// to its stdin) must find its call's state already written.
	for _, tid := range tids {
		s.adoptCallInProgress(pid, tid)
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

// pidfdThread is PIDFD_THREAD (O_EXCL): a pidfd for one thread, not only
// for a thread-group leader.
const pidfdThread = unix.O_EXCL

// adoptCallInProgress makes the call tid is blocked in, if any, print
// whole when it returns, as strace prints the call it finds on attaching:
// its number and arguments from /proc/PID/task/TID/syscall go into the
// task's storage as an entry whose captures are read at the exit. The
// program checks at the exit that it is still that call. Failing that,
// the call is not shown, as before.
func (s *session) adoptCallInProgress(pid, tid int32) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/syscall", pid, tid))
	if err != nil {
		return
	}
	nr, args, sp, ok := parseProcSyscall(data)
	if !ok {
		return
	}
	fd, err := unix.PidfdOpen(int(tid), pidfdThread)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	st := sctraceCallState{Args: args, Sp: sp, EnterNs: uint64(monotonicNow()), Nr: nr,
		Active: 1, Deferred: 1, Traced: 1, Attached: 1}
	_ = s.p.objs.Calls.Update(int32(fd), &st, 0)
}

// parseProcSyscall parses /proc/PID/syscall of a task blocked in a call:
// "NR ARG1 … ARG6 SP PC", hexadecimal but for NR. A task not in a call
// reads "-1 SP PC" or "running".
func parseProcSyscall(data []byte) (nr int32, args [6]uint64, sp uint64, ok bool) {
	f := strings.Fields(string(data))
	if len(f) != 9 {
		return 0, args, 0, false
	}
	n, err := strconv.ParseInt(f[0], 10, 32)
	if err != nil || n < 0 {
		return 0, args, 0, false
	}
	for i := range args {
		if args[i], err = strconv.ParseUint(strings.TrimPrefix(f[1+i], "0x"), 16, 64); err != nil {
			return 0, args, 0, false
		}
	}
	if sp, err = strconv.ParseUint(strings.TrimPrefix(f[7], "0x"), 16, 64); err != nil {
		return 0, args, 0, false
	}
	return int32(n), args, sp, true
}
