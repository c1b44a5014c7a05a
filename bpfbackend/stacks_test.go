package bpfbackend

import (
	"testing"

	"github.com/cilium/ebpf"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/trace"
)

// maxStackInsns bounds the instructions -k adds to the verification of
// each syscall program: 2,257 (sys_enter) and 2,628 (sys_exit) on Linux
// 6.18. Checked once for each count of mappings, emit_maps' loop added
// about 100,000.
const maxStackInsns = 3500

// TestStackCodeVerified checks what -k adds to the syscall programs'
// verification: the code that sends a stack sample and the mappings,
// whose loop over the mappings the verifier checks a few times, not once
// for each count up to MAPS_MAX (emit_maps keeps the count where it
// does not follow it). The tracing object's programs are loaded with and
// without -k.
func TestStackCodeVerified(t *testing.T) {
	testutil.RequireBPF(t)
	verified := func(opts trace.Options) map[string]uint32 {
		p, err := load(loadConfig{opts: opts, arch: trace.ArchX86_64, lone: true})
		if err != nil {
			t.Fatal(err)
		}
		defer p.close()
		if p.kind != objectTracing {
			t.Fatalf("loaded the %v object, want the tracing one", p.kind)
		}
		n := map[string]uint32{}
		for name, prog := range map[string]*ebpf.Program{sctraceProgSysEnter: p.objs.SysEnter, sctraceProgSysExit: p.objs.SysExit} {
			info, err := prog.Info()
			if err != nil {
				t.Fatal(err)
			}
			insns, ok := info.VerifiedInstructions()
			if !ok {
				if testutil.InCI() {
					t.Fatal("CI=true but the kernel does not report verified instructions (5.16 and later do)")
				}
				t.Skip("the kernel does not report verified instructions (5.16 and later do)")
			}
			n[name] = insns
		}
		return n
	}
	// -b execve loads the tracing object, as -k does, without stacks.
	base := verified(trace.Options{StringLimit: 32, DetachOnExec: true})
	k := verified(trace.Options{StringLimit: 32, DetachOnExec: true, StackSize: 64 << 10})
	for name, n := range k {
		t.Logf("%s: %d instructions verified, %d without -k", name, n, base[name])
		if n < base[name] || n-base[name] > maxStackInsns {
			t.Errorf("%s: %d instructions verified with -k, %d without: -k may add at most %d", name, n, base[name], maxStackInsns)
		}
	}
}
