package capture

import (
	"bytes"
	"math"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

func TestByteLen(t *testing.T) {
	args := [trace.MaxArgs]uint64{0, 0, 10, math.MaxUint64}
	for _, tc := range []struct {
		name string
		p    syscalls.Plan
		ret  int64
		n    uint64
		ok   bool
	}{
		{"fixed", syscalls.Plan{Len: syscalls.LenFixed, Size: 16}, 0, 16, true},
		{"arg", syscalls.Plan{Len: syscalls.LenArg, LenArg: 2}, 0, 10, true},
		{"arg elems", syscalls.Plan{Len: syscalls.LenArg, LenArg: 2, ElemSize: 8}, 0, 80, true},
		{"arg overflow", syscalls.Plan{Len: syscalls.LenArg, LenArg: 3, ElemSize: 8}, 0, math.MaxUint64, true},
		{"ret", syscalls.Plan{Len: syscalls.LenRet}, 7, 7, true},
		{"ret zero", syscalls.Plan{Len: syscalls.LenRet}, 0, 0, false},
		{"ret error", syscalls.Plan{Len: syscalls.LenRet}, -2, 0, false},
	} {
		n, ok := ByteLen(&tc.p, &args, tc.ret)
		if n != tc.n || ok != tc.ok {
			t.Errorf("%s: ByteLen = %d, %v; want %d, %v", tc.name, n, ok, tc.n, tc.ok)
		}
	}
}

// TestKeepEntry: a KeepEntry plan's exit capture holds the entry copy and
// then the exit copy, whatever the call returned.
func TestKeepEntry(t *testing.T) {
	const base = 0x1000
	plans := [trace.MaxArgs]syscalls.Plan{1: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry | syscalls.AtExit, Len: syscalls.LenFixed, Size: 4, KeepEntry: true}}
	for _, tc := range []struct {
		name string
		ret  int64
		want []byte
	}{
		{"success", 0, []byte{110, 0, 0, 0, 2, 0, 0, 0}},
		{"failure", -22, []byte{110, 0, 0, 0, 2, 0, 0, 0}},
	} {
		mem := &flatMem{base: base, data: []byte{110, 0, 0, 0}}
		args := [trace.MaxArgs]uint64{1: base}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		c := Call{Args: &args, Caps: &caps, Bufs: &bufs}
		var x Executor
		x.Run(mem, &plans, syscalls.AtEntry, 0, c)
		mem.data[0] = 2 // the call stores its result
		x.Run(mem, &plans, syscalls.AtExit, tc.ret, c)
		if got := caps[1]; !bytes.Equal(got.Data, tc.want) || got.Aux != 4 {
			t.Errorf("%s: capture %v (aux %d), want %v (aux 4)", tc.name, got.Data, got.Aux, tc.want)
		}
	}
}

// TestPrefixArray: a Prefix plan whose array runs into an unreadable page
// keeps the whole elements before it; Count32 takes the count's low 32
// bits.
func TestPrefixArray(t *testing.T) {
	const base = 0x1000 - 6 // one 6-byte element before the page end
	plans := [trace.MaxArgs]syscalls.Plan{1: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry, Len: syscalls.LenArg, LenArg: 2, ElemSize: 6, Size: 6 * 8, Count32: true, Prefix: true}}
	mem := &flatMem{base: base, data: []byte{1, 2, 3, 4, 5, 6}}
	args := [trace.MaxArgs]uint64{1: base, 2: 0xdefaced00000002}
	var caps [trace.MaxArgs]trace.Capture
	var bufs [trace.MaxArgs][]byte
	var x Executor
	x.Run(mem, &plans, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
	if got := caps[1]; !bytes.Equal(got.Data, mem.data) || !got.Truncated || got.Faulted {
		t.Errorf("capture %+v, want the first element, truncated", got)
	}
}

// TestHeader: a plan's Header bytes are copied besides the counted ones,
// whatever the cap.
func TestHeader(t *testing.T) {
	const base = 0x1000
	plans := [trace.MaxArgs]syscalls.Plan{1: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry, Len: syscalls.LenArg, LenArg: 2, Header: 8}}
	mem := &flatMem{base: base, data: []byte("12345678abcdef")}
	args := [trace.MaxArgs]uint64{1: base, 2: 6}
	var caps [trace.MaxArgs]trace.Capture
	var bufs [trace.MaxArgs][]byte
	x := Executor{StringLimit: 4}
	x.Run(mem, &plans, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
	if got := caps[1]; string(got.Data) != "12345678abcd" || !got.Truncated {
		t.Errorf("capture %q (truncated %v), want %q, truncated", got.Data, got.Truncated, "12345678abcd")
	}
}
