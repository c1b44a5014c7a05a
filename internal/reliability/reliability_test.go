package reliability

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/testutil"
)

// backends are the values of --backend every case runs with.
var backends = []string{"ptrace", "ebpf"}

// results collects each case's outcome per backend for the final table.
var results = struct {
	sync.Mutex
	m map[string]map[string]string
}{m: map[string]map[string]string{}}

func record(name, backend string, t *testing.T) {
	results.Lock()
	defer results.Unlock()
	if results.m[name] == nil {
		results.m[name] = map[string]string{}
	}
	switch {
	case t.Skipped():
		results.m[name][backend] = "skip"
	case t.Failed():
		results.m[name][backend] = "FAIL"
	default:
		results.m[name][backend] = "pass"
	}
}

// table renders the outcomes, one row per case.
func table() string {
	results.Lock()
	defer results.Unlock()
	names := make([]string, 0, len(results.m))
	for n := range results.m {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	fmt.Fprintf(&b, "%-28s %-8s %-8s\n", "case", "ptrace", "ebpf")
	for _, n := range names {
		fmt.Fprintf(&b, "%-28s %-8s %-8s\n", n, or(results.m[n]["ptrace"], "-"), or(results.m[n]["ebpf"], "-"))
	}
	return b.String()
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// tracer is one sctrace run in progress.
type tracer struct {
	cmd    *exec.Cmd
	stderr testutil.Output
	done   chan struct{}
	err    error
}

func start(t *testing.T, sctrace string, args ...string) *tracer {
	t.Helper()
	tr := &tracer{cmd: exec.Command(sctrace, args...), done: make(chan struct{})}
	tr.cmd.Args[0] = "sctrace" // its messages name argv[0]
	tr.cmd.Stderr = &tr.stderr
	if err := tr.cmd.Start(); err != nil {
		t.Fatalf("start sctrace: %v", err)
	}
	go func() { tr.err = tr.cmd.Wait(); close(tr.done) }()
	t.Cleanup(func() {
		select {
		case <-tr.done:
		default:
			_ = tr.cmd.Process.Kill()
			<-tr.done
		}
	})
	return tr
}

// wait waits for sctrace to exit and returns its exit status as a shell
// reports it.
func (tr *tracer) wait(t *testing.T) int {
	t.Helper()
	select {
	case <-tr.done:
	case <-time.After(60 * time.Second):
		_ = tr.cmd.Process.Kill()
		<-tr.done
		t.Fatalf("sctrace did not exit within 60 s; stderr:\n%s", tail(tr.stderr.String()))
	}
	return testutil.ExitCode(tr.err)
}

// run runs sctrace to completion.
func run(t *testing.T, sctrace string, args ...string) (int, string) {
	t.Helper()
	tr := start(t, sctrace, args...)
	code := tr.wait(t)
	return code, tr.stderr.String()
}

func tail(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 15 {
		lines = lines[len(lines)-15:]
	}
	return strings.Join(lines, "\n")
}

// childOf returns the pid of the child of process ppid that runs comm,
// which the caller knows to exist.
func childOf(t *testing.T, ppid int, comm string) int {
	t.Helper()
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", ppid))
	for _, f := range tasks {
		data, _ := os.ReadFile(f)
		for _, field := range strings.Fields(string(data)) {
			pid, _ := strconv.Atoi(field)
			if c, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid)); strings.TrimSpace(string(c)) == comm {
				return pid
			}
		}
	}
	t.Fatalf("process %d has no child running %q", ppid, comm)
	return 0
}

// asleep is the trace's text once sleep(1) has entered its
// clock_nanosleep: both backends print a call's entry before it returns
// when it blocks.
const asleep = "clock_nanosleep(CLOCK_REALTIME, 0, {tv_sec=30, tv_nsec=0}, "

// traceTimeout bounds the wait for a line of the trace.
const traceTimeout = 20 * time.Second

// procState returns the state letter and tracer pid of process pid.
func procState(pid int) (state string, tracerPid int, ok bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "", 0, false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, found := strings.CutPrefix(line, "State:"); found {
			state = strings.Fields(v)[0]
		}
		if v, found := strings.CutPrefix(line, "TracerPid:"); found {
			tracerPid, _ = strconv.Atoi(strings.TrimSpace(v))
		}
	}
	return state, tracerPid, true
}

// eachBackend runs body as a subtest per backend and records the outcome.
func eachBackend(t *testing.T, name string, body func(t *testing.T, backend, sctrace string)) {
	testutil.RequirePtrace(t)
	sctrace := testutil.BuildSctrace(t)
	for _, b := range backends {
		t.Run(b, func(t *testing.T) {
			defer record(name, b, t)
			if b == "ebpf" {
				testutil.RequireBPF(t)
			}
			body(t, b, sctrace)
		})
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if s := table(); strings.Count(s, "\n") > 1 {
		fmt.Printf("reliability cases (pass/FAIL per backend):\n%s", s)
	}
	testutil.RemoveBuildDir()
	os.Exit(code)
}

// TestKilledMidSyscall: the tracee is killed by SIGKILL while asleep in a
// call; sctrace reports it and dies of the same signal.
func TestKilledMidSyscall(t *testing.T) {
	eachBackend(t, "SIGKILL mid-syscall", func(t *testing.T, backend, sctrace string) {
		tr := start(t, sctrace, "--backend="+backend, "sleep", "30")
		tr.stderr.WaitFor(t, asleep, traceTimeout)
		pid := childOf(t, tr.cmd.Process.Pid, "sleep")
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		if code := tr.wait(t); code != 128+9 {
			t.Errorf("sctrace exit status %d, want 137; stderr:\n%s", code, tail(tr.stderr.String()))
		}
		if out := tr.stderr.String(); !strings.HasSuffix(out, "+++ killed by SIGKILL +++\n") {
			t.Errorf("trace does not end with +++ killed by SIGKILL +++:\n%s", tail(out))
		}
	})
}

// TestTerminatedWhileLaunched: sctrace gets SIGTERM while tracing a
// command it launched; it exits promptly of SIGTERM, leaves no stopped or
// traced process behind, and the command gets the signal too, as under
// strace: sleep ends at once.
func TestTerminatedWhileLaunched(t *testing.T) {
	eachBackend(t, "SIGTERM, launched command", func(t *testing.T, backend, sctrace string) {
		tr := start(t, sctrace, "--backend="+backend, "sleep", "30")
		tr.stderr.WaitFor(t, asleep, traceTimeout)
		pid := childOf(t, tr.cmd.Process.Pid, "sleep")
		pidfd, err := unix.PidfdOpen(pid, 0)
		if err != nil {
			t.Fatalf("pidfd_open: %v", err)
		}
		defer unix.Close(pidfd)
		if err := tr.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if code := tr.wait(t); code != 128+int(syscall.SIGTERM) {
			t.Errorf("sctrace exit status %d, want 143; stderr:\n%s", code, tail(tr.stderr.String()))
		}
		if state, tracer, ok := procState(pid); ok && (tracer != 0 || state == "T" || state == "t") {
			t.Errorf("command left in state %s, traced by %d", state, tracer)
		}
		// The pidfd turns readable when the process has exited.
		fds := []unix.PollFd{{Fd: int32(pidfd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, int(traceTimeout/time.Millisecond))
		if err != nil || n == 0 {
			t.Errorf("the command did not end after sctrace's SIGTERM (poll: %d, %v)", n, err)
		}
		_ = syscall.Kill(pid, syscall.SIGKILL)
	})
}

// TestTerminatedWhileAttached: sctrace attached with -p gets SIGTERM; the
// process keeps running, neither stopped nor traced.
func TestTerminatedWhileAttached(t *testing.T) {
	eachBackend(t, "SIGTERM, attached -p", func(t *testing.T, backend, sctrace string) {
		idle := testutil.StartIdle(t)
		pid := idle.Cmd.Process.Pid
		tr := start(t, sctrace, "--backend="+backend, "-p", strconv.Itoa(pid))
		tr.stderr.WaitFor(t, fmt.Sprintf("Process %d attached", pid), traceTimeout)
		if err := tr.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		tr.wait(t)
		state, tracer, ok := procState(pid)
		if !ok {
			t.Fatalf("attached process %d is gone; stderr:\n%s", pid, tail(tr.stderr.String()))
		}
		if tracer != 0 || state == "T" || state == "t" {
			t.Errorf("attached process left in state %s, traced by %d", state, tracer)
		}
		if !strings.Contains(tr.stderr.String(), fmt.Sprintf("Process %d detached", pid)) {
			t.Errorf("no \"Process %d detached\" message:\n%s", pid, tail(tr.stderr.String()))
		}
		idle.Echo(t, "after detach")
	})
}

// workload builds testdata/workloads/NAME.c.
func workload(t *testing.T, name string) string {
	t.Helper()
	return testutil.BuildC(t, testutil.WorkloadSource(t, name))
}

// TestExecFromThread: a non-leader thread calls execve; the trace shows the
// new program and sctrace exits with its status.
func TestExecFromThread(t *testing.T) {
	eachBackend(t, "execve from a thread", func(t *testing.T, backend, sctrace string) {
		code, out := run(t, sctrace, "--backend="+backend, "-f", workload(t, "threadexec"))
		if code != 0 || !strings.Contains(out, `execve("/bin/true"`) || !strings.HasSuffix(out, "+++ exited with 0 +++\n") {
			t.Errorf("exit %d, trace:\n%s", code, tail(out))
		}
	})
}

// TestVfork: vfork then execve in the child, and a child killed by
// SIGABRT; the exit status passes through.
func TestVfork(t *testing.T) {
	eachBackend(t, "vfork", func(t *testing.T, backend, sctrace string) {
		bin := workload(t, "vfork")
		want := testutil.ExitCode(exec.Command(bin).Run())
		code, out := run(t, sctrace, "--backend="+backend, "-f", bin)
		if code != want || !strings.Contains(out, "vfork(") || !strings.Contains(out, "+++ killed by SIGABRT") {
			t.Errorf("exit %d (want %d), trace:\n%s", code, want, tail(out))
		}
	})
}

// TestManyThreads: 16 threads make 1,000 getppid calls each; every call is
// in the trace.
func TestManyThreads(t *testing.T) {
	eachBackend(t, "16 threads x 1,000 calls", func(t *testing.T, backend, sctrace string) {
		file := filepath.Join(t.TempDir(), "trace")
		code, out := run(t, sctrace, "--backend="+backend, "-f", "-e", "trace=getppid", "-o", file, workload(t, "manythreads"))
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), "getppid("); code != 0 || n != 16000 {
			t.Errorf("exit %d, %d getppid calls in the trace, want 16000; stderr:\n%s", code, n, tail(out))
		}
	})
}

// TestBusyThreadsEnd: a grandchild of sctrace starts 16 threads that loop
// on getuid and then calls _exit; every task is served in turn, so the
// process ends and sctrace exits with its status. Nothing is traced, but
// a thread the process's exit killed in a syscall stop that ptrace had
// not read yet shows, as under strace, as a call of unknown number
// (unknownCallLine).
func TestBusyThreadsEnd(t *testing.T) {
	eachBackend(t, "busy threads, _exit", func(t *testing.T, backend, sctrace string) {
		code, out := run(t, sctrace, "--backend="+backend, "-f", "-qq", "-e", "trace=none", "-e", "signal=none", workload(t, "busythreads"))
		unexpected := false
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			unexpected = unexpected || l != "" && (backend != "ptrace" || !unknownCallLine.MatchString(l))
		}
		if code != 0 || unexpected {
			t.Errorf("exit %d, stderr:\n%s", code, tail(out))
		}
	})
}

// unknownCallLine is a line of a call whose entry ptrace could not read:
// strace's "???( <unfinished ...>", "<... ??? resumed>) = ?".
var unknownCallLine = regexp.MustCompile(`^\[pid +\d+\] (\?\?\?\( <unfinished \.\.\.>|<\.\.\. \?\?\? resumed>\) += \?|\?\?\?\(\) += \?)$`)

// TestZombieAndOrphan: a child left a zombie for a while and a grandchild
// orphaned when its parent exits; both are traced to their exit.
func TestZombieAndOrphan(t *testing.T) {
	eachBackend(t, "zombie and orphan", func(t *testing.T, backend, sctrace string) {
		code, out := run(t, sctrace, "--backend="+backend, "-f", workload(t, "orphan"))
		if code != 0 || strings.Count(out, "+++ exited with 0 +++") != 2 || !strings.Contains(out, "+++ exited with 3 +++") {
			t.Errorf("exit %d, trace:\n%s", code, tail(out))
		}
	})
}

// TestBadAttach: attaching to a pid that does not exist, to a kernel
// thread or to sctrace itself fails with one clear line and exit status 1.
func TestBadAttach(t *testing.T) {
	for _, tc := range []struct{ name, pid string }{
		{"attach: no such pid", "4194304"},
		{"attach: kernel thread", "2"},
		{"attach: sctrace itself", "self"},
	} {
		eachBackend(t, tc.name, func(t *testing.T, backend, sctrace string) {
			args := []string{"--backend=" + backend, "-p", tc.pid}
			if tc.pid == "self" {
				// sctrace's own pid is only known once it runs: have a
				// shell exec it with -p $$.
				args = []string{"-c", fmt.Sprintf("exec %s --backend=%s -p $$", sctrace, backend)}
				sctrace = "/bin/sh"
			}
			code, out := run(t, sctrace, args...)
			lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
			if code != 1 || len(lines) != 1 || !strings.Contains(lines[0], "sctrace: ") {
				t.Errorf("exit %d, stderr (want one sctrace: line and exit 1):\n%s", code, out)
			}
		})
	}
}
