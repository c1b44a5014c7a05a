package decode

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
)

// Expected strings are from strace 6.1's ioctl_kvm_run.c and its -v
// variant (addresses and the CPUID count made up).
func TestIoctlKVM(t *testing.T) {
	region := le(nil).u32(0).u32(0).u64(0x1000).u64(4096).u64(0x7f2c8fea7000)
	regs := le(nil).u64(2).u64(2).pad(14 * 8).u64(0x1000).u64(2)
	segment := func(l le, base uint64, limit uint32, sel uint16, typ, s uint8) le {
		return l.u64(base).u32(limit).u16(sel).u8(typ).u8(1).u8(0).u8(0).u8(s).u8(0).u8(0).u8(0).pad(2)
	}
	sregs := segment(le(nil), 0xffff0000, 65535, 61440, 11, 1)
	for range 5 {
		sregs = segment(sregs, 0, 65535, 0, 3, 1)
	}
	sregs = segment(sregs, 0, 65535, 0, 11, 0)
	sregs = segment(sregs, 0, 65535, 0, 2, 0)
	sregs = sregs.u64(0).u16(65535).pad(6).u64(0).u16(65535).pad(6)
	sregs = sregs.u64(1610612752).pad(5 * 8).u64(0xfee00900).pad(4 * 8)
	cpuid := le(nil).u32(2).u32(0).
		u32(0).u32(0).u32(0).u32(0x1c).u32(0x68747541).u32(0x444d4163).u32(0x69746e65).pad(12).
		u32(4).u32(0).u32(1).u32(0).u32(0).u32(0).u32(0).pad(12)
	const sregsFull = `{cs={base=0xffff0000, limit=65535, selector=61440, type=11, present=1, dpl=0, db=0, s=1, l=0, g=0, avl=0}, ` +
		`ds={base=0, limit=65535, selector=0, type=3, present=1, dpl=0, db=0, s=1, l=0, g=0, avl=0}, ` +
		`es={base=0, limit=65535, selector=0, type=3, present=1, dpl=0, db=0, s=1, l=0, g=0, avl=0}, ` +
		`fs={base=0, limit=65535, selector=0, type=3, present=1, dpl=0, db=0, s=1, l=0, g=0, avl=0}, ` +
		`gs={base=0, limit=65535, selector=0, type=3, present=1, dpl=0, db=0, s=1, l=0, g=0, avl=0}, ` +
		`ss={base=0, limit=65535, selector=0, type=3, present=1, dpl=0, db=0, s=1, l=0, g=0, avl=0}, ` +
		`tr={base=0, limit=65535, selector=0, type=11, present=1, dpl=0, db=0, s=0, l=0, g=0, avl=0}, ` +
		`ldt={base=0, limit=65535, selector=0, type=2, present=1, dpl=0, db=0, s=0, l=0, g=0, avl=0}, ` +
		`gdt={base=0, limit=65535}, idt={base=0, limit=65535}, cr0=1610612752, cr2=0, cr3=0, cr4=0, cr8=0, efer=0, ` +
		`apic_base=0xfee00900, interrupt_bitmap=[0, 0, 0, 0]}`
	for _, c := range []struct {
		name    string
		verbose bool
		ev      *evb
		want    string
	}{
		{"check extension", false, sc(t, "ioctl", 1, 3, reqKVMCheckExtension, 3),
			`ioctl(3, KVM_CHECK_EXTENSION, KVM_CAP_USER_MEMORY) = 1`},
		{"unknown capability", false, sc(t, "ioctl", 0, 3, reqKVMCheckExtension, 0xdeadbeef),
			`ioctl(3, KVM_CHECK_EXTENSION, 0xdeadbeef /* KVM_CAP_??? */) = 0`},
		{"create vm", false, sc(t, "ioctl", 4, 3, reqKVMCreateVM, 0), `ioctl(3, KVM_CREATE_VM, 0) = 4`},
		{"create vcpu", false, sc(t, "ioctl", 5, 4, reqKVMCreateVCPU, 0xffffffff00000007), `ioctl(4, KVM_CREATE_VCPU, 7) = 5`},
		{"memory region", false, sc(t, "ioctl", 0, 4, reqKVMSetUserMemoryRegion, 0x1000).data(2, region),
			`ioctl(4, KVM_SET_USER_MEMORY_REGION, {slot=0, flags=0, guest_phys_addr=0x1000, memory_size=4096, userspace_addr=0x7f2c8fea7000}) = 0`},
		{"regs", false, sc(t, "ioctl", 0, 5, reqKVMSetRegs, 0x1000).data(2, regs),
			`ioctl(5, KVM_SET_REGS, {rax=0x2, ..., rsp=0, rbp=0, ..., rip=0x1000, rflags=0x2}) = 0`},
		{"regs -v", true, sc(t, "ioctl", 0, 5, reqKVMGetRegs, 0x1000).data(2, regs),
			`ioctl(5, KVM_GET_REGS, {rax=0x2, rbx=0x2, rcx=0, rdx=0, rsi=0, rdi=0, rsp=0, rbp=0, r8=0, r9=0, r10=0, r11=0, r12=0, r13=0, r14=0, r15=0, rip=0x1000, rflags=0x2}) = 0`},
		{"sregs", false, sc(t, "ioctl", 0, 5, reqKVMGetSregs, 0x1000).data(2, sregs),
			`ioctl(5, KVM_GET_SREGS, {cs={base=0xffff0000, limit=65535, selector=61440, type=11, present=1, dpl=0, db=0, s=1, l=0, g=0, avl=0}, ...}) = 0`},
		{"sregs -v", true, sc(t, "ioctl", 0, 5, reqKVMSetSregs, 0x1000).data(2, sregs),
			`ioctl(5, KVM_SET_SREGS, ` + sregsFull + `) = 0`},
		{"sregs failed", false, sc(t, "ioctl", -14, 5, reqKVMGetSregs, 0x1000),
			`ioctl(5, KVM_GET_SREGS, 0x1000) = -1 EFAULT (Bad address)`},
		{"cpuid", false, sc(t, "ioctl", 0, 3, reqKVMGetSupportedCPUID, 0x1000).data(2, cpuid),
			`ioctl(3, KVM_GET_SUPPORTED_CPUID, {nent=2, entries=[...]}) = 0`},
		{"cpuid -v", true, sc(t, "ioctl", 0, 5, reqKVMSetCPUID2, 0x1000).data(2, cpuid),
			`ioctl(5, KVM_SET_CPUID2, {nent=2, entries=[{function=0, index=0, flags=0, eax=0x1c, ebx=0x68747541, ecx=0x444d4163, edx=0x69746e65}, ` +
				`{function=0x4, index=0, flags=KVM_CPUID_FLAG_SIGNIFCANT_INDEX, eax=0, ebx=0, ecx=0, edx=0}]}) = 0`},
		{"cpuid -v, entries cut", true, sc(t, "ioctl", 0, 5, reqKVMSetCPUID2, 0x1000).data(2, cpuid[:kvmCPUID2Size+kvmCPUIDEntrySize]),
			`ioctl(5, KVM_SET_CPUID2, {nent=2, entries=[{function=0, index=0, flags=0, eax=0x1c, ebx=0x68747541, ecx=0x444d4163, edx=0x69746e65}, ... /* 0x1030 */]}) = 0`},
		{"no cpuid", false, sc(t, "ioctl", 0, 5, reqKVMSetCPUID2, 0x1000).data(2, le(nil).u32(0).u32(0)),
			`ioctl(5, KVM_SET_CPUID2, {nent=0, entries=[]}) = 0`},
		{"cpuid too big", false, sc(t, "ioctl", -7, 3, reqKVMGetSupportedCPUID, 0x1000).data(2, cpuid),
			`ioctl(3, KVM_GET_SUPPORTED_CPUID, 0x1000) = -1 E2BIG (Argument list too long)`},
		{"cpuid NULL", false, sc(t, "ioctl", -14, 5, reqKVMSetCPUID2, 0),
			`ioctl(5, KVM_SET_CPUID2, NULL) = -1 EFAULT (Bad address)`},
		{"run", false, sc(t, "ioctl", 0, 5, syscalls.IoctlKVMRun, 0), `ioctl(5, KVM_RUN, 0) = 0`},
		{"run, exit reason", false, sc(t, "ioctl", 0, 5, syscalls.IoctlKVMRun, 0).data(2, le(nil).u32(2)), `ioctl(5, KVM_RUN, 0) = 0 (KVM_EXIT_IO)`},
		{"run, unknown exit reason", false, sc(t, "ioctl", 0, 5, syscalls.IoctlKVMRun, 0).data(2, le(nil).u32(0xbad)), `ioctl(5, KVM_RUN, 0) = 0 (KVM_EXIT_???)`},
		{"run failed", false, sc(t, "ioctl", -4, 5, syscalls.IoctlKVMRun, 0).data(2, le(nil).u32(2)), `ioctl(5, KVM_RUN, 0) = -1 EINTR (Interrupted system call)`},
	} {
		d := New(Options{StringLimit: DefaultStringLimit, Verbose: c.verbose})
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
