package decode

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// The expected lines are what strace 6.1 prints for these calls under -X
// (taken from strace -X raw / -X verbose runs of cat).
func TestXlatStyles(t *testing.T) {
	open := func() *trace.Event {
		return sc(t, "openat", 3, 0xffffff9c, 0x1000, 0x80000, 0).str(1, "/etc/ld.so.cache").get()
	}
	tests := []struct {
		style XlatStyle
		ev    *trace.Event
		want  string
	}{
		{XlatAbbrev, open(), `openat(AT_FDCWD, "/etc/ld.so.cache", O_RDONLY|O_CLOEXEC) = 3`},
		{XlatRaw, open(), `openat(-100, "/etc/ld.so.cache", 0x80000) = 3`},
		{XlatVerbose, open(), `openat(-100 /* AT_FDCWD */, "/etc/ld.so.cache", 0x80000 /* O_RDONLY|O_CLOEXEC */) = 3`},
		{XlatRaw, sc(t, "access", -2, 0x1000, 4).str(0, "/etc/ld.so.preload").get(), `access("/etc/ld.so.preload", 0x4) = -1 ENOENT (No such file or directory)`},
		{XlatVerbose, sc(t, "access", -2, 0x1000, 4).str(0, "/etc/ld.so.preload").get(), `access("/etc/ld.so.preload", 0x4 /* R_OK */) = -1 ENOENT (No such file or directory)`},
		{XlatRaw, sc(t, "mmap", 0x7f0000000000, 0, 8192, 3, 0x22, 0xffffffffffffffff, 0).get(), `mmap(NULL, 8192, 0x3, 0x22, -1, 0) = 0x7f0000000000`},
		{XlatVerbose, sc(t, "mmap", 0x7f0000000000, 0, 8192, 3, 0x22, 0xffffffffffffffff, 0).get(), `mmap(NULL, 8192, 0x3 /* PROT_READ|PROT_WRITE */, 0x22 /* MAP_PRIVATE|MAP_ANONYMOUS */, -1, 0) = 0x7f0000000000`},
	}
	for _, tt := range tests {
		d := New(Options{StringLimit: DefaultStringLimit, Xlat: tt.style})
		if got := whole(d, tt.ev); got != tt.want {
			t.Errorf("style %d:\ngot  %s\nwant %s", tt.style, got, tt.want)
		}
	}
}

// TestSelections checks -e verbose= (structures as addresses) and
// -e abbrev= (per-call -v) against strace's text for the same calls.
func TestSelections(t *testing.T) {
	stat := make([]byte, 144)
	copy(stat[24:], le{}.u32(0o100644))
	copy(stat[48:], le{}.u64(35007))
	fstat := func() *trace.Event {
		return sc(t, "newfstatat", 0, 3, 0x2000, 0x7ffd82866900, 0x1000).str(1, "").data(2, stat).get()
	}
	none := trace.NewSyscallSet(false)
	d := New(Options{StringLimit: DefaultStringLimit, Deref: none})
	if got, want := whole(d, fstat()), `newfstatat(3, "", 0x7ffd82866900, AT_EMPTY_PATH) = 0`; got != want {
		t.Errorf("verbose=none:\ngot  %s\nwant %s", got, want)
	}
	d = New(Options{StringLimit: DefaultStringLimit})
	if got, want := whole(d, fstat()), `newfstatat(3, "", {st_mode=S_IFREG|0644, st_size=35007, ...}, AT_EMPTY_PATH) = 0`; got != want {
		t.Errorf("default:\ngot  %s\nwant %s", got, want)
	}
	d = New(Options{StringLimit: DefaultStringLimit, Abbrev: none})
	if got := whole(d, fstat()); got == whole(New(Options{StringLimit: DefaultStringLimit}), fstat()) {
		t.Errorf("abbrev=none printed the abbreviated form: %s", got)
	}
	if got, want := whole(d, fstat()), whole(New(Options{StringLimit: DefaultStringLimit, Verbose: true}), fstat()); got != want {
		t.Errorf("abbrev=none differs from -v:\ngot  %s\nwant %s", got, want)
	}
	if d.Options().Verbose {
		t.Errorf("abbrev= left Verbose set after the call")
	}
}
