package syscalls

import (
	"slices"
	"testing"
)

// TestEffectsNameCalls checks that every call the effects table names is
// in some architecture's table, so a misspelt name cannot go unnoticed.
func TestEffectsNameCalls(t *testing.T) {
	for name := range effects() {
		_, x86 := X86_64.Lookup(name)
		_, arm := ARM64.Lookup(name)
		if !x86 && !arm {
			t.Errorf("effects names %q, which no table has", name)
		}
	}
}

func TestEffects(t *testing.T) {
	get := func(name string) *Syscall {
		nr, ok := X86_64.Lookup(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		return X86_64.Get(nr)
	}
	if got := X86_64.ExecNRs(); !slices.Equal(got, []int{59, 322}) {
		t.Errorf("x86_64 ExecNRs = %v, want [59 322]", got)
	}
	if got := ARM64.ExecNRs(); !slices.Equal(got, []int{221, 281}) {
		t.Errorf("arm64 ExecNRs = %v, want [221 281]", got)
	}
	for _, c := range []struct {
		name string
		want Effect
	}{
		{"openat", NewFD | Opens}, {"dup2", NewFD | DupsFD}, {"socket", NewFD},
		{"pipe2", NewFDPair}, {"close", ClosesFD}, {"read", DumpsRead},
		{"clone", NewTask | ReturnsPID | StoresPidfd}, {"kill", TakesPID}, {"getpid", ReturnsPID},
		{"fstat", 0},
		{"sendmsg", DumpsWrite | NetlinkData | PassesFDs}, {"recvmsg", DumpsRead | NetlinkData | ReceivesFDs},
		{"clock_nanosleep", Interruptible}, {"restart_syscall", Resumes},
	} {
		if got := get(c.name).Effects; got != c.want {
			t.Errorf("%s effects = %#x, want %#x", c.name, got, c.want)
		}
	}
	// A call that stores a pidfd has exactly one output int for it.
	for _, sc := range X86_64.All() {
		if !sc.Has(StoresPidfd) {
			continue
		}
		n := 0
		for _, a := range sc.Sig.Args {
			if a.Type == Custom && a.Layout == LayoutInt && a.At == AtExit {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s stores a pidfd but has %d output ints", sc.Name, n)
		}
	}
	// A pair's argument is the int[2] the call fills.
	for _, sc := range X86_64.All() {
		if sc.Has(NewFDPair) {
			if a := sc.Sig.Args[sc.FDPairArg]; a.Type != StructOut {
				t.Errorf("%s: pair argument %d is of type %d, not StructOut", sc.Name, sc.FDPairArg, a.Type)
			}
		} else if sc.FDPairArg != -1 {
			t.Errorf("%s: FDPairArg %d without NewFDPair", sc.Name, sc.FDPairArg)
		}
	}
	if sc := X86_64.Get(9999); sc.Effects != 0 || sc.FDPairArg != -1 {
		t.Errorf("an unknown number has effects %#x, pair %d", sc.Effects, sc.FDPairArg)
	}
}
