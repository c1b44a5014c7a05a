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

// acceptance is the overall percentage of identical lines the test demands.
const acceptance = 90.0

func TestMain(m *testing.M) {
	code := m.Run()
	testutil.RemoveBuildDir()
	os.Exit(code)
}

// runScore is the comparison of one workload under one flag set.
type runScore struct {
	workload, flags string
	res             Result
	note            string // why the run could not be compared, if it could not
}

func TestConformance(t *testing.T) {
	testutil.RequirePtrace(t)
	strace := testutil.RequireCommand(t, "strace")
	testutil.RequireCommand(t, "gcc")
	sctrace := testutil.BuildSctrace(t)
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
					s := compareRun(t, w, fs, strace, sctrace, fixture)
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
	for _, s := range scores {
		same += s.res.Same
		total += s.res.Total()
	}
	pct := Percent(same, total)
	fmt.Printf("conformance: %.1f%% (%d/%d lines identical)\n", pct, same, total)
	if total == 0 {
		t.Fatalf("no lines compared")
	}
	if pct < acceptance {
		t.Errorf("conformance %.1f%% is below %.0f%%; worst runs:\n%s", pct, acceptance, worstDiffs(scores, 8, 12))
	}
}

// compareRun traces w under fs with both tracers and compares the traces.
func compareRun(t *testing.T, w workload, fs flagSet, strace, sctrace, fixture string) runScore {
	dir := t.TempDir()
	scratch := filepath.Join(dir, "scratch")
	argv := w.argv(t, scratch, fixture)
	s := runScore{workload: w.name, flags: fs.name}

	ref := runTracer(strace, fs.args, argv, scratch, filepath.Join(dir, "strace.out"))
	if ref.err != nil {
		t.Fatalf("reference run: %v", ref.err)
	}
	want := Normalize(ref.trace)
	got := runTracer(sctrace, fs.args, argv, scratch, filepath.Join(dir, "sctrace.out"))
	if got.err != nil {
		s.note = got.err.Error()
		s.res = Result{Want: len(want), Diff: []string{"(sctrace: " + firstLine(got.err.Error()) + ")"}}
		t.Logf("%s", got.err)
		return s
	}
	if got.exit != ref.exit {
		s.note = fmt.Sprintf("exit %d, strace exit %d", got.exit, ref.exit)
	}
	s.res = Compare(want, Normalize(got.trace))
	t.Logf("%d/%d lines identical (%.1f%%)\n%s", s.res.Same, s.res.Total(), Percent(s.res.Same, s.res.Total()), FormatDiff(s.res.Diff, 20))
	return s
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
