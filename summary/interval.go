package summary

import (
	"github.com/sctrace/sctrace/trace"
)

// Diff returns the calls cur has and prev has not: the aggregates of an
// interval, from cumulative aggregates read at its start (prev) and its
// end (cur). Calls, errors, times and histograms subtract exactly; the
// interval's least and greatest times cannot be subtracted, so they are
// cur's when prev had no call of the syscall, else the bounds of the
// lowest and highest histogram buckets the interval filled, kept within
// cur's. Syscalls without a call in the interval are left out.
func Diff(cur, prev Counts) Counts {
	out := Counts{}
	for k, c := range cur {
		if c == nil {
			continue
		}
		p := prev[k]
		if p == nil || p.Calls == 0 {
			if c.Calls > 0 {
				d := *c
				out[k] = &d
			}
			continue
		}
		if c.Calls <= p.Calls {
			continue
		}
		out[k] = diffStats(c, p)
	}
	return out
}

// diffStats is c minus p, p having fewer calls than c.
func diffStats(c, p *trace.SyscallStats) *trace.SyscallStats {
	d := &trace.SyscallStats{
		Calls:  c.Calls - p.Calls,
		Errors: sub(c.Errors, p.Errors),
		// Per-CPU totals read while calls were counted can lag, never
		// go back: a negative difference is 0.
		TotalNS: sub(c.TotalNS, p.TotalNS),
	}
	lo, hi := -1, -1
	for i := range d.Hist {
		d.Hist[i] = sub(c.Hist[i], p.Hist[i])
		if d.Hist[i] > 0 {
			if lo < 0 {
				lo = i
			}
			hi = i
		}
	}
	if lo < 0 {
		d.MinNS, d.MaxNS = c.MinNS, c.MaxNS
		return d
	}
	d.MinNS, _ = trace.HistBucketBounds(lo)
	_, d.MaxNS = trace.HistBucketBounds(hi)
	d.MinNS = max(d.MinNS, c.MinNS)
	d.MaxNS = min(d.MaxNS, c.MaxNS)
	if d.MinNS > d.MaxNS {
		d.MinNS = d.MaxNS
	}
	return d
}

func sub(a, b uint64) uint64 {
	if a < b {
		return 0
	}
	return a - b
}

// Snapshot returns a copy of the aggregates so far with extra (a
// backend's cumulative in-place aggregates) added, keeping only the
// system calls the filter selects: the cumulative aggregates an interval
// is the Diff of.
func (a *Aggregator) Snapshot(extra Counts) Counts {
	out := Clone(a.counts)
	for k, s := range extra {
		if s != nil && a.counted(k) {
			statsIn(out, k).Merge(s)
		}
	}
	return out
}
