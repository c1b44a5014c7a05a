package decode

import "testing"

// TestBenchMixPrints checks that the benchmark's events decode to the lines
// strace prints for them, so the benchmark measures real work.
func TestBenchMixPrints(t *testing.T) {
	want := []string{
		`openat(AT_FDCWD, "/lib/x86_64-linux-gnu/libc.so.6", O_RDONLY|O_CLOEXEC) = 3`,
		`read(3, "\177ELF\2\1\1\3\0\0\0\0\0\0\0\0\3\0>\0\1\0\0\0P\237\2\0\0\0\0\0"..., 832) = 832`,
		`fstat(3, {st_mode=S_IFREG|0755, st_size=2220400, ...}) = 0`,
		`mmap(NULL, 2264656, PROT_READ, MAP_PRIVATE|MAP_DENYWRITE, 3, 0) = 0x7f3a1c000000`,
		`close(3) = 0`,
		`write(1, "hello world\n", 12) = 12`,
		`openat(AT_FDCWD, "/usr/lib/locale/locale-archive", O_RDONLY|O_CLOEXEC) = -1 ENOENT (No such file or directory)`,
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for i, ev := range benchEvents(t) {
		b := d.AppendEnter(nil, ev)
		b = d.AppendExit(b, ev)
		b = append(b, ' ')
		b = d.AppendReturn(b, ev)
		if string(b) != want[i] {
			t.Errorf("event %d:\n got %s\nwant %s", i, b, want[i])
		}
	}
}
