package filter

import (
	"errors"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// signalsForTest resolves the few names the tests use; the real CLI passes
// decode.SignalNumber.
func signalsForTest(name string) (int, bool) {
	n, ok := map[string]int{"HUP": 1, "INT": 2, "KILL": 9, "USR1": 10, "TERM": 15, "CHLD": 17}[name]
	return n, ok
}

func newSpec(t *testing.T, exprs ...string) *Spec {
	t.Helper()
	s := New(syscalls.X86_64, signalsForTest)
	for _, e := range exprs {
		if err := s.Apply(e); err != nil {
			t.Fatalf("Apply(%q): %v", e, err)
		}
	}
	return s
}

func TestTraceSets(t *testing.T) {
	tests := []struct {
		expr     string
		in, out  []int
		traceAll bool
	}{
		{"trace=all", []int{unix.SYS_READ, 460}, nil, true},
		{"trace=none", nil, []int{unix.SYS_READ}, false},
		{"trace=open,close", []int{unix.SYS_OPEN, unix.SYS_CLOSE}, []int{unix.SYS_READ}, false},
		{"open,close", []int{unix.SYS_OPEN}, []int{unix.SYS_READ}, false},
		{"t=read", []int{unix.SYS_READ}, []int{unix.SYS_WRITE}, false},
		{"trace=!write", []int{unix.SYS_READ, 500}, []int{unix.SYS_WRITE}, false},
		{"trace=!!write", []int{unix.SYS_WRITE}, []int{unix.SYS_READ}, false},
		{"trace=%file", []int{unix.SYS_OPENAT, unix.SYS_EXECVE, unix.SYS_STAT}, []int{unix.SYS_READ, unix.SYS_CLOSE}, false},
		{"trace=file", []int{unix.SYS_OPENAT}, []int{unix.SYS_READ}, false},
		{"trace=%FILE", []int{unix.SYS_OPENAT}, []int{unix.SYS_READ}, false},
		{"trace=%net", []int{unix.SYS_SOCKET, unix.SYS_CONNECT}, []int{unix.SYS_READ}, false},
		{"trace=%process", []int{unix.SYS_CLONE, unix.SYS_EXECVE, unix.SYS_WAIT4, unix.SYS_EXIT_GROUP}, []int{unix.SYS_READ}, false},
		{"trace=%%stat", []int{unix.SYS_STAT, unix.SYS_FSTAT, unix.SYS_NEWFSTATAT, unix.SYS_STATX}, []int{unix.SYS_OPENAT}, false},
		{"trace=%memory", []int{unix.SYS_MMAP, unix.SYS_BRK}, []int{unix.SYS_READ}, false},
		{"trace=/^pread", []int{unix.SYS_PREAD64}, []int{unix.SYS_READ}, false},
		{"trace=/read$", []int{unix.SYS_READ}, []int{unix.SYS_PREAD64, unix.SYS_WRITE}, false},
		{"trace=?nosuchcall,read", []int{unix.SYS_READ}, []int{unix.SYS_WRITE}, false},
		{"trace=0,1", []int{0, 1}, []int{2}, false},
		{"trace=write,,read", []int{0, 1}, []int{2}, false},
		{"trace=syscall_0x1c8", []int{0x1c8}, []int{0}, false},
		{"trace=%desc,%memory", []int{unix.SYS_READ, unix.SYS_BRK}, []int{unix.SYS_GETPID}, false},
	}
	for _, tc := range tests {
		s := newSpec(t, tc.expr)
		for _, nr := range tc.in {
			if !s.Trace.Has(nr) {
				t.Errorf("%s: %d not traced", tc.expr, nr)
			}
		}
		for _, nr := range tc.out {
			if s.Trace.Has(nr) {
				t.Errorf("%s: %d traced", tc.expr, nr)
			}
		}
		if s.TraceAll != tc.traceAll {
			t.Errorf("%s: TraceAll = %v", tc.expr, s.TraceAll)
		}
	}
}

func TestLaterTraceReplacesEarlier(t *testing.T) {
	s := newSpec(t, "trace=read", "trace=write")
	if s.Trace.Has(unix.SYS_READ) || !s.Trace.Has(unix.SYS_WRITE) {
		t.Error("the second trace= did not replace the first")
	}
}

func TestErrors(t *testing.T) {
	for expr, want := range map[string]string{
		"trace=foo":      "invalid system call 'foo'",
		"foo":            "invalid system call 'foo'",
		"foo=bar":        "invalid system call 'foo=bar'",
		"trace=":         "invalid system call ''",
		"trace=,":        "invalid system call ','",
		"trace=read,foo": "invalid system call 'foo'",
		"trace=%nope":    "invalid system call '%nope'",
		"trace=/[":       "regcomp: [:",
		"trace=99999":    "invalid system call '99999'",
		"signal=FOO":     "invalid signal 'FOO'",
		"signal=256":     "invalid signal '256'",
		"signal=":        "invalid signal ''",
		"status=x":       "invalid status 'x'",
		"quiet=x":        "invalid quiet 'x'",
		"kvm=x":          "invalid -e kvm= argument: 'x'",
		"read=x":         "invalid descriptor 'x'",
		"raw=nosuch":     "invalid system call 'nosuch'",
	} {
		s := New(syscalls.X86_64, signalsForTest)
		err := s.Apply(expr)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Apply(%q) = %v, want prefix %q", expr, err, want)
		}
	}
}

func TestSignals(t *testing.T) {
	s := newSpec(t, "signal=SIGUSR1,term,9")
	for sig, want := range map[int]bool{10: true, 15: true, 9: true, 17: false, 2: false} {
		if s.Signals.Has(sig) != want {
			t.Errorf("signal %d: %v", sig, !want)
		}
	}
	s = newSpec(t, "signal=!SIGCHLD")
	if s.Signals.Has(17) || !s.Signals.Has(10) {
		t.Error("signal=!SIGCHLD")
	}
	s = newSpec(t, "signal=none")
	if s.Signals.Has(10) {
		t.Error("signal=none")
	}
	if !New(syscalls.X86_64, signalsForTest).Signals.Has(64) {
		t.Error("default signal set misses 64")
	}
}

func TestStatusAndQuiet(t *testing.T) {
	s := newSpec(t, "status=failed,unfinished")
	if s.Status != StatusFailed|StatusUnfinished {
		t.Errorf("status = %b", s.Status)
	}
	s = newSpec(t, "status=!successful")
	if s.Status&StatusSuccessful != 0 || s.Status&StatusFailed == 0 {
		t.Errorf("status=!successful = %b", s.Status)
	}
	s = newSpec(t)
	s.OnlySuccessful()
	if s.Status != StatusSuccessful {
		t.Error("-z")
	}
	s = newSpec(t, "quiet=attach,exits")
	if s.Quiet != QuietAttach|QuietExit {
		t.Errorf("quiet = %b", s.Quiet)
	}
	s = newSpec(t)
	s.SetQuietLevel(2)
	if s.Quiet&QuietExit == 0 || s.Quiet&QuietAttach == 0 {
		t.Errorf("-qq quiet = %b", s.Quiet)
	}
	s = newSpec(t)
	s.SetQuietLevel(1)
	if s.Quiet&QuietExit != 0 {
		t.Errorf("-q suppresses exits")
	}
}

// TestPersonalities: names of i386 and x32 are valid in -e trace= (they
// trace nothing natively); a suffix picks one personality; a bad suffix
// is a help error.
func TestPersonalities(t *testing.T) {
	getcwd, _ := syscalls.X86_64.Lookup("getcwd")
	for expr, native := range map[string]bool{
		"trace=mmap2": false, "trace=getcwd@32": false, "trace=getcwd@x32": false,
		"trace=getcwd@64": true, "trace=getcwd": true, "trace=/^getcw@64": true,
	} {
		spec := New(syscalls.X86_64, signalsForTest)
		if err := spec.Apply(expr); err != nil {
			t.Errorf("%s: %v", expr, err)
			continue
		}
		if spec.Trace.Has(getcwd) != native {
			t.Errorf("%s: getcwd traced %v, want %v", expr, !native, native)
		}
	}
	for _, expr := range []string{"trace=mmap2@64", "trace=getcwd@16"} {
		err := New(syscalls.X86_64, signalsForTest).Apply(expr)
		var he *HelpError
		if err == nil || strings.HasSuffix(expr, "@16") != errors.As(err, &he) {
			t.Errorf("%s: %v", expr, err)
		}
	}
}

// TestTracePersonalities: a name selects each personality's call of that
// name (getgid32 is i386's 200, tkill x86_64's 200), and NAME@P only
// personality P's.
func TestTracePersonalities(t *testing.T) {
	const nr = 200
	tests := []struct {
		expr         string
		has64, has32 bool
	}{
		{"trace=getgid32", false, true},
		{"trace=tkill", true, false},
		{"trace=tkill@64,getgid32@32", true, true},
		{"trace=getgid32@64", false, false},
		{"trace=tkill@32", false, false},
		{"trace=!tkill", false, true},
		{"trace=%creds", false, true},
		{"trace=200", true, true},
		{"trace=200@32", false, true},
	}
	for _, tc := range tests {
		s, err := func() (*Spec, error) {
			s := New(syscalls.X86_64, signalsForTest)
			return s, s.Apply(tc.expr)
		}()
		if err != nil {
			if tc.has64 || tc.has32 {
				t.Errorf("%s: %v", tc.expr, err)
			}
			continue
		}
		if got := s.Trace.Has(nr); got != tc.has64 {
			t.Errorf("%s: x86_64's %d traced: %v, want %v", tc.expr, nr, got, tc.has64)
		}
		if got := s.Trace.HasIn(trace.Pers32, nr); got != tc.has32 {
			t.Errorf("%s: i386's %d traced: %v, want %v", tc.expr, nr, got, tc.has32)
		}
		if s.TraceAll {
			t.Errorf("%s: TraceAll set", tc.expr)
		}
	}
	if s := newSpec(t, "trace=!getgid32@32"); s.TraceAll || !s.Trace.Has(nr) || s.Trace.HasIn(trace.Pers32, nr) {
		t.Errorf("trace=!getgid32@32: TraceAll %v, has64 %v, has32 %v", s.TraceAll, s.Trace.Has(nr), s.Trace.HasIn(trace.Pers32, nr))
	}
}

// TestUnnamedNumbersTraced: a number its personality's table does not
// name is traced whatever trace= says, as strace traces it.
func TestUnnamedNumbersTraced(t *testing.T) {
	for _, expr := range []string{"trace=none", "trace=getppid", "trace=!all"} {
		s := newSpec(t, expr)
		if !s.Trace.Has(500) || !s.Trace.Has(1000) || !s.Trace.HasIn(trace.Pers32, 511) || !s.Trace.Beyond(trace.Pers32) {
			t.Errorf("%s: unnamed numbers not traced", expr)
		}
		if s.Trace.Has(unix.SYS_READ) || s.Trace.HasIn(trace.Pers32, 3) {
			t.Errorf("%s: read traced", expr)
		}
	}
}

// TestKVM: -e kvm=vcpu asks for KVM_RUN's exit reasons.
func TestKVM(t *testing.T) {
	s := New(syscalls.X86_64, signalsForTest)
	if s.KVMVcpu {
		t.Fatal("exit reasons asked for by default")
	}
	if err := s.Apply("kvm=vcpu"); err != nil || !s.KVMVcpu {
		t.Errorf("Apply(kvm=vcpu) = %v, KVMVcpu %v; want nil, true", err, s.KVMVcpu)
	}
}
