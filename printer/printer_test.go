package printer

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// events builds Events for the tests: syscalls of x86_64 with the
// captures their plans would produce.
type events struct{}

func (e *events) at(us int64) int64 { return 1_000_000_000 + us*1000 }

func (e *events) enter(tid int32, nr int, us int64, args ...uint64) *trace.Event {
	ev := &trace.Event{Kind: trace.SyscallEnter, PID: tid, TID: tid, Arch: trace.ArchX86_64, NR: int32(nr), Enter: e.at(us)}
	copy(ev.Args[:], args)
	return ev
}

func (e *events) exit(enter *trace.Event, us int64, ret int64) *trace.Event {
	ev := *enter
	ev.Kind = trace.SyscallExit
	ev.Exit = e.at(us)
	ev.Ret = ret
	return &ev
}

func newPrinter(t *testing.T, opts Options) (*Printer, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer
	opts.Stderr = &buf
	if opts.Spec == nil {
		opts.Spec = filter.New(syscalls.X86_64, decode.SignalNumber)
	}
	p, err := New(decode.New(decode.Options{StringLimit: decode.DefaultStringLimit}), opts)
	if err != nil {
		t.Fatal(err)
	}
	return p, &buf
}

func feed(t *testing.T, p *Printer, evs ...*trace.Event) {
	t.Helper()
	for _, ev := range evs {
		if err := p.Handle(ev); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestColumnAndExit(t *testing.T) {
	var e events
	p, out := newPrinter(t, Options{})
	g := e.enter(100, unix.SYS_GETPID, 0)
	x := e.enter(100, unix.SYS_EXIT_GROUP, 2, 0)
	feed(t, p, g, e.exit(g, 1, 100), x,
		&trace.Event{Kind: trace.SyscallExit, NoReturn: true, PID: 100, TID: 100, Arch: trace.ArchX86_64, NR: unix.SYS_EXIT_GROUP},
		&trace.Event{Kind: trace.Exit, PID: 100, TID: 100, Status: 0})
	want := "getpid()                                = 100\n" +
		"exit_group(0)                           = ?\n" +
		"+++ exited with 0 +++\n"
	if out.String() != want {
		t.Errorf("got\n%q\nwant\n%q", out.String(), want)
	}
}

// TestInstructionPointer: -i puts the event's instruction pointer after
// the timestamps and -n's number (the thread's last call's, on a signal's
// and its end's lines too), and question marks where there is none (an
// exit), as strace 6.1 prints them.
func TestInstructionPointer(t *testing.T) {
	var e events
	p, out := newPrinter(t, Options{InstructionPointer: true, SyscallNumbers: true})
	g := e.enter(100, unix.SYS_GETPID, 0)
	g.IP = 0x7f0011223344
	sig := &trace.Event{Kind: trace.Signal, PID: 100, TID: 100, IP: 0xdead0000,
		Signal: &trace.SignalInfo{Signo: int32(unix.SIGSTOP), GroupStop: true}}
	feed(t, p, g, e.exit(g, 1, 100), sig, &trace.Event{Kind: trace.Exit, PID: 100, TID: 100, Status: 0})
	want := "[  39] [00007f0011223344] getpid()      = 100\n" +
		"[  39] [00000000dead0000] --- stopped by SIGSTOP ---\n" +
		"[  39] [????????????????] +++ exited with 0 +++\n"
	if out.String() != want {
		t.Errorf("got\n%q\nwant\n%q", out.String(), want)
	}
}

func TestUnfinishedAndResumed(t *testing.T) {
	var e events
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	p, _ := newPrinter(t, Options{Output: path, FollowForks: true})
	a := e.enter(100, unix.SYS_GETPID, 0)
	b := e.enter(101, unix.SYS_GETPPID, 1)
	feed(t, p, a, b, e.exit(b, 2, 100), e.exit(a, 3, 100))
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := "100   getpid( <unfinished ...>\n" +
		"101   getppid()                         = 100\n" +
		"100   <... getpid resumed>)             = 100\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestKilledInsideCall(t *testing.T) {
	var e events
	p, out := newPrinter(t, Options{})
	r := e.enter(100, unix.SYS_READ, 0, 0, 0x1000, 10)
	feed(t, p, r, &trace.Event{Kind: trace.Exit, PID: 100, TID: 100, ExitSignal: 9})
	want := "read(0,  <unfinished ...>)              = ?\n+++ killed by SIGKILL +++\n"
	if out.String() != want {
		t.Errorf("got\n%q\nwant\n%q", out.String(), want)
	}
}

func TestStderrPidPrefixOnlyWithSeveralTasks(t *testing.T) {
	var e events
	p, out := newPrinter(t, Options{})
	a := e.enter(100, unix.SYS_GETPID, 0)
	feed(t, p, a, e.exit(a, 1, 100), &trace.Event{Kind: trace.NewTask, PID: 101, TID: 101},
		e.enter(101, unix.SYS_GETPID, 2), e.exit(e.enter(101, unix.SYS_GETPID, 2), 3, 101))
	lines := strings.Split(out.String(), "\n")
	if !strings.HasPrefix(lines[0], "getpid()") || lines[1] != "sctrace: Process 101 attached" ||
		!strings.HasPrefix(lines[2], "[pid   101] getpid()") {
		t.Errorf("prefixes wrong:\n%s", out.String())
	}
}

func TestTimesAndDurations(t *testing.T) {
	var e events
	p, out := newPrinter(t, Options{Timestamps: Epoch, TimestampDigits: 6, SyscallTimes: true, SyscallTimeDigits: 6})
	g := e.enter(100, unix.SYS_GETPID, 0)
	feed(t, p, g, e.exit(g, 12, 100))
	if !regexp.MustCompile(`^\d+\.\d{6} getpid\(\) +\s= 100 <0\.000012>\n$`).MatchString(out.String()) {
		t.Errorf("got %q", out.String())
	}
	p, out = newPrinter(t, Options{Timestamps: WallClock, TimestampDigits: 6, Relative: true, RelativeDigits: 6})
	feed(t, p, g, e.exit(g, 12, 100))
	if !regexp.MustCompile(`^\d\d:\d\d:\d\d\.\d{6} \(\+ +0\.000000\) getpid\(\)`).MatchString(out.String()) {
		t.Errorf("got %q", out.String())
	}
}

func TestStatusFiltering(t *testing.T) {
	var e events
	spec := filter.New(syscalls.X86_64, decode.SignalNumber)
	spec.OnlyFailed()
	p, out := newPrinter(t, Options{Spec: spec})
	a := e.enter(100, unix.SYS_GETPID, 0)
	b := e.enter(100, unix.SYS_CLOSE, 2, 99)
	feed(t, p, a, e.exit(a, 1, 100), b, e.exit(b, 3, -int64(unix.EBADF)))
	want := "close(99)                               = -1 EBADF (Bad file descriptor)\n"
	if out.String() != want {
		t.Errorf("got %q\nwant %q", out.String(), want)
	}
}

// TestDetachedInCall checks a thread let go inside a call (-b execve,
// ^C on -p): strace's note comes first, then the open line's end; under
// -e status= the held call is shown only when detached is selected.
func TestDetachedInCall(t *testing.T) {
	var e events
	detach := &trace.Event{Kind: trace.Detached, PID: 100, TID: 100}
	p, out := newPrinter(t, Options{})
	feed(t, p, e.enter(100, unix.SYS_PAUSE, 0), detach)
	if want := "pause(sctrace: Process 100 detached\n <detached ...>\n"; out.String() != want {
		t.Errorf("got %q\nwant %q", out.String(), want)
	}
	// -e trace=none: nothing was printed about the thread.
	p, out = newPrinter(t, Options{})
	feed(t, p, detach)
	if want := "sctrace: Process 100 detached\n"; out.String() != want {
		t.Errorf("unseen thread: got %q\nwant %q", out.String(), want)
	}
	for _, tc := range []struct{ status, want string }{
		{"status=detached", "sctrace: Process 100 detached\npause( <detached ...>\n"},
		{"status=!detached", "sctrace: Process 100 detached\n"},
	} {
		spec := filter.New(syscalls.X86_64, decode.SignalNumber)
		if err := spec.Apply(tc.status); err != nil {
			t.Fatal(err)
		}
		p, out := newPrinter(t, Options{Spec: spec})
		feed(t, p, e.enter(100, unix.SYS_PAUSE, 0), detach)
		if out.String() != tc.want {
			t.Errorf("-e %s: got %q\nwant %q", tc.status, out.String(), tc.want)
		}
	}
}

func TestSeparateFiles(t *testing.T) {
	var e events
	prefix := filepath.Join(t.TempDir(), "trace")
	p, _ := newPrinter(t, Options{Output: prefix, Separate: true, FollowForks: true})
	a := e.enter(100, unix.SYS_GETPID, 0)
	b := e.enter(101, unix.SYS_GETPID, 1)
	feed(t, p, a, b, e.exit(b, 2, 101), e.exit(a, 3, 100))
	for tid, want := range map[string]string{"100": "getpid()                                = 100\n", "101": "getpid()                                = 101\n"} {
		got, err := os.ReadFile(prefix + "." + tid)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("%s: got %q want %q", tid, got, want)
		}
	}
}

// TestCommAfterExec: under -Y the prefix of a process's exit names the
// program its execve (not traced) started, read at the exec, though the
// process is gone when its exit is printed.
func TestCommAfterExec(t *testing.T) {
	var e events
	comms := map[int32]string{100: "sh", 101: "sh"}
	p, out := newPrinter(t, Options{Comm: func(tid int32) (string, bool) {
		c, ok := comms[tid]
		return c, ok
	}})
	handle := func(ev *trace.Event) {
		t.Helper()
		if err := p.Handle(ev); err != nil {
			t.Fatal(err)
		}
	}
	a := e.enter(100, unix.SYS_GETPID, 0)
	handle(a)
	handle(e.exit(a, 1, 100))
	handle(&trace.Event{Kind: trace.NewTask, PID: 101, TID: 101})
	comms[101] = "true" // the execve
	handle(&trace.Event{Kind: trace.Exec, PID: 101, TID: 101, OldTID: 101})
	delete(comms, 101) // reaped
	feed(t, p, &trace.Event{Kind: trace.Exit, PID: 101, TID: 101})
	if !strings.Contains(out.String(), "[pid   101<true>] +++ exited with 0 +++") {
		t.Errorf("exit prefix not the new program's:\n%s", out.String())
	}
}
