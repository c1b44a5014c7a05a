package bpfbackend

import (
	"errors"
	"fmt"

	"github.com/cilium/ebpf"

	"github.com/sctrace/sctrace/trace"
)

// countsBatch is how many syscalls' per-CPU aggregates one batch lookup
// reads.
const countsBatch = 64

// readCounts reads the per-CPU aggregates of -c once, at the end, in
// batches (a lookup per syscall costs milliseconds of start-up-like time
// on an empty run); it falls back to one lookup per key where the kernel
// has no batch lookups.
func (p *probe) readCounts(arch uint32) (map[trace.SyscallKey]*trace.SyscallStats, error) {
	out := make(map[trace.SyscallKey]*trace.SyscallStats)
	add := func(nr uint32, vals []sctraceSyscallStats) {
		var sum trace.SyscallStats
		for i := range vals {
			v := &vals[i]
			one := trace.SyscallStats{Calls: v.Calls, Errors: v.Errors, TotalNS: v.TotalNs, MinNS: v.MinNs, MaxNS: v.MaxNs, Hist: v.Hist}
			sum.Merge(&one)
		}
		if sum.Calls > 0 {
			st := sum
			out[trace.SyscallKey{Arch: arch, NR: int32(nr)}] = &st
		}
	}
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return nil, fmt.Errorf("ebpf: possible CPUs: %w", err)
	}
	var (
		cursor ebpf.MapBatchCursor
		keys   = make([]uint32, countsBatch)
		vals   = make([]sctraceSyscallStats, countsBatch*ncpu)
	)
	for {
		n, err := p.objs.Counts.BatchLookup(&cursor, keys, vals, nil)
		for i := range n {
			add(keys[i], vals[i*ncpu:(i+1)*ncpu])
		}
		if errors.Is(err, ebpf.ErrKeyNotExist) {
			return out, nil
		}
		if errors.Is(err, ebpf.ErrNotSupported) && len(out) == 0 {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("ebpf: read syscall counts: %w", err)
		}
	}
	var (
		nr  uint32
		per []sctraceSyscallStats
	)
	it := p.objs.Counts.Iterate()
	for it.Next(&nr, &per) {
		add(nr, per)
	}
	if err := it.Err(); err != nil {
		return nil, fmt.Errorf("ebpf: read syscall counts: %w", err)
	}
	return out, nil
}

// lostCount sums the per-CPU count of records the ring buffer refused.
func (p *probe) lostCount() (uint64, error) {
	var per []uint64
	if err := p.objs.Lost.Lookup(uint32(0), &per); err != nil {
		return 0, fmt.Errorf("ebpf: read lost count: %w", err)
	}
	var n uint64
	for _, v := range per {
		n += v
	}
	return n, nil
}
