package capture

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// cstrMem is a flatMem whose C strings can be read, as a Process reads
// them.
type cstrMem struct{ *flatMem }

func (m cstrMem) ReadCString(addr uint64, max int, dst []byte) ([]byte, bool, StringFault) {
	var scratch []byte
	return ReadCString(m.Read, addr, max, dst, &scratch)
}

// runKeyctl executes keyctl's plan for the call with args at when
// (at exit with result -1), with -s 10.
func runKeyctl(mem Memory, args [trace.MaxArgs]uint64, when syscalls.When) [trace.MaxArgs]trace.Capture {
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("keyctl")
	x := Executor{StringLimit: 10}
	var caps [trace.MaxArgs]trace.Capture
	var bufs [trace.MaxArgs][]byte
	x.Run(mem, &tbl.Get(nr).Plan, when, -1, Call{Args: &args, Caps: &caps, Bufs: &bufs})
	return caps
}

// TestKdf: KEYCTL_DH_COMPUTE's struct keyctl_kdf_params brings, at exit
// only, its hashname string and limit+1 bytes of its otherinfo; another
// command's fifth argument brings nothing more.
func TestKdf(t *testing.T) {
	const base = 0x1000
	mem := cstrMem{&flatMem{base: base, data: make([]byte, 4096)}}
	le := binary.LittleEndian
	le.PutUint64(mem.data[syscalls.KdfHashnameOff:], base+0x100)
	le.PutUint64(mem.data[syscalls.KdfOtherinfoOff:], base+0x200)
	le.PutUint32(mem.data[syscalls.KdfOtherinfolenOff:], 18)
	copy(mem.data[0x100:], "hmac(aes)\x00")
	copy(mem.data[0x200:], "\x01\x02 OH HAI THAR")
	args := [trace.MaxArgs]uint64{syscalls.KeyctlDHCompute, base + 0x800, base + 0x900, 16, base}

	if c := runKeyctl(mem, args, syscalls.AtEntry)[4]; len(c.Elems) != 0 {
		t.Errorf("entry: %d elems, want none (strace reads them at exit)", len(c.Elems))
	}
	c := runKeyctl(mem, args, syscalls.AtExit)[4]
	if len(c.Elems) != 2 {
		t.Fatalf("exit: %d elems, want 2", len(c.Elems))
	}
	if got := string(c.Elems[0].Data); got != "hmac(aes)" || c.Elems[0].Truncated {
		t.Errorf("hashname %q (truncated %v), want \"hmac(aes)\"", got, c.Elems[0].Truncated)
	}
	if got := string(c.Elems[1].Data); got != "\x01\x02 OH HAI T" || !c.Elems[1].Truncated {
		t.Errorf("otherinfo %q (truncated %v), want 11 of its 18 bytes", got, c.Elems[1].Truncated)
	}

	// No otherinfo read when its length is 0; a hashname that cannot be
	// read faults.
	le.PutUint32(mem.data[syscalls.KdfOtherinfolenOff:], 0)
	le.PutUint64(mem.data[syscalls.KdfHashnameOff:], 0x10)
	c = runKeyctl(mem, args, syscalls.AtExit)[4]
	if len(c.Elems) != 2 || !c.Elems[0].Faulted || c.Elems[1].Data != nil || c.Elems[1].Faulted {
		t.Errorf("exit with a bad hashname and no otherinfo: %+v", c.Elems)
	}

	args[0] = 6 // KEYCTL_READ: the same argument is no struct
	if c := runKeyctl(mem, args, syscalls.AtExit)[4]; len(c.Elems) != 0 {
		t.Errorf("KEYCTL_READ: %d elems, want none", len(c.Elems))
	}
}

// TestIovs: KEYCTL_INSTANTIATE_IOV's iovecs bring, at entry only, the
// bytes they name, read as a CaptureIovec plan reads them.
func TestIovs(t *testing.T) {
	const base = 0x1000
	mem := &flatMem{base: base, data: make([]byte, 4096)}
	le := binary.LittleEndian
	// Two iovecs: 10 bytes at base+0x100, 21 at base+0x200; a third one
	// the count leaves out.
	le.PutUint64(mem.data[0:], base+0x100)
	le.PutUint64(mem.data[8:], 10)
	le.PutUint64(mem.data[16:], base+0x200)
	le.PutUint64(mem.data[24:], 21)
	le.PutUint64(mem.data[32:], base+0x300)
	le.PutUint64(mem.data[40:], 4)
	copy(mem.data[0x100:], "shrt type\x00")
	copy(mem.data[0x200:], "overly long payload!!")
	args := [trace.MaxArgs]uint64{syscalls.KeyctlInstantiateIov, 7, base, 2, 7}

	if c := runKeyctl(mem, args, syscalls.AtExit)[2]; len(c.Elems) != 0 {
		t.Errorf("exit: %d elems, want none (strace prints them at entry)", len(c.Elems))
	}
	c := runKeyctl(mem, args, syscalls.AtEntry)[2]
	if len(c.Elems) != 1 {
		t.Fatalf("entry: %d elems, want the iovec capture", len(c.Elems))
	}
	iov := c.Elems[0]
	if len(iov.Data) != 2*IovecSize || len(iov.Elems) != 2 {
		t.Fatalf("iovec capture: %d bytes, %d elems; want 2 iovecs", len(iov.Data), len(iov.Elems))
	}
	if got := string(iov.Elems[0].Data); got != "shrt type\x00" || iov.Elems[0].Truncated {
		t.Errorf("iovec 0: %q, truncated %v", got, iov.Elems[0].Truncated)
	}
	if got := string(iov.Elems[1].Data); got != "overly long" || !iov.Elems[1].Truncated {
		t.Errorf("iovec 1: %q, truncated %v; want 11 of 21 bytes", got, iov.Elems[1].Truncated)
	}

	args[0] = 2 // KEYCTL_UPDATE: the same argument is a buffer
	if c := runKeyctl(mem, args, syscalls.AtEntry)[2]; len(c.Elems) != 0 {
		t.Errorf("KEYCTL_UPDATE: %d elems, want none", len(c.Elems))
	}
}
