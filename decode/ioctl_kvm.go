package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// The KVM requests strace decodes (linux/kvm.h), type 0xae, and the x86
// structs they carry.
const (
	reqKVMCreateVM            = 0xae01
	reqKVMCheckExtension      = 0xae03
	reqKVMGetSupportedCPUID   = 0xc008ae05
	reqKVMGetEmulatedCPUID    = 0xc008ae09
	reqKVMCreateVCPU          = 0xae41
	reqKVMSetUserMemoryRegion = 0x4020ae46
	reqKVMGetRegs             = 0x8090ae81
	reqKVMSetRegs             = 0x4090ae82
	reqKVMGetSregs            = 0x8138ae83
	reqKVMSetSregs            = 0x4138ae84
	reqKVMSetCPUID2           = 0x4008ae90
	// kvmCPUID2Size is sizeof(struct kvm_cpuid2) without its entries,
	// kvmCPUIDEntrySize sizeof(struct kvm_cpuid_entry2).
	kvmCPUID2Size     = 8
	kvmCPUIDEntrySize = 40
	// kvmMemRegionSize is sizeof(struct kvm_userspace_memory_region),
	// kvmRegsSize sizeof(struct kvm_regs), kvmSregsSize sizeof(struct
	// kvm_sregs).
	kvmMemRegionSize = 32
	kvmRegsSize      = 144
	kvmSregsSize     = 312
)

var kvmMemFlags = &xlat{vals: []xv{{1 << 0, "KVM_MEM_LOG_DIRTY_PAGES"}, {1 << 1, "KVM_MEM_READONLY"}}, dflt: "KVM_MEM_???"}

// kvmCPUIDFlags keeps the kernel's spelling of SIGNIFCANT.
var kvmCPUIDFlags = &xlat{vals: []xv{
	{1 << 0, "KVM_CPUID_FLAG_SIGNIFCANT_INDEX"}, {1 << 1, "KVM_CPUID_FLAG_STATEFUL_FUNC"}, {1 << 2, "KVM_CPUID_FLAG_STATE_READ_NEXT"},
}, dflt: "KVM_CPUID_FLAG_???"}

// kvmRegNames are struct kvm_regs's fields, in order; the abbreviated
// form prints those kvmRegsShort marks.
var kvmRegNames = [...]string{"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rsp", "rbp",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rip", "rflags"}

// kvmRegsShort: struct kvm_regs's fields the abbreviated form prints
// (rax, rsp, rbp, rip, rflags), with "..." for each run left out.
var kvmRegsShort = [len(kvmRegNames)]bool{0: true, 6: true, 7: true, 16: true, 17: true}

// kvmSegments are struct kvm_sregs's struct kvm_segment fields, in order,
// then its struct kvm_dtable ones.
var (
	kvmSegments = [...]string{"cs", "ds", "es", "fs", "gs", "ss", "tr", "ldt"}
	kvmDtables  = [...]string{"gdt", "idt"}
	kvmCRs      = [...]string{"cr0", "cr2", "cr3", "cr4", "cr8", "efer"}
)

func init() {
	ioctlFamilies[0xae] = kvmIoctl
	ioctlRets[syscalls.IoctlKVMRun] = retKVMRun
}

// retKVMRun prints KVM_RUN's result and, under -e kvm=vcpu, the vcpu's
// exit reason the capture read (syscalls.IoctlKVMRun): "0 (KVM_EXIT_IO)".
func retKVMRun(d *Decoder, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, ev.Ret)
	cp, ok := capOK(ev, 2)
	if !ok || len(cp.Data) != 4 {
		return b
	}
	name, ok := kvmExitReasons.lookup(uint64(le32(cp.Data, 0)))
	if !ok {
		name = "KVM_EXIT_???"
	}
	b = append(b, " ("...)
	b = append(b, name...)
	return append(b, ')')
}

// kvmIoctl decodes the KVM requests as strace's kvm.c: the capability
// KVM_CHECK_EXTENSION asks about, the vcpu id, the memory region, the
// registers and the CPUID entries (the getters' at exit).
func kvmIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqKVMCheckExtension:
		if exit {
			return b, ioctlResDone
		}
		return d.enum(d.sep(b), kvmCaps, ev.Args[2]), ioctlResDone
	case reqKVMCreateVCPU:
		if exit {
			return b, ioctlResDone
		}
		return appendUint(d.sep(b), uint64(uint32(ev.Args[2]))), ioctlResDone
	case reqKVMSetUserMemoryRegion:
		if exit {
			return b, ioctlResDone
		}
		b, p, ok := ioctlArg(d.sep(b), ev, kvmMemRegionSize, false)
		if ok {
			b = d.appendKVMMemRegion(b, p)
		}
		return b, ioctlResDone
	case reqKVMGetRegs, reqKVMSetRegs, reqKVMGetSregs, reqKVMSetSregs:
		if getter := code == reqKVMGetRegs || code == reqKVMGetSregs; getter != exit {
			if exit {
				return b, ioctlResDone
			}
			return b, ioctlResLater
		}
		size := kvmRegsSize
		if code == reqKVMGetSregs || code == reqKVMSetSregs {
			size = kvmSregsSize
		}
		b, p, ok := ioctlArg(d.sep(b), ev, size, exit)
		if ok && size == kvmRegsSize {
			b = d.appendKVMRegs(b, p)
		} else if ok {
			b = d.appendKVMSregs(b, p)
		}
		return b, ioctlResDone
	case reqKVMGetSupportedCPUID, reqKVMGetEmulatedCPUID, reqKVMSetCPUID2:
		if getter := code != reqKVMSetCPUID2; getter != exit {
			if exit {
				return b, ioctlResDone
			}
			return b, ioctlResLater
		}
		b, p, ok := ioctlArg(d.sep(b), ev, kvmCPUID2Size, exit)
		if ok {
			b = d.appendKVMCPUID2(b, ev, p)
		}
		return b, ioctlResDone
	}
	return b, ioctlResUnknown
}

// appendKVMMemRegion prints a struct kvm_userspace_memory_region.
func (d *Decoder) appendKVMMemRegion(b []byte, p []byte) []byte {
	b = append(b, "{slot="...)
	b = appendUint(b, uint64(le32(p, 0)))
	b = append(b, ", flags="...)
	b = d.flags(b, kvmMemFlags, uint64(le32(p, 4)))
	b = append(b, ", guest_phys_addr="...)
	b = appendHex(b, le64(p, 8))
	b = append(b, ", memory_size="...)
	b = appendUint(b, le64(p, 16))
	b = append(b, ", userspace_addr="...)
	b = appendHex(b, le64(p, 24))
	return append(b, '}')
}

// appendKVMRegs prints a struct kvm_regs, in hex; abbreviated, only rax,
// rsp, rbp, rip and rflags.
func (d *Decoder) appendKVMRegs(b []byte, p []byte) []byte {
	b = append(b, '{')
	skipped := false
	for i, name := range kvmRegNames {
		if !d.opts.Verbose && !kvmRegsShort[i] {
			if !skipped {
				b = append(b, ", ..."...)
				skipped = true
			}
			continue
		}
		skipped = false
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, name...)
		b = append(b, '=')
		b = appendHex(b, le64(p, 8*i))
	}
	return append(b, '}')
}

// appendKVMSregs prints a struct kvm_sregs; abbreviated, its cs alone.
func (d *Decoder) appendKVMSregs(b []byte, p []byte) []byte {
	b = append(b, '{')
	for i, name := range kvmSegments {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, name...)
		b = append(b, '=')
		b = appendKVMSegment(b, p[24*i:])
		if !d.opts.Verbose {
			return append(b, ", ...}"...)
		}
	}
	off := 24 * len(kvmSegments)
	for _, name := range kvmDtables {
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, "={base="...)
		b = appendHex(b, le64(p, off))
		b = append(b, ", limit="...)
		b = appendUint(b, uint64(le16(p, off+8)))
		b = append(b, '}')
		off += 16
	}
	for _, name := range kvmCRs {
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, '=')
		b = appendUint(b, le64(p, off))
		off += 8
	}
	b = append(b, ", apic_base="...)
	b = appendHex(b, le64(p, off))
	off += 8
	b = append(b, ", interrupt_bitmap=["...)
	for i := 0; i < 4; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendHex(b, le64(p, off+8*i))
	}
	return append(b, "]}"...)
}

// appendKVMSegment prints a struct kvm_segment from its bytes p.
func appendKVMSegment(b []byte, p []byte) []byte {
	b = append(b, "{base="...)
	b = appendHex(b, le64(p, 0))
	b = append(b, ", limit="...)
	b = appendUint(b, uint64(le32(p, 8)))
	b = append(b, ", selector="...)
	b = appendUint(b, uint64(le16(p, 12)))
	for i, name := range [...]string{"type", "present", "dpl", "db", "s", "l", "g", "avl"} {
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, '=')
		b = appendUint(b, uint64(p[14+i]))
	}
	return append(b, '}')
}

// appendKVMCPUID2 prints a struct kvm_cpuid2 whose head is p: its count
// and, under -v, its entries, which follow the head in the argument's
// capture (syscalls.IoctlObjectSizes copies a page of it); abbreviated,
// "[...]" for any entry.
func (d *Decoder) appendKVMCPUID2(b []byte, ev *trace.Event, p []byte) []byte {
	nent := uint64(le32(p, 0))
	b = append(b, "{nent="...)
	b = appendUint(b, nent)
	b = append(b, ", entries="...)
	switch {
	case !d.opts.Verbose && nent > 0:
		b = append(b, "[...]"...)
	case !d.opts.Verbose:
		b = append(b, "[]"...)
	default:
		cp, _ := capOK(ev, 2)
		entries := cp.Data[kvmCPUID2Size:]
		whole := uint64(len(entries)) >= nent*kvmCPUIDEntrySize
		b, _ = d.appendArrayBytes(b, ev.Args[2]+kvmCPUID2Size, nent, kvmCPUIDEntrySize, entries, whole, d.appendKVMCPUIDEntry)
	}
	return append(b, '}')
}

// appendKVMCPUIDEntry prints a struct kvm_cpuid_entry2.
func (d *Decoder) appendKVMCPUIDEntry(b []byte, p []byte, _ uint64) []byte {
	b = append(b, "{function="...)
	b = appendHex(b, uint64(le32(p, 0)))
	b = append(b, ", index="...)
	b = appendHex(b, uint64(le32(p, 4)))
	b = append(b, ", flags="...)
	b = d.flags(b, kvmCPUIDFlags, uint64(le32(p, 8)))
	for i, name := range [...]string{"eax", "ebx", "ecx", "edx"} {
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, '=')
		b = appendHex(b, uint64(le32(p, 12+4*i)))
	}
	return append(b, '}')
}
