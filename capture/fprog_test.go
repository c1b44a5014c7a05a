package capture

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestFprog: seccomp's struct sock_fprog brings its instructions under
// -v for SECCOMP_SET_MODE_FILTER only; those before the end of the page
// when the rest cannot be read.
func TestFprog(t *testing.T) {
	const base = 0x1000
	mem := &flatMem{base: base, data: make([]byte, 4096)}
	// The fprog at base: 3 instructions at base+4096-16 (two readable).
	binary.LittleEndian.PutUint16(mem.data, 3)
	binary.LittleEndian.PutUint64(mem.data[8:], base+4096-16)
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("seccomp")
	for _, tc := range []struct {
		verbose bool
		op      uint64
		elems   int
		insns   int
	}{
		{false, 1, 0, 0},
		{true, 2, 0, 0},
		{true, 1, 1, 16},
	} {
		x := Executor{StringLimit: 32, Verbose: tc.verbose}
		args := [trace.MaxArgs]uint64{tc.op, 0, base}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		c := caps[2]
		if len(c.Data) < syscalls.FprogSize || len(c.Elems) != tc.elems {
			t.Fatalf("verbose=%v op=%d: %d bytes, %d elems", tc.verbose, tc.op, len(c.Data), len(c.Elems))
		}
		if tc.elems > 0 && len(c.Elems[0].Data) != tc.insns {
			t.Errorf("op=%d: %d instruction bytes, want %d", tc.op, len(c.Elems[0].Data), tc.insns)
		}
	}
}

// TestFprogOnly: prctl's third argument is copied for PR_SET_SECCOMP only.
func TestFprogOnly(t *testing.T) {
	const base = 0x1000
	mem := &flatMem{base: base, data: make([]byte, 4096)}
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("prctl")
	for _, op := range []uint64{22, 15} {
		x := Executor{StringLimit: 32}
		args := [trace.MaxArgs]uint64{op, 2, base}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		if got, want := len(caps[2].Data), map[uint64]int{22: syscalls.FprogSize}[op]; got != want {
			t.Errorf("option %d: %d bytes of arg3, want %d", op, got, want)
		}
	}
}
