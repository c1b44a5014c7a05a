package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestShareBelow(t *testing.T) {
	for _, tc := range []struct {
		s, f  share
		below bool
	}{
		{share{971, 971}, share{971, 971}, false},
		{share{970, 971}, share{971, 971}, true},      // one line fewer
		{share{971, 972}, share{971, 971}, true},      // one line more in sctrace's trace
		{share{1143, 1157}, share{1142, 1156}, false}, // strace printed one more, matched
		{share{1141, 1156}, share{1142, 1156}, true},
		{share{15, 16}, share{16, 16}, true}, // one run fewer identical
		{share{0, 0}, share{0, 0}, false},
	} {
		if got := tc.s.below(tc.f); got != tc.below {
			t.Errorf("%v below %v = %v, want %v", tc.s, tc.f, got, tc.below)
		}
	}
}

func TestCheckFloors(t *testing.T) {
	floors := map[floorKey]share{
		{"lines", "ebpf", "cat"}:    {46, 46},
		{"lines", "ebpf", "sort"}:   {160, 166},
		{"runs", "both", "sh-pipe"}: {10, 16},
	}
	measured := map[floorKey]share{
		{"lines", "ebpf", "cat"}:    {45, 46},
		{"lines", "ebpf", "sort"}:   {162, 166},
		{"runs", "both", "sh-pipe"}: {10, 16},
		{"lines", "ebpf", "new"}:    {5, 5},
	}
	got := strings.Join(checkFloors(floors, measured), "\n")
	want := "lines ebpf cat: 45/46 is below its floor 46/46\n" +
		"lines ebpf new: 5/5 measured, no floor in testdata/floors.txt"
	if got != want {
		t.Errorf("checkFloors:\n%s\nwant\n%s", got, want)
	}
}

func TestReadFloors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "floors.txt")
	text := "# comment\n\nlines ebpf cat 46/46\nruns both sh-pipe 10/16 # varies\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := readFloors(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(f) != 2 || f[floorKey{"lines", "ebpf", "cat"}] != (share{46, 46}) || f[floorKey{"runs", "both", "sh-pipe"}] != (share{10, 16}) {
		t.Errorf("readFloors = %v", f)
	}
	for _, bad := range []string{"lines ebpf cat\n", "lines ebpf cat 47/46\n", "lines ebpf cat x/46\n", "lines ebpf cat 1/2\nlines ebpf cat 1/2\n"} {
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readFloors(path); err == nil {
			t.Errorf("readFloors accepted %q", bad)
		}
	}
}

// Merging measurements keeps the smallest share as the floor, the
// largest and the number of runs in the note.
func TestRecordMeasured(t *testing.T) {
	path := filepath.Join(t.TempDir(), "measured.txt")
	k := floorKey{"lines", "ebpf", "sh-pipe"}
	for _, m := range []share{{1125, 1169}, {1121, 1169}, {1128, 1170}} {
		if err := recordMeasured(path, map[floorKey]share{k: m}); err != nil {
			t.Fatal(err)
		}
	}
	f, err := readFloors(path)
	if err != nil {
		t.Fatal(err)
	}
	if f[k] != (share{1121, 1169}) {
		t.Errorf("floor %v, want 1121/1169", f[k])
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), "# max 1128/1170 runs 3") {
		t.Errorf("measured file:\n%s", b)
	}
}

// The committed floors cover every workload on both backends, with as
// many runs as the workload has, and nothing else.
func TestFloorsFile(t *testing.T) {
	floors, err := readFloors(floorsFile)
	if err != nil {
		t.Fatal(err)
	}
	want := map[floorKey]bool{}
	for _, w := range workloads {
		for _, k := range []floorKey{{"lines", "ptrace", w.name}, {"lines", "ebpf", w.name}, {"runs", "both", w.name}} {
			want[k] = true
			f, ok := floors[k]
			switch {
			case !ok:
				t.Errorf("no floor for %s", k)
			case k.measure == "runs" && f.total != runsOf(w.name):
				t.Errorf("%s: floor %v, but the workload has %d runs", k, f, runsOf(w.name))
			}
		}
	}
	for k := range floors {
		if !want[k] {
			t.Errorf("floor for %s, which no test measures", k)
		}
	}
}
