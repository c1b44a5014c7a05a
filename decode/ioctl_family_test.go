package decode

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// Expected strings are from strace 6.1's ioctl_hdio and ioctl_fiemap
// tests (their C programs print what strace prints).
func TestIoctlFamilies(t *testing.T) {
	geo := le(nil).u16(0x0201).u16(3).u32(0).u64(5)
	fm := le(nil).u64(1).u64(2).u32(7).u32(2).u32(9).u32(0)
	ext := le(nil).u64(10).u64(20).u64(30).pad(16).u32(1).pad(12)
	cases := []struct {
		name string
		opts Options
		ev   *evb
		want string
	}{
		{"hdio getgeo", Options{}, sc(t, "ioctl", 0, 3, 0x0301, 0x1000).data(2, geo), `ioctl(3, HDIO_GETGEO, {heads=1, sectors=2, cylinders=3, start=5}) = 0`},
		{"hdio getgeo err", Options{}, sc(t, "ioctl", -9, 3, 0x0301, 0x1000).data(2, geo), `ioctl(3, HDIO_GETGEO, 0x1000) = -1 EBADF (Bad file descriptor)`},
		{"hdio set long", Options{}, sc(t, "ioctl", -9, 3, 0x0324, 7), `ioctl(3, HDIO_SET_32BIT, 7) = -1 EBADF (Bad file descriptor)`},
		{"hdio set bus", Options{}, sc(t, "ioctl", -9, 3, 0x032d, 9), `ioctl(3, HDIO_SET_BUSSTATE, 0x9 /* BUSSTATE_??? */) = -1 EBADF (Bad file descriptor)`},
		{"hdio reset", Options{}, sc(t, "ioctl", -9, 3, 0x031c, 0x1000).data(2, le(nil).u32(1).u32(2).u32(3)), `ioctl(3, HDIO_DRIVE_RESET, [0x1, 0x2, 0x3]) = -1 EBADF (Bad file descriptor)`},
		{"hdio unknown", Options{}, sc(t, "ioctl", -9, 3, 0x0305, 0), `ioctl(3, HDIO_GET_QDMA, 0) = -1 EBADF (Bad file descriptor)`},
		{"hdio raw", Options{Xlat: XlatRaw}, sc(t, "ioctl", -9, 3, 0x0305, 0), `ioctl(3, 0x305, 0) = -1 EBADF (Bad file descriptor)`},
		{"hdio verbose", Options{Xlat: XlatVerbose}, sc(t, "ioctl", -9, 3, 0x0305, 0), `ioctl(3, 0x305 /* HDIO_GET_QDMA */, 0) = -1 EBADF (Bad file descriptor)`},
		{"evdev gbit", Options{}, sc(t, "ioctl", -9, 3, 0x8001452a, 0), `ioctl(3, EVIOCGBIT(0xa /* EV_??? */, 1), NULL) = -1 EBADF (Bad file descriptor)`},
		{"evdev gbit verbose", Options{Xlat: XlatVerbose}, sc(t, "ioctl", -9, 3, 0x80014521, 0), `ioctl(3, 0x80014521 /* EVIOCGBIT(EV_KEY, 1) */, NULL) = -1 EBADF (Bad file descriptor)`},
		{"evdev skeycode", Options{}, sc(t, "ioctl", -9, 3, 0x40084504, 0x1000).data(2, le(nil).u32(5).u32(1)), `ioctl(3, EVIOCSKEYCODE, [5, KEY_ESC]) = -1 EBADF (Bad file descriptor)`},
		{"evdev gversion", Options{}, sc(t, "ioctl", 0, 3, 0x80044501, 0x1000).data(2, le(nil).u32(0x10001)), `ioctl(3, EVIOCGVERSION, [0x10001]) = 0`},
		{"fiemap", Options{}, sc(t, "ioctl", 0, 3, 0xc020660b, 0x1000).data(2, fm),
			`ioctl(3, FS_IOC_FIEMAP, {fm_start=1, fm_length=2, fm_flags=FIEMAP_FLAG_SYNC|FIEMAP_FLAG_XATTR|FIEMAP_FLAG_CACHE, fm_extent_count=9} => {fm_flags=FIEMAP_FLAG_SYNC|FIEMAP_FLAG_XATTR|FIEMAP_FLAG_CACHE, fm_mapped_extents=2, ...}) = 0`},
	}
	for _, c := range cases {
		d := New(c.opts)
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
	ev := sc(t, "ioctl", 0, 3, 0xc020660b, 0x1000).data(2, le(nil).u64(1).u64(2).u32(0).u32(1).u32(9).u32(0)).get()
	ev.Captures[2].Elems = []trace.Capture{{Data: ext}}
	want := `ioctl(3, FS_IOC_FIEMAP, {fm_start=1, fm_length=2, fm_flags=0, fm_extent_count=9} => {fm_flags=0, fm_mapped_extents=1, fm_extents=[{fe_logical=10, fe_physical=20, fe_length=30, fe_flags=FIEMAP_EXTENT_LAST}]}) = 0`
	if got := whole(New(Options{Verbose: true}), ev); got != want {
		t.Errorf("fiemap -v:\n got %s\nwant %s", got, want)
	}
}
