package decode

import "testing"

// Expected strings are from strace 6.1 runs (default, -x, -xx, -s 5) of a
// program writing these buffers.
func TestStringOptions(t *testing.T) {
	bufs := []string{"a\x01\x80\xffb\"\\\x1b7\x010\x00", "tab\there\r\n\v\f", "0123456789abcdefghij"}
	want := map[string][]string{
		"default": {`"a\1\200\377b\"\\\0337\0010\0"`, `"tab\there\r\n\v\f"`, `"0123456789abcdefghij"`},
		"-x":      {`"\x61\x01\x80\xff\x62\x22\x5c\x1b\x37\x01\x30\x00"`, `"tab\there\r\n\v\f"`, `"0123456789abcdefghij"`},
		"-xx": {`"\x61\x01\x80\xff\x62\x22\x5c\x1b\x37\x01\x30\x00"`, `"\x74\x61\x62\x09\x68\x65\x72\x65\x0d\x0a\x0b\x0c"`,
			`"\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39\x61\x62\x63\x64\x65\x66\x67\x68\x69\x6a"`},
		"-s 5": {`"a\1\200\377b"...`, `"tab\th"...`, `"01234"...`},
	}
	const s32 = DefaultStringLimit
	opts := map[string]Options{"default": {StringLimit: s32}, "-x": {StringLimit: s32, Hex: HexNonASCII}, "-xx": {StringLimit: s32, Hex: HexAll}, "-s 5": {StringLimit: 5}}
	for name, o := range opts {
		d := New(o)
		for i, s := range bufs {
			ev := sc(t, "write", int64(len(s)), 1, 0x1000, uint64(len(s))).str(1, s)
			exp := "write(1, " + want[name][i] + ", " + itoa(len(s)) + ") = " + itoa(len(s))
			if got := whole(d, ev.get()); got != exp {
				t.Errorf("%s: got %s\nwant %s", name, got, exp)
			}
		}
	}
}

func itoa(n int) string { return string(appendInt(nil, int64(n))) }

func TestCStringsAndPaths(t *testing.T) {
	d := New(Options{StringLimit: 4})
	// A path is never shortened by -s.
	ev := sc(t, "chdir", 0, 0x1000).str(0, "/usr/local/lib")
	if got, want := whole(d, ev.get()), `chdir("/usr/local/lib") = 0`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// A path cut at PATH_MAX ends with "...".
	ev = sc(t, "chdir", 0, 0x1000).str(0, "/abc").trunc(0)
	if got, want := whole(d, ev.get()), `chdir("/abc"...) = 0`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// argv strings are shortened; exactly -s bytes is not.
	ev = sc(t, "execve", 0, 0x1000, 0x2000, 0x3000).str(0, "/bin/x").strs(1, 2, "abcd", "abcde").strs(2, 1)
	if got, want := whole(d, ev.get()), `execve("/bin/x", ["abcd", "abcd"...], 0x3000 /* 1 var */) = 0`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// More than -s arguments are elided.
	ev = sc(t, "execve", 0, 0x1000, 0x2000, 0x3000).str(0, "/bin/x").strs(1, 6, "a", "b", "c", "d", "e", "f").strs(2, 0)
	if got, want := whole(d, ev.get()), `execve("/bin/x", ["a", "b", "c", "d", ...], 0x3000 /* 0 vars */) = 0`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// Octal escapes take three digits before a digit.
	d = New(Options{StringLimit: DefaultStringLimit})
	ev = sc(t, "write", 4, 1, 0x1000, 4).str(1, "\x001\x007")
	if got, want := whole(d, ev.get()), `write(1, "\0001\0007", 4) = 4`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// An unreadable buffer prints its address.
	ev = sc(t, "write", -14, 1, 0xdead, 4).fault(1)
	if got, want := whole(d, ev.get()), `write(1, 0xdead, 4) = -1 EFAULT (Bad address)`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// -xx prints paths and argv in hex too; -x only strings with non-ASCII
// bytes (strace 6.1 runs of cat).
func TestHexPaths(t *testing.T) {
	d := New(Options{StringLimit: DefaultStringLimit, Hex: HexAll})
	ev := sc(t, "openat", 3, 0xffffff9c, 0x1000, 0x80000).str(1, "/etc/ld.so.cache")
	if got, want := whole(d, ev.get()), `openat(AT_FDCWD, "\x2f\x65\x74\x63\x2f\x6c\x64\x2e\x73\x6f\x2e\x63\x61\x63\x68\x65", O_RDONLY|O_CLOEXEC) = 3`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	ev = sc(t, "execve", 0, 0x1000, 0x2000, 0x7ffe35d40480).str(0, "/usr/bin/cat").strs(1, 2, "cat", "f1").strs(2, 35)
	if got, want := whole(d, ev.get()), `execve("\x2f\x75\x73\x72\x2f\x62\x69\x6e\x2f\x63\x61\x74", ["\x63\x61\x74", "\x66\x31"], 0x7ffe35d40480 /* 35 vars */) = 0`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	d = New(Options{StringLimit: DefaultStringLimit, Hex: HexNonASCII})
	ev = sc(t, "openat", -2, 0xffffff9c, 0x1000, 0).str(1, "f\xe9")
	if got, want := whole(d, ev.get()), `openat(AT_FDCWD, "\x66\xe9", O_RDONLY) = -1 ENOENT (No such file or directory)`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
