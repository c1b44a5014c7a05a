package decode

import (
	"strings"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// kept sets argument i's capture to an entry copy kept beside the exit
// copy (syscalls.CInAndOut).
func (e *evb) kept(i int, entry, exit []byte) *evb {
	e.ev.Captures[i].Data = append(append([]byte(nil), entry...), exit...)
	e.ev.Captures[i].Aux = uint64(len(entry))
	return e
}

// fileHandle is a struct file_handle of handle_bytes hb and handle_type
// typ, followed by f (up to LayoutFileHandle's size).
func fileHandle(hb uint32, typ int32, f ...byte) []byte {
	return append(le(nil).u32(hb).u32(uint32(typ)), f...)
}

const (
	atFDCWD = 0xffffffffffffff9c
	fhBytes = `"\xd6\x2c\x9a\x00\x33\xeb\x50\x0a"`
)

var fh8 = []byte{0xd6, 0x2c, 0x9a, 0x00, 0x33, 0xeb, 0x50, 0x0a}

// Expected strings are strace 6.1's (file_handle.c) on the same calls:
// the handle's handle_bytes at entry, " => " what the kernel wrote
// (also on EOVERFLOW), handle_type and f_handle on success, whatever -s
// says; a handle that cannot be read prints as its address, and then so
// does mount_id.
func TestNameToHandleAt(t *testing.T) {
	in128 := fileHandle(128, 0) // the header alone at entry (syscalls.EntryHead)
	out := fileHandle(8, 1, append(fh8, make([]byte, 120)...)...)
	const mid = 0x7ffca43d67a8
	ok := sc(t, "name_to_handle_at", 0, atFDCWD, 0x1000, 0x2000, mid, 0).str(1, "/tmp/f1").kept(2, in128, out).data(3, le(nil).u32(27))
	runIoctlCases(t, []ioctlCase{
		{"success", XlatAbbrev, ok,
			`name_to_handle_at(AT_FDCWD, "/tmp/f1", {handle_bytes=128 => 8, handle_type=1, f_handle=` + fhBytes + `}, [27], 0) = 0`},
		{"success raw", XlatRaw, ok,
			`name_to_handle_at(-100, "/tmp/f1", {handle_bytes=128 => 8, handle_type=1, f_handle=` + fhBytes + `}, [27], 0) = 0`},
		{"success verbose", XlatVerbose, ok,
			`name_to_handle_at(-100 /* AT_FDCWD */, "/tmp/f1", {handle_bytes=128 => 8, handle_type=1, f_handle=` + fhBytes + `}, [27], 0) = 0`},
		{"unchanged, to its page's end", XlatAbbrev, sc(t, "name_to_handle_at", 0, atFDCWD, 0x1000, 0x2ff0, mid, 0).str(1, "/tmp/f1").
			kept(2, fileHandle(8, 0), fileHandle(8, 1, fh8...)).data(3, le(nil).u32(27)),
			`name_to_handle_at(AT_FDCWD, "/tmp/f1", {handle_bytes=8, handle_type=1, f_handle=` + fhBytes + `}, [27], 0) = 0`},
		{"overflow", XlatAbbrev, sc(t, "name_to_handle_at", -75, atFDCWD, 0x1000, 0x2000, mid, 0).str(1, "/tmp/f1").
			kept(2, fileHandle(0, 0), fileHandle(8, 0, make([]byte, 128)...)).data(3, le(nil).u32(27)),
			`name_to_handle_at(AT_FDCWD, "/tmp/f1", {handle_bytes=0 => 8}, 0x7ffca43d67a8, 0) = -1 EOVERFLOW (Value too large for defined data type)`},
		{"handle NULL", XlatAbbrev, sc(t, "name_to_handle_at", -14, atFDCWD, 0x1000, 0, mid, 0).str(1, "/tmp/f1"),
			`name_to_handle_at(AT_FDCWD, "/tmp/f1", NULL, 0x7ffca43d67a8, 0) = -1 EFAULT (Bad address)`},
		{"mount_id NULL", XlatAbbrev, sc(t, "name_to_handle_at", -14, atFDCWD, 0x1000, 0x2000, 0, 0).str(1, "/tmp/f1").
			kept(2, fileHandle(8, 0), fileHandle(8, 0, make([]byte, 128)...)),
			`name_to_handle_at(AT_FDCWD, "/tmp/f1", {handle_bytes=8}, NULL, 0) = -1 EFAULT (Bad address)`},
		{"unreadable", XlatAbbrev, sc(t, "name_to_handle_at", -14, atFDCWD, 0x1000, 1, 2, 0x1400).str(1, "/tmp/f1").fault(2),
			`name_to_handle_at(AT_FDCWD, "/tmp/f1", 0x1, 0x2, AT_SYMLINK_FOLLOW|AT_EMPTY_PATH) = -1 EFAULT (Bad address)`},
		{"unreadable verbose", XlatVerbose, sc(t, "name_to_handle_at", -14, atFDCWD, 0x1000, 1, 2, 0x1400).str(1, "/tmp/f1").fault(2),
			`name_to_handle_at(-100 /* AT_FDCWD */, "/tmp/f1", 0x1, 0x2, 0x1400 /* AT_SYMLINK_FOLLOW|AT_EMPTY_PATH */) = -1 EFAULT (Bad address)`},
		{"header alone readable", XlatAbbrev, sc(t, "name_to_handle_at", -14, atFDCWD, 0x1000, 0x2ff8, mid, 0).str(1, "/tmp/f1").
			kept(2, fileHandle(8, 1), fileHandle(8, 1)),
			`name_to_handle_at(AT_FDCWD, "/tmp/f1", {handle_bytes=8}, 0x7ffca43d67a8, 0) = -1 EFAULT (Bad address)`},
		{"unknown flags", XlatVerbose, sc(t, "name_to_handle_at", -22, atFDCWD, 0x1000, 0x2000, mid, 4).str(1, "/tmp/f1").
			kept(2, fileHandle(8, 0), fileHandle(8, 0, make([]byte, 128)...)),
			`name_to_handle_at(-100 /* AT_FDCWD */, "/tmp/f1", {handle_bytes=8}, 0x7ffca43d67a8, 0x4 /* AT_??? */) = -1 EINVAL (Invalid argument)`},
		// Not from a kernel: a handle whose f_handle cannot be read, and
		// one longer than MAX_HANDLE_SZ.
		{"f_handle unreadable", XlatAbbrev, sc(t, "name_to_handle_at", 0, atFDCWD, 0x1000, 0x2ff8, mid, 0).str(1, "/tmp/f1").
			kept(2, fileHandle(8, 1), fileHandle(8, 1)).data(3, le(nil).u32(27)),
			`name_to_handle_at(AT_FDCWD, "/tmp/f1", {handle_bytes=8, handle_type=1, f_handle=???}, [27], 0) = 0`},
		{"f_handle long", XlatAbbrev, sc(t, "name_to_handle_at", 0, atFDCWD, 0x1000, 0x2000, mid, 0).str(1, "/tmp/f1").
			kept(2, fileHandle(200, 0), fileHandle(200, -1, make([]byte, 128)...)).data(3, le(nil).u32(27)),
			`name_to_handle_at(AT_FDCWD, "/tmp/f1", {handle_bytes=200, handle_type=-1, f_handle="` + strings.Repeat(`\x00`, 128) + `"...}, [27], 0) = 0`},
	})
}

func TestOpenByHandleAt(t *testing.T) {
	h := fileHandle(8, 1, append(fh8, make([]byte, 120)...)...)
	runIoctlCases(t, []ioctlCase{
		{"success", XlatAbbrev, sc(t, "open_by_handle_at", 3, atFDCWD, 0x1000, 0).data(1, h),
			`open_by_handle_at(-100, {handle_bytes=8, handle_type=1, f_handle=` + fhBytes + `}, O_RDONLY) = 3`},
		{"success raw", XlatRaw, sc(t, "open_by_handle_at", 3, atFDCWD, 0x1000, 0).data(1, h),
			`open_by_handle_at(-100, {handle_bytes=8, handle_type=1, f_handle=` + fhBytes + `}, 0) = 3`},
		{"success verbose", XlatVerbose, sc(t, "open_by_handle_at", 3, atFDCWD, 0x1000, 0).data(1, h),
			`open_by_handle_at(-100, {handle_bytes=8, handle_type=1, f_handle=` + fhBytes + `}, 0 /* O_RDONLY */) = 3`},
		{"NULL", XlatAbbrev, sc(t, "open_by_handle_at", -14, 0xffffffff, 0, 0x80002),
			`open_by_handle_at(-1, NULL, O_RDWR|O_CLOEXEC) = -1 EFAULT (Bad address)`},
		{"unreadable", XlatAbbrev, sc(t, "open_by_handle_at", -14, 5, 3, 0).fault(1),
			`open_by_handle_at(5, 0x3, O_RDONLY) = -1 EFAULT (Bad address)`},
		{"f_handle unreadable", XlatAbbrev, sc(t, "open_by_handle_at", -14, atFDCWD, 0x2ff8, 0).data(1, fileHandle(8, 1)),
			`open_by_handle_at(-100, {handle_bytes=8, handle_type=1, f_handle=???}, O_RDONLY) = -1 EFAULT (Bad address)`},
		{"f_handle long", XlatAbbrev, sc(t, "open_by_handle_at", -22, atFDCWD, 0x1000, 0).data(1, fileHandle(200, 1, append(fh8, make([]byte, 120)...)...)),
			`open_by_handle_at(-100, {handle_bytes=200, handle_type=1, f_handle="\xd6\x2c\x9a\x00\x33\xeb\x50\x0a` + strings.Repeat(`\x00`, 120) + `"...}, O_RDONLY) = -1 EINVAL (Invalid argument)`},
	})
}

// TestFileHandleOptions: under -e verbose= leaving the calls out both
// handles (and mount_id) print as addresses; under -y the descriptors
// print with their paths, open_by_handle_at's result as a number, as
// strace prints it; -s does not cut f_handle.
func TestFileHandleOptions(t *testing.T) {
	in := fileHandle(128, 0)
	out := fileHandle(8, 1, append(fh8, make([]byte, 120)...)...)
	name := sc(t, "name_to_handle_at", 0, atFDCWD, 0x1000, 0x55edd5fe82a0, 0x7ffd6fe10048, 0).str(1, "/tmp/f1").kept(2, in, out).data(3, le(nil).u32(27))
	open := sc(t, "open_by_handle_at", 6, 5, 0x55edd5fe82a0, 0x800).data(1, out)
	fds := &fakeFDs{paths: map[int32]string{5: "/tmp", 6: "/tmp/f1"}, cwd: "/tmp/hrepro"}
	tests := []struct {
		name string
		o    Options
		ev   *trace.Event
		want string
	}{
		{"verbose=none", Options{Deref: trace.NewSyscallSet(false)}, name.get(),
			`name_to_handle_at(AT_FDCWD, "/tmp/f1", 0x55edd5fe82a0, 0x7ffd6fe10048, 0) = 0`},
		{"verbose=none open", Options{Deref: trace.NewSyscallSet(false)}, open.get(),
			`open_by_handle_at(5, 0x55edd5fe82a0, O_RDONLY|O_NONBLOCK) = 6`},
		{"-y", Options{DecodeFDs: FDPath, FDs: fds}, name.get(),
			`name_to_handle_at(AT_FDCWD</tmp/hrepro>, "/tmp/f1", {handle_bytes=128 => 8, handle_type=1, f_handle=` + fhBytes + `}, [27], 0) = 0`},
		{"-y open", Options{DecodeFDs: FDPath, FDs: fds}, open.get(),
			`open_by_handle_at(5</tmp>, {handle_bytes=8, handle_type=1, f_handle=` + fhBytes + `}, O_RDONLY|O_NONBLOCK) = 6`},
		{"-s 4", Options{StringLimit: 4}, open.get(),
			`open_by_handle_at(5, {handle_bytes=8, handle_type=1, f_handle=` + fhBytes + `}, O_RDONLY|O_NONBLOCK) = 6`},
	}
	for _, tt := range tests {
		if tt.o.StringLimit == 0 {
			tt.o.StringLimit = DefaultStringLimit
		}
		if got := whole(New(tt.o), tt.ev); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

// TestNameToHandleAtUnfinished: the entry prints handle_bytes as given,
// and a call that never returns prints the rest as unfinished.
func TestNameToHandleAtUnfinished(t *testing.T) {
	ev := sc(t, "name_to_handle_at", 0, atFDCWD, 0x1000, 0x2000, 0x3000, 0).str(1, "/tmp/f1").data(2, fileHandle(128, 0)).enter().get()
	d := New(Options{StringLimit: DefaultStringLimit})
	if got, want := string(d.AppendEnter(nil, ev)), `name_to_handle_at(AT_FDCWD, "/tmp/f1", {handle_bytes=128`; got != want {
		t.Errorf("entry:\n got %s\nwant %s", got, want)
	}
	if got := string(d.AppendExit(nil, ev)); got == ")" {
		t.Errorf("exit of an entry printed nothing")
	}
}
