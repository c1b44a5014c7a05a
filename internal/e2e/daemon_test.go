package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/testutil"
)

// daemonRun is what one run of the daemonrel workload under -D showed:
// the workload's own ids, its tracer's, its exit status as its parent saw
// it, and the trace.
type daemonRun struct {
	pid, ppid, pgid, sid                      int
	tracer, tracerPPid, tracerPgid, tracerSid int
	exit                                      int
	trace                                     string
}

// runDaemonized runs bin with args, -o FILE and the daemonrel workload, in
// a process group of its own, and returns what the run showed. tracerOf
// finds the tracer of the workload's pid while the workload waits on its
// standard input. The workload then ends: with kill, its process group is
// sent SIGTERM; otherwise its standard input is closed. The run is over
// once the tracer has exited too.
func runDaemonized(t *testing.T, bin string, tracerOf func(t *testing.T, pid int) int, kill bool, args ...string) daemonRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out := filepath.Join(t.TempDir(), "trace")
	args = append(args, "-o", out, "-e", "trace=read,write,exit_group", workload(t, "daemonrel"))
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	var r daemonRun
	br := bufio.NewReader(stdout)
	line, err := br.ReadString('\n')
	if _, serr := fmt.Sscan(line, &r.pid, &r.ppid, &r.pgid, &r.sid); err != nil || serr != nil {
		t.Fatalf("%s %v: workload printed %q (%v); stderr %q", filepath.Base(bin), args, line, err, stderr.String())
	}
	r.tracer = tracerOf(t, r.pid)
	r.tracerPPid, r.tracerPgid, r.tracerSid = statIDs(t, r.tracer)
	pidfd, err := unix.PidfdOpen(r.tracer, 0)
	if err != nil {
		t.Fatalf("pidfd_open(%d): %v", r.tracer, err)
	}
	defer unix.Close(pidfd)
	if kill {
		// The signal is to interrupt the read, which the trace shows.
		if !testutil.Eventually(10*time.Second, func() bool { return blockedIn(r.pid, unix.SYS_READ) }) {
			t.Fatalf("%s %v: the workload never blocked in read", filepath.Base(bin), args)
		}
		if err := syscall.Kill(-r.pgid, syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
	} else {
		stdin.Close()
	}
	_, _ = io.Copy(io.Discard, br)
	r.exit = testutil.ExitCode(cmd.Wait())
	// The tracer is nobody's child here: its pidfd tells of its end.
	fds := []unix.PollFd{{Fd: int32(pidfd), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, int(time.Until(deadline(ctx)).Milliseconds()))
		if err == unix.EINTR {
			continue
		}
		if err != nil || n == 0 {
			t.Fatalf("%s %v: the tracer %d did not end (%v)", filepath.Base(bin), args, r.tracer, err)
		}
		break
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// The ids the workload printed differ from run to run, and so do
	// their length, the count written and the padding after them.
	r.trace = strings.Replace(string(b), strings.TrimSuffix(line, "\n"), "IDS", 1)
	r.trace = regexp.MustCompile(`("IDS\\n", \d+\)) +=`).ReplaceAllString(r.trace, "$1 =")
	written := `"IDS\n", ` + strconv.Itoa(len(line)) + `)`
	r.trace = strings.Replace(r.trace, written+" = "+strconv.Itoa(len(line)), `"IDS\n", LEN) = LEN`, 1)
	return r
}

// blockedIn reports whether process pid sleeps in system call nr (and is
// not stopped at its entry).
func blockedIn(pid int, nr int) bool {
	sc, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/syscall")
	if err != nil || !strings.HasPrefix(string(sc), strconv.Itoa(nr)+" ") {
		return false
	}
	st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	s := string(st)
	i := strings.LastIndexByte(s, ')')
	return err == nil && i > 0 && strings.HasPrefix(s[i+1:], " S ")
}

// deadline returns ctx's deadline.
func deadline(ctx context.Context) time.Time {
	d, _ := ctx.Deadline()
	return d
}

// statIDs returns the parent, process group and session of pid.
func statIDs(t *testing.T, pid int) (ppid, pgid, sid int) {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	var state string
	if _, err := fmt.Sscan(s[strings.LastIndexByte(s, ')')+1:], &state, &ppid, &pgid, &sid); err != nil {
		t.Fatalf("/proc/%d/stat: %v", pid, err)
	}
	return ppid, pgid, sid
}

// ptraceTracer returns the process that ptraces pid (the thread group of
// its TracerPid).
func ptraceTracer(t *testing.T, pid int) int {
	t.Helper()
	tid := statusField(t, pid, "TracerPid")
	if tid == 0 {
		t.Fatalf("process %d is not ptraced", pid)
	}
	return statusField(t, tid, "Tgid")
}

// statusField returns a number of /proc/PID/status.
func statusField(t *testing.T, pid int, name string) int {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^` + name + `:\s*(\d+)`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("/proc/%d/status has no %s", pid, name)
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// sctraceTracer returns the sctrace -D tracer of pid, whatever its
// backend: the process whose environment names pid as its tracee
// (tracee.Daemonize's marker). Under ptrace it is also pid's tracer.
func sctraceTracer(backend string) func(t *testing.T, pid int) int {
	return func(t *testing.T, pid int) int {
		t.Helper()
		marker := []byte("SCTRACE_DAEMON_TRACER=" + strconv.Itoa(pid) + "\x00")
		dirs, _ := filepath.Glob("/proc/[0-9]*")
		var found []int
		for _, d := range dirs {
			env, err := os.ReadFile(d + "/environ")
			if err != nil || !(bytes.HasPrefix(env, marker) || bytes.Contains(env, append([]byte{0}, marker...))) {
				continue
			}
			n, _ := strconv.Atoi(filepath.Base(d))
			found = append(found, n)
		}
		if len(found) != 1 {
			t.Fatalf("tracers of %d: %v, want one", pid, found)
		}
		if backend == "ptrace" {
			if p := ptraceTracer(t, pid); p != found[0] {
				t.Fatalf("process %d is ptraced by %d, not by its -D tracer %d", pid, p, found[0])
			}
		}
		return found[0]
	}
}

// checkDaemonRelations checks what -D promises about r: the command is
// the process its parent (this test) started, in the group and session
// the test gave it, and its tracer is neither its child nor the test's,
// in the process group and session the level asks.
func checkDaemonRelations(t *testing.T, who, level string, r daemonRun) {
	t.Helper()
	self := os.Getpid()
	sid, _ := unix.Getsid(0)
	if r.ppid != self || r.pgid != r.pid || r.sid != sid {
		t.Errorf("%s %s: command %d has parent %d, group %d, session %d; want %d, %d, %d", who, level, r.pid, r.ppid, r.pgid, r.sid, self, r.pid, sid)
	}
	if r.tracer == r.pid || r.tracerPPid == r.pid || r.tracerPPid == self {
		t.Errorf("%s %s: tracer %d has parent %d: not detached from %d and %d", who, level, r.tracer, r.tracerPPid, r.pid, self)
	}
	wantPgid, wantSid := r.pgid, r.sid
	switch level {
	case "-DD":
		wantPgid = r.tracer
	case "-DDD":
		wantPgid, wantSid = r.tracer, r.tracer
	}
	if r.tracerPgid != wantPgid || r.tracerSid != wantSid {
		t.Errorf("%s %s: tracer %d in group %d, session %d; want %d, %d", who, level, r.tracer, r.tracerPgid, r.tracerSid, wantPgid, wantSid)
	}
}

// TestDaemonize checks -D, -DD and -DDD on both backends against strace:
// the command keeps the place of the process the user started (its pid,
// its parent, who gets its exit status), the tracer is detached in the
// process group and session the level asks, and the trace is strace's,
// whether the command ends by itself or its process group is killed
// (the tracer ignores SIGTERM then, as strace's does by default under -D).
func TestDaemonize(t *testing.T) {
	strace, sctrace := tracers(t)
	testutil.RequireBPF(t)
	for _, level := range []string{"-D", "-DD", "-DDD"} {
		for _, kill := range []bool{false, true} {
			ref := runDaemonized(t, strace, ptraceTracer, kill, level)
			checkDaemonRelations(t, "strace", level, ref)
			for _, backend := range []string{"ptrace", "ebpf"} {
				got := runDaemonized(t, sctrace, sctraceTracer(backend), kill, "--backend="+backend, level)
				who := "sctrace --backend=" + backend
				checkDaemonRelations(t, who, level, got)
				if got.exit != ref.exit {
					t.Errorf("%s %s (kill %v): the command's parent saw status %d, under strace %d", who, level, kill, got.exit, ref.exit)
				}
				if g, w := normalized(got.trace), normalized(ref.trace); !slices.Equal(g, w) {
					t.Errorf("%s %s (kill %v): trace\n%s\nstrace's:\n%s", who, level, kill, strings.Join(g, "\n"), strings.Join(w, "\n"))
				}
			}
		}
	}
}

// attachedPid matches the pid of "Process N attached".
var attachedPid = regexp.MustCompile(`Process \d+ attached`)

// TestDaemonizeStderr checks the trace on stderr under -D: "Process N
// attached" first, as strace -D says it, then the command from its
// execve to its exit; the command's output and exit status are its own.
func TestDaemonizeStderr(t *testing.T) {
	strace, sctrace := tracers(t)
	testutil.RequireBPF(t)
	args := []string{"-D", "-e", "trace=execve,write,exit_group", "/bin/sh", "-c", "echo hi; exit 3"}
	ref := run(t, strace, args...)
	want := normalized(attachedPid.ReplaceAllString(asSctrace(ref.stderr), "Process N attached"))
	if ref.exit != 3 || ref.stdout != "hi\n" || len(want) == 0 || want[0] != "sctrace: Process N attached" {
		t.Fatalf("strace %v: exit %d, stdout %q, stderr %q: the test's premise is wrong", args, ref.exit, ref.stdout, ref.stderr)
	}
	for _, backend := range []string{"ptrace", "ebpf"} {
		got := run(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
		if got.exit != ref.exit || got.stdout != ref.stdout {
			t.Errorf("%s: exit %d, stdout %q; strace: %d, %q", backend, got.exit, got.stdout, ref.exit, ref.stdout)
		}
		if g := normalized(attachedPid.ReplaceAllString(got.stderr, "Process N attached")); !slices.Equal(g, want) {
			t.Errorf("%s: stderr\n%s\nstrace's:\n%s", backend, strings.Join(g, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestDaemonizeRefused checks strace's refusals of -D, word for word.
func TestDaemonizeRefused(t *testing.T) {
	strace, sctrace := tracers(t)
	for _, args := range [][]string{
		{"-D"},
		{"-D", "-p", strconv.Itoa(os.Getpid())},
		{"-DDDD", "true"},
		{"-D", "--daemonize", "true"},
		{"--daemonize=child", "true"},
	} {
		ref := run(t, strace, args...)
		got := run(t, sctrace, args...)
		if ref.exit != 1 || got.exit != ref.exit || got.stderr != asSctrace(ref.stderr) {
			t.Errorf("%v: exit %d, stderr %q; strace: %d, %q", args, got.exit, got.stderr, ref.exit, ref.stderr)
		}
	}
}

// TestDaemonizeTracerFails checks that a -D tracer that cannot trace
// says why in one line and that the command, which waited for it, then
// exits with status 1 without running.
func TestDaemonizeTracerFails(t *testing.T) {
	_, sctrace := tracers(t)
	testutil.RequireBPF(t)
	mark := filepath.Join(t.TempDir(), "ran")
	got := run(t, sctrace, "--backend=ebpf", "-D", "-e", "fault=chdir", "touch", mark)
	want := "sctrace: -e inject= and -e fault= need --backend=ptrace: the ebpf backend observes calls and cannot change them\n"
	if got.exit != 1 || got.stderr != want {
		t.Errorf("exit %d, stderr %q; want 1, %q", got.exit, got.stderr, want)
	}
	if _, err := os.Stat(mark); err == nil {
		t.Errorf("the command ran although its tracer failed")
	}
}
