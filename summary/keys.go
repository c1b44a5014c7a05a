package summary

import (
	"fmt"
	"strings"
)

// Column is one column of the -c table.
type Column uint8

// The columns, in strace's order of definition, then sctrace's latency
// columns.
const (
	// TimePercent is "% time": the call's share of the total time.
	TimePercent Column = iota + 1
	// TotalTime is "seconds": the time spent in the call in all.
	TotalTime
	// MinTime is "shortest": the shortest call, in seconds.
	MinTime
	// MaxTime is "longest": the longest call, in seconds.
	MaxTime
	// AvgTime is "usecs/call": the mean time per call, in microseconds.
	AvgTime
	// Calls is "calls": how many calls returned.
	Calls
	// Errors is "errors": how many of them failed (blank when none).
	Errors
	// Name is "syscall": the call's name.
	Name
	// P50 is "p50(us)": the median time per call, in microseconds,
	// estimated from the histogram (see Percentile).
	P50
	// P99 is "p99(us)": the 99th percentile, likewise.
	P99
	// Max is "max(us)": the longest call, in microseconds.
	Max
)

// DefaultColumns is strace's default -U list:
// time-percent,total-time,avg-time,calls,errors,name.
var DefaultColumns = []Column{TimePercent, TotalTime, AvgTime, Calls, Errors, Name}

// SortKey orders the rows of the table.
type SortKey uint8

// The sort orders. Every key but ByName and ByNothing sorts in descending
// order; ties keep syscall-number order, as strace's (stable) sort does.
const (
	// ByNothing keeps syscall-number order (-S nothing).
	ByNothing SortKey = iota
	// ByTime sorts by total time (-S time, strace's default).
	ByTime
	// ByMinTime sorts by the shortest call.
	ByMinTime
	// ByMaxTime sorts by the longest call.
	ByMaxTime
	// ByAvgTime sorts by the mean time per call.
	ByAvgTime
	// ByCalls sorts by the number of calls.
	ByCalls
	// ByErrors sorts by the number of errors.
	ByErrors
	// ByName sorts by name, ascending.
	ByName
	// ByP50 sorts by the estimated median.
	ByP50
	// ByP99 sorts by the estimated 99th percentile.
	ByP99
)

// UsesHistograms reports whether a table of cols sorted by sort reads the
// histograms of the calls' times (SyscallStats.Hist): the percentile
// columns and sort keys do.
func UsesHistograms(cols []Column, sort SortKey) bool {
	for _, c := range cols {
		if c == P50 || c == P99 {
			return true
		}
	}
	return sort == ByP50 || sort == ByP99
}

// alias is one name -U and -S accept, and what it means as a column (0:
// none) and as a sort key.
type alias struct {
	name   string
	column Column
	sort   SortKey
}

// aliases are strace 6.1's names for columns and sort keys (count.c), in
// its order, followed by sctrace's own.
var aliases = []alias{
	{"time", TimePercent, ByTime},
	{"time_percent", TimePercent, ByTime},
	{"time-percent", TimePercent, ByTime},
	{"time_total", TotalTime, ByTime},
	{"time-total", TotalTime, ByTime},
	{"total_time", TotalTime, ByTime},
	{"total-time", TotalTime, ByTime},
	{"min_time", MinTime, ByMinTime},
	{"min-time", MinTime, ByMinTime},
	{"shortest", MinTime, ByMinTime},
	{"time_min", MinTime, ByMinTime},
	{"time-min", MinTime, ByMinTime},
	{"longest", MaxTime, ByMaxTime},
	{"max_time", MaxTime, ByMaxTime},
	{"max-time", MaxTime, ByMaxTime},
	{"time_max", MaxTime, ByMaxTime},
	{"time-max", MaxTime, ByMaxTime},
	{"avg_time", AvgTime, ByAvgTime},
	{"avg-time", AvgTime, ByAvgTime},
	{"time_avg", AvgTime, ByAvgTime},
	{"time-avg", AvgTime, ByAvgTime},
	{"calls", Calls, ByCalls},
	{"count", Calls, ByCalls},
	{"error", Errors, ByErrors},
	{"errors", Errors, ByErrors},
	{"name", Name, ByName},
	{"syscall", Name, ByName},
	{"syscall_name", Name, ByName},
	{"syscall-name", Name, ByName},
	{"none", 0, ByNothing},
	{"nothing", 0, ByNothing},
	{"p50", P50, ByP50},
	{"median", P50, ByP50},
	{"p99", P99, ByP99},
	{"max", Max, ByMaxTime},
}

// ParseSortKey parses a -S argument. Its error is strace's message.
func ParseSortKey(s string) (SortKey, error) {
	for _, a := range aliases {
		if a.name == s {
			return a.sort, nil
		}
	}
	return 0, fmt.Errorf("invalid sortby: '%s'", s)
}

// ParseColumns parses a -U argument, a comma-separated list of column
// names. The name column is appended when the list lacks it, as strace
// does. Errors are strace's messages.
func ParseColumns(s string) ([]Column, error) {
	var cols []Column
	seen := map[Column]bool{}
	rest := s
	for {
		item, tail, more := strings.Cut(rest, ",")
		var found *alias
		for i := range aliases {
			if aliases[i].name == item && aliases[i].column != 0 {
				found = &aliases[i]
				break
			}
		}
		if found == nil {
			return nil, fmt.Errorf("unknown column name: '%s'", item)
		}
		if seen[found.column] {
			return nil, fmt.Errorf("call summary column has been provided more than once: '%s' (-U option residual: '%s')", found.name, rest)
		}
		seen[found.column] = true
		cols = append(cols, found.column)
		if !more {
			break
		}
		rest = tail
	}
	if !seen[Name] {
		cols = append(cols, Name)
	}
	return cols, nil
}
