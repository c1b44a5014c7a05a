package decode

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// callParts formats ev with AppendCall and returns the parts it located.
func callParts(d *Decoder, enter, exit *trace.Event) (name string, args []string, ret string) {
	var ct CallText
	b := d.AppendCall(nil, enter, exit, &ct)
	for _, s := range ct.Args {
		args = append(args, string(b[s.Start:s.End]))
	}
	return string(b[ct.Name.Start:ct.Name.End]), args, string(b[ct.Ret.Start:ct.Ret.End])
}

func TestCallText(t *testing.T) {
	sock := le{}.u16(2).u16(0x901f).u32(0x0100007f).pad(8)
	tests := []struct {
		name string
		ev   *evb
		opts Options
		args []string
		ret  string
	}{
		{"openat", sc(t, "openat", 3, 0xffffff9c, 0x1000, 0x80000).str(1, `/a, "b"`), Options{StringLimit: DefaultStringLimit},
			[]string{"AT_FDCWD", `"/a, \"b\""`, "O_RDONLY|O_CLOEXEC"}, "3"},
		{"no arguments", sc(t, "getpid", 42), Options{StringLimit: DefaultStringLimit}, nil, "42"},
		{"failed", sc(t, "close", -9, 99), Options{StringLimit: DefaultStringLimit}, []string{"99"}, "-1 EBADF (Bad file descriptor)"},
		{"named clone arguments", sc(t, "clone", 30696, 0x1200011, 0, 0, 0x7f998f23ca10, 0), Options{StringLimit: DefaultStringLimit},
			[]string{"child_stack=NULL", "flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD", "child_tidptr=0x7f998f23ca10"}, "30696"},
		{"huge page shift", sc(t, "mmap", 0x7f0000000000, 0, 2097152, 3, 0x54040022, 0xffffffff, 0), Options{StringLimit: DefaultStringLimit},
			[]string{"NULL", "2097152", "PROT_READ|PROT_WRITE", "MAP_PRIVATE|MAP_ANONYMOUS|MAP_HUGETLB|21<<MAP_HUGE_SHIFT", "-1", "0"}, "0x7f0000000000"},
		{"wake op", sc(t, "futex", 1, 0x1000, 5, 1, 1, 0x2000, 0x4000001), Options{StringLimit: DefaultStringLimit},
			[]string{"0x1000", "FUTEX_WAKE_OP", "1", "1", "0x2000", "FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_GT<<24|0x1"}, "1"},
		{"address and length", sc(t, "getsockname", 0, 3, 0x1000, 0x2000).data(1, sock).data(2, le{}.u32(16)), Options{StringLimit: DefaultStringLimit},
			[]string{"3", `{sa_family=AF_INET, sin_port=htons(8080), sin_addr=inet_addr("127.0.0.1")}`, "[16]"}, "0"},
		{"comment", sc(t, "openat", 3, 0xffffff9c, 0x1000, 0x80000).str(1, "/x"), Options{StringLimit: DefaultStringLimit, Xlat: XlatVerbose},
			[]string{"-100 /* AT_FDCWD */", `"/x"`, "0x80000 /* O_RDONLY|O_CLOEXEC */"}, "3"},
		{"raw", sc(t, "read", 35, 3, 0x7f33f1c69000, 0x20000), Options{StringLimit: DefaultStringLimit, Raw: rawSet(t, "read")},
			[]string{"0x3", "0x7f33f1c69000", "0x20000"}, "0x23"},
	}
	for _, tt := range tests {
		ev := tt.ev.get()
		enter := *ev
		enter.Kind = trace.SyscallEnter
		name, args, ret := callParts(New(tt.opts), &enter, ev)
		want := syscalls.X86_64.DisplayName(int(ev.NR))
		if name != want || strings.Join(args, "\x00") != strings.Join(tt.args, "\x00") || ret != tt.ret {
			t.Errorf("%s: got %s %q = %q, want %s %q = %q", tt.name, name, args, ret, want, tt.args, tt.ret)
		}
	}
}

// An unfinished call has arguments and no result.
func TestCallTextUnfinished(t *testing.T) {
	ev := sc(t, "wait4", 0, 0xffffffffffffffff, 0x7ffd0, 0, 0).enter().get()
	name, args, ret := callParts(New(Options{StringLimit: DefaultStringLimit}), ev, nil)
	if name != "wait4" || strings.Join(args, "|") != "-1|0x7ffd0|0|NULL" || ret != "" {
		t.Errorf("got %s %q %q", name, args, ret)
	}
}

func rawSet(t *testing.T, name string) *trace.SyscallSet {
	nr, ok := syscalls.X86_64.Lookup(name)
	if !ok {
		t.Fatalf("no syscall %s", name)
	}
	s := trace.NewSyscallSet(false)
	s.Add(nr)
	return s
}

// TestCallTextEverySyscall formats every number of both tables, with
// captures of the shapes its plans produce and several options, and checks
// that AppendCall writes the text of AppendEnter, AppendExit and
// AppendReturn, and that its spans are the arguments a reader would find by
// splitting that text at the commas between arguments (splitArgText).
func TestCallTextEverySyscall(t *testing.T) {
	blob := pattern(512)
	copy(blob, "a, b\x00[x\x00/* c */")
	optsList := []Options{{}, {Verbose: true, Hex: HexNonASCII}, {StringLimit: 3, Xlat: XlatVerbose}, {DecodeFDs: FDAll, FDs: spanFDs{}}}
	argSets := [][6]uint64{{1, 0x1000, 3, 0x40, 5, 6}, {0xffffff9c, 0x2000, 0x80241, 0x1a4, 0x5401, 16}, {3, 5, 0x1000, 0x8000, 0x22, 0x4000001}}
	var ct CallText
	for _, opts := range optsList {
		d := New(opts)
		for _, tbl := range syscalls.Tables() {
			for nr := -1; nr <= tbl.Max()+1; nr++ {
				sc := tbl.Get(nr)
				for _, args := range argSets {
					for _, variant := range []uint32{shapeBytes, shapeTail, shapeFaulted, shapeTruncated} {
						for _, ret := range []int64{0, 16, -2} {
							enter := &trace.Event{Kind: trace.SyscallEnter, Arch: tbl.Arch, NR: int32(nr), Args: args}
							for i := range enter.Captures {
								enter.Captures[i] = fuzzCapture(planShape(sc.Plan[i], variant), blob, i)
							}
							exit := *enter
							exit.Kind, exit.Ret = trace.SyscallExit, ret
							for _, ex := range []*trace.Event{&exit, nil} {
								b := d.AppendCall(nil, enter, ex, &ct)
								checkCallText(t, d, b, &ct, enter, ex)
							}
						}
					}
				}
			}
		}
	}
}

// planShape is the capture shape a plan produces, given the shape wanted
// for plain bytes.
func planShape(p syscalls.Plan, bytesShape uint32) uint32 {
	switch p.Kind {
	case syscalls.CaptureIovec:
		return shapeIovec
	case syscalls.CaptureMsghdr:
		return shapeMsghdr
	case syscalls.CaptureStringArray:
		return shapeStrArray
	case syscalls.CaptureNone:
		return shapeNone
	}
	return bytesShape
}

// checkCallText checks what AppendCall wrote for enter and exit.
func checkCallText(t *testing.T, d *Decoder, b []byte, ct *CallText, enter, exit *trace.Event) {
	t.Helper()
	line := d.AppendEnter(nil, enter)
	if exit != nil {
		line = d.AppendExit(line, exit)
		line = d.AppendReturn(append(line, ' '), exit)
	} else {
		line = d.AppendExit(line, enter)
	}
	if !bytes.Equal(b, line) {
		t.Fatalf("AppendCall wrote %q, the line is %q", b, line)
	}
	open, close := ct.Name.End+1, len(b)-1
	if exit != nil {
		close = ct.Ret.Start - len(" = ") - 1
		if ct.Ret.End != len(b) || string(b[close+1:ct.Ret.Start]) != " = " {
			t.Fatalf("%q: result span %v", b, ct.Ret)
		}
	} else if ct.Ret != (Span{}) {
		t.Fatalf("%q: result span %v for a call that did not return", b, ct.Ret)
	}
	if ct.Name.Start != 0 || b[ct.Name.End] != '(' || b[close] != ')' {
		t.Fatalf("%q: name %v, arguments end at %d", b, ct.Name, close)
	}
	checkSpans(t, b, ct, open, close)
	want := splitArgText(b[open:close])
	if len(want) != len(ct.Args) {
		t.Fatalf("%q: %d argument spans %v, the text splits into %d", b, len(ct.Args), ct.Args, len(want))
	}
	for i, s := range ct.Args {
		if s.Start-open != want[i].Start || s.End-open != want[i].End {
			t.Fatalf("%q: argument %d is %q, the text splits as %q", b, i, b[s.Start:s.End], b[open+want[i].Start:open+want[i].End])
		}
	}
}

// splitArgText splits a call's argument text at each ", " outside quoted
// strings, brackets, parentheses, comments and -y's <...> annotations: the
// reading of the text that the decoder's own spans must agree with.
func splitArgText(text []byte) []Span {
	var spans []Span
	var stack []byte // expected closers
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '"':
			for i++; i < len(text) && text[i] != '"'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			// Comments nest: -X verbose's QCMD(0x10 /* Q_??? */, ...).
			depth := 1
			for i += 2; i+1 < len(text) && depth > 0; i++ {
				if text[i] == '/' && text[i+1] == '*' {
					depth++
					i++
				} else if text[i] == '*' && text[i+1] == '/' {
					depth--
					i++
				}
			}
			i--
		case c == '<' && i+1 < len(text) && text[i+1] == '<':
			i++ // a shift: 21<<MAP_HUGE_SHIFT
		case c == '(':
			stack = append(stack, ')')
		case c == '[':
			stack = append(stack, ']')
		case c == '{':
			stack = append(stack, '}')
		case c == '<':
			stack = append(stack, '>')
		case c == ')' || c == ']' || c == '}' || c == '>':
			if n := len(stack); n > 0 && stack[n-1] == c {
				stack = stack[:n-1]
			}
		case c == ',' && len(stack) == 0 && i+1 < len(text) && text[i+1] == ' ':
			spans = append(spans, Span{start, i})
			start = i + 2
			i++
		}
	}
	if start < len(text) || len(spans) > 0 {
		spans = append(spans, Span{start, len(text)})
	}
	return spans
}

// spanFDs answers -yy's questions with paths that hold commas and angle
// brackets.
type spanFDs struct{}

func (spanFDs) FDPath(tid, fd int32) (string, bool, bool) {
	switch fd % 4 {
	case 0:
		return "/dev/null", false, true
	case 1:
		return "socket:[123]", false, true
	case 2:
		return "/tmp/a, b<c>", true, true
	}
	return "", false, false
}
func (spanFDs) Cwd(tid int32) (string, bool) { return "/root, x", true }
func (spanFDs) Socket(ev *trace.Event, fd int32, inode uint64) (string, bool) {
	return "TCP:[127.0.0.1:80->127.0.0.1:4000]", true
}
func (spanFDs) Device(path string) (string, bool)  { return "char 1:3", path == "/dev/null" }
func (spanFDs) PidfdPID(tid, fd int32) (int, bool) { return 0, false }

// checkSpans checks that the argument spans of ct tile b[open:close] in
// order, separated by ", ".
func checkSpans(t *testing.T, b []byte, ct *CallText, open, close int) {
	t.Helper()
	at := open
	for i, s := range ct.Args {
		if i > 0 {
			if string(b[at:min(at+2, len(b))]) != ", " {
				t.Fatalf("%q: no \", \" before argument %d %v", b, i, s)
			}
			at += 2
		}
		if s.Start != at || s.End < s.Start || s.End > close {
			t.Fatalf("%q: argument %d at %v, want it from %d to at most %d", b, i, s, at, close)
		}
		at = s.End
	}
	if at != close {
		t.Fatalf("%q: arguments %v end at %d, the text at %d", b, ct.Args, at, close)
	}
}
