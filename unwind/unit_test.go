package unwind

import (
	"debug/elf"
	"strings"
	"testing"
)

func TestFrameString(t *testing.T) {
	for _, c := range []struct {
		f    Frame
		want string
	}{
		{Frame{Module: "/usr/lib/x86_64-linux-gnu/libc.so.6", Symbol: "__write", SymOffset: 0x10, Offset: 0xf8350},
			" > /usr/lib/x86_64-linux-gnu/libc.so.6(__write+0x10) [0xf8350]"},
		{Frame{Module: "/usr/bin/echo", Offset: 0x60c4}, " > /usr/bin/echo() [0x60c4]"},
		{Frame{Module: "/x", Symbol: "f", Offset: 0x5}, " > /x(f+0x0) [0x5]"},
		{Frame{Error: errBacktrace, Offset: 0x1234}, " > unexpected_backtracing_error [0x1234]"},
		{Frame{Error: errTooMany}, " > too many stack frames"},
	} {
		if got := c.f.String(); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.f, got, c.want)
		}
		if got := string(c.f.Append([]byte("line\n"))); got != "line\n"+c.want {
			t.Errorf("%+v appended: got %q", c.f, got)
		}
	}
	// A stack printed after its task's end: a frame without a symbol.
	for f, want := range map[Frame]string{
		{Module: "/usr/bin/true", Offset: 0x23f1}:              " > /usr/bin/true(+0x0) [0x23f1]",
		{Module: "/x", Symbol: "f", SymOffset: 2, Offset: 0x5}: " > /x(f+0x2) [0x5]",
		{Error: errBacktrace, Offset: 0x1234}:                  " > unexpected_backtracing_error [0x1234]",
	} {
		if got := f.QueuedString(); got != want {
			t.Errorf("%+v queued: got %q, want %q", f, got, want)
		}
		if got := string(f.AppendQueued([]byte("line\n"))); got != "line\n"+want {
			t.Errorf("%+v queued, appended: got %q", f, got)
		}
	}
}

func TestParseMaps(t *testing.T) {
	in := "559e517ba000-559e517bc000 r-xp 00002000 fe:00 247278                     /usr/bin/head\n" +
		"004ae000-004b6000 rw-p 00000000 00:00 0 \n" +
		"7ffd1000-7ffd3000 r-xp 00000000 00:00 0                          [vdso]\n" +
		"7f0000-7f1000 r--p 00000000 fe:00 12                         /tmp/a b (deleted)\n"
	maps, err := ParseMaps(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Mapping{
		{Start: 0x559e517ba000, End: 0x559e517bc000, Offset: 0x2000, Inode: 247278, Perms: "r-xp", Path: "/usr/bin/head"},
		{Start: 0x4ae000, End: 0x4b6000, Perms: "rw-p"},
		{Start: 0x7ffd1000, End: 0x7ffd3000, Perms: "r-xp", Path: "[vdso]"},
		{Start: 0x7f0000, End: 0x7f1000, Inode: 12, Perms: "r--p", Path: "/tmp/a b (deleted)"},
	}
	if len(maps) != len(want) {
		t.Fatalf("got %d mappings, want %d", len(maps), len(want))
	}
	for i := range want {
		if maps[i] != want[i] {
			t.Errorf("line %d: got %+v, want %+v", i, maps[i], want[i])
		}
	}
	if _, err := ParseMaps(strings.NewReader("zz-1 r-xp 0 0:0 0\n")); err == nil {
		t.Error("a malformed line parsed")
	}
}

// TestPrintable checks strace's choice of the mapping a frame is printed
// in: named, executable, the first of overlapping ones.
func TestPrintable(t *testing.T) {
	maps := []Mapping{
		{Start: 0x1000, End: 0x2000, Perms: "r-xp", Path: "/a"},
		{Start: 0x1000, End: 0x2000, Perms: "r-xp", Path: "/dup"},
		{Start: 0x2000, End: 0x3000, Perms: "r-xp"},
		{Start: 0x3000, End: 0x4000, Perms: "rw-p", Path: "[stack]"},
		{Start: 0x4000, End: 0x5000, Perms: "r-xp", Path: "[vdso]"},
	}
	for _, c := range []struct {
		addr uint64
		want string
	}{{0x1800, "/a"}, {0x2800, ""}, {0x3800, ""}, {0x4000, "[vdso]"}, {0x5000, ""}} {
		got := ""
		if m := printable(maps, c.addr); m != nil {
			got = m.Path
		}
		if got != c.want {
			t.Errorf("%#x: got %q, want %q", c.addr, got, c.want)
		}
	}
}

// TestSymbolChoice checks libunwind's choice: the nearest symbol at or
// below, sizes ignored, the first in table order among equals, none at
// the file's size or farther.
func TestSymbolChoice(t *testing.T) {
	s := &symtab{
		size:  0x10000,
		loads: []elf.Prog{{ProgHeader: elf.ProgHeader{Type: elf.PT_LOAD, Off: 0x1000, Vaddr: 0x1000}}},
		syms: []symbol{
			{value: 0x1000, order: 3, name: "write"},
			{value: 0x1000, order: 5, name: "__write"},
			{value: 0x1100, order: 1, name: "small"},
		},
		abs: []symbol{{value: 0x7f0000001100, order: 0, name: "absolute"}},
	}
	m := &Mapping{Start: 0x7f0000001000, End: 0x7f0000002000, Offset: 0x1000}
	for _, c := range []struct {
		addr uint64
		name string
		off  uint64
		ok   bool
	}{
		{0x7f0000001000, "write", 0, true},
		{0x7f00000010ff, "write", 0xff, true},
		{0x7f0000001100, "absolute", 0, true}, // first in table order
		{0x7f0000001fff, "absolute", 0xeff, true},
		{0x7f0000000fff, "", 0, false},
		{0x7f0000011100, "", 0, false}, // the file's size away
	} {
		name, off, ok := s.lookup(m, c.addr)
		if name != c.name || off != c.off || ok != c.ok {
			t.Errorf("%#x: got %q+%#x %v, want %q+%#x %v", c.addr, name, off, ok, c.name, c.off, c.ok)
		}
	}
}

func TestDemangled(t *testing.T) {
	for in, want := range map[string]string{
		"_ZN2ns2f3Ei":       "ns::f3(int)",
		"_ZN2ns1S2f0Ei":     "ns::S::f0(int)",
		"main":              "main",
		"_Z3foov.cold":      "foo() [clone .cold]",
		"_Znot_a_real_name": "_Znot_a_real_name",
	} {
		if got := demangled(in); got != want {
			t.Errorf("%s: got %q, want %q", in, got, want)
		}
	}
}
