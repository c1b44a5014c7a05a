package decode

import "testing"

// Expected strings are from strace 6.1's ioctl_evdev-success.c and
// ioctl_evdev.c.
func TestIoctlEvdevMore(t *testing.T) {
	evMore := le(nil).u64(1<<3 | 1<<4 | 1<<0x11 | 1<<0x12 | 1<<0x16).pad(24)
	ff := le(nil).u16(0x50).u16(0x8382).u16(34180).u16(34694).u16(35208).u16(35722).u16(36236).pad(2).u16(37264).u16(37778).pad(28)
	runIoctlCases(t, []ioctlCase{
		{"getbit", XlatAbbrev, sc(t, "ioctl", 8, 0xffffffffffffffff, 0x80004520, 0x1000).data(2, evMore),
			`ioctl(-1, EVIOCGBIT(0, 0), [EV_ABS EV_MSC EV_LED EV_SND ...]) = 8`},
		{"getbit raw", XlatRaw, sc(t, "ioctl", 2, 0xffffffffffffffff, 0x80004520, 0x1000).data(2, evMore),
			`ioctl(-1, 0x80004520, [0x460018]) = 2`},
		{"getbit verbose", XlatVerbose, sc(t, "ioctl", 2, 0xffffffffffffffff, 0x80004520, 0x1000).data(2, evMore),
			`ioctl(-1, 0x80004520 /* EVIOCGBIT(0, 0) */, [0x3 /* EV_ABS */ 0x4 /* EV_MSC */] /* [0x460018] */) = 2`},
		{"getbit none", XlatAbbrev, sc(t, "ioctl", 0, 0xffffffffffffffff, 0x80004520, 0x1000).data(2, evMore),
			`ioctl(-1, EVIOCGBIT(0, 0), 0x1000) = 0`},
		{"mtslots", XlatAbbrev, sc(t, "ioctl", 0, 0xffffffffffffffff, 0x800c450a, 0x1000).data(2, le(nil).u32(0x2f).u32(1).u32(3)),
			`ioctl(-1, EVIOCGMTSLOTS(12), {code=ABS_MT_SLOT, values=[1, 3]}) = 0`},
		{"sff", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, evSFF, 0x1000).data(2, ff),
			`ioctl(-1, EVIOCSFF, {type=FF_RUMBLE, id=-31870, direction=34180, ...}) = -1 EBADF (Bad file descriptor)`},
	})
	d := New(Options{StringLimit: DefaultStringLimit, Verbose: true})
	want := `ioctl(-1, EVIOCSFF, {type=FF_RUMBLE, id=-31870, direction=34180, trigger={button=34694, interval=35208}, replay={length=35722, delay=36236}, rumble={strong_magnitude=37264, weak_magnitude=37778}}) = -1 EBADF (Bad file descriptor)`
	if got := whole(d, sc(t, "ioctl", -9, 0xffffffffffffffff, evSFF, 0x1000).data(2, ff).get()); got != want {
		t.Errorf("sff -v:\n got %s\nwant %s", got, want)
	}
}
