package unwind

import (
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
				r.fc = nil // what the second walk would find if it read the cache
				mod.rules[pc] = r
			}
		}
	}
	// Rules taken from the cache: with the cached rules removed, a frame
	// that has an FDE does not unwind.
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
				if r.fde != fde {
					t.Fatalf("%#x: FDE %#x, want %#x", pc, r.fde.Begin(), fde.Begin())
				}
				if (werr != nil) != (r.fc == nil) || r.fc != nil && (r.fc.CFA.Rule != want.CFA.Rule || r.fc.CFA.Reg != want.CFA.Reg ||
					r.fc.CFA.Offset != want.CFA.Offset || len(r.fc.Regs) != len(want.Regs)) {
					t.Fatalf("%#x: rules %+v, want %+v (%v)", pc, r.fc, want, werr)
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
	if r := m.rulesAt(0); r.fde != nil || r.fc != nil {
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
