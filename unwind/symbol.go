package unwind

import (
	"debug/elf"
	"sort"

	"github.com/ianlancetaylor/demangle"
)

// pageSize is the page size libunwind aligns mapping offsets with.
const pageSize = 4096

// loadOffset is what libunwind adds to symbol values of a file mapped at
// m: the mapping's start less the address of the PT_LOAD whose
// page-aligned file offset is the mapping's; 0 when none is.
func loadOffset(loads []elf.Prog, m *Mapping) uint64 {
	for _, p := range loads {
		if p.Off&^(pageSize-1) == m.Offset {
			return m.Start - p.Vaddr + p.Off&(pageSize-1)
		}
	}
	return 0
}

// lookup returns the symbol libunwind names for addr in a file mapped at
// m: the STT_FUNC symbol nearest at or below addr, the first in table
// order among equals, whatever its size; ok is false when there is none
// or it is at least the file's size away.
func (s *symtab) lookup(m *Mapping, addr uint64) (name string, off uint64, ok bool) {
	target := addr - loadOffset(s.loads, m)
	best, bestOrder := ^uint64(0), 0
	// The largest value at or below target; the first in order among equals.
	i := sort.Search(len(s.syms), func(i int) bool { return s.syms[i].value > target })
	if i > 0 {
		v := s.syms[i-1].value
		j := sort.Search(i, func(k int) bool { return s.syms[k].value >= v })
		best, bestOrder, name = target-v, s.syms[j].order, s.syms[j].name
	} else if len(s.syms) > 0 {
		// Every value is above target: libunwind's distance wraps around.
		best, bestOrder, name = target-s.syms[len(s.syms)-1].value, s.syms[len(s.syms)-1].order, s.syms[len(s.syms)-1].name
	}
	for _, a := range s.abs {
		d := addr - a.value
		if d < best || d == best && a.order < bestOrder {
			best, bestOrder, name = d, a.order, a.name
		}
	}
	if best >= s.size {
		return "", 0, false
	}
	return name, best, true
}

// demangled returns a C++ name as strace's cplus_demangle(DMGL_AUTO |
// DMGL_PARAMS) prints it, other names unchanged.
func demangled(name string) string {
	if s, err := demangle.ToString(name); err == nil {
		return s
	}
	return name
}
