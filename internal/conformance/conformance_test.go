package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testutil.RemoveBuildDir()
	os.Exit(code)
}

// runScore is the comparison of one workload under one flag set.
type runScore struct {
	workload, flags string
	// backend is the backend sctrace reported it used ("" when the
	// candidate is not sctrace).
	backend string
	res     Result
	note    string // what went wrong with the run, if anything did
}

// TestConformance traces every workload under each of its flag sets with
// strace and with sctrace (its default backend) and compares the traces.
// It fails on any run that crashed, timed out, exited with another
// status than strace's or whose tracer report shows lost events or
// captures not taken from the kernel's records, and on any workload whose
// identical lines fall below its floor (floors.go).
func TestConformance(t *testing.T) {
	testutil.RequirePtrace(t)
	strace := testutil.RequireCommand(t, "strace")
	testutil.RequireCommand(t, "gcc")
	sctrace := testutil.BuildSctrace(t)
	// SCTRACE_BIN may name strace itself, to measure how deterministic
	// the workloads are; it prints no tracer report and has no floors.
	isSctrace := filepath.Base(sctrace) != "strace"
	fixture := t.TempDir()
	makeFixture(t, fixture)

	var mu sync.Mutex
	var scores []runScore
	t.Run("runs", func(t *testing.T) {
		for _, w := range workloads {
			for _, fs := range flagSets {
				if !w.runsUnder(fs) {
					continue
				}
				t.Run(w.name+"/"+fs.name, func(t *testing.T) {
					t.Parallel()
					s := compareRun(t, w, fs, strace, sctrace, isSctrace, fixture)
					mu.Lock()
					scores = append(scores, s)
					mu.Unlock()
				})
			}
		}
	})

	report := formatReport(scores)
	t.Logf("\n%s", report)
	if path := os.Getenv("SCTRACE_CONFORMANCE_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(report), 0o644); err != nil {
			t.Errorf("write report: %v", err)
		}
	}
	same, total := 0, 0
	backends := map[string]bool{}
	for _, s := range scores {
		same += s.res.Same
		total += s.res.Total()
		if s.note != "" {
			t.Errorf("%s %s: %s", s.workload, s.flags, s.note)
		}
		if s.backend != "" {
			backends[s.backend] = true
		}
	}
	fmt.Printf("conformance: %.1f%% (%d/%d lines identical)\n", Percent(same, total), same, total)
	if total == 0 {
		t.Fatalf("no lines compared")
	}
	if !isSctrace {
		t.Logf("floors not checked: the candidate is %s", sctrace)
		return
	}
	if len(backends) != 1 {
		t.Fatalf("the runs reported using backends %v, want one", backends)
	}
	var backend string
	for b := range backends {
		backend = b
	}
	complete := completeWorkloads(scores, func(s runScore) string { return s.workload })
	measured := map[floorKey]share{}
	for _, s := range scores {
		if !complete[s.workload] {
			continue
		}
		k := floorKey{"lines", backend, s.workload}
		m := measured[k]
		measured[k] = share{m.same + s.res.Same, m.total + s.res.Total()}
	}
	enforceFloors(t, measured, func(k floorKey) string {
		var of []runScore
		for _, s := range scores {
			if s.workload == k.workload {
				of = append(of, s)
			}
		}
		return worstDiffs(of, 4, 12)
	})
}

// compareRun traces w under fs with both tracers and compares the traces.
func compareRun(t *testing.T, w workload, fs flagSet, strace, sctrace string, isSctrace bool, fixture string) runScore {
	dir := t.TempDir()
	scratch := filepath.Join(dir, "scratch")
	argv := w.argv(t, scratch, fixture)
	s := runScore{workload: w.name, flags: fs.name}

	ref := runTracer(strace, false, fs.args, argv, scratch, filepath.Join(dir, "strace.out"))
	if ref.err != nil {
		t.Fatalf("reference run: %v", ref.err)
	}
	want := Normalize(ref.trace)
	got := runTracer(sctrace, isSctrace, fs.args, argv, scratch, filepath.Join(dir, "sctrace.out"))
	if got.err != nil {
		s.note = got.err.Error()
		s.res = Result{Want: len(want), Diff: []string{"(sctrace: " + firstLine(got.err.Error()) + ")"}}
		t.Logf("%s", got.err)
		return s
	}
	s.backend = got.stats.Backend
	if got.exit != ref.exit {
		s.note = fmt.Sprintf("exit %d, strace exit %d", got.exit, ref.exit)
	}
	if p := statsProblems(got.stats); p != "" {
		s.note = strings.TrimPrefix(s.note+"; "+p, "; ")
	}
	s.res = Compare(want, Normalize(got.trace))
	t.Logf("%d/%d lines identical (%.1f%%)\n%s", s.res.Same, s.res.Total(), Percent(s.res.Same, s.res.Total()), FormatDiff(s.res.Diff, 20))
	return s
}

// runsOf returns how many runs the named workload has: one per flag set
// it runs under.
func runsOf(name string) int {
	n := 0
	for _, w := range workloads {
		for _, fs := range flagSets {
			if w.name == name && w.runsUnder(fs) {
				n++
			}
		}
	}
	return n
}

// completeWorkloads returns the workloads of which every run took place
// (no -run pattern left one out): their sums compare with their floors.
func completeWorkloads[S any](scores []S, workload func(S) string) map[string]bool {
	count := map[string]int{}
	for _, s := range scores {
		count[workload(s)]++
	}
	complete := map[string]bool{}
	for name, n := range count {
		complete[name] = n == runsOf(name)
	}
	return complete
}

// enforceFloors fails t for every measured share below its floor or
// without one, showing diffs(key) for each, and records the shares when
// SCTRACE_FLOORS_MEASURED names a file.
func enforceFloors(t *testing.T, measured map[floorKey]share, diffs func(floorKey) string) {
	t.Helper()
	if len(measured) == 0 {
		t.Logf("floors not checked: only part of the runs took place")
		return
	}
	if path := os.Getenv("SCTRACE_FLOORS_MEASURED"); path != "" {
		if err := recordMeasured(path, measured); err != nil {
			t.Errorf("record measured shares: %v", err)
		}
	}
	floors, err := readFloors(floorsFile)
	if err != nil {
		t.Fatalf("floors: %v", err)
	}
	for _, k := range sortedKeys(measured) {
		for _, bad := range checkFloors(floors, map[floorKey]share{k: measured[k]}) {
			t.Errorf("%s; its worst runs:\n%s", bad, diffs(k))
		}
	}
}

// firstLine returns s up to its first newline.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// formatReport renders the per-workload and per-flag-set tables.
func formatReport(scores []runScore) string {
	type agg struct{ want, got, same, total int }
	byWorkload, byFlags := map[string]*agg{}, map[string]*agg{}
	var all agg
	add := func(m map[string]*agg, k string, r Result) {
		a := m[k]
		if a == nil {
			a = &agg{}
			m[k] = a
		}
		a.want += r.Want
		a.got += r.Got
		a.same += r.Same
		a.total += r.Total()
	}
	for _, s := range scores {
		add(byWorkload, s.workload, s.res)
		add(byFlags, s.flags, s.res)
		all.want += s.res.Want
		all.got += s.res.Got
		all.same += s.res.Same
		all.total += s.res.Total()
	}
	var b strings.Builder
	table := func(title string, keys []string, m map[string]*agg) {
		fmt.Fprintf(&b, "%-16s %8s %8s %9s %7s\n", title, "strace", "sctrace", "identical", "%")
		for _, k := range keys {
			a := m[k]
			if a == nil {
				continue
			}
			fmt.Fprintf(&b, "%-16s %8d %8d %9d %6.1f%%\n", k, a.want, a.got, a.same, Percent(a.same, a.total))
		}
		fmt.Fprintf(&b, "%-16s %8d %8d %9d %6.1f%%\n\n", "TOTAL", all.want, all.got, all.same, Percent(all.same, all.total))
	}
	var wkeys, fkeys []string
	for _, w := range workloads {
		wkeys = append(wkeys, w.name)
	}
	for _, f := range flagSets {
		fkeys = append(fkeys, f.name)
	}
	table("workload", wkeys, byWorkload)
	table("flags", fkeys, byFlags)
	var notes []string
	for _, s := range scores {
		if s.note != "" {
			notes = append(notes, fmt.Sprintf("%s %s: %s", s.workload, s.flags, firstLine(s.note)))
		}
	}
	sort.Strings(notes)
	for _, n := range notes {
		b.WriteString(n + "\n")
	}
	return b.String()
}

// worstDiffs renders the diffs of the n runs with the most differing lines,
// at most limit lines each.
func worstDiffs(scores []runScore, n, limit int) string {
	sorted := append([]runScore(nil), scores...)
	sort.SliceStable(sorted, func(i, j int) bool {
		return sorted[i].res.Total()-sorted[i].res.Same > sorted[j].res.Total()-sorted[j].res.Same
	})
	var b strings.Builder
	for i, s := range sorted {
		if i == n || s.res.Total() == s.res.Same {
			break
		}
		fmt.Fprintf(&b, "=== %s %s: %d/%d identical\n%s", s.workload, s.flags, s.res.Same, s.res.Total(), FormatDiff(s.res.Diff, limit))
	}
	return b.String()
}
