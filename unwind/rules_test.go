package unwind

import (
	"reflect"
	"slices"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestRulesCached unwinds one captured stack twice: the second walk is
// served from the rules the first worked out, and gives the same frames.
func TestRulesCached(t *testing.T) {
	bin := testutil.BuildC(t, "testdata/fcall.c", "-pie", "-fPIE")
	maps, st := captureAt(t, unix.SYS_CHDIR, 0, bin)
	u := New(256)
	first := u.Unwind(maps, st)
	cached := 0
	for _, mod := range u.modules {
		if mod != nil {
			cached += len(mod.rules)
		}
	}
	if len(first) < 6 || cached < len(first)-1 {
		t.Fatalf("%d frames, %d addresses' rules cached", len(first), cached)
	}
	for _, mod := range u.modules {
		if mod != nil {
			for pc, r := range mod.rules {
				r.malformed = true // what the second walk finds if it reads the cache
				mod.rules[pc] = r
			}
		}
	}
	// Rules taken from the cache: with the cached rules marked malformed,
	// a frame that has an FDE does not unwind.
	if got := u.Unwind(maps, st); len(got) >= len(first) {
		t.Fatalf("the second walk did not use the cache: %d frames", len(got))
	}
	if got := New(256).Unwind(maps, st); !slices.Equal(got, first) {
		t.Fatalf("a fresh unwinder's walk differs:\n%v\n%v", got, first)
	}
}

// TestRulesAt compares the cached rules at every address of the first
// FDEs of a program's largest module (its C library) with their program
// run afresh, and checks the cache's bound.
func TestRulesAt(t *testing.T) {
	bin := testutil.BuildC(t, "testdata/fcall.c", "-pie", "-fPIE")
	maps, _ := captureAt(t, unix.SYS_CHDIR, 0, bin)
	var m *module
	for i := range maps {
		if mod := New(1).module(&maps[i]); mod != nil && (m == nil || len(mod.fdes) > len(m.fdes)) {
			m = mod
		}
	}
	if m == nil || len(m.fdes) == 0 {
		t.Fatal("no module with FDEs")
	}
	checked := 0
	for _, fde := range m.fdes {
		for pc := fde.Begin(); pc < fde.End(); pc++ {
			want, werr := establish(fde, pc)
			for range 2 { // worked out, then cached
				r := m.rulesAt(pc)
				if !r.covered || r.malformed != (werr != nil) {
					t.Fatalf("%#x: covered %v, malformed %v; the program's error: %v", pc, r.covered, r.malformed, werr)
				}
				if werr != nil {
					continue
				}
				if !reflect.DeepEqual(r.cfa, want.CFA) || r.retAddr != want.RetAddrReg {
					t.Fatalf("%#x: CFA %+v, return address in %d; want %+v, %d", pc, r.cfa, r.retAddr, want.CFA, want.RetAddrReg)
				}
				n := 0
				for reg, rule := range want.Regs {
					if reg < nRegs {
						n++
						if i := slices.IndexFunc(r.regs, func(rr regRule) bool { return rr.reg == reg }); i < 0 || !reflect.DeepEqual(r.regs[i].rule, rule) {
							t.Fatalf("%#x: register %d's rule is missing or differs: %+v", pc, reg, r.regs)
						}
					}
				}
				if n != len(r.regs) || !slices.IsSortedFunc(r.regs, func(a, b regRule) int { return int(a.reg) - int(b.reg) }) {
					t.Fatalf("%#x: rules %+v, want the %d of %+v in register order", pc, r.regs, n, want.Regs)
				}
			}
			if len(m.rules) > maxRules {
				t.Fatalf("%d rules cached, at most %d", len(m.rules), maxRules)
			}
			checked++
		}
		if checked > 2*maxRules {
			break
		}
	}
	if checked <= maxRules {
		t.Fatalf("checked %d addresses: the bound (%d) was not reached", checked, maxRules)
	}
	if r := m.rulesAt(0); r.covered {
		t.Fatalf("address 0, which no FDE covers, has rules: %+v", r)
	}
}

// BenchmarkUnwind walks a captured stack of a program's call: what -k
// costs per event.
func BenchmarkUnwind(b *testing.B) {
	bin := testutil.BuildC(b, "testdata/fcall.c", "-pie", "-fPIE")
	maps, st := captureAt(b, unix.SYS_CHDIR, 0, bin)
	u := New(256)
	for b.Loop() {
		u.Unwind(maps, st)
	}
}
