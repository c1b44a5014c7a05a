package syscalls

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// TestCompatTables: a call of the i386 personality gets its native
// namesake's signature and plan only when they do not depend on the
// personality's layouts; any other prints its own number of raw
// arguments; socketcall's and ipc's subcall numbers are names only.
func TestCompatTables(t *testing.T) {
	if ForCall(trace.ArchI386, trace.Pers32) != I386 || ForCall(trace.ArchX86_64, trace.PersX32) != X32 || ForCall(trace.ArchX86_64, trace.PersNative) != X86_64 {
		t.Fatal("ForCall picks the wrong tables")
	}
	tests := []struct {
		nr      int
		name    string
		decoded bool
		nargs   int
	}{
		{200, "getgid32", true, 0},
		{20, "getpid", true, 0},
		{4, "write", true, 3},
		{5, "open", true, 3},
		{195, "stat64", false, 2}, // struct stat64
		{13, "time", false, 1},    // a time_t of 32 bits
		{19, "lseek", false, 3},   // a signed 32-bit long
		{16, "lchown", false, 3},  // 16-bit ids
		{11, "execve", false, 3},  // arrays of 32-bit pointers
		{102, "socketcall", false, 2},
	}
	for _, tc := range tests {
		sc := I386.Get(tc.nr)
		if sc.Name != tc.name {
			t.Errorf("i386 %d: %q, want %q", tc.nr, sc.Name, tc.name)
			continue
		}
		if got := sc.Sig == signatures()[tc.name] || (len(sc.Sig.Args) == 0 && sc.Sig.Ret == RetInt && tc.decoded); got != tc.decoded {
			t.Errorf("%s: decoded %v, want %v", tc.name, got, tc.decoded)
		}
		if len(sc.Sig.Args) != tc.nargs {
			t.Errorf("%s: %d arguments, want %d", tc.name, len(sc.Sig.Args), tc.nargs)
		}
		if !tc.decoded && (sc.HasPlan || sc.Sig.Ret != RetInt) {
			t.Errorf("%s: raw, yet plan %v, result type %d", tc.name, sc.HasPlan, sc.Sig.Ret)
		}
	}
	if !I386.Get(4).HasPlan {
		t.Error("i386 write: no plan for its buffer")
	}
	if name := I386.DisplayName(511); name != "syscall_0x1ff" {
		t.Errorf("i386 511 (socketcall's sendto in strace's numbering) named %q", name)
	}
	// An x32 number no table names prints as the kernel has it, with
	// __X32_SYSCALL_BIT, sign-extended: syscall(-2) is x32's 0xbffffffe.
	if name := X32.DisplayName(600); name != "syscall_0x40000258" {
		t.Errorf("x32 600 named %q", name)
	}
	if name := X32.DisplayName(-2 &^ trace.X32SyscallBit); name != "syscall_0xfffffffffffffffe" {
		t.Errorf("x32 syscall(-2) named %q", name)
	}
	if nr, ok := I386.Lookup("send"); !ok || nr != 509 {
		t.Errorf("i386 send: %d, %v; want the subcall's name kept for -e trace=", nr, ok)
	}
}
