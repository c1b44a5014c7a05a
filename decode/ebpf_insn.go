package decode

// eBPF (struct bpf_insn) instructions, as strace 6.1's bpf.c prints
// BPF_PROG_LOAD's under -v: {code=..., dst_reg=..., src_reg=..., off=...,
// imm=...}, the code as print_bpf_filter_code prints an extended one.

// ebpfInsnSize is sizeof(struct bpf_insn).
const ebpfInsnSize = 8

// eBPF's instruction classes where they differ from classic BPF's.
const (
	ebpfClassJMP32 = 6
	ebpfClassALU64 = 7
)

var ebpfClasses = &xlat{vals: []xv{
	{0, "BPF_LD"}, {1, "BPF_LDX"}, {2, "BPF_ST"}, {3, "BPF_STX"},
	{4, "BPF_ALU"}, {5, "BPF_JMP"}, {6, "BPF_JMP32"}, {7, "BPF_ALU64"},
}, dflt: "BPF_???"}

var ebpfModes = &xlat{vals: []xv{
	{0, "BPF_IMM"}, {0x20, "BPF_ABS"}, {0x40, "BPF_IND"}, {0x60, "BPF_MEM"}, {0xc0, "BPF_XADD"},
}, dflt: "BPF_???"}

var ebpfRegs = &xlat{vals: []xv{
	{0, "BPF_REG_0"}, {1, "BPF_REG_1"}, {2, "BPF_REG_2"}, {3, "BPF_REG_3"}, {4, "BPF_REG_4"}, {5, "BPF_REG_5"},
	{6, "BPF_REG_6"}, {7, "BPF_REG_7"}, {8, "BPF_REG_8"}, {9, "BPF_REG_9"}, {10, "BPF_REG_10"},
}, dflt: "BPF_REG_???"}

// appendEBPFCode prints an eBPF instruction's code as its fields
// (BPF_JMP|BPF_K|BPF_EXIT). Its size, ALU and jump operations are those
// classic BPF's tables already name (BPF_DW, BPF_MOV, BPF_JNE ...).
func (d *Decoder) appendEBPFCode(b []byte, code uint8) []byte {
	class := code & 7
	rest := code &^ class
	b = d.enum(b, ebpfClasses, uint64(class))
	switch class {
	case bpfClassLD, bpfClassLDX, bpfClassST, bpfClassSTX:
		b = append(b, '|')
		b = d.enum(b, bpfSizes, uint64(code&0x18))
		b = append(b, '|')
		b = d.enum(b, ebpfModes, uint64(code&0xe0))
	case bpfClassALU, ebpfClassALU64:
		b = d.appendBPFSrcOp(b, uint16(code), bpfOpsALU)
	case bpfClassJMP:
		b = d.appendBPFSrcOp(b, uint16(code), bpfOpsJMP)
	case ebpfClassJMP32:
		// strace 6.1 takes it for classic BPF's BPF_RET, reserved in
		// eBPF: the other bits are unknown.
		if rest != 0 {
			b = appendBPFUnknownBits(b, uint16(rest))
		}
	}
	return b
}

// appendEBPFInsn prints one struct bpf_insn, p its 8 bytes.
func (d *Decoder) appendEBPFInsn(b []byte, p []byte, _ uint64) []byte {
	b = append(b, "{code="...)
	b = d.appendEBPFCode(b, p[0])
	b = append(b, ", dst_reg="...)
	b = d.enum(b, ebpfRegs, uint64(p[1]&0xf))
	b = append(b, ", src_reg="...)
	b = d.enum(b, ebpfRegs, uint64(p[1]>>4))
	b = append(b, ", off="...)
	b = appendInt(b, int64(int16(le16(p, 2))))
	b = append(b, ", imm="...)
	b = appendHex(b, uint64(le32(p, 4)))
	return append(b, '}')
}
