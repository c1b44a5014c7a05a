package decode

import "testing"

// Split lines, from strace 6.1 -f runs: AppendEnter on the entry event,
// AppendExit and AppendReturn on the exit event.
func TestSplit(t *testing.T) {
	cases := []struct {
		name        string
		ev          *evb
		enter, exit string
	}{
		{"read", sc(t, "read", 4, 3, 0x1000, 832).str(1, "\x7fELF"), `read(3, `, `"\177ELF", 832) = 4`},
		{"rt_sigprocmask", sc(t, "rt_sigprocmask", 0, 2, 0x1000, 0, 8).data(1, make([]byte, 8)), `rt_sigprocmask(SIG_SETMASK, [], `, `NULL, 8) = 0`},
		{"wait4", sc(t, "wait4", 30695, 30695, 0, 0, 0), `wait4(30695, `, `NULL, 0, NULL) = 30695`},
		{"clone", sc(t, "clone", 30696, 0x1200011, 0, 0, 0x7f998f23ca10, 0),
			`clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD`, `, child_tidptr=0x7f998f23ca10) = 30696`},
		{"newfstatat", sc(t, "newfstatat", -2, 0xffffff9c, 0x1000, 0x7ffea7ef57f0, 0).str(1, "/usr/local/go/bin/cat"),
			`newfstatat(AT_FDCWD, "/usr/local/go/bin/cat", `, `0x7ffea7ef57f0, 0) = -1 ENOENT (No such file or directory)`},
		{"set_robust_list", sc(t, "set_robust_list", 0, 0x7f998f23ca20, 24), `set_robust_list(0x7f998f23ca20, 24`, `) = 0`},
		{"write", sc(t, "write", 3, 1, 0x1000, 3).str(1, "hi\n"), `write(1, "hi\n", 3`, `) = 3`},
		{"pause", sc(t, "pause", 0), `pause(`, `) = 0`},
		{"futex", sc(t, "futex", 0, 0x7f7e870ee990, 265, 6862, 0, 0, 0xffffffff),
			`futex(0x7f7e870ee990, FUTEX_WAIT_BITSET|FUTEX_CLOCK_REALTIME, 6862, NULL, FUTEX_BITSET_MATCH_ANY`, `) = 0`},
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		exit := c.ev.get()
		entry := *exit
		entry.Kind = 1 // SyscallEnter
		entry.Ret = 0
		if got := string(d.AppendEnter(nil, &entry)); got != c.enter {
			t.Errorf("%s enter: got %q, want %q", c.name, got, c.enter)
		}
		b := d.AppendExit(nil, exit)
		b = append(b, ' ')
		if got := string(d.AppendReturn(b, exit)); got != c.exit {
			t.Errorf("%s exit: got %q, want %q", c.name, got, c.exit)
		}
	}
}

// A call that never returned prints its exit-time arguments as addresses
// and "= ?" (strace: "<... pause resumed>) = ?").
func TestUnfinished(t *testing.T) {
	d := New(Options{StringLimit: DefaultStringLimit})
	cases := []struct {
		ev   *evb
		want string
	}{
		{sc(t, "read", 0, 0, 0x7ffc1000, 10).enter(), `read(0, 0x7ffc1000, 10) = ?`},
		{sc(t, "pause", 0).enter(), `pause() = ?`},
		{sc(t, "wait4", 0, 0xffffffffffffffff, 0x7ffd0, 0, 0).enter(), `wait4(-1, 0x7ffd0, 0, NULL) = ?`},
		{sc(t, "exit_group", 0, 0).enter(), `exit_group(0) = ?`},
	}
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}
