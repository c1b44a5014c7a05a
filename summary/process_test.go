package summary

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// exitOf is exit for the thread tid of the process pid.
func exitOf(t *testing.T, pid, tid int32, name string) *trace.Event {
	ev := exit(t, name, 1000, 500, 0)
	ev.PID, ev.TID = pid, tid
	return ev
}

func TestAggregatorPerProcess(t *testing.T) {
	a := NewAggregator(AggregatorOptions{PerProcess: true})
	a.Seen(30) // seen first, counts merged later
	for _, ev := range []*trace.Event{
		exitOf(t, 20, 20, "getpid"),
		exitOf(t, 10, 10, "getpid"),
		exitOf(t, 20, 21, "getpid"), // a thread of 20
		exitOf(t, 10, 10, "read"),
		exitOf(t, 20, 20, "getpid"),
	} {
		a.Handle(ev)
	}
	a.SetComm(20, "child")
	a.SetComm(20, "child2") // an exec: the last name is kept
	key := trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "getpid")}
	s := &trace.SyscallStats{}
	s.Add(100, false)
	a.MergeProcess(30, Counts{key: s})

	procs := a.Processes()
	var got []string
	for _, p := range procs {
		got = append(got, fmt.Sprintf("%d %q getpid=%d", p.PID, p.Comm, calls(p.Counts, key)))
	}
	want := []string{`30 "" getpid=1`, `20 "child2" getpid=3`, `10 "" getpid=1`}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("processes = %q, want %q", got, want)
	}
	if n := calls(a.Counts(), key); n != 4 {
		t.Errorf("total getpid calls = %d, want 4 (merged process counts are not in the total)", n)
	}
	if a.Comm(20) != "child2" || a.Comm(99) != "" {
		t.Errorf("Comm(20) = %q, Comm(99) = %q", a.Comm(20), a.Comm(99))
	}
}

func TestAggregatorNotPerProcess(t *testing.T) {
	a := NewAggregator(AggregatorOptions{})
	a.Seen(1)
	a.Handle(exitOf(t, 1, 1, "getpid"))
	a.MergeProcess(1, Counts{})
	if p := a.Processes(); len(p) != 0 {
		t.Errorf("Processes() = %v without PerProcess, want none", p)
	}
}

func calls(c Counts, k trace.SyscallKey) uint64 {
	if s := c[k]; s != nil {
		return s.Calls
	}
	return 0
}

func TestDiff(t *testing.T) {
	k1 := trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "getpid")}
	k2 := trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "read")}
	k3 := trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "write")}
	cum := Counts{}
	add := func(k trace.SyscallKey, ns uint64, failed bool) {
		statsIn(cum, k).Add(ns, failed)
	}
	add(k1, 10, false)
	add(k1, 5000, true)
	add(k3, 70, false)
	prev := Clone(cum)
	add(k1, 300, false)
	add(k1, 400, true)
	add(k2, 2000, false)

	d := Diff(cum, prev)
	if _, ok := d[k3]; ok {
		t.Errorf("write has no call in the interval but is in the diff: %+v", d[k3])
	}
	g := d[k1]
	if g == nil || g.Calls != 2 || g.Errors != 1 || g.TotalNS != 700 {
		t.Fatalf("getpid diff = %+v, want 2 calls, 1 error, 700 ns", g)
	}
	lo300, _ := trace.HistBucketBounds(trace.HistBucket(300))
	_, hi400 := trace.HistBucketBounds(trace.HistBucket(400))
	if g.MinNS != lo300 || g.MaxNS != hi400 {
		t.Errorf("getpid diff min, max = %d, %d, want the buckets' bounds %d, %d", g.MinNS, g.MaxNS, lo300, hi400)
	}
	var n uint64
	for _, c := range g.Hist {
		n += c
	}
	if n != 2 {
		t.Errorf("getpid diff histogram holds %d calls, want 2", n)
	}
	if r := d[k2]; r == nil || r.Calls != 1 || r.MinNS != 2000 || r.MaxNS != 2000 {
		t.Errorf("read diff = %+v, want its first call exactly", r)
	}
	// The copy is deep: prev did not move with cum.
	if prev[k1].Calls != 2 {
		t.Errorf("Clone shares its stats: prev getpid calls = %d", prev[k1].Calls)
	}
	if len(Diff(cum, cum)) != 0 {
		t.Errorf("Diff of equal counts is not empty")
	}
}

func TestJSONProcesses(t *testing.T) {
	parent := build(t, call{name: "getpid", times: []uint64{10, 20, 30}})
	child := build(t, call{name: "getpid", times: []uint64{1, 2, 3, 4, 5}})
	total := Clone(parent)
	statsIn(total, trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "getpid")}).Merge(child[trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "getpid")}])
	var b bytes.Buffer
	opts := JSONOptions{Clock: "cpu", Processes: []Process{{PID: 5, Comm: "p", Counts: parent}, {PID: 6, Comm: "p", Counts: child}}}
	if err := WriteJSON(&b, total, opts); err != nil {
		t.Fatal(err)
	}
	var rep JSONReport
	if err := json.Unmarshal(b.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if rep.Total.Calls != 8 || len(rep.Processes) != 2 {
		t.Fatalf("report %+v", rep)
	}
	for i, want := range []struct {
		pid   int32
		calls uint64
	}{{5, 3}, {6, 5}} {
		p := rep.Processes[i]
		if p.PID != want.pid || p.Comm != "p" || p.Total.Calls != want.calls || len(p.Syscalls) != 1 || p.Syscalls[0].Name != "getpid" {
			t.Errorf("process %d: %+v, want pid %d with %d getpid calls", i, p, want.pid, want.calls)
		}
	}
	b.Reset()
	if err := WriteJSON(&b, total, JSONOptions{Clock: "cpu"}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "processes") {
		t.Errorf("a report without processes has the field:\n%s", b.String())
	}
}

func TestSnapshot(t *testing.T) {
	getpid := trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "getpid")}
	read := trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "read")}
	var set trace.SyscallSet
	set.Add(int(getpid.NR))
	a := NewAggregator(AggregatorOptions{Filter: &set})
	a.Handle(exitOf(t, 1, 1, "getpid"))
	extra := Counts{}
	statsIn(extra, getpid).Add(5, false)
	statsIn(extra, read).Add(5, false) // not selected
	snap := a.Snapshot(extra)
	if calls(snap, getpid) != 2 || calls(snap, read) != 0 {
		t.Errorf("snapshot getpid %d, read %d; want 2, 0", calls(snap, getpid), calls(snap, read))
	}
	a.Handle(exitOf(t, 1, 1, "getpid"))
	if calls(snap, getpid) != 2 {
		t.Errorf("the snapshot moved with the aggregator")
	}
}
