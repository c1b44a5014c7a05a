package bpfbackend

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/tracee"
)

// startStopped starts the command in the exec stub (tracee.Init); it is
// stopped until it gets SIGCONT.
var startStopped = tracee.StartStopped

// attachAll adds each pid (and, under -f, its threads) to the traced set,
// without stopping anything. The policy on failures is
// tracee.Table.AttachAll's, as under ptrace.
func (s *session) attachAll(pids []int, launching bool) error {
	return s.tasks.AttachAll(pids, launching, s.opts.Warn, s.attachProcess, "ebpf")
}

// attachProcess traces pid and, under -f, its other threads.
func (s *session) attachProcess(pid int) error {
	if s.tasks.Has(pid) {
		return nil
	}
	if pid <= 0 || unix.Kill(pid, 0) == unix.ESRCH {
		return &tracee.AttachError{PID: pid, Err: unix.ESRCH}
	}
	if tracee.IsKernelThread(pid) {
		// ptrace refuses these with EPERM; a kernel thread never enters
		// a system call from user space, so there is nothing to trace.
		return fmt.Errorf("attach %d: a kernel thread has no system calls to trace", pid)
	}
	if err := tracee.CheckAttach(pid); err != nil {
		return &tracee.AttachError{PID: pid, Err: err}
	}
	// pid may name any thread of its process, as under ptrace: that
	// thread is traced, and under -f every other one.
	tgid := tracee.ThreadGroup(pid)
	tids := []int{pid}
	if s.opts.FollowForks {
		all, _ := tracee.Threads(tgid)
		for _, tid := range all {
			if tid != pid {
				tids = append(tids, tid)
			}
		}
	}
	for _, tid := range tids {
		if err := s.markAttaching(tid); err != nil {
			return err
		}
		if err := s.trace(int32(tid)); err != nil {
			return err
		}
	}
	// The calls in progress are adopted before the attach is reported:
	// whoever waits for that report to wake the process (a test writing
	// to its stdin) must find its call's state already written.
	for _, tid := range tids {
		s.adoptCallInProgress(int32(tgid), int32(tid))
	}
	for _, tid := range tids {
		s.tasks.Put(s.taskState(tid, tgid, false, false))
	}
	s.tasks.ReportAttached(tids, monotonicNow())
	for _, tid := range tids {
		s.reportAttachStop(tid)
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
