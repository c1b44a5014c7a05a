package decode

import (
	"testing"
	"time"

	"github.com/sctrace/sctrace/trace"
)

// TestArgumentWidths: an argument is printed at the width of its C type,
// as strace prints it, whatever the upper bits of the register hold (the
// strace suite's tests fill them with garbage): int flags at 32 bits,
// long flags at 64, modes as umode_t, a timespec's nanoseconds unsigned.
func TestArgumentWidths(t *testing.T) {
	cases := []struct {
		name string
		ev   *evb
		want string
	}{
		{"int flags", sc(t, "dup3", -22, 0, 0, 0xdefaced00000000), `dup3(0, 0, 0) = -1 EINVAL (Invalid argument)`},
		{"int flags, unknown bits", sc(t, "inotify_init1", -22, 0xfacefeeddea5b6ef|0x800|0x80000),
			`inotify_init1(IN_NONBLOCK|IN_CLOEXEC|0xdea5b6ef) = -1 EINVAL (Invalid argument)`},
		{"long flags", sc(t, "unshare", -22, 0xbadc0ded00000000), `unshare(0xbadc0ded00000000 /* CLONE_??? */) = -1 EINVAL (Invalid argument)`},
		{"umode_t", sc(t, "mkdir", -17, 0x1000, 0xffffffffffff0000).str(0, "x"), `mkdir("x", 000) = -1 EEXIST (File exists)`},
		{"umode_t, all bits", sc(t, "umask", 0o22, 0xffffffffffffffff), `umask(0177777) = 022`},
		{"timespec nanoseconds", sc(t, "nanosleep", -22, 0x1000, 0).data(0, le(nil).u64(0xffffffffffffffff).u64(0xffffffffffffffff)),
			`nanosleep({tv_sec=-1, tv_nsec=18446744073709551615}, NULL) = -1 EINVAL (Invalid argument)`},
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestUnreadableMemory: what strace prints where part of an argument lies
// in memory that cannot be read: the pointer of a string it could not
// follow, where an unterminated pointer array or a cut array stops, a
// negative descriptor's ignored poll events.
func TestUnreadableMemory(t *testing.T) {
	argv := sc(t, "execve", -13, 0x1000, 0x2000, 0x3000).str(0, "x").strs(1, 2, "x", "")
	argv.ev.Captures[1].Elems[1].Faulted = true
	argv.ev.Captures[1].Truncated = true
	copy(argv.ev.Captures[1].Data[8:], le(nil).u64(0xffffffffffffffff))
	argv.ev.Captures[2] = trace.Capture{Aux: 5, Truncated: true, Data: []byte{}}
	cut := sc(t, "poll", -14, 0x7ff8, 2, 0).data(0, le(nil).u32(0xfffffffb).u16(1).u16(0))
	cut.ev.Captures[0].Truncated = true
	cases := []struct {
		name string
		ev   *evb
		want string
	}{
		{"argv", argv, `execve("x", ["x", 0xffffffffffffffff, ... /* 0x2010 */], 0x3000 /* 5 vars, unterminated */) = -1 EACCES (Permission denied)`},
		{"cut array", cut, `poll([{fd=-5}, ... /* 0x8000 */], 2, 0) = -1 EFAULT (Bad address)`},
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestTimeCall: time's stored seconds and result carry their date, in
// the local zone, as strace prints them.
func TestTimeCall(t *testing.T) {
	saved := time.Local
	time.Local = time.UTC
	defer func() { time.Local = saved }()
	d := New(Options{StringLimit: DefaultStringLimit})
	ev := sc(t, "time", 1795578595, 0x1000).data(0, le(nil).u64(1795578595))
	want := `time([1795578595 /* 2026-11-25T03:49:55+0000 */]) = 1795578595 (2026-11-25T03:49:55+0000)`
	if got := whole(d, ev.get()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got, want := whole(d, sc(t, "time", 1795578595, 0).get()), `time(NULL) = 1795578595 (2026-11-25T03:49:55+0000)`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
