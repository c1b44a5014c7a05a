package decode

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

func siginfo(signo, errno, code int32, rest le) *trace.SignalInfo {
	si := &trace.SignalInfo{Signo: signo}
	hdr := le(nil).u32(uint32(signo)).u32(uint32(errno)).u32(uint32(code)).u32(0)
	copy(si.Raw[:], append(hdr, rest...))
	return si
}

// Expected strings are from strace 6.1 runs on this machine.
func TestSignals(t *testing.T) {
	cases := []struct {
		si   *trace.SignalInfo
		want string
	}{
		{siginfo(10, 0, 0, le(nil).u32(6861).u32(0)),
			`--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=6861, si_uid=0} ---`},
		{siginfo(17, 0, 1, le(nil).u32(6863).u32(0).u32(3).u32(0).u64(0).u64(0)),
			`--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=6863, si_uid=0, si_status=3, si_utime=0, si_stime=0} ---`},
		{siginfo(17, 0, 2, le(nil).u32(6864).u32(0).u32(15).u32(0).u64(0).u64(0)),
			`--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_KILLED, si_pid=6864, si_uid=0, si_status=SIGTERM, si_utime=0, si_stime=0} ---`},
		{siginfo(17, 0, 3, le(nil).u32(30696).u32(0).u32(6).u32(0).u64(0).u64(0)),
			`--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_DUMPED, si_pid=30696, si_uid=0, si_status=SIGABRT, si_utime=0, si_stime=0} ---`},
		{siginfo(11, 0, 1, le(nil).u64(0x10)),
			`--- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_MAPERR, si_addr=0x10} ---`},
		{siginfo(6, 0, -6, le(nil).u32(30696).u32(0)),
			`--- SIGABRT {si_signo=SIGABRT, si_code=SI_TKILL, si_pid=30696, si_uid=0} ---`},
		{siginfo(14, 0, 0x80, nil),
			`--- SIGALRM {si_signo=SIGALRM, si_code=SI_KERNEL} ---`},
		{siginfo(12, 0, -1, le(nil).u32(30694).u32(0).u64(42)),
			`--- SIGUSR2 {si_signo=SIGUSR2, si_code=SI_QUEUE, si_pid=30694, si_uid=0, si_int=42, si_ptr=0x2a} ---`},
		{siginfo(37, 0, -6, le(nil).u32(30694).u32(0)),
			`--- SIGRT_5 {si_signo=SIGRT_5, si_code=SI_TKILL, si_pid=30694, si_uid=0} ---`},
		{siginfo(11, 0, 0x80, le(nil).u64(0)),
			`--- SIGSEGV {si_signo=SIGSEGV, si_code=SI_KERNEL, si_addr=NULL} ---`},
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		ev := &trace.Event{Kind: trace.Signal, Signal: c.si}
		if got := string(d.AppendSignal(nil, ev)); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
	// A siginfo passed as an argument prints the same way.
	ev := sc(t, "rt_sigqueueinfo", 0, 30694, 12, 0x1000)
	si := siginfo(12, 0, -1, le(nil).u32(30694).u32(0).u64(42))
	ev.data(2, si.Raw[:])
	want := `rt_sigqueueinfo(30694, SIGUSR2, {si_signo=SIGUSR2, si_code=SI_QUEUE, si_pid=30694, si_uid=0, si_int=42, si_ptr=0x2a}) = 0`
	if got := whole(d, ev.get()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestTaskExit(t *testing.T) {
	cases := []struct {
		ev   trace.Event
		want string
	}{
		{trace.Event{Kind: trace.Exit, Status: 0}, "+++ exited with 0 +++"},
		{trace.Event{Kind: trace.Exit, Status: 3}, "+++ exited with 3 +++"},
		{trace.Event{Kind: trace.Exit, ExitSignal: 9}, "+++ killed by SIGKILL +++"},
		{trace.Event{Kind: trace.Exit, ExitSignal: 11}, "+++ killed by SIGSEGV +++"},
		{trace.Event{Kind: trace.Exit, ExitSignal: 6, CoreDumped: true}, "+++ killed by SIGABRT (core dumped) +++"},
		{trace.Event{Kind: trace.Exit, ExitSignal: 37}, "+++ killed by SIGRT_5 +++"},
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		if got := string(d.AppendTaskExit(nil, &c.ev)); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

func TestSignalNames(t *testing.T) {
	names := map[int]string{1: "SIGHUP", 9: "SIGKILL", 17: "SIGCHLD", 31: "SIGSYS", 32: "SIGRTMIN", 33: "SIGRT_1", 64: "SIGRT_32", 0: "", 65: ""}
	for n, want := range names {
		if got := SignalName(n); got != want {
			t.Errorf("SignalName(%d) = %q, want %q", n, got, want)
		}
	}
	nums := map[string]int{"SIGTERM": 15, "TERM": 15, "term": 15, "9": 9, "SIGRTMIN": 32, "rt_32": 64, "SIGRT_3": 35}
	for s, want := range nums {
		if got, ok := SignalNumber(s); !ok || got != want {
			t.Errorf("SignalNumber(%q) = %d, %v, want %d", s, got, ok, want)
		}
	}
	// strace 6.1's -e signal= refuses the aliases it does not print.
	for _, s := range []string{"SIGFOO", "", "SIGRTMIN+40", "-1", "SIGRTMIN+2", "RTMAX", "IOT", "SIGRT_0", "SIGRT_33"} {
		if n, ok := SignalNumber(s); ok {
			t.Errorf("SignalNumber(%q) = %d, want failure", s, n)
		}
	}
}

func TestErrnoNames(t *testing.T) {
	if got := ErrnoName(2); got != "ENOENT" {
		t.Errorf("ErrnoName(2) = %q", got)
	}
	if got := ErrnoName(512); got != "ERESTARTSYS" {
		t.Errorf("ErrnoName(512) = %q", got)
	}
	if got := ErrnoName(519); got != "" {
		t.Errorf("ErrnoName(519) = %q", got)
	}
	for s, want := range map[string]int{"ENOENT": 2, "enoent": 2, "EAGAIN": 11, "EWOULDBLOCK": 11, "ERESTART_RESTARTBLOCK": 516, "5": 5} {
		if got, ok := ErrnoNumber(s); !ok || got != want {
			t.Errorf("ErrnoNumber(%q) = %d, %v, want %d", s, got, ok, want)
		}
	}
	if _, ok := ErrnoNumber("ENOTHING"); ok {
		t.Error("ErrnoNumber(ENOTHING) succeeded")
	}
}

func TestGroupStopLine(t *testing.T) {
	d := New(Options{StringLimit: DefaultStringLimit})
	ev := &trace.Event{Kind: trace.Signal, Signal: &trace.SignalInfo{Signo: 19, GroupStop: true}}
	if got := string(d.AppendSignal(nil, ev)); got != "--- stopped by SIGSTOP ---" {
		t.Errorf("got %q", got)
	}
}

// TestSigsetSize: a set whose size argument is not 8 prints as its
// address; with 8, as the set.
func TestSigsetSize(t *testing.T) {
	d := New(Options{StringLimit: 32})
	set := le(nil).u64(1 << 1)
	for _, c := range []struct {
		ev   *trace.Event
		want string
	}{
		{sc(t, "rt_sigsuspend", -22, 0x1000, 16).data(0, set).get(), "rt_sigsuspend(0x1000, 16) = -1 EINVAL (Invalid argument)"},
		{sc(t, "rt_sigsuspend", -4, 0x1000, 8).data(0, set).get(), "rt_sigsuspend([INT], 8) = -1 EINTR (Interrupted system call)"},
		{sc(t, "rt_sigprocmask", -22, 0, 0x1000, 0, 4).data(1, set).get(), "rt_sigprocmask(SIG_BLOCK, 0x1000, NULL, 4) = -1 EINVAL (Invalid argument)"},
	} {
		if got := whole(d, c.ev); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}
