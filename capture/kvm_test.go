package capture

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestKVMRunCapture: under KVMVcpu, a successful KVM_RUN's argument
// capture at exit is the exit reason of the vcpu its descriptor refers
// to, read where the process maps the vcpu's struct kvm_run; nothing
// without KVMVcpu, for a failed call, for a descriptor with no such
// mapping, or from memory that cannot tell.
func TestKVMRunCapture(t *testing.T) {
	const base = 0x1000
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("ioctl")
	flat := &flatMem{base: base, data: make([]byte, 4096)}
	binary.LittleEndian.PutUint32(flat.data[syscalls.KVMRunExitReasonOff:], 5) // KVM_EXIT_HLT
	run := func(x Executor, mem Memory, ret int64) trace.Capture {
		args := [trace.MaxArgs]uint64{7, syscalls.IoctlKVMRun, 0}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		call := Call{Args: &args, Caps: &caps, Bufs: &bufs}
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, call)
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtExit, ret, call)
		return caps[2]
	}
	mem := &objMem{flatMem: flat, run: base}
	if c := run(Executor{KVMVcpu: true}, mem, 0); len(c.Data) != 4 || binary.LittleEndian.Uint32(c.Data) != 5 || !slices.Equal(mem.asked, []int32{7}) {
		t.Errorf("kvm=vcpu: capture %+v, descriptors asked about %v; want exit reason 5 of descriptor 7's vcpu", c, mem.asked)
	}
	for _, tc := range []struct {
		name string
		x    Executor
		mem  Memory
		ret  int64
	}{
		{"without kvm=vcpu", Executor{}, &objMem{flatMem: flat, run: base}, 0},
		{"failed", Executor{KVMVcpu: true}, &objMem{flatMem: flat, run: base}, -4},
		{"no mapping", Executor{KVMVcpu: true}, &objMem{flatMem: flat}, 0},
		{"unreadable", Executor{KVMVcpu: true}, &objMem{flatMem: flat, run: 0x100000}, 0},
		{"no descriptors", Executor{KVMVcpu: true}, flat, 0},
	} {
		if c := run(tc.x, tc.mem, tc.ret); c.Data != nil {
			t.Errorf("%s: captured %+v, want nothing", tc.name, c)
		}
	}
}

// TestFirstMapping: the vcpu's struct kvm_run is the first mapping
// /proc/PID/maps lists of an anonymous inode of the vcpu's name.
func TestFirstMapping(t *testing.T) {
	maps := strings.Join([]string{
		"55d0c0a00000-55d0c0a02000 r--p 00000000 fe:01 1234                       /usr/bin/qemu",
		"7f0000000000-7f0000003000 rw-s 00000000 fe:01 99                         anon_inode:kvm-vcpu:0",
		"7f1000000000-7f1000003000 rw-s 00000000 00:0f 1051                       anon_inode:kvm-vcpu:1",
		"7f2000000000-7f2000003000 rw-s 00000000 00:0f 1051                       anon_inode:kvm-vcpu:0",
		"7f3000000000-7f3000001000 rw-s 00000000 00:0f 1051                       anon_inode:kvm-vcpu:0",
		"7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0                          [stack]",
	}, "\n") + "\n"
	for name, want := range map[string][2]uint64{
		"anon_inode:kvm-vcpu:0": {0x7f2000000000, 0x3000},
		"anon_inode:kvm-vcpu:1": {0x7f1000000000, 0x3000},
	} {
		start, size, ok := firstMapping(strings.NewReader(maps), name)
		if !ok || start != want[0] || size != want[1] {
			t.Errorf("%s: %#x, %#x, %v; want %#x, %#x", name, start, size, ok, want[0], want[1])
		}
	}
	if _, _, ok := firstMapping(strings.NewReader(maps), "anon_inode:kvm-vcpu:2"); ok {
		t.Error("found a mapping of a vcpu that has none")
	}
}
