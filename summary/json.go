package summary

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/sctrace/sctrace/trace"
)

// JSONOptions shape WriteJSON's document.
type JSONOptions struct {
	// Sort orders the syscalls (-S).
	Sort SortKey
	// Clock says what the times measure, copied to the document's "clock"
	// field: "wall" (-w) or "cpu" (system CPU time).
	Clock string
	// Processes, when not nil, are written as the document's "processes"
	// (-c -ff).
	Processes []Process
	// IntervalEnd, when not "", is written as "interval_end": the
	// document is an interval's (--summary-interval).
	IntervalEnd string
}

// JSONReport is the document --summary-format=json writes.
type JSONReport struct {
	// Clock is what the times measure: "wall" or "cpu".
	Clock string `json:"clock"`
	// IntervalEnd is, in an interval's document (--summary-interval),
	// when the interval ended (RFC 3339); absent in the total's.
	IntervalEnd string `json:"interval_end,omitempty"`
	// Syscalls has one entry per system call that returned at least once,
	// architecture by architecture (the native one first), sorted as -S
	// says within each.
	Syscalls []JSONSyscall `json:"syscalls"`
	// Total sums every entry.
	Total JSONStats `json:"total"`
	// Processes has each process's calls under -c -ff, in the order the
	// processes were first seen; absent otherwise.
	Processes []JSONProcess `json:"processes,omitempty"`
}

// JSONProcess is one process's calls, its threads' included.
type JSONProcess struct {
	// PID is the process's thread group id; Comm its command name, ""
	// when unknown.
	PID  int32  `json:"pid"`
	Comm string `json:"comm"`
	// Syscalls and Total are as in JSONReport, for this process alone.
	Syscalls []JSONSyscall `json:"syscalls"`
	Total    JSONStats     `json:"total"`
}

// JSONSyscall is one system call's entry.
type JSONSyscall struct {
	// Name is the call's name as strace prints it.
	Name string `json:"name"`
	// Arch is the architecture's name (x86_64, arm64, i386), NR the call's
	// number on it.
	Arch string `json:"arch"`
	NR   int32  `json:"nr"`
	JSONStats
}

// JSONStats are the numbers of an entry or of the total.
type JSONStats struct {
	// Calls counts calls that returned; Errors those that failed.
	Calls  uint64 `json:"calls"`
	Errors uint64 `json:"errors"`
	// TotalNS, MinNS, MaxNS and AvgNS are times in nanoseconds; AvgNS is
	// rounded to the nearest.
	TotalNS uint64 `json:"total_ns"`
	MinNS   uint64 `json:"min_ns"`
	MaxNS   uint64 `json:"max_ns"`
	AvgNS   uint64 `json:"avg_ns"`
	// P50NS and P99NS are estimated from the histogram (within 25%).
	P50NS uint64 `json:"p50_ns"`
	P99NS uint64 `json:"p99_ns"`
	// TimePercent is the share of the total time, 0 to 100.
	TimePercent float64 `json:"time_percent"`
	// Histogram lists the non-empty buckets of the log-linear histogram.
	Histogram []JSONBucket `json:"histogram"`
}

// JSONBucket is one bucket of a histogram: Count calls took from LoNS to
// HiNS nanoseconds, both included.
type JSONBucket struct {
	LoNS  uint64 `json:"lo_ns"`
	HiNS  uint64 `json:"hi_ns"`
	Count uint64 `json:"count"`
}

// WriteJSON writes counts as an indented JSONReport.
func WriteJSON(w io.Writer, counts Counts, opts JSONOptions) error {
	rep := JSONReport{Clock: opts.Clock, IntervalEnd: opts.IntervalEnd}
	rep.Syscalls, rep.Total = jsonCounts(counts, opts.Sort)
	for _, p := range opts.Processes {
		jp := JSONProcess{PID: p.PID, Comm: p.Comm}
		jp.Syscalls, jp.Total = jsonCounts(p.Counts, opts.Sort)
		rep.Processes = append(rep.Processes, jp)
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("summary json: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("write summary: %w", err)
	}
	return nil
}

// jsonCounts returns the entries of counts, sorted by sort within each
// architecture, and their total.
func jsonCounts(counts Counts, sort SortKey) ([]JSONSyscall, JSONStats) {
	out := []JSONSyscall{}
	var all trace.SyscallStats
	for _, s := range counts {
		if s != nil {
			all.Merge(s)
		}
	}
	for _, g := range groups(counts) {
		sortRows(g.rows, sort)
		for _, r := range g.rows {
			out = append(out, JSONSyscall{
				Name: r.name, Arch: keyArchName(r.key), NR: r.key.NR,
				JSONStats: jsonStats(r.stats, all.TotalNS),
			})
		}
	}
	return out, jsonStats(&all, all.TotalNS)
}

func jsonStats(s *trace.SyscallStats, cumNS uint64) JSONStats {
	out := JSONStats{
		Calls: s.Calls, Errors: s.Errors,
		TotalNS: s.TotalNS, MinNS: s.MinNS, MaxNS: s.MaxNS, AvgNS: meanNS(s.TotalNS, s.Calls),
		P50NS: Percentile(s, 0.50), P99NS: Percentile(s, 0.99),
		Histogram: []JSONBucket{},
	}
	if cumNS > 0 {
		out.TimePercent = 100 * float64(s.TotalNS) / float64(cumNS)
	}
	for i, n := range s.Hist {
		if n > 0 {
			lo, hi := trace.HistBucketBounds(i)
			out.Histogram = append(out.Histogram, JSONBucket{LoNS: lo, HiNS: hi, Count: n})
		}
	}
	return out
}
