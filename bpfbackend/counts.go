package bpfbackend

import (
	"fmt"

	"github.com/sctrace/sctrace/trace"
)

// readCounts reads the per-CPU aggregates of -c once, at the end.
func (p *probe) readCounts(arch uint32) (map[trace.SyscallKey]*trace.SyscallStats, error) {
	out := make(map[trace.SyscallKey]*trace.SyscallStats)
	var (
		nr   uint32
		vals []sctraceSyscallStats
	)
	it := p.objs.Counts.Iterate()
	for it.Next(&nr, &vals) {
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
