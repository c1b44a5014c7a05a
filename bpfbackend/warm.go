package bpfbackend

import (
	"sync"
	"sync/atomic"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
)

// What the start-up prepares in the background: the kernel's BTF and the
// object's specification, each about 10 to 20 ms of CPU, decoded while
// the caller does something else (Probe: load its test program; Run:
// start the exec stub, create the maps).

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

// object is the object's specification parsed ahead (warmObject), for
// the first load to take.
var object struct {
	once  sync.Once
	done  chan struct{}
	spec  *ebpf.CollectionSpec
	err   error
	taken atomic.Bool
}

// warmObject parses the object's specification in the background, once.
func warmObject() {
	object.once.Do(func() {
		object.done = make(chan struct{})
		go func() {
			object.spec, object.err = loadSctrace()
			close(object.done)
		}()
	})
}

// parseObject returns the object's specification for one load, which
// changes it: the one parsed ahead to the first load, a new parse to
// the others.
func parseObject() (*ebpf.CollectionSpec, error) {
	warmObject()
	if object.taken.CompareAndSwap(false, true) {
		<-object.done
		spec := object.spec
		object.spec = nil // the load owns it
		return spec, object.err
	}
	return loadSctrace()
}
