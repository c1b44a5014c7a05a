package ptrace

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"golang.org/x/sys/unix"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/trace"
)

func TestName(t *testing.T) {
	if got := New().Name(); got != "ptrace" {
		t.Fatalf("Name() = %q, want ptrace", got)
	}
}

func TestFirstEventIsExecve(t *testing.T) {
	testutil.RequirePtrace(t)
	truePath := testutil.RequireCommand(t, "true")
	evs, res := collect(t, trace.Target{Path: truePath, Argv: []string{"true", "arg1"}, Env: []string{"A=1", "B=2"}}, defaultOpts())
	if len(evs) == 0 {
		t.Fatal("no events")
	}
	first := evs[0]
	if first.Kind != trace.SyscallEnter || first.NR != nr(t, "execve") {
		t.Fatalf("first event = %v nr %d, want execve enter", first.Kind, first.NR)
	}
	if got := string(first.Captures[0].Data); got != truePath {
		t.Errorf("execve path capture = %q, want %q", got, truePath)
	}
	argv := first.Captures[1]
	if argv.Aux != 2 || len(argv.Elems) != 2 || string(argv.Elems[0].Data) != "true" || string(argv.Elems[1].Data) != "arg1" {
		t.Errorf("argv capture = aux %d elems %d %+v", argv.Aux, len(argv.Elems), argv.Elems)
	}
	if env := first.Captures[2]; env.Aux != 2 || env.Elems != nil {
		t.Errorf("envp capture = aux %d elems %v, want a count of 2 without strings", env.Aux, env.Elems)
	}
	if res.ExitCode != 0 || res.Signal != 0 {
		t.Errorf("result = %+v, want exit 0", res)
	}
	pid := first.PID
	var sawExec, sawExecExit bool
	for _, ev := range evs {
		if ev.PID != pid || ev.TID != pid {
			t.Errorf("event %v from %d/%d, want only pid %d", ev.Kind, ev.PID, ev.TID, pid)
		}
		if ev.Kind == trace.Exec {
			sawExec = true
		}
		if ev.Kind == trace.SyscallExit && ev.NR == nr(t, "execve") {
			sawExecExit = true
			if ev.Ret != 0 || ev.Exit < ev.Enter || ev.Enter != first.Enter {
				t.Errorf("execve exit: ret %d enter %d exit %d (entry at %d)", ev.Ret, ev.Enter, ev.Exit, first.Enter)
			}
			if string(ev.Captures[0].Data) != truePath {
				t.Errorf("execve exit lost its entry capture")
			}
		}
	}
	if !sawExec || !sawExecExit {
		t.Errorf("exec event %v, execve exit %v", sawExec, sawExecExit)
	}
	last := evs[len(evs)-1]
	if last.Kind != trace.Exit || last.Status != 0 {
		t.Errorf("last event = %v status %d, want exit 0", last.Kind, last.Status)
	}
	// exit_group never returns: its exit is reported as NoReturn.
	if ev := evs[len(evs)-2]; ev.Kind != trace.SyscallExit || !ev.NoReturn || ev.NR != nr(t, "exit_group") {
		t.Errorf("before the exit: %v NoReturn %v nr %d, want exit_group's NoReturn exit", ev.Kind, ev.NoReturn, ev.NR)
	}
}

func TestExitCode(t *testing.T) {
	testutil.RequirePtrace(t)
	evs, res := collect(t, shTarget(t, "exit 3"), defaultOpts())
	if res.ExitCode != 3 || res.Signal != 0 {
		t.Fatalf("result = %+v, want exit code 3", res)
	}
	if last := evs[len(evs)-1]; last.Kind != trace.Exit || last.Status != 3 {
		t.Errorf("last event = %v status %d, want Exit 3", last.Kind, last.Status)
	}
}

func TestKilledBySignal(t *testing.T) {
	testutil.RequirePtrace(t)
	evs, res := collect(t, shTarget(t, "kill -9 $$"), defaultOpts())
	if res.Signal != 9 || res.ExitCode != -1 {
		t.Fatalf("result = %+v, want killed by signal 9", res)
	}
	if last := evs[len(evs)-1]; last.Kind != trace.Exit || last.ExitSignal != 9 {
		t.Errorf("last event = %v signal %d, want Exit by SIGKILL", last.Kind, last.ExitSignal)
	}
}

func TestSignalDelivered(t *testing.T) {
	testutil.RequirePtrace(t)
	evs, res := collect(t, selfTarget(t, "sigusr1"), defaultOpts())
	if res.ExitCode != 7 {
		t.Fatalf("result = %+v, want exit code 7 (the program continued)", res)
	}
	idx := -1
	for i, ev := range evs {
		if ev.Kind == trace.Signal && ev.Signal.Signo == 10 {
			idx = i
			break
		}
	}
	if idx < 0 {
		t.Fatal("no SIGUSR1 event")
	}
	sig := evs[idx]
	if signo := int32(sig.Signal.Raw[0]) | int32(sig.Signal.Raw[1])<<8; signo != 10 {
		t.Errorf("siginfo si_signo = %d, want 10", signo)
	}
	// The handler returns through rt_sigreturn on the same thread.
	found := false
	for _, ev := range evs[idx+1:] {
		if ev.TID == sig.TID && ev.Kind == trace.SyscallEnter && ev.NR == nr(t, "rt_sigreturn") {
			found = true
			break
		}
	}
	if !found {
		t.Error("no rt_sigreturn after the signal")
	}
}

func TestStubSignalsHidden(t *testing.T) {
	testutil.RequirePtrace(t)
	truePath := testutil.RequireCommand(t, "true")
	evs, _ := collect(t, trace.Target{Path: truePath, Argv: []string{"true"}}, defaultOpts())
	for _, ev := range evs {
		if ev.Kind == trace.Signal {
			t.Errorf("unexpected signal %d: the exec stub's SIGSTOP/SIGCONT must stay hidden", ev.Signal.Signo)
		}
	}
}

func TestFollowForks(t *testing.T) {
	testutil.RequirePtrace(t)
	truePath := testutil.RequireCommand(t, "true")
	script := truePath + "; " + truePath
	opts := defaultOpts()
	opts.FollowForks = true
	evs, res := collect(t, shTarget(t, script), opts)
	if res.ExitCode != 0 {
		t.Fatalf("result = %+v", res)
	}
	pids := map[int32]bool{}
	newTasks := 0
	childExec := false
	for _, ev := range evs {
		pids[ev.PID] = true
		if ev.Kind == trace.NewTask {
			newTasks++
		}
		if ev.Kind == trace.SyscallEnter && ev.NR == nr(t, "execve") && ev.PID != evs[0].PID && string(ev.Captures[0].Data) == truePath {
			childExec = true
		}
	}
	if len(pids) < 2 || newTasks < 1 || !childExec {
		t.Errorf("pids %v, %d NewTask events, child execve seen %v", pids, newTasks, childExec)
	}

	// Without -f only the shell is traced.
	evs, _ = collect(t, shTarget(t, script), defaultOpts())
	for _, ev := range evs {
		if ev.PID != evs[0].PID || ev.Kind == trace.NewTask {
			t.Fatalf("without FollowForks: event %v from pid %d (launched %d)", ev.Kind, ev.PID, evs[0].PID)
		}
	}
}

func TestThreads(t *testing.T) {
	testutil.RequirePtrace(t)
	opts := defaultOpts()
	opts.FollowForks = true
	evs, res := collect(t, selfTarget(t, "threads"), opts)
	if res.ExitCode != 0 {
		t.Fatalf("result = %+v", res)
	}
	tids := map[int32]bool{}
	for _, ev := range evs {
		if ev.PID != evs[0].PID {
			t.Fatalf("event %v from pid %d, want only %d", ev.Kind, ev.PID, evs[0].PID)
		}
		if ev.Kind == trace.SyscallEnter {
			tids[ev.TID] = true
		}
	}
	if len(tids) < 5 {
		t.Errorf("syscalls from %d threads, want at least 5", len(tids))
	}
}

// captureRun runs the capture helper on a file holding content.
func captureRun(t *testing.T, opts trace.Options, content, payload string) ([]trace.Event, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "input.txt")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	evs, res := collect(t, selfTarget(t, "capture", path, payload), opts)
	if res.ExitCode != 0 {
		t.Fatalf("helper exit code %d", res.ExitCode)
	}
	return evs, path
}

func TestCapturePlans(t *testing.T) {
	testutil.RequirePtrace(t)
	const content, payload = "captured-content-123", "payload-to-devnull"
	evs, path := captureRun(t, defaultOpts(), content, payload)
	fd := int64(-1)
	var readOK, writeOK bool
	for _, ev := range evs {
		switch {
		case ev.Kind == trace.SyscallExit && ev.NR == nr(t, "openat") && string(ev.Captures[1].Data) == path:
			fd = ev.Ret
		case ev.Kind == trace.SyscallExit && ev.NR == nr(t, "read") && int64(ev.Args[0]) == fd:
			c := ev.Captures[1]
			if string(c.Data) != content || c.Truncated || ev.Ret != int64(len(content)) {
				t.Errorf("read capture = %q truncated %v ret %d", c.Data, c.Truncated, ev.Ret)
			}
			readOK = true
			fd = -2
		case ev.Kind == trace.SyscallEnter && ev.NR == nr(t, "write") && string(ev.Captures[1].Data) == payload:
			writeOK = !ev.Captures[1].Truncated
		}
	}
	if fd == -1 {
		t.Fatalf("no openat of %s", path)
	}
	if !readOK || !writeOK {
		t.Errorf("read captured %v, write captured %v", readOK, writeOK)
	}
}

func TestCaptureTruncation(t *testing.T) {
	testutil.RequirePtrace(t)
	opts := defaultOpts()
	opts.StringLimit = 4
	evs, path := captureRun(t, opts, "0123456789", "abcdefgh")
	var pathOK, readOK, writeOK bool
	for _, ev := range evs {
		switch {
		case ev.Kind == trace.SyscallEnter && ev.NR == nr(t, "openat") && string(ev.Captures[1].Data) == path:
			// A path is captured whole, whatever -s says.
			pathOK = !ev.Captures[1].Truncated
		case ev.Kind == trace.SyscallExit && ev.NR == nr(t, "read") && string(ev.Captures[1].Data) == "01234":
			// -s 4, and one byte more to tell a longer buffer.
			readOK = ev.Captures[1].Truncated && ev.Ret == 10
		case ev.Kind == trace.SyscallEnter && ev.NR == nr(t, "write") && ev.Args[2] == 8:
			c := ev.Captures[1]
			writeOK = string(c.Data) == "abcde" && c.Truncated
		}
	}
	if !pathOK || !readOK || !writeOK {
		t.Errorf("path whole %v, read truncated to 4+1 %v, write truncated to 4+1 %v", pathOK, readOK, writeOK)
	}
}

func TestFilter(t *testing.T) {
	testutil.RequirePtrace(t)
	opts := defaultOpts()
	opts.Filter = trace.NewSyscallSet(false)
	opts.Filter.Add(int(nr(t, "openat")))
	evs, path := captureRun(t, opts, "x", "y")
	sawPath := false
	for _, ev := range evs {
		if ev.Kind != trace.SyscallEnter && ev.Kind != trace.SyscallExit {
			continue
		}
		if ev.NR != nr(t, "openat") {
			t.Fatalf("filtered-out syscall %d reported", ev.NR)
		}
		if string(ev.Captures[1].Data) == path {
			sawPath = true
		}
	}
	if !sawPath {
		t.Error("the wanted openat was not reported")
	}
}

// procState returns the state letter of /proc/PID/stat.
func procState(t *testing.T, pid int) byte {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 || i+2 >= len(s) {
		t.Fatalf("bad stat %q", s)
	}
	return s[i+2]
}

func TestAttachDetach(t *testing.T) {
	testutil.RequirePtrace(t)
	idle := testutil.StartIdle(t)
	pid := idle.Cmd.Process.Pid
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var evs []trace.Event
	done := make(chan struct{})
	var res trace.Result
	var err error
	go func() {
		defer close(done)
		res, err = New().Run(ctx, trace.Target{PIDs: []int{pid}}, defaultOpts(), func(ev *trace.Event) error {
			evs = append(evs, copyEvent(ev))
			if ev.Kind == trace.NewTask {
				cancel()
			}
			return nil
		})
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return after cancel")
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run error = %v, want context.Canceled", err)
	}
	if res.ExitCode != 0 || res.Signal != 0 || res.Counts != nil {
		t.Errorf("result = %+v, want no exit status for an attach-only run", res)
	}
	if len(evs) == 0 || evs[0].Kind != trace.NewTask || !evs[0].Attached || evs[0].PID != int32(pid) {
		t.Fatalf("events %+v, want an attached NewTask first", evs)
	}
	if last := evs[len(evs)-1]; last.Kind != trace.Detached || last.TID != int32(pid) {
		t.Errorf("last event %v tid %d, want Detached %d", last.Kind, last.TID, pid)
	}
	if st := procState(t, pid); st == 't' || st == 'T' {
		t.Errorf("process left in state %c after detach", st)
	}
	status, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if !strings.Contains(string(status), "TracerPid:\t0\n") {
		t.Errorf("process still traced after detach")
	}
	idle.Echo(t, "after detach")
}

func TestAttachNonexistent(t *testing.T) {
	testutil.RequirePtrace(t)
	_, err := New().Run(context.Background(), trace.Target{PIDs: []int{1 << 30}}, defaultOpts(), func(*trace.Event) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "attach: ptrace(PTRACE_SEIZE, 1073741824)") {
		t.Fatalf("error = %v, want an attach error", err)
	}
}

func TestCancelKillsLaunched(t *testing.T) {
	testutil.RequirePtrace(t)
	sleepPath := testutil.RequireCommand(t, "sleep")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := time.Now()
	var last trace.Event
	res, err := New().Run(ctx, trace.Target{Path: sleepPath, Argv: []string{"sleep", "100"}}, defaultOpts(), func(ev *trace.Event) error {
		last = copyEvent(ev)
		if ev.Kind == trace.SyscallEnter && ev.NR == nr(t, "clock_nanosleep") {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v, want context.Canceled", err)
	}
	if res.Signal != 9 {
		t.Errorf("result = %+v, want killed by SIGKILL", res)
	}
	if last.Kind != trace.Exit || last.ExitSignal != 9 {
		t.Errorf("last event %v signal %d, want Exit by SIGKILL", last.Kind, last.ExitSignal)
	}
	if d := time.Since(started); d > 20*time.Second {
		t.Errorf("cancel took %v", d)
	}
}

// TestSinkError: after the sink's error the command runs on untraced to
// its own end, whose status is the result.
func TestSinkError(t *testing.T) {
	testutil.RequirePtrace(t)
	shPath := testutil.RequireCommand(t, "sh")
	boom := errors.New("boom")
	n := 0
	target := trace.Target{Path: shPath, Argv: []string{"sh", "-c", "for i in 1 2 3; do echo $i >/dev/null; done; exit 7"}}
	res, err := New().Run(context.Background(), target, defaultOpts(), func(ev *trace.Event) error {
		n++
		if n == 3 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error = %v, want the sink's", err)
	}
	if n != 3 {
		t.Errorf("sink called %d times, want no call after its error", n)
	}
	if res.Signal != 0 || res.ExitCode != 7 {
		t.Errorf("result = %+v, want the command's exit status 7", res)
	}
}

func TestLaunchMissing(t *testing.T) {
	testutil.RequirePtrace(t)
	evs, res := collect(t, trace.Target{Path: "/nonexistent/cmd", Argv: []string{"cmd"}}, defaultOpts())
	if res.ExitCode != 1 {
		t.Errorf("result = %+v, want exit 1", res)
	}
	if len(evs) == 0 || evs[0].NR != nr(t, "execve") {
		t.Fatal("first event is not the execve")
	}
	for _, ev := range evs {
		if ev.Kind == trace.SyscallExit && ev.NR == nr(t, "execve") && ev.Ret != -2 {
			t.Errorf("execve returned %d, want -ENOENT", ev.Ret)
		}
	}
}

func TestIovecCaptures(t *testing.T) {
	testutil.RequirePtrace(t)
	path := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(path, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	evs, res := collect(t, selfTarget(t, "iovec", path), defaultOpts())
	if res.ExitCode != 0 {
		t.Fatalf("helper exit code %d", res.ExitCode)
	}
	var writevOK, readvOK bool
	for _, ev := range evs {
		if ev.Kind != trace.SyscallExit {
			continue
		}
		c := ev.Captures[1]
		switch ev.NR {
		case nr(t, "writev"):
			if c.Aux == 2 && len(c.Data) == 32 && len(c.Elems) == 2 &&
				string(c.Elems[0].Data) == "hello " && string(c.Elems[1].Data) == "world" {
				writevOK = true
			}
		case nr(t, "readv"):
			// 10 bytes read: 4 fill the first buffer, 6 the second.
			if ev.Ret == 10 && len(c.Elems) == 2 &&
				string(c.Elems[0].Data) == "0123" && string(c.Elems[1].Data) == "456789" {
				readvOK = true
			}
		}
	}
	if !writevOK || !readvOK {
		t.Errorf("writev captured %v, readv captured %v", writevOK, readvOK)
	}
}

func TestExecFromThread(t *testing.T) {
	testutil.RequirePtrace(t)
	truePath := testutil.RequireCommand(t, "true")
	opts := defaultOpts()
	opts.FollowForks = true
	evs, res := collect(t, selfTarget(t, "execthread", truePath), opts)
	if res.ExitCode != 0 || res.Signal != 0 {
		t.Fatalf("result = %+v", res)
	}
	pid := evs[0].PID
	var exec *trace.Event
	for i := range evs {
		if evs[i].Kind == trace.Exec {
			exec = &evs[i]
		}
	}
	if exec == nil {
		t.Fatal("no Exec event")
	}
	if exec.TID != pid || exec.OldTID == pid || exec.OldTID == 0 {
		t.Errorf("exec event tid %d old tid %d, want tid %d and the old thread's id", exec.TID, exec.OldTID, pid)
	}
	// The execve's exit and /bin/true's calls come from the leader's id.
	sawExit := false
	for _, ev := range evs {
		if ev.Kind == trace.SyscallExit && ev.NR == nr(t, "execve") && ev.Ret == 0 {
			sawExit = ev.TID == pid && string(ev.Captures[0].Data) == truePath
		}
	}
	if !sawExit {
		t.Error("no successful execve exit reported for the leader")
	}
}

func TestGroupStop(t *testing.T) {
	testutil.RequirePtrace(t)
	var evs []trace.Event
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := New().Run(ctx, shTarget(t, "kill -STOP $$; exit 5"), defaultOpts(), func(ev *trace.Event) error {
		evs = append(evs, copyEvent(ev))
		if ev.Kind == trace.Signal && ev.Signal.Signo == 19 && ev.Signal.GroupStop {
			// SIGCONT while the tracer handles the stop: it must
			// resume the shell whether the signal comes before or
			// after it lets the stop go on (PTRACE_LISTEN).
			syscallKill(int(ev.PID), 18)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 5 {
		t.Fatalf("result = %+v, want exit 5", res)
	}
	var sigs []string
	for _, ev := range evs {
		if ev.Kind == trace.Signal {
			s := fmt.Sprint(ev.Signal.Signo)
			if ev.Signal.GroupStop {
				s = "stopped:" + s
			}
			sigs = append(sigs, s)
		}
	}
	if got := strings.Join(sigs, " "); got != "19 stopped:19 18" {
		t.Errorf("signals %q, want delivery of SIGSTOP, the group-stop, SIGCONT", got)
	}
}

func TestAttachThreads(t *testing.T) {
	testutil.RequirePtrace(t)
	// A Go program has several threads: attach to all of them.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	w := exec.Command(exe)
	w.Env = append(os.Environ(), helperEnv+"=threads-idle")
	ready, err := w.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Process.Kill(); w.Wait() })
	pid := w.Process.Pid
	// The workload writes a line once its three locked threads run.
	if line, err := bufio.NewReader(ready).ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("workload said %q, %v; want ready", line, err)
	}
	tids, err := tracee.Threads(pid)
	if err != nil || len(tids) < 4 {
		t.Fatalf("workload has threads %v (%v), want its main thread and three more", tids, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	opts := defaultOpts()
	opts.FollowForks = true
	attached := map[int32]bool{}
	detached := map[int32]bool{}
	_, err = New().Run(ctx, trace.Target{PIDs: []int{pid}}, opts, func(ev *trace.Event) error {
		switch ev.Kind {
		case trace.NewTask:
			if ev.Attached && ev.PID == int32(pid) {
				attached[ev.TID] = true
			}
			if len(attached) == len(tids) {
				cancel()
			}
		case trace.Detached:
			detached[ev.TID] = true
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v", err)
	}
	if len(attached) < len(tids) {
		t.Errorf("%d threads, %d attached", len(tids), len(attached))
	}
	// Threads the workload created meanwhile were traced too (NewTask
	// without Attached): all of them are detached.
	for tid := range attached {
		if !detached[tid] {
			t.Errorf("thread %d attached but not detached", tid)
		}
	}
	for _, tid := range tids {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(tid) + "/status")
		if strings.Contains(string(b), "State:\tt") || strings.Contains(string(b), "State:\tT") {
			t.Errorf("thread %d left stopped", tid)
		}
	}
}

func TestCapturePlansPeekData(t *testing.T) {
	testutil.RequirePtrace(t)
	forcePeekData = true
	defer func() { forcePeekData = false }()
	opts := defaultOpts()
	opts.StringLimit = 5
	evs, path := captureRun(t, opts, "peek-content", "peek-payload")
	var pathOK, readOK, writeOK bool
	for _, ev := range evs {
		switch {
		case ev.Kind == trace.SyscallEnter && ev.NR == nr(t, "openat") && string(ev.Captures[1].Data) == path:
			pathOK = true
		case ev.Kind == trace.SyscallExit && ev.NR == nr(t, "read") && string(ev.Captures[1].Data) == "peek-c":
			readOK = ev.Captures[1].Truncated
		case ev.Kind == trace.SyscallEnter && ev.NR == nr(t, "write") && string(ev.Captures[1].Data) == "peek-p":
			writeOK = ev.Captures[1].Truncated
		}
	}
	if !pathOK || !readOK || !writeOK {
		t.Errorf("with PTRACE_PEEKDATA: path %v, read %v, write %v", pathOK, readOK, writeOK)
	}
}

func TestConcurrentRuns(t *testing.T) {
	testutil.RequirePtrace(t)
	// A child another goroutine started must not be reaped by a Run.
	other := testutil.StartIdle(t).Cmd
	results := make(chan int, 2)
	for _, code := range []int{3, 4} {
		go func() {
			res, err := New().Run(context.Background(), shTarget(t, "exit "+strconv.Itoa(code)), defaultOpts(), func(*trace.Event) error { return nil })
			if err != nil {
				t.Error(err)
			}
			results <- res.ExitCode
		}()
	}
	got := <-results + <-results
	if got != 7 {
		t.Errorf("exit codes sum to %d, want 3+4", got)
	}
	if err := other.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := other.Wait(); err == nil || !strings.Contains(err.Error(), "interrupt") {
		t.Errorf("other child's wait: %v, want its own status", err)
	}
}

// TestSameCPU: with SameCPU the launched command runs on one CPU while it
// is the only traced task, and without it on every CPU it may use
// (placement.go). A child's unpinning races with the child's first steps,
// so only the command's own mask is checked. With one CPU, pinning leaves
// the mask as it was, so the test needs two.
func TestSameCPU(t *testing.T) {
	testutil.RequirePtrace(t)
	testutil.RequireCPUs(t, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// The exit code is 1 when the shell may use one CPU, 2 when more.
	script := `set -- $(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/$$/status)
case $1 in *[-,]*) exit 2;; *) exit 1;; esac`
	for _, tc := range []struct {
		same bool
		want int
	}{{true, 1}, {false, 2}} {
		b := &Backend{SameCPU: tc.same}
		res, err := b.Run(ctx, shTarget(t, script), defaultOpts(), func(*trace.Event) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode != tc.want {
			t.Errorf("SameCPU=%v: the command may use %s CPU(s), want %s", tc.same, map[int]string{1: "1", 2: "2+"}[res.ExitCode], map[int]string{1: "1", 2: "2+"}[tc.want])
		}
	}
}

// TestSigreturnMaskFromStack: rt_sigreturn's stack-relative capture holds
// the signal mask the handler's frame restores.
func TestSigreturnMaskFromStack(t *testing.T) {
	testutil.RequirePtrace(t)
	opts := defaultOpts()
	opts.FollowForks = true
	evs, res := collect(t, selfTarget(t, "sigmask"), opts)
	if res.ExitCode != 0 {
		t.Fatalf("workload exit %+v", res)
	}
	want := uint64(1) << (uint(unix.SIGUSR2) - 1)
	for _, ev := range evs {
		if ev.Kind != trace.SyscallEnter || ev.NR != unix.SYS_RT_SIGRETURN {
			continue
		}
		c := ev.Captures[0]
		if len(c.Data) == 8 && binary.LittleEndian.Uint64(c.Data)&want != 0 {
			return
		}
	}
	t.Fatal("no rt_sigreturn restored a mask holding SIGUSR2")
}

// TestQuietExits: at the exit stop of a call the filter leaves out, the
// tracer reads nothing (as strace skips get_regs). A syscall stop costs one
// restart request and, when the tracer reads it, one
// PTRACE_GET_SYSCALL_INFO more, so twice the stops less the requests grows
// by one with every stop left unread. That measure cancels the exec stub's
// calls before the command's execve, which are read in both runs and whose
// number depends on scheduling; a signal stop the stub sometimes shows
// (SIGCONT) costs one request and so adds one, which the least of three
// runs with every call wanted leaves out. Tracing `true` with no call
// wanted then leaves every exit stop but the execve's unread.
func TestQuietExits(t *testing.T) {
	testutil.RequirePtrace(t)
	target := trace.Target{Path: testutil.RequireCommand(t, "true"), Argv: []string{"true"}}
	unread := func(s trace.TracerStats) int { return 2*int(s.PtraceStops) - int(s.PtraceCalls) }
	none := defaultOpts()
	none.Filter = trace.NewSyscallSet(false)
	_, quiet := collect(t, target, none)
	var evs []trace.Event
	var all trace.Result
	for i := 0; i < 3; i++ {
		e, res := collect(t, target, defaultOpts())
		if i == 0 || unread(res.Stats) < unread(all.Stats) {
			evs, all = e, res
		}
	}
	exits := 0
	for _, ev := range evs {
		if ev.Kind == trace.SyscallExit && !ev.NoReturn {
			exits++
		}
	}
	// The launched command's execve is read at its exit either way.
	if saved := unread(quiet.Stats) - unread(all.Stats); exits < 10 || saved < exits-1 {
		t.Errorf("no call wanted: %d stops, %d ptrace requests; all: %d stops, %d requests (%d exits): %d stops fewer read, want %d",
			quiet.Stats.PtraceStops, quiet.Stats.PtraceCalls, all.Stats.PtraceStops, all.Stats.PtraceCalls, exits, saved, exits-1)
	}
}
