package bpfbackend

import (
	"sync"
	"sync/atomic"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"

	"github.com/sctrace/sctrace/bpfbackend/internal/kerneltypes"
)

// What the start-up prepares in the background: the kernel's BTF (or,
// for counting, the few types of it its programs read) and the
// specification of the object a run loads, each up to 10 to 20 ms of CPU,
// decoded while the caller does something else (Probe: load its test
// program; Run: start the exec stub, create the maps).

// kernelTypes is the kernel's BTF, decoded once per process and shared by
// every load (CO-RE, tp_btf targets, kfuncs): decoding and indexing it is
// the largest part of the backend's start-up, about 20 ms.
var kernelTypes = btf.NewCache()

// warmOnce starts decoding kernelTypes once.
var warmOnce sync.Once

// warmKernelTypes decodes and indexes the kernel's BTF in the background,
// so that it overlaps the rest of the start-up.
func warmKernelTypes() {
	warmOnce.Do(func() {
		go func() {
			spec, err := kernelTypes.Kernel()
			if err != nil {
				return // the loads report it
			}
			var target *btf.Typedef
			_ = spec.TypeByName("btf_trace_sys_enter", &target)
		}()
	})
}

// objects are the objects' specifications parsed ahead (warmObject), by
// objectKind, for the first load of each to take; for the counting ones,
// also the kernel's types their programs relocate against (kernelTypes).
var objects [numObjects]struct {
	once  sync.Once
	done  chan struct{}
	spec  *ebpf.CollectionSpec
	err   error
	taken atomic.Bool
	// kernel is what counting's programs, which use no kfunc, no tp_btf
	// target and no type id, relocate against: the kernel's types they
	// declare, pruned (kerneltypes), made after the object is parsed.
	// Made in a few milliseconds, it spares a count_only run decoding the
	// kernel's BTF. nil when it could not be made: the loads then use
	// kernelTypes. kernelDone is closed when it is settled.
	kernel     *btf.Spec
	kernelDone chan struct{}
}

// countingKernelTypes waits for the pruned kernel types of the counting
// object of kind; nil means use kernelTypes.
func countingKernelTypes(kind objectKind) *btf.Spec {
	warmObject(kind)
	o := &objects[kind]
	<-o.kernelDone
	return o.kernel
}

// parseSpec parses the object of kind.
func parseSpec(kind objectKind) (*ebpf.CollectionSpec, error) {
	switch kind {
	case objectCounting:
		return loadCounting()
	case objectCountingLean:
		return loadCountinglean()
	case objectLean:
		return loadLean()
	}
	return loadSctrace()
}

// warmObject parses in the background, once, the object of kind.
func warmObject(kind objectKind) {
	o := &objects[kind]
	o.once.Do(func() {
		o.done, o.kernelDone = make(chan struct{}), make(chan struct{})
		go func() {
			o.spec, o.err = parseSpec(kind)
			if !kind.counting() {
				close(o.done)
				close(o.kernelDone)
				return
			}
			// Read before a load owns the spec.
			var want kerneltypes.Want
			if o.err == nil {
				want, _ = kerneltypes.WantedBy(o.spec.Types)
			}
			close(o.done)
			if want != nil {
				o.kernel, _ = kerneltypes.Kernel(want)
			}
			close(o.kernelDone)
		}()
	})
}

// parseObject returns the specification of the object of kind, for one
// load, which changes it: the one parsed ahead to the first load, a new
// parse to the others.
func parseObject(kind objectKind) (*ebpf.CollectionSpec, error) {
	warmObject(kind)
	o := &objects[kind]
	if o.taken.CompareAndSwap(false, true) {
		<-o.done
		spec := o.spec
		o.spec = nil // the load owns it
		return spec, o.err
	}
	return parseSpec(kind)
}
