package summary

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// call is a synthetic syscall's calls for building Counts.
type call struct {
	name   string
	arch   uint32 // 0: native
	times  []uint64
	errors int
}

func build(t *testing.T, calls ...call) Counts {
	t.Helper()
	out := Counts{}
	for _, c := range calls {
		k := trace.SyscallKey{Arch: c.arch}
		if c.arch == 0 {
			k = trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, c.name)}
		} else if n, err := strconv.Atoi(c.name); err == nil {
			k.NR = int32(n)
		}
		s := &trace.SyscallStats{}
		for i, ns := range c.times {
			s.Add(ns, i < c.errors)
		}
		out[k] = s
	}
	return out
}

func render(t *testing.T, counts Counts, opts TableOptions) []string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteTable(&b, counts, opts); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if out != "" && !strings.HasSuffix(out, "\n") {
		t.Fatalf("table does not end with a newline: %q", out)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// spans returns the [start, end) of each dash run of a separator line.
func spans(t *testing.T, sep string) [][2]int {
	t.Helper()
	if !regexp.MustCompile(`^-+( -+)*$`).MatchString(sep) {
		t.Fatalf("separator %q is not dash runs separated by single spaces", sep)
	}
	var out [][2]int
	start := 0
	for i := 0; i <= len(sep); i++ {
		if i == len(sep) || sep[i] == ' ' {
			out = append(out, [2]int{start, i})
			start = i + 1
		}
	}
	return out
}

// cells cuts a line into its columns at the separator's spans; the last
// column takes the rest of the line.
func cells(line string, sp [][2]int) []string {
	out := make([]string, len(sp))
	for i, s := range sp {
		end := s[1]
		if i == len(sp)-1 || end > len(line) {
			end = len(line)
		}
		if s[0] <= len(line) {
			out[i] = line[s[0]:end]
		}
	}
	return out
}

// TestTableLayout checks the table's structure against count.c's rules:
// the two separators are equal, each column is at least strace's minimum
// width, numbers are right-aligned in their column, the name column is
// left-aligned and unpadded at the end of the line, errors are blank when 0.
func TestTableLayout(t *testing.T) {
	counts := build(t,
		call{name: "read", times: []uint64{1000, 2000, 3000}},
		call{name: "openat", times: []uint64{5000, 6000}, errors: 1},
		call{name: "close", times: []uint64{0}},
	)
	lines := render(t, counts, TableOptions{Sort: ByTime})
	if len(lines) != 2+3+2 {
		t.Fatalf("%d lines, want header, separator, 3 rows, separator, total:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	if lines[1] != lines[5] {
		t.Errorf("separators differ:\n%s\n%s", lines[1], lines[5])
	}
	sp := spans(t, lines[1])
	minWidths := []int{6, 11, 11, 9, 9, 16} // count.c's historical widths
	if len(sp) != len(minWidths) {
		t.Fatalf("%d columns, want 6", len(sp))
	}
	for i, s := range sp {
		if s[1]-s[0] != minWidths[i] {
			t.Errorf("column %d is %d wide, want %d", i, s[1]-s[0], minWidths[i])
		}
	}
	wantHeader := []string{"% time", "seconds", "usecs/call", "calls", "errors", "syscall"}
	for i, c := range cells(lines[0], sp) {
		if strings.TrimSpace(c) != wantHeader[i] {
			t.Errorf("header cell %d = %q, want %q", i, c, wantHeader[i])
		}
	}
	for _, l := range slices.Concat(lines[2:5], lines[6:7], lines[0:1]) {
		if strings.HasSuffix(l, " ") {
			t.Errorf("line %q ends with a space", l)
		}
		cs := cells(l, sp)
		for i, c := range cs[:5] {
			if c != "" && strings.TrimLeft(c, " ") != "" && strings.HasSuffix(c, " ") {
				t.Errorf("cell %d of %q is not right-aligned", i, l)
			}
		}
	}
	got := [][]string{}
	for _, l := range slices.Concat(lines[2:5], lines[6:7]) {
		var row []string
		for _, c := range cells(l, sp) {
			row = append(row, strings.TrimSpace(c))
		}
		got = append(got, row)
	}
	// 11000 ns of 17000: 64.71%, 0.000011 s; means 5500 and 2000 ns print
	// as 5 and 2 us (truncated); the total's mean is 17000/6 ns.
	wantRows := [][]string{
		{"64.71", "0.000011", "5", "2", "1", "openat"},
		{"35.29", "0.000006", "2", "3", "", "read"},
		{"0.00", "0.000000", "0", "1", "", "close"},
		{"100.00", "0.000017", "2", "6", "1", "total"},
	}
	for i := range wantRows {
		if strings.Join(got[i], "|") != strings.Join(wantRows[i], "|") {
			t.Errorf("row %d = %q, want %q", i, got[i], wantRows[i])
		}
	}
}

// TestTableWidens: columns widen to fit their widest value, as count.c's
// cwidths do, and both separators follow.
func TestTableWidens(t *testing.T) {
	many := make([]uint64, 0)
	for range 3 {
		many = append(many, 4_000_000_000_000) // 4000 s each
	}
	counts := build(t,
		call{name: "sched_getaffinity", times: many, errors: 2},
	)
	lines := render(t, counts, TableOptions{Columns: []Column{TimePercent, TotalTime, MinTime, MaxTime, AvgTime, Calls, Errors, Name}})
	sp := spans(t, lines[1])
	widths := make([]int, len(sp))
	for i, s := range sp {
		widths[i] = s[1] - s[0]
	}
	// seconds: "12000.000000" (12); shortest and longest: "4000.000000"
	// (11); usecs/call: 4000000000 (10 < 11); name: 17 letters + 1.
	want := []int{6, 12, 11, 11, 11, 9, 9, 18}
	if len(widths) != len(want) {
		t.Fatalf("widths %v, want %v", widths, want)
	}
	for i := range want {
		if widths[i] != want[i] {
			t.Errorf("widths %v, want %v\n%s", widths, want, strings.Join(lines, "\n"))
			break
		}
	}
	if lines[1] != lines[len(lines)-2] {
		t.Errorf("separators differ")
	}
}

// TestTableColumnsAndSort: -U picks and orders columns; -S orders rows,
// keeping syscall-number order among ties.
func TestTableColumnsAndSort(t *testing.T) {
	// Ties are between calls whose numbers are in the same order on
	// x86_64 and arm64: read < write < mmap, close < mmap.
	counts := build(t,
		call{name: "write", times: []uint64{10, 10}},
		call{name: "read", times: []uint64{5, 5, 5, 5}, errors: 3},
		call{name: "close", times: []uint64{30}, errors: 1},
		call{name: "mmap", times: []uint64{1, 1}, errors: 1},
	)
	names := func(key SortKey) string {
		lines := render(t, counts, TableOptions{Columns: []Column{Calls, Name}, Sort: key})
		var out []string
		for _, l := range lines[2 : len(lines)-2] {
			f := strings.Fields(l)
			out = append(out, f[len(f)-1])
		}
		return strings.Join(out, ",")
	}
	cases := map[SortKey]string{
		ByTime: "close,read,write,mmap", ByCalls: "read,write,mmap,close",
		ByName: "close,mmap,read,write", ByErrors: "read,close,mmap,write",
		ByMaxTime: "close,write,read,mmap", ByMinTime: "close,write,read,mmap",
		ByAvgTime: "close,write,read,mmap",
	}
	if syscalls.Native().Arch == trace.ArchX86_64 {
		cases[ByNothing] = "read,write,close,mmap"
	}
	for key, want := range cases {
		if got := names(key); got != want {
			t.Errorf("sort %d: %s, want %s", key, got, want)
		}
	}
	lines := render(t, counts, TableOptions{Columns: []Column{Calls, Name}})
	if !strings.HasPrefix(lines[0], "    calls syscall") {
		t.Errorf("header %q", lines[0])
	}
}

// TestTableLatencyColumns: p50, p99 and max print microseconds with three
// decimals and fit their widest value.
func TestTableLatencyColumns(t *testing.T) {
	counts := build(t, call{name: "read", times: []uint64{1000, 2000, 3000, 1_234_567}})
	lines := render(t, counts, TableOptions{Columns: []Column{P50, P99, Max, Name}})
	f := strings.Fields(lines[2])
	if f[2] != "1234.567" || f[3] != "read" {
		t.Errorf("row %q: want max 1234.567 and name read", lines[2])
	}
	if p50, _ := strconv.ParseFloat(f[0], 64); p50 < 1.5 || p50 > 2.5 {
		t.Errorf("p50 %s us, want 2 us give or take a bucket", f[0])
	}
	if f[1] != "1234.567" {
		t.Errorf("p99 %s, want the maximum (rank 4 of 4)", f[1])
	}
	if sp := spans(t, lines[1]); sp[2][1]-sp[2][0] != len("1234.567") {
		t.Errorf("max column %d wide, want %d", sp[2][1]-sp[2][0], len("1234.567"))
	}
}

// TestTablePersonalities: calls of another architecture get their own
// table under strace's heading, named from that personality's table.
func TestTablePersonalities(t *testing.T) {
	counts := build(t,
		call{name: "read", times: []uint64{1}},
		call{name: "3", arch: trace.ArchI386, times: []uint64{1}},
	)
	lines := render(t, counts, TableOptions{})
	var heading int
	for i, l := range lines {
		if l == "System call usage summary for 32 bit mode:" {
			heading = i
		}
	}
	if heading != 5 || len(lines) != 11 {
		t.Fatalf("want the native table, the heading, the i386 table:\n%s", strings.Join(lines, "\n"))
	}
	if !strings.HasSuffix(lines[8], " read") {
		t.Errorf("i386 row %q, want read (i386's 3)", lines[8])
	}
}

func TestTableEmpty(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTable(&b, Counts{}, TableOptions{}); err != nil || b.Len() != 0 {
		t.Errorf("empty counts wrote %q, %v; strace prints nothing", b.String(), err)
	}
}

func TestMeanRounding(t *testing.T) {
	for _, c := range []struct{ total, calls, want uint64 }{
		{10, 4, 3}, {10, 3, 3}, {11, 2, 6}, {3_000_000_001, 2, 1_500_000_001}, {7, 0, 0},
	} {
		if got := meanNS(c.total, c.calls); got != c.want {
			t.Errorf("meanNS(%d, %d) = %d, want %d", c.total, c.calls, got, c.want)
		}
	}
}

func TestParseKeys(t *testing.T) {
	for _, a := range aliases {
		if _, err := ParseSortKey(a.name); err != nil {
			t.Errorf("-S %s: %v", a.name, err)
		}
		_, err := ParseColumns(a.name)
		if (err == nil) != (a.column != 0) {
			t.Errorf("-U %s: %v", a.name, err)
		}
	}
	if _, err := ParseSortKey("bogus"); err == nil || err.Error() != "invalid sortby: 'bogus'" {
		t.Errorf("-S bogus: %v", err)
	}
	for _, c := range []struct{ in, err string }{
		{"calls,bogus", "unknown column name: 'bogus'"},
		{"calls,", "unknown column name: ''"},
		{"calls,errors,count", "call summary column has been provided more than once: 'count' (-U option residual: 'count')"},
		{"time,name,time-percent,calls", "call summary column has been provided more than once: 'time-percent' (-U option residual: 'time-percent,calls')"},
	} {
		if _, err := ParseColumns(c.in); err == nil || err.Error() != c.err {
			t.Errorf("-U %s: %v, want %s", c.in, err, c.err)
		}
	}
	cols, err := ParseColumns("calls,p99")
	if err != nil || len(cols) != 3 || cols[0] != Calls || cols[1] != P99 || cols[2] != Name {
		t.Errorf("-U calls,p99 = %v, %v; want calls, p99 and the name appended", cols, err)
	}
}

func TestHistograms(t *testing.T) {
	times := []uint64{0, 1, 2, 3, 4, 7, 8, 1000, 1023, 1024, 5000, 5000, 5000, 5000}
	counts := build(t, call{name: "read", times: times})
	rows := Log2Counts(&counts[trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "read")}].Hist)
	want := map[int]uint64{0: 2, 1: 2, 2: 2, 3: 1, 9: 2, 10: 1, 12: 4}
	for k, n := range rows {
		if n != want[k] {
			t.Errorf("row %d [%d, %d] holds %d, want %d", k, uint64(1)<<k, uint64(1)<<(k+1)-1, n, want[k])
		}
	}
	var b bytes.Buffer
	if err := WriteHistograms(&b, counts, ByTime); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[0] != "" || lines[1] != "syscall = read" || lines[2] != "     nsecs               : count     distribution" {
		t.Fatalf("head:\n%s", strings.Join(lines[:3], "\n"))
	}
	row := regexp.MustCompile(`^ {0,9}(\d+) -> (\d+) +: (\d+) +\|(\**) *\|$`)
	var total uint64
	for _, l := range lines[3:] {
		m := row.FindStringSubmatch(l)
		if m == nil || len(l) != len(lines[3]) {
			t.Fatalf("row %q is not bcc's shape", l)
		}
		n, _ := strconv.ParseUint(m[3], 10, 64)
		total += n
		if wantStars := int(n * 40 / 4); len(m[4]) != wantStars {
			t.Errorf("row %q: %d stars, want %d", l, len(m[4]), wantStars)
		}
	}
	if total != uint64(len(times)) || !strings.HasPrefix(strings.TrimSpace(lines[3]), "0 -> 1 ") || !strings.Contains(lines[len(lines)-1], "4096 -> 8191") {
		t.Errorf("rows hold %d calls, want %d, from 0 -> 1 to 4096 -> 8191:\n%s", total, len(times), b.String())
	}
}

func TestJSON(t *testing.T) {
	counts := build(t,
		call{name: "read", times: []uint64{1000, 3000}, errors: 1},
		call{name: "write", times: []uint64{6000}},
	)
	var b bytes.Buffer
	if err := WriteJSON(&b, counts, JSONOptions{Sort: ByCalls, Clock: "wall"}); err != nil {
		t.Fatal(err)
	}
	var rep JSONReport
	if err := json.Unmarshal(b.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if rep.Clock != "wall" || len(rep.Syscalls) != 2 || rep.Syscalls[0].Name != "read" || rep.Syscalls[1].Name != "write" {
		t.Fatalf("report %+v", rep)
	}
	r := rep.Syscalls[0]
	if r.Calls != 2 || r.Errors != 1 || r.TotalNS != 4000 || r.MinNS != 1000 || r.MaxNS != 3000 || r.AvgNS != 2000 || r.TimePercent != 40 {
		t.Errorf("read %+v", r)
	}
	var hist uint64
	for _, h := range r.Histogram {
		hist += h.Count
		if h.LoNS > 3000 || h.HiNS < 1000 {
			t.Errorf("bucket %+v holds no call of read", h)
		}
	}
	if hist != 2 || rep.Total.Calls != 3 || rep.Total.TotalNS != 10000 || rep.Total.TimePercent != 100 {
		t.Errorf("histogram holds %d, total %+v", hist, rep.Total)
	}
}

// TestTableNoErrors: a column with no value at all (no call failed) keeps
// its place, as in strace.
func TestTableNoErrors(t *testing.T) {
	lines := render(t, build(t, call{name: "read", times: []uint64{1}}), TableOptions{})
	if sp := spans(t, lines[1]); len(sp) != 6 {
		t.Errorf("%d columns, want 6:\n%s", len(sp), strings.Join(lines, "\n"))
	}
}
