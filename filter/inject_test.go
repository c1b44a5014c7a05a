package filter

import (
	"testing"
	"time"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

func TestInjectWhen(t *testing.T) {
	cases := []struct {
		when              string
		first, last, step uint16
		ok                bool
	}{
		{"1", 1, trace.InjectForever, 0, true},
		{"3+", 3, trace.InjectForever, 1, true},
		{"3+2", 3, trace.InjectForever, 2, true},
		{"2..5", 2, 5, 1, true},
		{"2..5+3", 2, 5, 3, true},
		{"2..5+", 2, 5, 1, true},
		{"0", 0, 0, 0, false},
		{"5..2", 0, 0, 0, false},
		{"2.5", 0, 0, 0, false},
		{"2+0", 0, 0, 0, false},
		{"65536", 0, 0, 0, false},
		{"1..65535", 0, 0, 0, false},
		{"x", 0, 0, 0, false},
	}
	for _, c := range cases {
		in := &trace.Injection{}
		ok := parseWhen(in, c.when)
		if ok != c.ok || ok && (in.First != c.first || in.Last != c.last || in.Step != c.step) {
			t.Errorf("when=%s: %v %d..%d+%d, want %v %d..%d+%d", c.when, ok, in.First, in.Last, in.Step, c.ok, c.first, c.last, c.step)
		}
	}
}

func TestParseDuration(t *testing.T) {
	cases := map[string]time.Duration{
		"10": 10 * time.Microsecond, "+10": 10 * time.Microsecond, "2s": 2 * time.Second,
		"1.5ms": 1500 * time.Microsecond, "7ns": 7, "1e3us": time.Millisecond,
	}
	for s, want := range cases {
		if got, ok := ParseDuration(s); !ok || got != want {
			t.Errorf("%q: %v %v, want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "1h", "-1", "ms", "1.5x"} {
		if got, ok := ParseDuration(s); ok {
			t.Errorf("%q: accepted as %v", s, got)
		}
	}
}

func TestInjectRules(t *testing.T) {
	spec := New(syscalls.X86_64, decode.SignalNumber)
	for _, e := range []string{"inject=chdir,getpid:error=EACCES:when=2", "fault=getpid", "inject=write:poke_enter=@arg2=4a45,@arg3=00:signal=USR1"} {
		if err := spec.Apply(e); err != nil {
			t.Fatalf("%s: %v", e, err)
		}
	}
	chdir, _ := syscalls.X86_64.Lookup("chdir")
	getpid, _ := syscalls.X86_64.Lookup("getpid")
	write, _ := syscalls.X86_64.Lookup("write")
	if in := spec.Inject.Get(int32(chdir)); in == nil || in.Errno != 13 || in.First != 2 || in.Step != 0 {
		t.Errorf("chdir: %+v", in)
	}
	if in := spec.Inject.Get(int32(getpid)); in == nil || in.Errno != enosys || in.First != 1 || in.Step != 1 {
		t.Errorf("getpid: later fault= should replace inject=: %+v", in)
	}
	if in := spec.Inject.Get(int32(write)); in == nil || in.Signal != 10 || len(in.Pokes) != 2 || in.Pokes[0].Arg != 2 || string(in.Pokes[0].Data) != "JE" || in.ChangesResult() {
		t.Errorf("write: %+v", in)
	}
	if spec.Inject.Len() != 3 {
		t.Errorf("%d rules, want 3", spec.Inject.Len())
	}
}

// TestInjectRetval: retval= is parsed as strace's strtoull: a minus
// negates modulo 2^64 (with strace's warning when the tracee may read an
// error), 0x is hexadecimal and a leading 0 octal; a value out of range
// or with another prefix is refused.
func TestInjectRetval(t *testing.T) {
	getpid, _ := syscalls.X86_64.Lookup("getpid")
	for val, want := range map[string]uint64{"-1": ^uint64(0), "-0x10": ^uint64(15), "010": 8, "+5": 5, " 7": 7, "42": 42} {
		spec := New(syscalls.X86_64, decode.SignalNumber)
		if err := spec.Apply("inject=getpid:retval=" + val); err != nil {
			t.Errorf("retval=%s: %v", val, err)
			continue
		}
		if in := spec.Inject.Get(int32(getpid)); in == nil || !in.HasRetval || in.Retval != want {
			t.Errorf("retval=%s: %+v, want %d", val, in, want)
		}
		if neg := int64(want); (neg < 0 && neg >= -4095) != (len(spec.InjectWarnings) == 1) {
			t.Errorf("retval=%s: warnings %q", val, spec.InjectWarnings)
		}
	}
	for _, val := range []string{"0b1", "1e3", "99999999999999999999", "", "-", "1_000"} {
		if err := New(syscalls.X86_64, decode.SignalNumber).Apply("inject=getpid:retval=" + val); err == nil {
			t.Errorf("retval=%q accepted", val)
		}
	}
}
