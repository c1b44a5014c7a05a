package unwind

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/frame"
)

// module is what the unwinder knows of one mapped ELF file.
type module struct {
	loads []elf.Prog // its PT_LOAD headers
	// fdes are its .eh_frame entries sorted by address, when a
	// PT_GNU_EH_FRAME header indexes them (libunwind reads no other CFI).
	fdes frame.FrameDescriptionEntries
	syms *symtab
	// rules are the CFI rules worked out at each address asked for
	// (rulesAt): a traced program's calls come from a few call sites,
	// whose frames are unwound again at every call.
	rules map[uint64]cfiRules
}

// cfiRules are the CFI rules at one address, its FDE's program run up to
// it: what a step reads of them.
type cfiRules struct {
	// covered: an FDE covers the address; malformed: its program does not
	// run (no rules).
	covered, malformed bool
	cfa                frame.DWRule
	retAddr            uint64
	// signal: the CIE marks a signal frame ("S"), whose address is not a
	// return address.
	signal bool
	// regs are the rules for the registers the walk follows, in register
	// order; a register without one keeps its value.
	regs []regRule
}

// regRule is the rule for register reg.
type regRule struct {
	reg  uint64
	rule frame.DWRule
}

// maxRules bounds a module's rules cache; a full one is emptied.
const maxRules = 1 << 14

// rulesAt returns the CFI rules at pc, an address in the module's own
// layout, worked out once per address.
func (m *module) rulesAt(pc uint64) cfiRules {
	if r, ok := m.rules[pc]; ok {
		return r
	}
	var r cfiRules
	if fde, err := m.fdes.FDEForPC(pc); err == nil {
		r.covered = true
		r.signal = strings.Contains(fde.CIE.Augmentation, "S")
		if fc, err := establish(fde, pc); err != nil {
			r.malformed = true
		} else {
			r.cfa, r.retAddr = fc.CFA, fc.RetAddrReg
			for reg := range uint64(nRegs) {
				if rule, set := fc.Regs[reg]; set {
					r.regs = append(r.regs, regRule{reg, rule})
				}
			}
		}
	}
	if m.rules == nil || len(m.rules) >= maxRules {
		m.rules = make(map[uint64]cfiRules)
	}
	m.rules[pc] = r
	return r
}

// symtab is the symbol information of the file symbols are looked up in
// (the module's file or the one its .gnu_debuglink names).
type symtab struct {
	size  uint64 // the file's size: a symbol farther away is no match
	loads []elf.Prog
	syms  []symbol // sorted by value, then table order
	abs   []symbol // SHN_ABS symbols, in table order
}

// symbol is an STT_FUNC symbol; order is its rank in the file's tables.
type symbol struct {
	value uint64
	order int
	name  string
}

// loadModule reads the ELF file at path.
func loadModule(path string) (*module, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening module: %w", err)
	}
	defer f.Close()
	m := &module{}
	hasHdr := false
	for _, p := range f.Progs {
		switch p.Type {
		case elf.PT_LOAD:
			m.loads = append(m.loads, *p)
		case elf.PT_GNU_EH_FRAME:
			hasHdr = true
		}
	}
	if hasHdr {
		m.fdes = readFDEs(f)
	}
	m.syms, err = loadSymbols(path, f)
	if err != nil {
		return nil, err
	}
	if link := debuglink(f); link != "" {
		if s := loadDebuglink(path, link); s != nil {
			m.syms = s
		}
	}
	return m, nil
}

// readFDEs parses .eh_frame; a table that does not parse counts as none.
func readFDEs(f *elf.File) frame.FrameDescriptionEntries {
	sec := f.Section(".eh_frame")
	if sec == nil || sec.Type == elf.SHT_NOBITS {
		return nil
	}
	data, err := sec.Data()
	if err != nil {
		return nil
	}
	fdes, err := parseFrames(data, sec.Addr)
	if err != nil {
		return nil
	}
	sort.SliceStable(fdes, func(i, j int) bool { return fdes[i].Begin() < fdes[j].Begin() })
	return fdes
}

// parseFrames runs delve's parser, which panics on some malformed input.
func parseFrames(data []byte, addr uint64) (fdes frame.FrameDescriptionEntries, err error) {
	defer func() {
		if r := recover(); r != nil {
			fdes, err = nil, fmt.Errorf("parsing .eh_frame: %v", r)
		}
	}()
	return frame.Parse(data, binary.LittleEndian, 0, 8, addr)
}

// loadSymbols collects the STT_FUNC symbols of f's .dynsym and .symtab in
// section order.
func loadSymbols(path string, f *elf.File) (*symtab, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("module size: %w", err)
	}
	s := &symtab{size: uint64(st.Size())}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			s.loads = append(s.loads, *p)
		}
	}
	order := 0
	for _, sec := range f.Sections {
		var syms []elf.Symbol
		switch sec.Type {
		case elf.SHT_DYNSYM:
			syms, _ = f.DynamicSymbols()
		case elf.SHT_SYMTAB:
			syms, _ = f.Symbols()
		default:
			continue
		}
		for _, sym := range syms {
			order++
			if elf.ST_TYPE(sym.Info) != elf.STT_FUNC || sym.Section == elf.SHN_UNDEF {
				continue
			}
			e := symbol{value: sym.Value, order: order, name: sym.Name}
			if sym.Section == elf.SHN_ABS {
				s.abs = append(s.abs, e)
			} else {
				s.syms = append(s.syms, e)
			}
		}
	}
	sort.Slice(s.syms, func(i, j int) bool {
		a, b := s.syms[i], s.syms[j]
		return a.value < b.value || a.value == b.value && a.order < b.order
	})
	return s, nil
}

// debuglink returns the file name f's .gnu_debuglink section holds.
func debuglink(f *elf.File) string {
	sec := f.Section(".gnu_debuglink")
	if sec == nil {
		return ""
	}
	data, err := sec.Data()
	if err != nil {
		return ""
	}
	i := bytes.IndexByte(data, 0)
	if i <= 0 {
		return ""
	}
	return string(data[:i])
}

// loadDebuglink reads the symbols of the first of libunwind's candidates
// for a .gnu_debuglink name that is an ELF file: beside the module, in
// its .debug directory, under /usr/lib/debug.
func loadDebuglink(path, link string) *symtab {
	dir := filepath.Dir(path)
	for _, cand := range []string{dir + "/" + link, dir + "/.debug/" + link, "/usr/lib/debug" + dir + "/" + link} {
		f, err := elf.Open(cand)
		if err != nil {
			continue
		}
		s, err := loadSymbols(cand, f)
		f.Close()
		if err == nil {
			return s
		}
	}
	return nil
}
