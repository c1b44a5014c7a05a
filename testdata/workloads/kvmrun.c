/* kvmrun: a KVM virtual machine with one vcpu, which runs three real-mode
 * instructions from guest address 0x1000: mov $0x3f8, %dx; out %al, (%dx)
 * (KVM_EXIT_IO); hlt (KVM_EXIT_HLT). The vcpu gets the CPUID the host
 * supports, its segments and its registers set, and its struct kvm_run
 * mapped. The program runs on CPU 0, whose APIC id the CPUID the host
 * supports holds. Exit 77 when /dev/kvm cannot be opened. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <linux/kvm.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#define CPUID_ENTRIES 128

int main(void)
{
	static const uint8_t code[] = {0xba, 0xf8, 0x03, 0xee, 0xf4};
	cpu_set_t cpu0;
	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_setaffinity(0, sizeof(cpu0), &cpu0) < 0)
		return 2;
	int kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm < 0)
		return 77;
	ioctl(kvm, KVM_GET_API_VERSION, 0);
	if (ioctl(kvm, KVM_CHECK_EXTENSION, KVM_CAP_USER_MEMORY) <= 0)
		return 3;
	int vm = ioctl(kvm, KVM_CREATE_VM, 0);
	uint8_t *guest = mmap(NULL, 0x1000, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (vm < 0 || guest == MAP_FAILED)
		return 4;
	memcpy(guest, code, sizeof(code));
	struct kvm_userspace_memory_region region = {
		.slot = 0, .guest_phys_addr = 0x1000, .memory_size = 0x1000, .userspace_addr = (uintptr_t)guest};
	if (ioctl(vm, KVM_SET_USER_MEMORY_REGION, &region) < 0)
		return 5;
	int vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	int size = ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (vcpu < 0 || size < (int)sizeof(struct kvm_run))
		return 6;
	struct kvm_run *run = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, vcpu, 0);
	if (run == MAP_FAILED)
		return 7;

	struct kvm_cpuid2 *cpuid = calloc(1, sizeof(*cpuid) + CPUID_ENTRIES * sizeof(cpuid->entries[0]));
	cpuid->nent = CPUID_ENTRIES;
	if (ioctl(kvm, KVM_GET_SUPPORTED_CPUID, cpuid) < 0 || ioctl(vcpu, KVM_SET_CPUID2, cpuid) < 0)
		return 8;

	struct kvm_sregs sregs;
	if (ioctl(vcpu, KVM_GET_SREGS, &sregs) < 0)
		return 9;
	sregs.cs.base = 0;
	sregs.cs.selector = 0;
	struct kvm_regs regs = {.rax = 2, .rip = 0x1000, .rflags = 0x2};
	if (ioctl(vcpu, KVM_SET_SREGS, &sregs) < 0 || ioctl(vcpu, KVM_SET_REGS, &regs) < 0)
		return 10;
	do {
		if (ioctl(vcpu, KVM_RUN, 0) < 0)
			return 11;
	} while (run->exit_reason == KVM_EXIT_IO);
	return run->exit_reason == KVM_EXIT_HLT ? 0 : 12;
}
