package decode

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// Expected strings from strace 6.1 on a test program (memfd, inotify,
// fallocate, signalfd, timerfd, sigtimedwait).
func TestMiscCalls(t *testing.T) {
	d := New(Options{StringLimit: DefaultStringLimit})
	si := siginfo(10, 0, 0, le(nil).u32(8019).u32(0))
	cases := []struct {
		ev   *evb
		want string
	}{
		{sc(t, "memfd_create", 3, 0x1000, 3).str(0, "buf\x00"), `memfd_create("buf", MFD_CLOEXEC|MFD_ALLOW_SEALING) = 3`},
		{sc(t, "memfd_create", 4, 0x1000, 0).str(0, "x\x00"), `memfd_create("x", 0) = 4`},
		{sc(t, "fallocate", 0, 3, 3, 0, 10), `fallocate(3, FALLOC_FL_KEEP_SIZE|FALLOC_FL_PUNCH_HOLE, 0, 10) = 0`},
		{sc(t, "inotify_init1", 5, 02004000), `inotify_init1(IN_NONBLOCK|IN_CLOEXEC) = 5`},
		{sc(t, "inotify_add_watch", 1, 5, 0x1000, 0x1000300).str(1, "/tmp"), `inotify_add_watch(5, "/tmp", IN_CREATE|IN_DELETE|IN_ONLYDIR) = 1`},
		{sc(t, "mlockall", 0, 1), `mlockall(MCL_CURRENT) = 0`},
		{sc(t, "unshare", 0, 0), `unshare(0) = 0`},
		{sc(t, "signalfd4", 6, 0xffffffffffffffff, 0x1000, 8, 02000000).data(1, le(nil).u64(1<<9)), `signalfd4(-1, [USR1], 8, SFD_CLOEXEC) = 6`},
		{sc(t, "timerfd_create", 7, 1, 02000000), `timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC) = 7`},
		{sc(t, "timerfd_settime", 0, 7, 0, 0x1000, 0x2000).data(2, le(nil).u64(0).u64(0).u64(1).u64(500)).data(3, make([]byte, 32)),
			`timerfd_settime(7, 0, {it_interval={tv_sec=0, tv_nsec=0}, it_value={tv_sec=1, tv_nsec=500}}, {it_interval={tv_sec=0, tv_nsec=0}, it_value={tv_sec=0, tv_nsec=0}}) = 0`},
		{sc(t, "rt_sigtimedwait", 10, 0x1000, 0x2000, 0x3000, 8).data(0, le(nil).u64(1<<9)).data(1, si.Raw[:]).data(2, le(nil).u64(1).u64(0)),
			`rt_sigtimedwait([USR1], {si_signo=SIGUSR1, si_code=SI_USER, si_pid=8019, si_uid=0}, {tv_sec=1, tv_nsec=0}, 8) = 10 (SIGUSR1)`},
		{sc(t, "prlimit64", 0, 0, 7, 0, 0x1000).data(3, le(nil).u64(20000).u64(20000)), `prlimit64(0, RLIMIT_NOFILE, NULL, {rlim_cur=20000, rlim_max=20000}) = 0`},
	}
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}

// TestUnsignedResults: strace prints a successful result as an unsigned
// long, a pid as an int, and an injected retval= as a success even in the
// error range; a call that never returns fails when a fault is injected.
func TestUnsignedResults(t *testing.T) {
	d := New(Options{StringLimit: 32})
	injected := sc(t, "geteuid", -2).get()
	injected.Tampered = trace.TamperedResult | trace.TamperedRetval
	faulted := sc(t, "exit_group", -38, 42).get()
	faulted.Tampered = trace.TamperedResult
	for _, c := range []struct {
		ev   *trace.Event
		want string
	}{
		{sc(t, "geteuid", -1<<63).get(), "geteuid() = 9223372036854775808"},
		{sc(t, "getpid", 1<<32|5).get(), "getpid() = 5"},
		{injected, "geteuid() = 18446744073709551614 (INJECTED)"},
		{faulted, "exit_group(42) = -1 ENOSYS (Function not implemented) (INJECTED)"},
	} {
		if got := whole(d, c.ev); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}
