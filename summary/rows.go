package summary

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// row is one system call's line of a report.
type row struct {
	key   trace.SyscallKey
	name  string
	stats *trace.SyscallStats
	// avgNS is the mean time per call rounded to the nearest nanosecond,
	// as strace's ts_div computes it.
	avgNS uint64
}

// group is the rows of one architecture ("personality" in strace): the
// native one first, then others (32-bit programs), each under a heading.
type group struct {
	pers persKey
	// heading is printed above the group's table; "" for the native one.
	heading string
	rows    []row
}

// groups returns counts' calls, grouped by architecture and in syscall
// number order within each group. Syscalls without calls are left out.
func groups(counts Counts) []group {
	byPers := map[persKey][]row{}
	for k, s := range counts {
		if s == nil || s.Calls == 0 {
			continue
		}
		pk := persKey{k.Arch, k.Pers}
		byPers[pk] = append(byPers[pk], row{key: k, name: syscallName(k), stats: s, avgNS: meanNS(s.TotalNS, s.Calls)})
	}
	native := persKey{arch: syscalls.Native().Arch}
	keys := make([]persKey, 0, len(byPers))
	for pk := range byPers {
		keys = append(keys, pk)
	}
	slices.SortFunc(keys, func(a, b persKey) int {
		if (a == native) != (b == native) {
			if a == native {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(a.arch, b.arch), cmp.Compare(a.pers, b.pers))
	})
	out := make([]group, 0, len(keys))
	for _, pk := range keys {
		rows := byPers[pk]
		slices.SortFunc(rows, func(x, y row) int { return cmp.Compare(x.key.NR, y.key.NR) })
		g := group{pers: pk, rows: rows}
		if pk != native {
			g.heading = fmt.Sprintf("System call usage summary for %s mode:", personalityName(pk))
		}
		out = append(out, g)
	}
	return out
}

// persKey is one personality's calls: an architecture and, on x86_64,
// the native or x32 calls.
type persKey struct {
	arch uint32
	pers trace.Personality
}

// syscallName is the name strace prints for k.
func syscallName(k trace.SyscallKey) string {
	if t := syscalls.ForCall(k.Arch, k.Pers); t != nil {
		return t.DisplayName(int(k.NR))
	}
	return syscalls.UnknownName(int(k.NR))
}

// keyArchName names k's architecture for JSON output: x32 for an x32
// call.
func keyArchName(k trace.SyscallKey) string {
	if k.Pers == trace.PersX32 {
		return "x32"
	}
	return archName(k.Arch)
}

// archName names an architecture for JSON output.
func archName(arch uint32) string {
	if t := syscalls.ForArch(arch); t != nil {
		return t.Name
	}
	if arch == trace.ArchI386 {
		return "i386"
	}
	return fmt.Sprintf("%#x", arch)
}

// personalityName is strace's name of a non-native personality.
func personalityName(pk persKey) string {
	const archIsLE64 = 0x80000000 // __AUDIT_ARCH_64BIT
	switch {
	case pk.pers == trace.PersX32:
		return "x32"
	case pk.arch&archIsLE64 == 0:
		return "32 bit"
	}
	return archName(pk.arch)
}

// meanNS is total/calls rounded half up, in nanoseconds: strace's ts_div.
func meanNS(total, calls uint64) uint64 {
	if calls == 0 {
		return 0
	}
	const nsPerSec = 1_000_000_000
	sec, nsec := total/nsPerSec, total%nsPerSec
	frac := (sec%calls*nsPerSec + nsec + calls/2) / calls
	return sec/calls*nsPerSec + frac
}

// sortRows orders rows by key; ties keep their order (strace's qsort is
// glibc's merge sort, which is stable).
func sortRows(rows []row, key SortKey) {
	desc := func(f func(r row) uint64) func(a, b row) int {
		return func(a, b row) int { return cmp.Compare(f(b), f(a)) }
	}
	var less func(a, b row) int
	switch key {
	case ByTime:
		less = desc(func(r row) uint64 { return r.stats.TotalNS })
	case ByMinTime:
		less = desc(func(r row) uint64 { return r.stats.MinNS })
	case ByMaxTime:
		less = desc(func(r row) uint64 { return r.stats.MaxNS })
	case ByAvgTime:
		less = desc(func(r row) uint64 { return r.avgNS })
	case ByCalls:
		less = desc(func(r row) uint64 { return r.stats.Calls })
	case ByErrors:
		less = desc(func(r row) uint64 { return r.stats.Errors })
	case ByP50:
		less = desc(func(r row) uint64 { return Percentile(r.stats, 0.50) })
	case ByP99:
		less = desc(func(r row) uint64 { return Percentile(r.stats, 0.99) })
	case ByName:
		less = func(a, b row) int { return strings.Compare(a.name, b.name) }
	default:
		return
	}
	slices.SortStableFunc(rows, less)
}

// totals sums a group's rows into one aggregate.
func totals(rows []row) *trace.SyscallStats {
	var t trace.SyscallStats
	for _, r := range rows {
		t.Merge(r.stats)
	}
	return &t
}

// seconds converts nanoseconds to seconds as strace's ts_float does.
func seconds(ns uint64) float64 {
	const nsPerSec = 1_000_000_000
	return float64(ns/nsPerSec) + float64(ns%nsPerSec)/1e9
}
