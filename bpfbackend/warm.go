package bpfbackend

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"

	"github.com/sctrace/sctrace/bpfbackend/internal/kerneltypes"
	"github.com/sctrace/sctrace/trace"
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

// kernelTypesSpan is when kernelTypes was decoded in the background.
var kernelTypesSpan span

// span is when a preparation made in the background ran, for
// --tracer-stats (trace.Steps), which a run adds once it has used it.
// Safe for concurrent use.
type span struct {
	mu         sync.Mutex
	start, end time.Time
}

// begin marks the start of the preparation.
func (s *span) begin() {
	s.mu.Lock()
	s.start = time.Now()
	s.mu.Unlock()
}

// finish marks its end.
func (s *span) finish() {
	s.mu.Lock()
	s.end = time.Now()
	s.mu.Unlock()
}

// addTo adds the preparation to steps as step name, once it has ended.
func (s *span) addTo(steps *trace.Steps, name string) {
	s.mu.Lock()
	start, end := s.start, s.end
	s.mu.Unlock()
	if !end.IsZero() {
		steps.Add(name, start, end)
	}
}

// addWarmSteps adds to steps what was prepared in the background for a
// load of the object of kind.
func addWarmSteps(steps *trace.Steps, kind objectKind) {
	kernelTypesSpan.addTo(steps, "decode the kernel's BTF")
	o := &objects[kind]
	o.parsed.addTo(steps, "parse the object")
	o.pruned.addTo(steps, "select the kernel types")
}

// warmKernelTypes decodes and indexes the kernel's BTF in the background,
// so that it overlaps the rest of the start-up.
func warmKernelTypes() {
	warmOnce.Do(func() {
		go func() {
			kernelTypesSpan.begin()
			defer kernelTypesSpan.finish()
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
	// parsed is when the object was parsed ahead; pruned when the
	// counting object's kernel types were made.
	parsed, pruned span
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
			o.parsed.begin()
			o.spec, o.err = parseSpec(kind)
			o.parsed.finish()
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
				o.pruned.begin()
				o.kernel, _ = kerneltypes.Kernel(want)
				o.pruned.finish()
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
