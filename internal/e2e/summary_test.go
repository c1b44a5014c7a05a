package e2e

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// The -c family against strace 6.1. With -O 1s (strace's per-call overhead)
// every call counts for no time, so both tracers print fully deterministic
// tables that must match byte for byte; without it, times differ from run
// to run and only the layout, the rows' (syscall, calls, errors) and the
// shape of the numbers are compared.

// summaryWorkload is a command whose syscall counts do not depend on timing.
type summaryWorkload struct {
	name string
	// flags go before the command (-f for several processes).
	flags []string
	argv  func(t *testing.T) []string
}

func summaryWorkloads() []summaryWorkload {
	c := func(name string, withScratch bool) func(t *testing.T) []string {
		return func(t *testing.T) []string {
			if withScratch {
				return []string{workload(t, name), t.TempDir()}
			}
			return []string{workload(t, name)}
		}
	}
	fixed := func(argv ...string) func(*testing.T) []string {
		return func(*testing.T) []string { return argv }
	}
	return []summaryWorkload{
		{"dd", nil, fixed("/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=200", "status=noxfer")},
		{"fileio", nil, c("fileio", true)},
		{"errors", nil, c("errors", false)},
		{"pipes", nil, c("pipes", false)},
		{"dirs", nil, c("dirs", true)},
		{"strings", nil, c("strings", false)},
		{"nproc", nil, fixed("/usr/bin/nproc")}, // sched_getaffinity widens the name column
		{"forkexec-f", []string{"-f"}, c("forkexec", false)},
		{"sh-f", []string{"-f"}, fixed("/bin/sh", "-c", "/bin/true; /bin/true; ls / >/dev/null")},
	}
}

var (
	attachedNote = regexp.MustCompile(`(?m)^(?:strace|sctrace): Process \d+ attached$`)
	dashes       = regexp.MustCompile(`^-+( -+)*$`)
)

// summaryText rewrites a tracer's stderr so that strace's and sctrace's
// can be compared: sctrace's name, and no pid in "Process N attached".
func summaryText(s string) string {
	return attachedNote.ReplaceAllString(asSctrace(s), "sctrace: Process N attached")
}

// summaryTable returns the lines of the first -c table in text: from its
// header (the line above the first dashed line) to its total row.
func summaryTable(t *testing.T, text string) []string {
	t.Helper()
	ls := lines(text)
	for i := 1; i < len(ls); i++ {
		if !dashes.MatchString(ls[i]) {
			continue
		}
		for j := i + 1; j+1 < len(ls); j++ {
			if ls[j] == ls[i] {
				return ls[i-1 : j+2]
			}
		}
	}
	t.Fatalf("no summary table in:\n%s", text)
	return nil
}

// tableRow is one row of a default-columns table, cut at the separator's
// columns.
type tableRow struct {
	percent, seconds, avg, calls, errors, name string
}

// tableRows cuts the rows (and the total, last) of a table with strace's
// default columns.
func tableRows(t *testing.T, table []string) []tableRow {
	t.Helper()
	var spans [][2]int
	start := 0
	sep := table[1]
	for i := 0; i <= len(sep); i++ {
		if i == len(sep) || sep[i] == ' ' {
			spans = append(spans, [2]int{start, i})
			start = i + 1
		}
	}
	if len(spans) != 6 {
		t.Fatalf("separator %q has %d columns, want 6", sep, len(spans))
	}
	var rows []tableRow
	for _, l := range slices.Concat(table[2:len(table)-2], table[len(table)-1:]) {
		if len(l) < spans[5][0] {
			t.Fatalf("row %q is shorter than the columns before the name", l)
		}
		cell := func(i int) string { return l[spans[i][0]:spans[i][1]] }
		rows = append(rows, tableRow{cell(0), cell(1), cell(2), cell(3), cell(4), l[spans[5][0]:]})
	}
	return rows
}

var (
	rightAligned = func(pattern string) *regexp.Regexp { return regexp.MustCompile(`^ *` + pattern + `$`) }
	percentCell  = rightAligned(`\d+\.\d\d`)
	secondsCell  = rightAligned(`\d+\.\d{6}`)
	countCell    = rightAligned(`\d+`)
	errorsCell   = rightAligned(`[1-9]\d*|`)
	nameCell     = regexp.MustCompile(`^[a-z0-9_]+$`)
)

// checkRowShapes checks that each cell is a number of strace's format,
// right-aligned in its column, and that rows are sorted by time.
func checkRowShapes(t *testing.T, table []string) {
	t.Helper()
	prev := -1.0
	rows := tableRows(t, table)
	for i, r := range rows {
		if !percentCell.MatchString(r.percent) || !secondsCell.MatchString(r.seconds) || !countCell.MatchString(r.avg) ||
			!countCell.MatchString(r.calls) || !errorsCell.MatchString(r.errors) || !nameCell.MatchString(r.name) {
			t.Errorf("row %q is not strace's shape", table[min(i+2, len(table)-1)])
		}
		secs, _ := strconv.ParseFloat(strings.TrimSpace(r.seconds), 64)
		if i < len(rows)-1 && prev >= 0 && secs > prev {
			t.Errorf("row %s (%s s) after one of %f s: not sorted by time", r.name, r.seconds, prev)
		}
		prev = secs
	}
}

// rowSet returns "name calls errors" for each row, sorted, total last.
func rowSet(t *testing.T, table []string) []string {
	var out []string
	for _, r := range tableRows(t, table) {
		out = append(out, r.name+" "+strings.TrimSpace(r.calls)+" "+strings.TrimSpace(r.errors))
	}
	slices.Sort(out[:len(out)-1])
	return out
}

// TestSummaryMatchesStrace: on each workload, -c and -c -w print strace's
// header and separators, the same rows (syscall, calls, errors) in
// strace's number formats, sorted by time; with -O 1s (every call counts
// for 0 s) the whole output is strace's byte for byte. This is the ptrace
// backend; TestSummaryEBPFMatchesStrace the eBPF one, and the other
// summary tests the default (auto).
func TestSummaryMatchesStrace(t *testing.T) {
	testSummaryMatchesStrace(t, []string{"--backend=ptrace"})
}

// TestSummaryEBPFMatchesStrace: the same with the eBPF backend, whose -c
// counts in the kernel (and whose -O run counts events).
func TestSummaryEBPFMatchesStrace(t *testing.T) {
	testutil.RequireBPF(t)
	testSummaryMatchesStrace(t, []string{"--backend=ebpf"})
}

// testSummaryMatchesStrace compares sctrace run with backend flags with
// strace on every summaryWorkload.
func testSummaryMatchesStrace(t *testing.T, backend []string) {
	strace, sctrace := tracers(t)
	for _, w := range summaryWorkloads() {
		t.Run(w.name, func(t *testing.T) {
			argv := w.argv(t)
			runSctrace := func(args ...string) result { return run(t, sctrace, slices.Concat(backend, args)...) }
			for _, mode := range [][]string{{"-c"}, {"-c", "-w"}} {
				t.Run(strings.Join(mode, ""), func(t *testing.T) {
					args := slices.Concat(w.flags, mode, argv)
					ref, got := run(t, strace, args...), runSctrace(args...)
					if got.exit != ref.exit {
						t.Errorf("exit %d, strace's %d", got.exit, ref.exit)
					}
					refTable, gotTable := summaryTable(t, ref.stderr), summaryTable(t, got.stderr)
					for _, i := range []int{0, 1, len(refTable) - 2} {
						if i >= len(gotTable) || gotTable[i] != refTable[i] {
							t.Errorf("line %d of the table differs:\nstrace:  %q\nsctrace: %q\n%s", i+1, refTable[i], gotTable[min(i, len(gotTable)-1)], got.stderr)
						}
					}
					if d := sameLines(rowSet(t, refTable), rowSet(t, gotTable)); d != "" {
						t.Errorf("rows (syscall calls errors) differ at %s\nstrace:\n%s\nsctrace:\n%s", d, ref.stderr, got.stderr)
					}
					checkRowShapes(t, gotTable)
				})
			}
			t.Run("zero-time", func(t *testing.T) {
				args := slices.Concat(w.flags, []string{"-c", "-O", "1s"}, argv)
				ref, got := run(t, strace, args...), runSctrace(args...)
				if d := sameLines(lines(summaryText(ref.stderr)), lines(summaryText(got.stderr))); d != "" {
					t.Errorf("stderr differs from strace's at %s\nstrace:\n%s\nsctrace:\n%s", d, ref.stderr, got.stderr)
				}
			})
		})
	}
}

// TestSummaryOptions: -S, -U, -w, -C, -o, -e trace= and -f, with -O 1s so
// that strace's output is the exact expectation.
func TestSummaryOptions(t *testing.T) {
	strace, sctrace := tracers(t)
	dd := []string{"/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=50", "status=noxfer"}
	cases := []struct {
		name string
		args []string
	}{
		{"sort-calls", []string{"-c", "-S", "calls"}},
		{"sort-name", []string{"-c", "-S", "name"}},
		{"sort-errors", []string{"-c", "-S", "errors"}},
		{"sort-nothing", []string{"-c", "-S", "nothing"}},
		{"sort-avg", []string{"-c", "--summary-sort-by=avg-time"}},
		{"sort-min", []string{"-c", "-S", "shortest"}},
		{"all-columns", []string{"-c", "-U", "name,calls,errors,min-time,max-time,avg-time,time-percent,total-time"}},
		{"name-appended", []string{"-c", "-U", "calls,errors"}},
		{"aliases", []string{"-c", "--summary-columns=longest,shortest,count,syscall,error"}},
		{"errors-last", []string{"-c", "-U", "name,errors"}},
		{"wall", []string{"-c", "-w"}},
		{"trace-set", []string{"-c", "-e", "trace=read,write,close"}},
		{"trace-none", []string{"-c", "-e", "trace=none"}},
		{"follow", []string{"-c", "-f"}},
		{"also-T", []string{"-c", "-T", "-tt"}},
		{"sort-no-effect", []string{"-S", "calls", "-e", "trace=write"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := slices.Concat(c.args, []string{"-O", "1s"}, dd)
			if c.name == "sort-no-effect" {
				// -O needs -c as much as -S. The trace shares stderr with
				// dd's own messages: only a tracer that stops the command
				// at each call interleaves them as strace does.
				args = slices.Concat([]string{"--backend=ptrace"}, c.args, dd)
			}
			ref, got := run(t, strace, slices.DeleteFunc(slices.Clone(args), isBackendFlag)...), run(t, sctrace, args...)
			if got.exit != ref.exit {
				t.Errorf("exit %d, strace's %d", got.exit, ref.exit)
			}
			if d := sameLines(lines(summaryText(ref.stderr)), lines(summaryText(got.stderr))); d != "" {
				t.Errorf("stderr differs from strace's at %s\nstrace:\n%s\nsctrace:\n%s", d, ref.stderr, got.stderr)
			}
		})
	}

	t.Run("output-file", func(t *testing.T) {
		args := slices.Concat([]string{"-c", "-O", "1s"}, dd)
		refText, ref := traceFile(t, strace, args...)
		gotText, got := traceFile(t, sctrace, args...)
		if got.stderr != ref.stderr || strings.Contains(got.stderr, "syscall") {
			t.Errorf("stderr %q, strace's %q: the table belongs in the file", got.stderr, ref.stderr)
		}
		if d := sameLines(lines(refText), lines(gotText)); d != "" {
			t.Errorf("file differs from strace's at %s", d)
		}
	})

	t.Run("trace-and-table", func(t *testing.T) {
		bin := workload(t, "errors")
		for _, toFile := range []bool{false, true} {
			args := []string{"-C", "-O", "1s", bin}
			var refText, gotText string
			if toFile {
				refText, _ = traceFile(t, strace, args...)
				gotText, _ = traceFile(t, sctrace, args...)
			} else {
				refText, gotText = run(t, strace, args...).stderr, run(t, sctrace, args...).stderr
			}
			refTable, gotTable := summaryTable(t, refText), summaryTable(t, gotText)
			if d := sameLines(refTable, gotTable); d != "" {
				t.Errorf("-C table (file %v) differs at %s", toFile, d)
			}
			if !strings.HasSuffix(gotText, strings.Join(gotTable, "\n")+"\n") {
				t.Errorf("-C: the table is not at the end:\n%s", gotText)
			}
			if d := sameLines(normalized(refText), normalized(gotText)); d != "" {
				t.Errorf("-C output (file %v) differs from strace's at %s", toFile, d)
			}
		}
	})
}

// TestSummaryBadArguments: the -c family's mistakes are rejected with
// strace's one line, its hint and its exit status. (-c with -ff, which
// strace refuses, prints per-process tables: procsummary_test.go.)
func TestSummaryBadArguments(t *testing.T) {
	strace, sctrace := tracers(t)
	cases := []struct {
		name string
		args []string
	}{
		{"bad sort key", []string{"-c", "-S", "bogus", "true"}},
		{"bad column", []string{"-c", "-U", "calls,bogus", "true"}},
		{"empty column", []string{"-c", "-U", "calls,", "true"}},
		{"none column", []string{"-c", "-U", "none", "true"}},
		{"duplicate column", []string{"-c", "-U", "time,calls,time-percent", "true"}},
		{"-c and -C", []string{"-c", "-C", "true"}},
		{"-C and -c", []string{"-C", "-c", "true"}},
		{"-w without -c", []string{"-w", "true"}},
		{"-U without -c", []string{"-U", "calls", "true"}},
		{"-c with -ff without -o", []string{"-c", "-ff", "true"}},
		{"-C with -ff without -o", []string{"-C", "-ff", "true"}},
		{"bad overhead", []string{"-c", "-O", "x", "true"}},
		{"negative overhead", []string{"-c", "-O", "-1", "true"}},
		{"bad overhead unit", []string{"-c", "-O", "1h", "true"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ref, got := run(t, strace, c.args...), run(t, sctrace, c.args...)
			if ref.exit == 0 {
				t.Fatalf("strace accepted %q; the test's premise is stale", c.args)
			}
			if got.exit != ref.exit {
				t.Errorf("exit %d, strace's %d", got.exit, ref.exit)
			}
			if want := asSctrace(ref.stderr); got.stderr != want {
				t.Errorf("stderr:\n%s\nstrace's (renamed):\n%s", got.stderr, want)
			}
		})
	}
}

// TestSummaryBeyondStrace: latency columns, histograms and JSON agree with
// the table of the same (deterministic) workload.
func TestSummaryBeyondStrace(t *testing.T) {
	_, sctrace := tracers(t)
	dd := []string{"/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=300", "status=noxfer"}

	table := summaryTable(t, run(t, sctrace, slices.Concat([]string{"-c", "-w"}, dd)...).stderr)
	want := map[string]string{} // name -> calls
	for _, r := range tableRows(t, table) {
		want[r.name] = strings.TrimSpace(r.calls)
	}

	t.Run("latency-columns", func(t *testing.T) {
		r := run(t, sctrace, slices.Concat([]string{"-c", "-w", "-U", "calls,p50,p99,max,max-time,name"}, dd)...)
		tb := summaryTable(t, r.stderr)
		if !regexp.MustCompile(`^ +calls +p50\(us\) +p99\(us\) +max\(us\)  longest syscall$`).MatchString(tb[0]) {
			t.Errorf("header %q", tb[0])
		}
		row := regexp.MustCompile(`^ *(\d+) +(\d+\.\d{3}) +(\d+\.\d{3}) +(\d+\.\d{3}) +(\d+\.\d{6}) (\S+)$`)
		for _, l := range slices.Concat(tb[2:len(tb)-2], tb[len(tb)-1:]) {
			m := row.FindStringSubmatch(l)
			if m == nil {
				t.Errorf("row %q is not calls, three latencies, seconds and a name", l)
				continue
			}
			p50, _ := strconv.ParseFloat(m[2], 64)
			p99, _ := strconv.ParseFloat(m[3], 64)
			mx, _ := strconv.ParseFloat(m[4], 64)
			longest, _ := strconv.ParseFloat(m[5], 64)
			if p50 > p99 || p99 > mx {
				t.Errorf("row %q: want p50 <= p99 <= max", l)
			}
			if math.Abs(mx-longest*1e6) > 0.5001 { // longest is rounded to the microsecond
				t.Errorf("row %q: max(us) and longest disagree", l)
			}
			if want[m[6]] != m[1] {
				t.Errorf("row %q: %s calls, the table says %s", l, m[1], want[m[6]])
			}
		}
	})

	t.Run("histogram", func(t *testing.T) {
		r := run(t, sctrace, slices.Concat([]string{"-c", "-w", "--summary-histogram"}, dd)...)
		sum := map[string]int{}
		var current string
		row := regexp.MustCompile(`^ +\d+ -> \d+ +: (\d+) +\|\** *\|$`)
		for _, l := range lines(r.stderr) {
			if name, ok := strings.CutPrefix(l, "syscall = "); ok {
				current = name
				continue
			}
			if m := row.FindStringSubmatch(l); m != nil && current != "" {
				n, _ := strconv.Atoi(m[1])
				sum[current] += n
			}
		}
		for name, calls := range want {
			if name == "total" {
				continue
			}
			if strconv.Itoa(sum[name]) != calls {
				t.Errorf("histogram of %s holds %d calls, the table %s", name, sum[name], calls)
			}
		}
	})

	// Without -w, ptrace times come from wait4's rusage, in microseconds:
	// every call's time is a whole number of microseconds. Wall times (-w)
	// are nanoseconds from CLOCK_MONOTONIC.
	for _, wall := range []bool{false, true} {
		t.Run("json-wall-"+strconv.FormatBool(wall), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "summary.json")
			args := []string{"--backend=ptrace", "-c", "--summary-format=json", "-o", out}
			if wall {
				args = append(args, "-w")
			}
			r := run(t, sctrace, slices.Concat(args, dd)...)
			if r.exit != 0 || strings.Contains(r.stderr, "syscall") {
				t.Fatalf("exit %d, stderr %q", r.exit, r.stderr)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			var rep struct {
				Clock    string `json:"clock"`
				Syscalls []struct {
					Name    string `json:"name"`
					Calls   uint64 `json:"calls"`
					TotalNS uint64 `json:"total_ns"`
					MinNS   uint64 `json:"min_ns"`
					MaxNS   uint64 `json:"max_ns"`
				} `json:"syscalls"`
				Total struct {
					Calls uint64 `json:"calls"`
				} `json:"total"`
			}
			if err := json.Unmarshal(b, &rep); err != nil {
				t.Fatalf("%v:\n%s", err, b)
			}
			if clock := map[bool]string{false: "cpu", true: "wall"}[wall]; rep.Clock != clock || len(rep.Syscalls) != len(want)-1 {
				t.Errorf("clock %q, %d syscalls; want %s and %d", rep.Clock, len(rep.Syscalls), clock, len(want)-1)
			}
			wholeMicros := true
			for _, s := range rep.Syscalls {
				if strconv.FormatUint(s.Calls, 10) != want[s.Name] {
					t.Errorf("%s: %d calls, the table says %s", s.Name, s.Calls, want[s.Name])
				}
				wholeMicros = wholeMicros && s.TotalNS%1000 == 0 && s.MinNS%1000 == 0 && s.MaxNS%1000 == 0
			}
			if strconv.FormatUint(rep.Total.Calls, 10) != want["total"] {
				t.Errorf("total %d calls, the table says %s", rep.Total.Calls, want["total"])
			}
			if wholeMicros == wall {
				t.Errorf("-w %v: all times whole microseconds: %v, want %v (rusage or clock)", wall, wholeMicros, !wall)
			}
		})
	}
}

// isBackendFlag reports whether arg is sctrace's --backend, which strace
// does not have.
func isBackendFlag(arg string) bool { return strings.HasPrefix(arg, "--backend=") }
