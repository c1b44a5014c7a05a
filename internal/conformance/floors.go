package conformance

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Floors are the least the conformance and parity tests accept of each
// workload, recorded in testdata/floors.txt at what the tracers achieve.
// Each row is
//
//	MEASURE BACKEND WORKLOAD SAME/TOTAL [# note]
//
// with MEASURE one of
//   - lines: of the lines of strace's trace and BACKEND's (ptrace or
//     ebpf), summed over the workload's flag sets, SAME are identical out
//     of TOTAL (the longer trace's count: Result.Same and Result.Total);
//   - runs: of the workload's TOTAL runs (one per flag set), SAME traced
//     identically by both backends (BACKEND is "both").
//
// A measure is below its floor when its share SAME/TOTAL is smaller than
// the floor's: one more differing line, or one fewer identical run, on a
// workload at its floor fails.

// floorKey names one floor.
type floorKey struct{ measure, backend, workload string }

func (k floorKey) String() string { return k.measure + " " + k.backend + " " + k.workload }

// share is SAME out of TOTAL, as a floor or as measured.
type share struct{ same, total int }

func (s share) String() string { return fmt.Sprintf("%d/%d", s.same, s.total) }

// below reports whether s is a smaller share than f.
func (s share) below(f share) bool {
	return int64(s.same)*int64(f.total) < int64(f.same)*int64(s.total)
}

// floorsFile is where the floors are, from the package directory.
const floorsFile = "testdata/floors.txt"

// readFloors parses a floors file.
func readFloors(path string) (map[floorKey]share, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	floors := map[floorKey]share{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 4 {
			return nil, fmt.Errorf("%s:%d: want MEASURE BACKEND WORKLOAD SAME/TOTAL", path, n)
		}
		k := floorKey{fields[0], fields[1], fields[2]}
		s, err := parseShare(fields[3])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		if _, dup := floors[k]; dup {
			return nil, fmt.Errorf("%s:%d: second floor for %s", path, n, k)
		}
		floors[k] = s
	}
	return floors, sc.Err()
}

// parseShare parses SAME/TOTAL.
func parseShare(s string) (share, error) {
	a, b, ok := strings.Cut(s, "/")
	same, err1 := strconv.Atoi(a)
	total, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || same < 0 || total < same {
		return share{}, fmt.Errorf("bad share %q", s)
	}
	return share{same, total}, nil
}

// checkFloors returns a complaint for each measured share that has no
// floor or is below its floor.
func checkFloors(floors map[floorKey]share, measured map[floorKey]share) []string {
	var bad []string
	for _, k := range sortedKeys(measured) {
		m := measured[k]
		f, ok := floors[k]
		switch {
		case !ok:
			bad = append(bad, fmt.Sprintf("%s: %s measured, no floor in %s", k, m, floorsFile))
		case m.below(f):
			bad = append(bad, fmt.Sprintf("%s: %s is below its floor %s", k, m, f))
		}
	}
	return bad
}

func sortedKeys(m map[floorKey]share) []floorKey {
	keys := make([]floorKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	return keys
}

// recordMeasured merges measured into the file at path (created if
// missing), which then holds, per key, the smallest share seen (as a
// floor row) and, in its note, the largest and the number of runs merged:
// run the tests N times with SCTRACE_FLOORS_MEASURED=path to measure
// floors over N runs.
func recordMeasured(path string, measured map[floorKey]share) error {
	type seen struct {
		min, max share
		runs     int
	}
	all := map[floorKey]*seen{}
	if b, err := os.ReadFile(path); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			row, note, _ := strings.Cut(line, "#")
			f := strings.Fields(row)
			var max string
			var runs int
			if len(f) != 4 {
				continue
			}
			if _, err := fmt.Sscanf(strings.TrimSpace(note), "max %s runs %d", &max, &runs); err != nil {
				continue
			}
			lo, err1 := parseShare(f[3])
			hi, err2 := parseShare(max)
			if err1 != nil || err2 != nil {
				continue
			}
			all[floorKey{f[0], f[1], f[2]}] = &seen{lo, hi, runs}
		}
	}
	for k, m := range measured {
		s := all[k]
		if s == nil {
			all[k] = &seen{m, m, 1}
			continue
		}
		if m.below(s.min) {
			s.min = m
		}
		if s.max.below(m) {
			s.max = m
		}
		s.runs++
	}
	var b strings.Builder
	keys := make([]floorKey, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	for _, k := range keys {
		s := all[k]
		fmt.Fprintf(&b, "%-5s %-7s %-14s %-11s # max %s runs %d\n", k.measure, k.backend, k.workload, s.min, s.max, s.runs)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
