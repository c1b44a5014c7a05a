package e2e

import (
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestKVM traces a KVM virtual machine (testdata/workloads/kvmrun.c) and
// compares sctrace's lines, on both backends, with strace's: the KVM
// ioctls' structures, abbreviated and under -v, the descriptors
// KVM_CREATE_VM and KVM_CREATE_VCPU return (-y), and KVM_RUN's exit
// reasons (-e kvm=vcpu).
func TestKVM(t *testing.T) {
	strace, sctrace := tracers(t)
	testutil.RequireBPF(t)
	testutil.RequireKVM(t)
	prog := workload(t, "kvmrun")
	for _, args := range [][]string{
		{"-e", "trace=ioctl"},
		{"-y", "-e", "trace=ioctl", "-e", "kvm=vcpu"},
		{"-v", "-y", "-e", "trace=ioctl,mmap", "--kvm=vcpu"},
		{"-X", "verbose", "-e", "trace=ioctl", "-e", "kvm=vcpu"},
	} {
		want, res := traceFile(t, strace, append(args, prog)...)
		if res.exit != 0 {
			t.Fatalf("strace %q: the workload exited with %d", args, res.exit)
		}
		for _, backend := range []string{"ptrace", "ebpf"} {
			got, _ := traceFile(t, sctrace, append([]string{"--backend=" + backend}, append(args, prog)...)...)
			if d := sameLines(normalized(want), normalized(got)); d != "" {
				t.Errorf("%s %q: differs from strace at %s", backend, args, d)
			}
		}
	}
}
