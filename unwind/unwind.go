package unwind

import (
	"encoding/binary"

	"github.com/sctrace/sctrace/trace"
)

// Registers in the DWARF numbering of x86-64.
const (
	regRBP = 6
	regRSP = 7
	regRIP = 16
	nRegs  = trace.UserRegs
)

// strace's messages.
const (
	errBacktrace = "unexpected_backtracing_error"
	errTooMany   = "too many stack frames"
)

// Unwinder walks captured stacks. It caches the modules it reads by path
// and inode; it is not safe for concurrent use.
type Unwinder struct {
	maxFrames int
	modules   map[moduleKey]*module
}

type moduleKey struct {
	path  string
	inode uint64
}

// New returns an Unwinder that prints at most maxFrames frames (strace:
// 256) and then strace's "too many stack frames" line.
func New(maxFrames int) *Unwinder {
	return &Unwinder{maxFrames: maxFrames, modules: map[moduleKey]*module{}}
}

// module returns the module of the file mapped at m, nil when it cannot
// be read (anonymous and pseudo-file mappings included).
func (u *Unwinder) module(m *Mapping) *module {
	if m == nil || m.Path == "" || m.Path[0] != '/' {
		return nil
	}
	k := moduleKey{m.Path, m.Inode}
	mod, seen := u.modules[k]
	if !seen {
		mod, _ = loadModule(m.Path) // unreadable: no symbols, no CFI
		u.modules[k] = mod
	}
	return mod
}

// Unwind returns the frames strace -k prints for the stack st of a
// process mapped as maps.
func (u *Unwinder) Unwind(maps []Mapping, st *trace.UserStack) []Frame {
	if st == nil {
		return nil
	}
	c := cursor{u: u, maps: maps, st: st, ip: st.Regs[regRIP], cfa: st.Regs[regRSP]}
	for i := range c.loc {
		c.loc[i] = location{kind: locReg, v: uint64(i)}
	}
	var frames []Frame
	for depth := 0; depth < u.maxFrames; depth++ {
		f, ok := c.frame()
		if f != nil {
			frames = append(frames, *f)
		}
		if !ok || c.step() <= 0 {
			return frames
		}
	}
	return append(frames, Frame{Error: errTooMany})
}

// locKind says where a register's value of the current frame is.
type locKind uint8

const (
	locNull locKind = iota // undefined
	locReg                 // the captured register v
	locMem                 // the stack at address v
	locVal                 // the value v itself
)

type location struct {
	kind locKind
	v    uint64
}

// cursor is the state of one frame, as libunwind's x86-64 cursor keeps it.
type cursor struct {
	u    *Unwinder
	maps []Mapping
	st   *trace.UserStack
	ip   uint64
	// cfa is the canonical frame address; it is also the frame's stack
	// pointer.
	cfa         uint64
	loc         [nRegs]location
	usePrevInst bool
}

// frame returns the line for the current frame (nil: none) and whether
// the walk goes on.
func (c *cursor) frame() (*Frame, bool) {
	m := printable(c.maps, c.ip)
	if m == nil {
		if c.ip != 0 {
			return &Frame{Error: errBacktrace, Offset: c.ip}, false
		}
		return nil, false
	}
	f := &Frame{Module: m.Path, Offset: c.ip - m.Start + m.Offset}
	addr := c.ip
	if c.usePrevInst {
		addr--
	}
	if sm := find(c.maps, addr); sm != nil {
		if mod := c.u.module(sm); mod != nil {
			if name, off, ok := mod.syms.lookup(sm, addr); ok {
				if c.usePrevInst {
					off++
				}
				f.Symbol, f.SymOffset = demangled(name), off
			}
		}
	}
	return f, true
}

// read reads the 8 bytes at addr from the captured stack.
func (c *cursor) read(addr uint64) (uint64, bool) {
	base := c.st.Regs[regRSP]
	if addr < base || addr-base > uint64(len(c.st.Data)) || uint64(len(c.st.Data))-(addr-base) < 8 {
		return 0, false
	}
	return binary.LittleEndian.Uint64(c.st.Data[addr-base:]), true
}

// get returns the value at a location.
func (c *cursor) get(l location) (uint64, bool) {
	switch l.kind {
	case locReg:
		return c.st.Regs[l.v], true
	case locMem:
		return c.read(l.v)
	case locVal:
		return l.v, true
	}
	return 0, false
}

// reg returns register r's value in the current frame: the stack
// pointer is the CFA, the instruction pointer the frame's.
func (c *cursor) reg(r uint64) (uint64, bool) {
	switch {
	case r == regRSP:
		return c.cfa, true
	case r == regRIP:
		return c.ip, true
	case r < nRegs:
		return c.get(c.loc[r])
	}
	return 0, false
}

// step moves to the caller's frame as libunwind's unw_step does: > 0 on
// success, 0 at the end of the chain, < 0 on an error (strace stops
// quietly on both).
func (c *cursor) step() int {
	ret := c.dwarfStep()
	if ret == errNoInfo {
		return c.frameChainStep()
	}
	if ret >= 0 && c.loc[regRBP].kind == locNull {
		c.ip = 0
		return 0
	}
	return ret
}

// Results of a step besides 0 (end) and 1 (a new frame).
const (
	errNoInfo   = -10 // no CFI covers the address
	errBadFrame = -9  // the frame does not unwind
)

// rules returns the CFI rules of the current frame: none where no FDE
// covers its address.
func (c *cursor) rules() cfiRules {
	addr := c.ip
	if c.usePrevInst {
		addr--
	}
	m := find(c.maps, addr)
	mod := c.u.module(m)
	if mod == nil || mod.fdes == nil {
		return cfiRules{}
	}
	// libunwind's load base: the mapping start less the address of the
	// PT_LOAD whose file offset is the mapping's.
	for _, p := range mod.loads {
		if p.Off == m.Offset {
			return mod.rulesAt(addr - (m.Start - p.Vaddr))
		}
	}
	return cfiRules{}
}
