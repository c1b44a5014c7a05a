package trace

import "math/bits"

// This file is the contract for aggregates that a backend may compute in
// place of a stream of events (the eBPF backend does -c in the kernel), and
// for the tracer's own cost counters (--tracer-stats). Package summary
// renders SyscallStats; it never cares which side filled them.

// HistSubBits is how many bits below the leading one split each power of
// two of a Histogram into sub-buckets: 2 bits give 4 sub-buckets, so a
// bucket's width is at most a quarter of its lower bound.
const HistSubBits = 2

// HistBuckets is the number of buckets in a Histogram: exact buckets for
// values below 1<<HistSubBits, then 1<<HistSubBits sub-buckets for each
// leading-bit position from HistSubBits to 63.
const HistBuckets = (64 - HistSubBits + 1) << HistSubBits

// Histogram counts latencies (nanoseconds) in log-linear buckets. The eBPF
// programs compute the same bucket index in C (see HistBucket).
type Histogram [HistBuckets]uint64

// HistBucket returns the bucket index of a latency of ns nanoseconds.
// Values below 1<<HistSubBits have a bucket each; a larger value v with its
// leading one at bit m falls in bucket (m-HistSubBits+1)<<HistSubBits plus
// the HistSubBits bits below the leading one.
func HistBucket(ns uint64) int {
	const sub = 1 << HistSubBits
	if ns < sub {
		return int(ns)
	}
	m := bits.Len64(ns) - 1
	return (m-HistSubBits+1)<<HistSubBits | int(ns>>(m-HistSubBits))&(sub-1)
}

// HistBucketBounds returns the smallest and largest latency that fall in
// bucket i.
func HistBucketBounds(i int) (lo, hi uint64) {
	const sub = 1 << HistSubBits
	if i < sub {
		return uint64(i), uint64(i)
	}
	m := i>>HistSubBits + HistSubBits - 1
	lo = uint64(sub|i&(sub-1)) << (m - HistSubBits)
	width := uint64(1) << (m - HistSubBits)
	return lo, lo + width - 1
}

// SyscallKey names one system call of one architecture and personality
// (as Event's Arch, Pers and NR).
type SyscallKey struct {
	Arch uint32
	NR   int32
	Pers Personality
}

// SyscallStats aggregates the calls of one system call.
type SyscallStats struct {
	// Calls counts calls that returned; Errors those that returned an
	// error. Calls that never return (exit_group) are not counted.
	Calls, Errors uint64
	// TotalNS, MinNS and MaxNS are the time spent in the calls, in the
	// sense of Options.SummaryWallTime.
	TotalNS, MinNS, MaxNS uint64
	// Hist counts the calls by their time.
	Hist Histogram
}

// Add counts one call that took ns nanoseconds; failed says it returned an
// error.
func (s *SyscallStats) Add(ns uint64, failed bool) {
	if s.Calls == 0 || ns < s.MinNS {
		s.MinNS = ns
	}
	if ns > s.MaxNS {
		s.MaxNS = ns
	}
	s.Calls++
	if failed {
		s.Errors++
	}
	s.TotalNS += ns
	s.Hist[HistBucket(ns)]++
}

// Merge adds o's calls to s (per-CPU copies from the kernel, or several
// processes under -f).
func (s *SyscallStats) Merge(o *SyscallStats) {
	if o.Calls == 0 {
		return
	}
	if s.Calls == 0 || o.MinNS < s.MinNS {
		s.MinNS = o.MinNS
	}
	if o.MaxNS > s.MaxNS {
		s.MaxNS = o.MaxNS
	}
	s.Calls += o.Calls
	s.Errors += o.Errors
	s.TotalNS += o.TotalNS
	for i := range s.Hist {
		s.Hist[i] += o.Hist[i]
	}
}

// TracerStats is what tracing cost the tracer itself, for --tracer-stats.
// A backend fills the counters that apply to it and leaves the others 0.
type TracerStats struct {
	// PtraceStops counts tracee stops reported by wait4; PtraceCalls the
	// ptrace(2) requests made; Wait4Calls the wait4(2) calls.
	PtraceStops, PtraceCalls, Wait4Calls uint64
	// RingRecords counts ring-buffer records read; Wakeups the times the
	// reader was woken up to read them.
	RingRecords, Wakeups uint64
	// BytesCaptured counts bytes of tracee memory copied out.
	BytesCaptured uint64
	// Lost counts events the backend could not deliver.
	Lost uint64
	// CaptureRereads counts capture reads the eBPF programs recorded as
	// faulted that user space then read from the live task: memory as it
	// was when the record was read, not at the call. CaptureMismatches
	// counts capture reads that found no recorded read of the same kind
	// and address (the programs and capture.Executor disagree). Both are
	// 0 on a correct run.
	CaptureRereads, CaptureMismatches uint64
	// CaptureTails counts capture reads that faulted in the eBPF
	// programs where the bytes up to the end of the first page did not:
	// those come from the programs' record, the bytes past them from
	// the live task as it is when the record is read (the programs
	// could not read them at the call: a page mapped but not yet
	// faulted in).
	CaptureTails uint64
	// CaptureCut counts capture reads that did not fit in the eBPF
	// record of their call (a record holds 512 KiB): the memory they
	// would have read prints as unreadable.
	CaptureCut uint64
	// Unavailable counts the calls whose entry or result the backend
	// could not read (ptrace: the thread was killed before its stop was
	// read), printed as strace prints them ("???(", "= ? <unavailable>").
	Unavailable uint64
}
