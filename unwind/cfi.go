package unwind

import "github.com/go-delve/delve/pkg/dwarf/frame"

// dwarfStep applies the CFI rules of the current frame, as libunwind's
// dwarf_step does.
func (c *cursor) dwarfStep() int {
	r := c.rules()
	if !r.covered {
		return errNoInfo
	}
	if r.malformed {
		return errBadFrame
	}
	prevIP, prevCFA := c.ip, c.cfa
	var cfa uint64
	switch r.cfa.Rule {
	case frame.RuleCFA:
		v, ok := c.reg(r.cfa.Reg)
		if !ok {
			return errBadFrame
		}
		cfa = v + uint64(r.cfa.Offset)
	case frame.RuleExpression:
		v, ok := c.eval(r.cfa.Expression, 0)
		if !ok {
			return errBadFrame
		}
		cfa = v
	default:
		return errBadFrame
	}
	next := c.loc
	// A register without a rule keeps its value.
	for _, rr := range r.regs {
		i, rule := rr.reg, rr.rule
		switch rule.Rule {
		case frame.RuleUndefined:
			next[i] = location{kind: locNull}
		case frame.RuleSameVal:
		case frame.RuleOffset:
			next[i] = location{kind: locMem, v: cfa + uint64(rule.Offset)}
		case frame.RuleValOffset:
			next[i] = location{kind: locVal, v: cfa + uint64(rule.Offset)}
		case frame.RuleRegister:
			if rule.Reg >= nRegs {
				return errBadFrame
			}
			next[i] = next[rule.Reg]
		case frame.RuleExpression, frame.RuleValExpression:
			v, ok := c.eval(rule.Expression, cfa)
			if !ok {
				return errBadFrame
			}
			next[i] = location{kind: locMem, v: v}
			if rule.Rule == frame.RuleValExpression {
				next[i].kind = locVal
			}
		default:
			return errBadFrame
		}
	}
	c.loc = next
	c.cfa = cfa
	ret := 1
	ra := r.retAddr
	if ra >= nRegs {
		return errBadFrame
	}
	if c.loc[ra].kind == locNull {
		c.ip, ret = 0, 0
	} else {
		ip, ok := c.get(c.loc[ra])
		if !ok {
			return errBadFrame
		}
		c.ip = ip
	}
	c.usePrevInst = !r.signal
	if c.ip == prevIP && c.cfa == prevCFA {
		return errBadFrame
	}
	return ret
}

// establish runs the FDE's program up to pc; delve's interpreter panics on
// some malformed programs. The rules it returns are only read.
func establish(fde *frame.FrameDescriptionEntry, pc uint64) (fc *frame.FrameContext, err error) {
	defer func() {
		if r := recover(); r != nil {
			fc, err = nil, errMalformed
		}
	}()
	return fde.EstablishFrame(pc)
}

type malformedError struct{}

func (malformedError) Error() string { return "malformed call frame information" }

var errMalformed error = malformedError{}

// frameChainStep is libunwind's x86-64 fallback where no CFI covers the
// address: the saved frame pointer and return address above the frame
// pointer, trusted only within 16 KiB above the CFA.
func (c *cursor) frameChainStep() int {
	prevIP, prevCFA := c.ip, c.cfa
	if c.loc[regRBP].kind == locNull {
		return 0
	}
	rbp, ok := c.get(c.loc[regRBP])
	if !ok {
		return errBadFrame
	}
	var rbpLoc, ripLoc location
	if rbp != 0 {
		rbpLoc = location{kind: locMem, v: rbp}
		ripLoc = location{kind: locMem, v: rbp + 8}
		if _, ok := c.read(rbp); !ok || rbp < c.cfa || rbp-c.cfa > 0x4000 {
			rbpLoc, ripLoc = location{}, location{}
		}
		c.cfa += 16
	}
	for i := range c.loc {
		c.loc[i] = location{}
	}
	c.loc[regRBP], c.loc[regRIP] = rbpLoc, ripLoc
	c.usePrevInst = true
	if rbpLoc.kind == locNull {
		return 0
	}
	ip, ok := c.get(ripLoc)
	if !ok {
		return errBadFrame
	}
	c.ip = ip
	if c.ip == prevIP && c.cfa == prevCFA {
		return errBadFrame
	}
	return 1
}
