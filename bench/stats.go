package bench

import (
	"slices"
	"time"
)

// Spread is the median, minimum and maximum of a set of durations.
type Spread struct {
	Median, Min, Max time.Duration
}

// spreadOf returns the Spread of ds; all zero when ds is empty. The median
// of an even number of values is the mean of the middle two.
func spreadOf(ds []time.Duration) Spread {
	med, lo, hi := orderStats(ds)
	return Spread{Median: med, Min: lo, Max: hi}
}

// medianInt returns the median of vs (the mean of the middle two for an
// even count), or 0 when vs is empty.
func medianInt(vs []int64) int64 {
	med, _, _ := orderStats(vs)
	return med
}

// orderStats returns the median (the mean of the middle two for an even
// count), the minimum and the maximum of vs; zeros when vs is empty.
func orderStats[T ~int64 | ~float64](vs []T) (med, lo, hi T) {
	if len(vs) == 0 {
		return 0, 0, 0
	}
	s := slices.Clone(vs)
	slices.Sort(s)
	n := len(s)
	med = s[n/2]
	if n%2 == 0 {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	return med, s[0], s[n-1]
}

// ratio returns the median of a configuration over the native median, or 0
// when either is unknown.
func ratio(median, native time.Duration) float64 {
	if median <= 0 || native <= 0 {
		return 0
	}
	return float64(median) / float64(native)
}

// nsPerSyscall returns the wall time a configuration adds to each of the
// workload's syscalls: (median - native median) / syscalls. It is 0 when
// the syscall count is unknown. It may be negative for noise around native.
func nsPerSyscall(median, native time.Duration, syscalls int64) float64 {
	if syscalls <= 0 || native <= 0 || median <= 0 {
		return 0
	}
	return float64(median-native) / float64(syscalls)
}

// perSyscall returns n per workload syscall, or 0 when the count is unknown.
func perSyscall(n float64, syscalls int64) float64 {
	if syscalls <= 0 {
		return 0
	}
	return n / float64(syscalls)
}

// RoundOrder returns the order in which round r runs n configurations
// (indices): the list rotated by r, reversed on odd rounds, so that each
// configuration runs early, late, before and after the others, and slow
// drift of the machine hits every configuration alike.
func RoundOrder(n, r int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = (i + r) % n
	}
	if r%2 == 1 {
		slices.Reverse(order)
	}
	return order
}

// Paired is a configuration's wall time over the floor's (the EmptyHooks
// configuration), in units of native's, taken round by round: each round's
// (configuration − floor) / native, from the three runs of that round. A
// slow drift of the machine moves the three alike, so it cancels here
// where it does not between medians of different runs. The project's
// targets read on it: -c at most 0.5, a full trace at most 1.3, a scope
// beside the workload at most 0.
type Paired struct {
	Median float64 `json:"median"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	// Rounds counts the rounds in which all three ran.
	Rounds int `json:"rounds"`
}

// pairedOverFloor returns the Paired figures of samples against the
// floor's and native's samples of the same rounds, or nil when no round
// has all three.
func pairedOverFloor(samples, floor, native []Sample) *Paired {
	byRound := func(ss []Sample) map[int]time.Duration {
		m := make(map[int]time.Duration, len(ss))
		for _, s := range ss {
			m[s.Round] = s.Wall
		}
		return m
	}
	f, n := byRound(floor), byRound(native)
	var xs []float64
	for _, s := range samples {
		fw, ok1 := f[s.Round]
		nw, ok2 := n[s.Round]
		if ok1 && ok2 && nw > 0 {
			xs = append(xs, float64(s.Wall-fw)/float64(nw))
		}
	}
	if len(xs) == 0 {
		return nil
	}
	med, lo, hi := orderStats(xs)
	return &Paired{Median: med, Min: lo, Max: hi, Rounds: len(xs)}
}
