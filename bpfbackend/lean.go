package bpfbackend

import (
	"fmt"
	"reflect"

	"github.com/cilium/ebpf"

	"github.com/sctrace/sctrace/trace"
)

// objectKind names one of the objects bpf/sctrace.c is compiled to.
type objectKind int

const (
	// objectTracing is the object of the runs that trace (sctrace).
	objectTracing objectKind = iota
	// objectCounting is the object of -c's runs (SCTRACE_COUNTING).
	objectCounting
	// objectLean is objectTracing without the code of the features
	// leanOff's constants turn on (SCTRACE_LEAN).
	objectLean
	// objectCountingLean is objectCounting without it: -c without a
	// scope or -b execve, the features of leanOff -c has.
	objectCountingLean
	numObjects
)

func (k objectKind) String() string {
	switch k {
	case objectCounting:
		return "counting"
	case objectLean:
		return "lean"
	case objectCountingLean:
		return "countinglean"
	}
	return "tracing"
}

// counting says whether k is one of -c's objects.
func (k objectKind) counting() bool { return k == objectCounting || k == objectCountingLean }

// lean says whether k is one of the objects without leanOff's constants.
func (k objectKind) lean() bool { return k == objectLean || k == objectCountingLean }

// leanOff are the tracing object's load-time constants that the lean
// object fixes at 0 at compile time (bpf/sctrace.c: LEAN_OFF), so that it
// holds none of the code they gate: -y and -yy, -k, -b execve, -e read=
// and -e write=, -e kvm=vcpu, command names and scopes. Its syscall
// programs are about 4,000 instructions shorter each, instructions the
// verifier would otherwise walk and remove at every start.
var leanOff = []string{
	sctraceVarFdNames, sctraceVarSockStates,
	sctraceVarStackSize,
	sctraceVarDetachOnExec,
	sctraceVarDumpReadBits, sctraceVarDumpWriteBits, sctraceVarDumpReadAll, sctraceVarDumpWriteAll,
	sctraceVarKvmVcpu,
	sctraceVarTrackComm, sctraceVarPidComms,
	sctraceVarScopeOn, sctraceVarScopeSelf, sctraceVarScopeOnly, sctraceVarScopeTree,
	sctraceVarScopeNcgroups, sctraceVarScopeNcomms, sctraceVarScopeNuids,
}

// objectFor is the object a run of opts loads: a counting one under -c,
// else a tracing one, each lean unless opts uses a feature it leaves out.
// It decides from opts what runVars then sets each of leanOff's
// constants to (TestObjectFor holds the two to agree); under -c only
// scopes and -b execve set any.
func objectFor(opts *trace.Options) objectKind {
	full := opts.Scope != nil || opts.DetachOnExec
	if opts.CountOnly {
		if full {
			return objectCounting
		}
		return objectCountingLean
	}
	if full || opts.NameNewFDs || opts.DescribeSockets || stackSize(opts) != 0 ||
		!opts.DumpRead.Empty() || !opts.DumpWrite.Empty() || opts.KVMVcpu || opts.TaskInfo != nil {
		return objectTracing
	}
	return objectLean
}

// setVars sets spec's load-time constants to vars. The lean objects lack
// leanOff's, which must then be 0.
func setVars(spec *ebpf.CollectionSpec, kind objectKind, vars map[string]any) error {
	for name, v := range vars {
		vs := spec.Variables[name]
		if vs == nil {
			if kind.lean() && reflect.ValueOf(v).IsZero() {
				continue
			}
			return fmt.Errorf("ebpf: the %v object has no constant %s (%v)", kind, name, v)
		}
		if err := vs.Set(v); err != nil {
			return fmt.Errorf("ebpf: set %s: %w", name, err)
		}
	}
	return nil
}
