package syscalls

import (
	"sync"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// TestFirstUseConcurrent asks a fresh table for every call from several
// goroutines at once: each number is worked out once, every goroutine
// gets that one *Syscall, and it is the call its entry describes.
func TestFirstUseConcurrent(t *testing.T) {
	for _, tc := range []struct {
		tbl     *Table
		entries []Entry
	}{
		{newTable(trace.ArchX86_64, "x86_64", x86_64Entries), x86_64Entries},
		{&Table{Arch: trace.ArchI386, Name: "i386", entries: i386Entries, compat: true, subcalls: i386Subcalls}, i386Entries},
	} {
		const workers = 8
		got := make([][]*Syscall, workers)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for nr := range tc.tbl.Max() + 1 {
					got[w] = append(got[w], tc.tbl.Get(nr))
				}
			})
		}
		wg.Wait()
		for nr := range tc.tbl.Max() + 1 {
			for w := 1; w < workers; w++ {
				if tc.tbl.Known(nr) && got[w][nr] != got[0][nr] {
					t.Fatalf("%s: number %d worked out twice", tc.tbl.Name, nr)
				}
			}
		}
		for _, e := range tc.entries {
			if !tc.tbl.Known(e.NR) {
				continue // an i386 subcall's number
			}
			sc := got[0][e.NR]
			if sc.NR != e.NR || sc.NArgs != e.NArgs || sc.Classes != e.Classes || sc.Sig == nil {
				t.Errorf("%s: number %d = %+v, want %+v", tc.tbl.Name, e.NR, sc, e)
			}
			if nr, ok := tc.tbl.Lookup(e.Name); !ok || tc.tbl.DisplayName(nr) != e.Name {
				t.Errorf("%s: Lookup(%q) = %d, %v", tc.tbl.Name, e.Name, nr, ok)
			}
		}
	}
}

// TestUringOpcodes: UringOpcodes lists exactly the opcodes UringNested
// knows (the eBPF programs' uring_nested is generated from the list), and
// each one's arrays lie inside its head.
func TestUringOpcodes(t *testing.T) {
	listed := map[uint32]bool{}
	for _, op := range UringOpcodes {
		listed[op] = true
	}
	for op := range uint32(256) {
		u, ok := UringNested(op)
		if ok != listed[op] {
			t.Errorf("opcode %d: UringNested says %v, UringOpcodes %v", op, ok, listed[op])
		}
		if !ok {
			continue
		}
		if u.DataOff+8 > u.Head || u.TagsOff+8 > int32(u.Head) || u.CountOff+4 > int32(u.Head) || u.DataSize == 0 {
			t.Errorf("opcode %d: %+v lies outside its head", op, u)
		}
	}
}

// BenchmarkGet is the per-event lookup of a call every backend and the
// decoder make.
func BenchmarkGet(b *testing.B) {
	tbl := X86_64
	nrs := []int{0, 1, 3, 9, 257, 60, 231}
	for b.Loop() {
		for _, nr := range nrs {
			if tbl.Get(nr).Name == "" {
				b.Fatal(nr)
			}
		}
	}
}
