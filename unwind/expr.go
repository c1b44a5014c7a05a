package unwind

// DWARF expression operations the evaluator knows: enough for the CFI
// that compilers and glibc emit on x86-64 (PLT entries, signal frames).
const (
	opDeref     = 0x06
	opConst1u   = 0x08
	opConst1s   = 0x09
	opConst2u   = 0x0a
	opConst2s   = 0x0b
	opConst4u   = 0x0c
	opConst4s   = 0x0d
	opAnd       = 0x1a
	opMinus     = 0x1c
	opPlus      = 0x22
	opPlusUcons = 0x23
	opShl       = 0x24
	opGe        = 0x2a
	opLit0      = 0x30
	opLit31     = 0x4f
	opBreg0     = 0x70
	opBreg31    = 0x8f
)

// eval evaluates a DWARF expression with initial on the stack; false for
// what it cannot evaluate or read.
func (c *cursor) eval(expr []byte, initial uint64) (uint64, bool) {
	stack := []uint64{initial}
	pop := func() (uint64, bool) {
		if len(stack) == 0 {
			return 0, false
		}
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return v, true
	}
	for i := 0; i < len(expr); {
		op := expr[i]
		i++
		switch {
		case op >= opLit0 && op <= opLit31:
			stack = append(stack, uint64(op-opLit0))
		case op >= opBreg0 && op <= opBreg31:
			off, n := sleb(expr[i:])
			if n == 0 {
				return 0, false
			}
			i += n
			v, ok := c.reg(uint64(op - opBreg0))
			if !ok {
				return 0, false
			}
			stack = append(stack, v+uint64(off))
		case op == opConst1u || op == opConst1s || op == opConst2u || op == opConst2s || op == opConst4u || op == opConst4s:
			size := map[byte]int{opConst1u: 1, opConst1s: 1, opConst2u: 2, opConst2s: 2, opConst4u: 4, opConst4s: 4}[op]
			if len(expr)-i < size {
				return 0, false
			}
			var v uint64
			for k := size - 1; k >= 0; k-- {
				v = v<<8 | uint64(expr[i+k])
			}
			if op&1 == 1 { // the signed forms
				shift := 64 - 8*uint(size)
				v = uint64(int64(v<<shift) >> shift)
			}
			i += size
			stack = append(stack, v)
		case op == opPlusUcons:
			u, n := uleb(expr[i:])
			if n == 0 {
				return 0, false
			}
			i += n
			a, ok := pop()
			if !ok {
				return 0, false
			}
			stack = append(stack, a+u)
		case op == opDeref:
			a, ok := pop()
			if !ok {
				return 0, false
			}
			v, ok := c.read(a)
			if !ok {
				return 0, false
			}
			stack = append(stack, v)
		case op == opAnd || op == opMinus || op == opPlus || op == opShl || op == opGe:
			b, ok1 := pop()
			a, ok2 := pop()
			if !ok1 || !ok2 {
				return 0, false
			}
			stack = append(stack, binop(op, a, b))
		default:
			return 0, false
		}
	}
	return pop()
}

// binop applies a two-operand operation to a (below) and b (the top).
func binop(op byte, a, b uint64) uint64 {
	switch op {
	case opAnd:
		return a & b
	case opMinus:
		return a - b
	case opPlus:
		return a + b
	case opShl:
		return a << b
	default: // opGe, signed
		if int64(a) >= int64(b) {
			return 1
		}
		return 0
	}
}

// uleb decodes an unsigned LEB128 number; n is 0 when it does not end.
func uleb(b []byte) (v uint64, n int) {
	var shift uint
	for i, x := range b {
		if shift < 64 {
			v |= uint64(x&0x7f) << shift
		}
		shift += 7
		if x&0x80 == 0 {
			return v, i + 1
		}
	}
	return 0, 0
}

// sleb decodes a signed LEB128 number; n is 0 when it does not end.
func sleb(b []byte) (v int64, n int) {
	var shift uint
	for i, x := range b {
		if shift < 64 {
			v |= int64(x&0x7f) << shift
		}
		shift += 7
		if x&0x80 == 0 {
			if shift < 64 && x&0x40 != 0 {
				v |= -1 << shift
			}
			return v, i + 1
		}
	}
	return 0, 0
}
