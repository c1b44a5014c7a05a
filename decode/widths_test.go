package decode

import "testing"

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
