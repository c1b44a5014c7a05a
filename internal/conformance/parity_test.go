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

// parityScore is one workload under one flag set traced by both backends.
type parityScore struct {
	workload, flags string
	// parity compares the eBPF trace with the ptrace trace; ptrace and
	// ebpf compare each with strace's; again compares the ptrace trace
	// with a second ptrace run's, made after the eBPF run.
	parity, ptrace, ebpf, again Result
	note                        string
}

// stable reports whether the two ptrace runs traced the program
// identically: where they did not, the program's own timing shows in the
// trace, and the eBPF trace cannot be held to the first run's.
func (s parityScore) stable() bool { return s.again.Same == s.again.Total() }

// TestBackendParity traces every conformance workload with both backends,
// ptrace twice, reports per run how many of strace's lines each
// reproduces and how many lines the two share, and counts the runs the
// two ptrace runs trace identically and, of those, the runs the eBPF
// backend traces identically too. It fails on any run that crashed, timed out,
// exited with another status than strace's or whose tracer report shows
// lost events or captures not taken from the kernel's records, and on any
// workload below its floors (floors.go): strace's lines each backend
// reproduces, and the runs the two backends trace identically. This holds
// under -y and -yy too: the eBPF backend's programs name the descriptors
// and describe the sockets at each call (fdpath's Learned mode), which
// /proc and sock_diag may no longer do when its lines are printed.
func TestBackendParity(t *testing.T) {
	testutil.RequirePtrace(t)
	testutil.RequireBPF(t)
	strace := testutil.RequireCommand(t, "strace")
	testutil.RequireCommand(t, "gcc")
	sctrace := testutil.BuildSctrace(t)
	fixture := t.TempDir()
	makeFixture(t, fixture)

	var mu sync.Mutex
	var scores []parityScore
	t.Run("runs", func(t *testing.T) {
		for _, w := range workloads {
			for _, fs := range flagSets {
				if !w.runsUnder(fs) {
					continue
				}
				t.Run(w.name+"/"+fs.name, func(t *testing.T) {
					t.Parallel()
					s := parityRun(t, w, fs, strace, sctrace, fixture)
					mu.Lock()
					scores = append(scores, s)
					mu.Unlock()
				})
			}
		}
	})
	report := formatParity(scores)
	t.Logf("\n%s", report)
	if len(scores) == 0 {
		t.Fatal("no runs compared")
	}
	var ptraceSame, ebpfSame, want, identical, stable, stableIdentical int
	complete := completeWorkloads(scores, func(s parityScore) string { return s.workload })
	measured := map[floorKey]share{}
	add := func(k floorKey, same, total int) {
		if complete[k.workload] {
			m := measured[k]
			measured[k] = share{m.same + same, m.total + total}
		}
	}
	for _, s := range scores {
		if s.note != "" {
			t.Errorf("%s %s: %s", s.workload, s.flags, s.note)
		}
		same := 0
		if s.parity.Same == s.parity.Total() {
			same = 1
		}
		identical += same
		if s.stable() {
			stable++
			stableIdentical += same
		}
		add(floorKey{"runs", "both", s.workload}, same, 1)
		add(floorKey{"lines", "ptrace", s.workload}, s.ptrace.Same, s.ptrace.Total())
		add(floorKey{"lines", "ebpf", s.workload}, s.ebpf.Same, s.ebpf.Total())
		ptraceSame += s.ptrace.Same
		ebpfSame += s.ebpf.Same
		want += s.ptrace.Want
	}
	totals := fmt.Sprintf("%d/%d runs identical on both backends; of the %d runs two ptrace runs trace identically, %d identical on eBPF; strace lines reproduced: ptrace %d, ebpf %d, of %d",
		identical, len(scores), stable, stableIdentical, ptraceSame, ebpfSame, want)
	t.Log(totals)
	if path := os.Getenv("SCTRACE_PARITY_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(report+totals+"\n"), 0o644); err != nil {
			t.Errorf("write report: %v", err)
		}
	}
	enforceFloors(t, measured, func(k floorKey) string {
		var parity []parityScore
		var lines []runScore
		for _, s := range scores {
			if s.workload != k.workload {
				continue
			}
			parity = append(parity, s)
			res := s.ptrace
			if k.backend == "ebpf" {
				res = s.ebpf
			}
			lines = append(lines, runScore{workload: s.workload, flags: s.flags, backend: k.backend, res: res})
		}
		if k.measure == "runs" {
			return worstParity(parity, 4, 12)
		}
		return worstDiffs(lines, 4, 12)
	})
}

// worstParity renders the ebpf-vs-ptrace diffs of the n runs that differ
// most, at most limit lines each.
func worstParity(scores []parityScore, n, limit int) string {
	sorted := append([]parityScore(nil), scores...)
	sort.SliceStable(sorted, func(i, j int) bool {
		return sorted[i].parity.Total()-sorted[i].parity.Same > sorted[j].parity.Total()-sorted[j].parity.Same
	})
	var b strings.Builder
	for i, s := range sorted {
		if i == n || s.parity.Total() == s.parity.Same {
			break
		}
		fmt.Fprintf(&b, "=== %s %s: %d/%d identical\n%s", s.workload, s.flags, s.parity.Same, s.parity.Total(), FormatDiff(s.parity.Diff, limit))
	}
	return b.String()
}

// parityRun traces w under fs with strace and with sctrace on each backend.
func parityRun(t *testing.T, w workload, fs flagSet, strace, sctrace, fixture string) parityScore {
	dir := t.TempDir()
	scratch := filepath.Join(dir, "scratch")
	argv := w.argv(t, scratch, fixture)
	s := parityScore{workload: w.name, flags: fs.name}
	ref := runTracer(strace, false, fs.args, argv, scratch, filepath.Join(dir, "strace.out"))
	if ref.err != nil {
		t.Fatalf("reference run: %v", ref.err)
	}
	want := Normalize(ref.trace)
	traces := map[string][]Line{}
	for _, run := range []string{"ptrace", "ebpf", "ptrace-again"} {
		backend := strings.TrimSuffix(run, "-again")
		flags := append([]string{"--backend=" + backend}, fs.args...)
		if backend == "ptrace" {
			// Pinned to one CPU (the default placement), the command
			// sees one CPU, and sort and nproc then act differently.
			flags = append(flags, "--cpu-placement=any")
		}
		got := runTracer(sctrace, true, flags, argv, scratch, filepath.Join(dir, run+".out"))
		if got.err != nil {
			s.note += run + ": " + firstLine(got.err.Error()) + " "
			continue
		}
		if got.exit != ref.exit {
			s.note += fmt.Sprintf("%s: exit %d, strace exit %d ", run, got.exit, ref.exit)
		}
		if p := statsProblems(got.stats); p != "" {
			s.note += run + ": " + p + " "
		}
		traces[run] = Normalize(got.trace)
	}
	s.ptrace = Compare(want, traces["ptrace"])
	s.ebpf = Compare(want, traces["ebpf"])
	s.parity = Compare(traces["ptrace"], traces["ebpf"])
	s.again = Compare(traces["ptrace"], traces["ptrace-again"])
	return s
}

// formatParity renders, per workload and flag set, the lines each backend
// shares with strace, how many lines the two backends share and how many
// the two ptrace runs share.
func formatParity(scores []parityScore) string {
	sort.Slice(scores, func(i, j int) bool {
		if scores[i].workload != scores[j].workload {
			return scores[i].workload < scores[j].workload
		}
		return scores[i].flags < scores[j].flags
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%-28s %7s %7s %7s %9s %9s %9s\n", "workload/flags", "strace", "ptrace", "ebpf", "ptrace%", "parity%", "again%")
	for _, s := range scores {
		fmt.Fprintf(&b, "%-28s %7d %7d %7d %8.1f%% %8.1f%% %8.1f%%",
			s.workload+"/"+s.flags, s.ptrace.Want, s.ptrace.Same, s.ebpf.Same,
			Percent(s.ptrace.Same, s.ptrace.Total()), Percent(s.parity.Same, s.parity.Total()),
			Percent(s.again.Same, s.again.Total()))
		if s.note != "" {
			b.WriteString("  " + s.note)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
