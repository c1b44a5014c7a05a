package summary

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// distribution is a named set of latencies, built in the test.
type distribution struct {
	name    string
	samples []uint64
}

// distributions returns known latency distributions: deterministic
// (seeded) draws and exact shapes.
func distributions() []distribution {
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func(n int, f func() uint64) []uint64 {
		out := make([]uint64, n)
		for i := range out {
			out[i] = f()
		}
		return out
	}
	var ds []distribution
	ds = append(ds, distribution{"constant", draw(1000, func() uint64 { return 4242 })})
	ds = append(ds, distribution{"tiny", draw(1000, func() uint64 { return rng.Uint64N(4) })})
	ds = append(ds, distribution{"uniform-1us-1ms", draw(20000, func() uint64 { return 1000 + rng.Uint64N(999_000) })})
	ds = append(ds, distribution{"exponential-mean-5us", draw(20000, func() uint64 { return uint64(rng.ExpFloat64() * 5000) })})
	ds = append(ds, distribution{"lognormal", draw(20000, func() uint64 { return uint64(math.Exp(rng.NormFloat64()*2 + 9)) })})
	// Bimodal: 98% fast calls near 800 ns, 2% slow ones near 3 ms; the
	// 99th percentile lands in the slow mode.
	ds = append(ds, distribution{"bimodal", draw(20000, func() uint64 {
		if rng.IntN(100) < 98 {
			return 700 + rng.Uint64N(200)
		}
		return 2_900_000 + rng.Uint64N(200_000)
	})})
	// Every value from 1 to 100000 once: a percentile is known exactly.
	seq := make([]uint64, 100000)
	for i := range seq {
		seq[i] = uint64(i + 1)
	}
	ds = append(ds, distribution{"sequence", seq})
	ds = append(ds, distribution{"single", []uint64{123456789}})
	ds = append(ds, distribution{"huge", []uint64{1 << 62, 1<<63 + 12345, ^uint64(0)}})
	return ds
}

// exactPercentile is the nearest-rank q-quantile of samples.
func exactPercentile(samples []uint64, q float64) uint64 {
	s := slices.Clone(samples)
	slices.Sort(s)
	rank := int(math.Ceil(q * float64(len(s))))
	return s[min(max(rank, 1), len(s))-1]
}

func statsOf(samples []uint64) *trace.SyscallStats {
	var s trace.SyscallStats
	for _, v := range samples {
		s.Add(v, false)
	}
	return &s
}

// TestPercentileBound checks the documented error bound on known
// distributions: the estimate falls in the same histogram bucket as the
// true percentile, so it is within 25% of it (exact below 4 ns).
func TestPercentileBound(t *testing.T) {
	for _, d := range distributions() {
		s := statsOf(d.samples)
		for _, q := range []float64{0.01, 0.25, 0.5, 0.9, 0.99, 0.999, 1} {
			want := exactPercentile(d.samples, q)
			got := Percentile(s, q)
			if trace.HistBucket(got) != trace.HistBucket(want) {
				t.Errorf("%s p%g: got %d (bucket %d), exact %d (bucket %d)", d.name, q*100, got, trace.HistBucket(got), want, trace.HistBucket(want))
			}
			if diff := math.Abs(float64(got) - float64(want)); diff > float64(want)/4 {
				t.Errorf("%s p%g: got %d, exact %d: off by %.1f%%, bound 25%%", d.name, q*100, got, want, 100*diff/float64(want))
			}
			if got < s.MinNS || got > s.MaxNS {
				t.Errorf("%s p%g: got %d outside [%d, %d]", d.name, q*100, got, s.MinNS, s.MaxNS)
			}
		}
	}
}

// TestPercentileExactCases: a constant, values below 4 ns, the extremes.
func TestPercentileExactCases(t *testing.T) {
	for _, d := range distributions() {
		s := statsOf(d.samples)
		if got, want := Percentile(s, 1), s.MaxNS; got != want {
			t.Errorf("%s p100 = %d, want the maximum %d", d.name, got, want)
		}
		if got, want := Percentile(s, 1e-9), s.MinNS; got != want {
			t.Errorf("%s p0 = %d, want the minimum %d", d.name, got, want)
		}
		if d.name == "constant" || d.name == "tiny" || d.name == "single" {
			for _, q := range []float64{0.5, 0.99} {
				if got, want := Percentile(s, q), exactPercentile(d.samples, q); got != want {
					t.Errorf("%s p%g = %d, want exactly %d", d.name, q*100, got, want)
				}
			}
		}
	}
	if got := Percentile(&trace.SyscallStats{}, 0.5); got != 0 {
		t.Errorf("no calls: p50 = %d, want 0", got)
	}
}

// TestPercentileInterpolation: on evenly spread values, interpolating
// inside a bucket does much better than the bucket's width.
func TestPercentileInterpolation(t *testing.T) {
	var seq []uint64
	for _, d := range distributions() {
		if d.name == "sequence" {
			seq = d.samples
		}
	}
	s := statsOf(seq)
	for _, q := range []float64{0.1, 0.5, 0.9, 0.99} {
		want := exactPercentile(seq, q)
		got := Percentile(s, q)
		if diff := math.Abs(float64(got) - float64(want)); diff > 1 {
			t.Errorf("sequence p%g = %d, exact %d", q*100, got, want)
		}
	}
}

// TestPercentileMerge: per-CPU (or per-process) parts merged give the same
// percentiles as the whole.
func TestPercentileMerge(t *testing.T) {
	for _, d := range distributions() {
		whole := statsOf(d.samples)
		var merged trace.SyscallStats
		for part := range 3 {
			var p []uint64
			for i := part; i < len(d.samples); i += 3 {
				p = append(p, d.samples[i])
			}
			merged.Merge(statsOf(p))
		}
		for _, q := range []float64{0.5, 0.99} {
			if a, b := Percentile(whole, q), Percentile(&merged, q); a != b {
				t.Errorf("%s p%g: whole %d, merged %d", d.name, q*100, a, b)
			}
		}
	}
}
