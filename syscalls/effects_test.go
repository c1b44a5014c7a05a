package syscalls

import (
	"slices"
	"testing"

	"github.com/sctrace/sctrace/trace"
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

// TestNRsWithByName: for every effect, NRsWith lists the calls whose
// worked-out effects have it, though it reads the effects that need no
// signature by name; and it works out no call for those.
func TestNRsWithByName(t *testing.T) {
	for _, arch := range []uint32{trace.ArchX86_64, trace.ArchAArch64} {
		fresh := newTable(arch, "fresh", ForArch(arch).entries)
		got := map[Effect][]int{}
		for bit := Effect(1); bit <= NewFDByIoctl; bit <<= 1 {
			if bit&signatureEffects == 0 {
				got[bit] = fresh.NRsWith(bit)
			}
		}
		for nr := range fresh.Max() + 1 {
			if fresh.Known(nr) && fresh.st().calls[nr].Load() != nil {
				t.Fatalf("%s: NRsWith worked out call %d", ForArch(arch).Name, nr)
			}
		}
		for bit, nrs := range got {
			var want []int
			for nr := range fresh.Max() + 1 {
				if fresh.Known(nr) && fresh.Get(nr).Effects&bit != 0 {
					want = append(want, nr)
				}
			}
			if !slices.Equal(nrs, want) {
				t.Errorf("%s: NRsWith(%#x) = %v, want %v", ForArch(arch).Name, bit, nrs, want)
			}
		}
	}
}
