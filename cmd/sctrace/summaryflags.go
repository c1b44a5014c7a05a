package main

// --summary-interval: with -c or -C, the table of the calls of each
// interval while tracing, then the total at the end.

import (
	"math"
	"strconv"
	"time"

	"github.com/spf13/pflag"
)

// minSummaryInterval is the shortest --summary-interval: shorter ones
// would print tables faster than a reader can read them.
const minSummaryInterval = 10 * time.Millisecond

// summaryIntervalFlags hold --summary-interval.
type summaryIntervalFlags struct {
	intervalArg string
	// interval is intervalArg parsed; 0 without --summary-interval.
	interval time.Duration
}

// addSummaryIntervalFlags declares --summary-interval.
func addSummaryIntervalFlags(fs *pflag.FlagSet, f *summaryFlags) {
	fs.StringVar(&f.intervalArg, "summary-interval", "", "with -c/-C, also print the table of each `SECONDS` interval's calls")
}

// checkInterval parses --summary-interval: a decimal number of seconds,
// at least minSummaryInterval.
func (f *summaryFlags) checkInterval(fs *pflag.FlagSet) error {
	if !fs.Changed("summary-interval") {
		return nil
	}
	s, err := strconv.ParseFloat(f.intervalArg, 64)
	if err != nil || math.IsNaN(s) || s < minSummaryInterval.Seconds() || s > math.MaxInt64/1e9 {
		return usageErrorf("invalid --summary-interval argument: '%s'", f.intervalArg)
	}
	f.interval = time.Duration(s * 1e9)
	return nil
}
