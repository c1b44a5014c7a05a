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

// readCounts reads the per-CPU aggregates of -c (at the end, and at each
// --summary-interval through liveCounts; the values are cumulative): the
// native calls' from counts, by number, with their histograms from
// count_hists when it holds them, and those of arch's other personalities
// from compat_counts, by plan_key (personality times trace.MaxNR plus
// number).
func (p *probe) readCounts(arch uint32) (map[trace.SyscallKey]*trace.SyscallStats, error) {
	out := make(map[trace.SyscallKey]*trace.SyscallStats)
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return nil, fmt.Errorf("ebpf: possible CPUs: %w", err)
	}
	err = readPerCPU(p.objs.Counts, ncpu, func(nr uint32, vals []sctraceSyscallTotals) {
		// Most syscalls were never called.
		if sum := sumPerCPU(vals, totalsOf); sum.Calls > 0 {
			out[trace.SyscallKey{Arch: arch, NR: int32(nr)}] = &sum
		}
	})
	if err != nil {
		return nil, err
	}
	if p.histograms && len(out) > 0 {
		err = readPerCPU(p.objs.CountHists, ncpu, func(nr uint32, vals []sctraceSyscallHist) {
			s := out[trace.SyscallKey{Arch: arch, NR: int32(nr)}]
			if s == nil {
				return
			}
			for i := range vals {
				for b, n := range vals[i].Hist {
					s.Hist[b] += n
				}
			}
		})
		if err != nil {
			return nil, err
		}
	}
	err = readPerCPU(p.objs.CompatCounts, ncpu, func(key uint32, vals []sctraceSyscallStats) {
		if sum := sumPerCPU(vals, statsOf); sum.Calls > 0 {
			out[keyOf(arch, key)] = &sum
		}
	})
	return out, err
}

// sumPerCPU merges the per-CPU aggregates vals, which stats converts, but
// those of CPUs that counted no call.
func sumPerCPU[V any](vals []V, stats func(*V) trace.SyscallStats) trace.SyscallStats {
	var sum trace.SyscallStats
	for i := range vals {
		if one := stats(&vals[i]); one.Calls != 0 {
			sum.Merge(&one)
		}
	}
	return sum
}

// totalsOf converts the programs' aggregate without its histogram into
// trace's.
func totalsOf(v *sctraceSyscallTotals) trace.SyscallStats {
	return trace.SyscallStats{Calls: v.Calls, Errors: v.Errors, TotalNS: v.TotalNs, MinNS: v.MinNs, MaxNS: v.MaxNs}
}

// readPerCPU calls add with each key of the per-CPU map m, whose values
// are Vs, and its values, in batches (a lookup per syscall costs
// milliseconds of start-up-like time on an empty run), or one lookup per
// key where the kernel has no batch lookups.
func readPerCPU[V any](m *ebpf.Map, ncpu int, add func(key uint32, vals []V)) error {
	var (
		cursor ebpf.MapBatchCursor
		keys   = make([]uint32, countsBatch)
		vals   = make([]V, countsBatch*ncpu)
		seen   bool
	)
	for {
		n, err := m.BatchLookup(&cursor, keys, vals, nil)
		for i := range n {
			add(keys[i], vals[i*ncpu:(i+1)*ncpu])
			seen = true
		}
		if errors.Is(err, ebpf.ErrKeyNotExist) {
			return nil
		}
		if errors.Is(err, ebpf.ErrNotSupported) && !seen {
			break
		}
		if err != nil {
			return fmt.Errorf("ebpf: read syscall counts: %w", err)
		}
	}
	var (
		key uint32
		per []V
	)
	it := m.Iterate()
	for it.Next(&key, &per) {
		add(key, per)
	}
	if err := it.Err(); err != nil {
		return fmt.Errorf("ebpf: read syscall counts: %w", err)
	}
	return nil
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
