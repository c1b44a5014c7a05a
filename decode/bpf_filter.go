package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Classic BPF (struct sock_filter) instruction fields, as strace 6.1
// prints a filter program: BPF_STMT(code, k) or BPF_JUMP(code, k, jt, jf).

// bpfInsnSize is sizeof(struct sock_filter).
const bpfInsnSize = 8

// bpfMaxInsns is BPF_MAXINSNS: strace prints no more instructions.
const bpfMaxInsns = 4096

// Instruction classes that change how the code is printed.
const (
	bpfClassLD   = 0
	bpfClassLDX  = 1
	bpfClassST   = 2
	bpfClassSTX  = 3
	bpfClassALU  = 4
	bpfClassJMP  = 5
	bpfClassRET  = 6
	bpfClassMISC = 7
	bpfModeABS   = 0x20
)

var bpfClasses = &xlat{vals: []xv{
	{0, "BPF_LD"}, {1, "BPF_LDX"}, {2, "BPF_ST"}, {3, "BPF_STX"},
	{4, "BPF_ALU"}, {5, "BPF_JMP"}, {6, "BPF_RET"}, {7, "BPF_MISC"},
}, dflt: "BPF_???"}

var bpfSizes = &xlat{vals: []xv{{0, "BPF_W"}, {0x08, "BPF_H"}, {0x10, "BPF_B"}, {0x18, "BPF_DW"}}, dflt: "BPF_???"}

var bpfModes = &xlat{vals: []xv{
	{0, "BPF_IMM"}, {0x20, "BPF_ABS"}, {0x40, "BPF_IND"}, {0x60, "BPF_MEM"},
	{0x80, "BPF_LEN"}, {0xa0, "BPF_MSH"}, {0xc0, "BPF_XADD"},
}, dflt: "BPF_???"}

var bpfSrcs = &xlat{vals: []xv{{0, "BPF_K"}, {0x08, "BPF_X"}}, dflt: "BPF_???"}

var bpfOpsALU = &xlat{vals: []xv{
	{0, "BPF_ADD"}, {0x10, "BPF_SUB"}, {0x20, "BPF_MUL"}, {0x30, "BPF_DIV"}, {0x40, "BPF_OR"},
	{0x50, "BPF_AND"}, {0x60, "BPF_LSH"}, {0x70, "BPF_RSH"}, {0x80, "BPF_NEG"}, {0x90, "BPF_MOD"},
	{0xa0, "BPF_XOR"}, {0xb0, "BPF_MOV"}, {0xc0, "BPF_ARSH"}, {0xd0, "BPF_END"},
}, dflt: "BPF_???"}

var bpfOpsJMP = &xlat{vals: []xv{
	{0, "BPF_JA"}, {0x10, "BPF_JEQ"}, {0x20, "BPF_JGT"}, {0x30, "BPF_JGE"}, {0x40, "BPF_JSET"},
	{0x50, "BPF_JNE"}, {0x60, "BPF_JSGT"}, {0x70, "BPF_JSGE"}, {0x80, "BPF_CALL"}, {0x90, "BPF_EXIT"},
	{0xa0, "BPF_JLT"}, {0xb0, "BPF_JLE"}, {0xc0, "BPF_JSLT"}, {0xd0, "BPF_JSLE"},
}, dflt: "BPF_???"}

var bpfMiscOps = &xlat{vals: []xv{{0, "BPF_TAX"}, {0x80, "BPF_TXA"}}, dflt: "BPF_???"}

var bpfRvals = &xlat{vals: []xv{{0, "BPF_K"}, {0x08, "BPF_X"}, {0x10, "BPF_A"}}, dflt: "BPF_???"}

// skfAncillary are the SKF_AD_* offsets of a socket filter's ancillary
// data loads, relative to SKF_AD_OFF.
var skfAncillary = &xlat{vals: []xv{
	{0, "SKF_AD_PROTOCOL"}, {4, "SKF_AD_PKTTYPE"}, {8, "SKF_AD_IFINDEX"}, {12, "SKF_AD_NLATTR"},
	{16, "SKF_AD_NLATTR_NEST"}, {20, "SKF_AD_MARK"}, {24, "SKF_AD_QUEUE"}, {28, "SKF_AD_HATYPE"},
	{32, "SKF_AD_RXHASH"}, {36, "SKF_AD_CPU"}, {40, "SKF_AD_ALU_XOR_X"}, {44, "SKF_AD_VLAN_TAG"},
	{48, "SKF_AD_VLAN_TAG_PRESENT"}, {52, "SKF_AD_PAY_OFFSET"}, {56, "SKF_AD_RANDOM"}, {60, "SKF_AD_VLAN_TPID"},
}, dflt: "SKF_AD_???"}

// The special load offsets of socket filters.
var (
	skfADOff  = &xlat{vals: []xv{{0xfffff000, "SKF_AD_OFF"}}}
	skfNetOff = &xlat{vals: []xv{{0xfff00000, "SKF_NET_OFF"}}}
	skfLLOff  = &xlat{vals: []xv{{0xffe00000, "SKF_LL_OFF"}}}
)

// bpfKFn prints an instruction's k operand in a filter kind's own terms;
// false leaves it to the generic hex.
type bpfKFn func(d *Decoder, b []byte, code uint16, k uint32) ([]byte, bool)

// printSeccompK prints a seccomp filter's return value: its action and
// data.
func printSeccompK(d *Decoder, b []byte, code uint16, k uint32) ([]byte, bool) {
	if code&7 != bpfClassRET {
		return b, false
	}
	action := k & 0xffff0000
	b = d.enum(b, seccompRetActions, uint64(action))
	if data := k &^ action; data != 0 {
		b = append(b, '|')
		b = appendHex(b, uint64(data))
	}
	return b, true
}

// printSockK prints a socket filter's absolute load offset relative to
// the special areas (SKF_AD_OFF+SKF_AD_PROTOCOL, SKF_NET_OFF+8).
func printSockK(d *Decoder, b []byte, code uint16, k uint32) ([]byte, bool) {
	if code&7 != bpfClassLD || code&0xe0 != bpfModeABS {
		return b, false
	}
	switch {
	case k >= 0xfffff000:
		b = d.enum(b, skfADOff, 0xfffff000)
		b = append(b, '+')
		return d.enum(b, skfAncillary, uint64(k-0xfffff000)), true
	case k >= 0xfff00000:
		b = d.enum(b, skfNetOff, 0xfff00000)
		b = append(b, '+')
		return appendUint(b, uint64(k-0xfff00000)), true
	case k >= 0xffe00000:
		b = d.enum(b, skfLLOff, 0xffe00000)
		b = append(b, '+')
		return appendUint(b, uint64(k-0xffe00000)), true
	}
	return b, false
}

// appendBPFUnknownBits prints bits of a code no field names.
func appendBPFUnknownBits(b []byte, v uint16) []byte {
	b = append(b, '|')
	b = appendHex(b, uint64(v))
	return appendComment(b, "BPF_???")
}

// appendBPFSrcOp prints an ALU or jump instruction's source and its
// operation, of table ops: "|BPF_K|BPF_ADD".
func (d *Decoder) appendBPFSrcOp(b []byte, code uint16, ops *xlat) []byte {
	b = append(b, '|')
	b = d.enum(b, bpfSrcs, uint64(code&0x08))
	b = append(b, '|')
	return d.enum(b, ops, uint64(code&0xf0))
}

// appendBPFCode prints a classic BPF instruction's code as its fields
// (BPF_LD|BPF_W|BPF_ABS).
func (d *Decoder) appendBPFCode(b []byte, code uint16) []byte {
	class := code & 7
	rest := code &^ class
	b = d.enum(b, bpfClasses, uint64(class))
	switch class {
	case bpfClassST, bpfClassSTX:
		if rest != 0 {
			b = appendBPFUnknownBits(b, rest)
		}
	case bpfClassLD, bpfClassLDX:
		b = append(b, '|')
		b = d.enum(b, bpfSizes, uint64(code&0x18))
		b = append(b, '|')
		b = d.enum(b, bpfModes, uint64(code&0xe0))
	case bpfClassMISC:
		b = append(b, '|')
		b = d.enum(b, bpfMiscOps, uint64(code&0xf8))
		if rest &^= code & 0xf8; rest != 0 {
			b = appendBPFUnknownBits(b, rest)
		}
	case bpfClassALU:
		b = d.appendBPFSrcOp(b, code, bpfOpsALU)
	case bpfClassJMP:
		b = d.appendBPFSrcOp(b, code, bpfOpsJMP)
	case bpfClassRET:
		b = append(b, '|')
		b = d.enum(b, bpfRvals, uint64(code&0x18))
		if rest &^= code & 0x18; rest != 0 {
			b = appendBPFUnknownBits(b, rest)
		}
	}
	return b
}

// appendBPFInsn prints one struct sock_filter.
func (d *Decoder) appendBPFInsn(b []byte, p []byte, kfn bpfKFn) []byte {
	code, jt, jf, k := le16(p, 0), p[2], p[3], le32(p, 4)
	if jt != 0 || jf != 0 {
		b = append(b, "BPF_JUMP("...)
		b = d.appendBPFCode(b, code)
		b = append(b, ", "...)
		b = appendHex(b, uint64(k))
		b = append(b, ", "...)
		b = appendHex(b, uint64(jt))
		b = append(b, ", "...)
		b = appendHex(b, uint64(jf))
		return append(b, ')')
	}
	b = append(b, "BPF_STMT("...)
	b = d.appendBPFCode(b, code)
	b = append(b, ", "...)
	ok := false
	if kfn != nil {
		b, ok = kfn(d, b, code, k)
	}
	if !ok {
		b = appendHex(b, uint64(k))
	}
	return append(b, ')')
}

// appendBPFProgram prints the n instructions at addr, whose capture is
// insns (nil: not captured), as strace prints a filter program: its
// address unless -v, else the instructions that could be read, at most
// BPF_MAXINSNS of them.
func (d *Decoder) appendBPFProgram(b []byte, addr uint64, n uint64, insns *trace.Capture, kfn bpfKFn) []byte {
	if !d.opts.Verbose || addr == 0 {
		return appendPtr(b, addr)
	}
	if n == 0 {
		return append(b, "[]"...)
	}
	if insns == nil || insns.Faulted || len(insns.Data) < bpfInsnSize {
		return appendPtr(b, addr)
	}
	have := uint64(len(insns.Data) / bpfInsnSize)
	b = append(b, '[')
	for i := uint64(0); i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		if i >= have {
			b = append(b, "..."...)
			b = append(b, " /* "...)
			b = appendPtr(b, addr+i*bpfInsnSize)
			return append(b, " */]"...)
		}
		if i >= bpfMaxInsns {
			b = append(b, "..."...)
			break
		}
		b = d.appendBPFInsn(b, insns.Data[i*bpfInsnSize:], kfn)
	}
	return append(b, ']')
}

// appendFprog prints argument i, a struct sock_fprog, as {len=N,
// filter=...}: its address when unreadable. The instructions are the
// capture's one Elem (syscalls.Plan.Fprog).
func (d *Decoder) appendFprog(b []byte, ev *trace.Event, i int, kfn bpfKFn) []byte {
	addr := ev.Args[i]
	cp, ok := capOK(ev, i)
	if addr == 0 || !ok || len(cp.Data) < syscalls.FprogSize {
		return appendPtr(b, addr)
	}
	n := uint64(le16(cp.Data, 0))
	filter := le64(cp.Data, 8)
	var insns *trace.Capture
	if len(cp.Elems) > 0 {
		insns = &cp.Elems[0]
	}
	b = append(b, "{len="...)
	b = appendUint(b, n)
	b = append(b, ", filter="...)
	b = d.appendBPFProgram(b, filter, n, insns, kfn)
	return append(b, '}')
}
