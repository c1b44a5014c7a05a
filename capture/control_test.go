package capture

import (
	"encoding/binary"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestControlMax: the kernel's optmem_max, rounded up to 8 bytes.
func TestControlMax(t *testing.T) {
	b, err := os.ReadFile(optmemMaxFile)
	if err != nil {
		t.Skipf("no %s: %v", optmemMaxFile, err)
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 32)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ControlMax(), (n+7)&^7; got != want {
		t.Errorf("ControlMax() = %d, want %d (optmem_max %d)", got, want, n)
	}
}

// TestControlBuffer: a sendmsg's control buffer is copied up to
// ControlMax bytes, as strace reads it, not a fixed kilobyte.
func TestControlBuffer(t *testing.T) {
	const base = 0x10000
	limit := ControlMax()
	ctlLen := limit + 4096
	mem := &flatMem{base: base, data: make([]byte, 4096+ctlLen)}
	le := binary.LittleEndian
	le.PutUint64(mem.data[MsgControlOff:], base+4096)
	le.PutUint64(mem.data[MsgControllenOff:], ctlLen)
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("sendmsg")
	x := Executor{StringLimit: 32}
	args := [trace.MaxArgs]uint64{3, base, 0}
	var caps [trace.MaxArgs]trace.Capture
	var bufs [trace.MaxArgs][]byte
	x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
	if len(caps[1].Elems) <= syscalls.MsgControl {
		t.Fatalf("msghdr capture has %d elems", len(caps[1].Elems))
	}
	ctl := caps[1].Elems[syscalls.MsgControl]
	if uint64(len(ctl.Data)) != limit || !ctl.Truncated || ctl.Faulted {
		t.Errorf("control buffer: %d bytes (truncated %v, faulted %v), want %d of %d", len(ctl.Data), ctl.Truncated, ctl.Faulted, limit, ctlLen)
	}
}
