package summary

import (
	"math"

	"github.com/sctrace/sctrace/trace"
)

// Percentile estimates the q-quantile (0 < q <= 1) of the calls s counts,
// in nanoseconds: the time of the call of rank ceil(q*Calls) in ascending
// order. The first and last ranks are MinNS and MaxNS, known exactly.
// Otherwise it finds the histogram bucket holding that rank, narrows the
// bucket's range to [MinNS, MaxNS], and interpolates linearly inside it, as
// if the bucket's n calls were spread evenly from its low end to its high
// end (a lone call is placed in the middle).
//
// Error bound: the true value lies in the same bucket as the estimate, and
// a bucket of trace.Histogram is at most a quarter as wide as its lower
// bound (values below 4 ns have exact buckets), so the estimate is within
// 25% of the true value, and within one bucket's width of it in absolute
// terms. It returns 0 when s counts no call.
func Percentile(s *trace.SyscallStats, q float64) uint64 {
	if s == nil || s.Calls == 0 {
		return 0
	}
	rank := uint64(math.Ceil(q * float64(s.Calls)))
	switch {
	case rank <= 1:
		return s.MinNS
	case rank >= s.Calls:
		return s.MaxNS
	}
	var below uint64
	for i, n := range s.Hist {
		if n == 0 || below+n < rank {
			below += n
			continue
		}
		lo, hi := trace.HistBucketBounds(i)
		lo, hi = max(lo, s.MinNS), min(hi, s.MaxNS)
		if lo >= hi {
			return lo
		}
		// The rank-th call is the j-th (from 0) of the bucket's n calls.
		j := rank - below - 1
		span := float64(hi - lo)
		var est float64
		if n == 1 {
			est = float64(lo) + span/2
		} else {
			est = float64(lo) + span*float64(j)/float64(n-1)
		}
		if est >= float64(hi) {
			return hi
		}
		return max(uint64(math.Round(est)), lo)
	}
	// The histogram holds fewer calls than Calls (an inconsistent source):
	// the largest call is the best answer left.
	return s.MaxNS
}
