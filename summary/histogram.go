package summary

import (
	"fmt"
	"io"
	"math/bits"
	"strings"

	"github.com/sctrace/sctrace/trace"
)

// histStars is how wide a distribution bar is, as in bcc's tools.
const histStars = 40

// Log2Counts folds a log-linear histogram into power-of-two rows: row k
// counts the values in [2^k, 2^(k+1)-1], row 0 the values 0 and 1. Each
// bucket of trace.Histogram lies inside one power of two, so the folding
// is exact.
func Log2Counts(h *trace.Histogram) [64]uint64 {
	var rows [64]uint64
	for i, n := range h {
		if n == 0 {
			continue
		}
		lo, _ := trace.HistBucketBounds(i)
		k := 0
		if lo > 0 {
			k = bits.Len64(lo) - 1
		}
		rows[k] += n
	}
	return rows
}

// WriteHistograms writes, for each system call in counts (ordered by
// sort), a log2 histogram of its call times in the shape bcc's tools print
// them:
//
//	syscall = read
//	     nsecs               : count     distribution
//	      4096 -> 8191       : 2        |*******                                 |
//	      8192 -> 16383      : 11       |****************************************|
//
// The unit is nanoseconds, the histogram's own, so that every row is exact.
func WriteHistograms(w io.Writer, counts Counts, sort SortKey) error {
	var b strings.Builder
	for _, g := range groups(counts) {
		sortRows(g.rows, sort)
		if g.heading != "" {
			b.WriteString("\n" + g.heading + "\n")
		}
		for _, r := range g.rows {
			fmt.Fprintf(&b, "\nsyscall = %s\n", r.name)
			writeLog2(&b, Log2Counts(&r.stats.Hist), "nsecs")
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write histograms: %w", err)
	}
	return nil
}

// writeLog2 prints the rows from the first non-empty one to the last (bcc's
// strip_leading_zero); beyond row 32 the columns widen and the bars halve,
// as bcc does.
func writeLog2(b *strings.Builder, rows [64]uint64, unit string) {
	last := -1
	var peak uint64
	for k, n := range rows {
		if n > 0 {
			last = k
		}
		peak = max(peak, n)
	}
	if last < 0 {
		return
	}
	numW, unitW, pad, stars := 10, 19, 5, histStars
	if last > 32 {
		numW, unitW, pad, stars = 20, 29, 15, histStars/2
	}
	first := 0
	for rows[first] == 0 {
		first++
	}
	fmt.Fprintf(b, "%*s%-*s : count     distribution\n", pad, "", unitW, unit)
	for k := first; k <= last; k++ {
		lo, hi := uint64(1)<<k, uint64(1)<<(k+1)-1
		if k == 0 {
			lo = 0
		}
		if k == 63 {
			hi = ^uint64(0)
		}
		n := rows[k]
		bar := strings.Repeat("*", int(float64(stars)*float64(n)/float64(peak)))
		fmt.Fprintf(b, "%*d -> %-*d : %-8d |%-*s|\n", numW, lo, numW, hi, n, stars, bar)
	}
}
