package decode

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Capture shapes the fuzzer gives an argument (3 bits each in FuzzDecode's
// shapes): every form a backend's capture plan can produce.
const (
	shapeNone      = iota // no capture
	shapeBytes            // bytes (CaptureBytes, CaptureCString)
	shapeFaulted          // unreadable memory
	shapeTail             // bytes, shorter than the object
	shapeIovec            // CaptureIovec: raw iovec array, Aux count, Elems per buffer
	shapeMsghdr           // CaptureMsghdr: header, Elems name/iovec/control
	shapeStrArray         // CaptureStringArray: Elems strings, Aux count
	shapeTruncated        // bytes marked Truncated, Aux total length
)

// fuzzCapture builds a capture of the given shape for argument i from blob.
func fuzzCapture(shape uint32, blob []byte, i int) trace.Capture {
	at := func(off, n int) []byte {
		if off > len(blob) {
			off = len(blob)
		}
		if n < 0 || off+n > len(blob) {
			n = len(blob) - off
		}
		return blob[off : off+n]
	}
	switch shape {
	case shapeBytes:
		return trace.Capture{Data: at(0, -1)}
	case shapeFaulted:
		return trace.Capture{Faulted: true}
	case shapeTail:
		return trace.Capture{Data: at(i, -1)}
	case shapeIovec:
		return fuzzIovec(blob)
	case shapeMsghdr:
		hdr := make([]byte, syscalls.MsghdrSize)
		copy(hdr, blob)
		c := trace.Capture{Data: hdr, Aux: uint64(len(blob))}
		if len(blob) > 0 && blob[0]&1 != 0 {
			c.Elems = []trace.Capture{{Data: at(1, 16)}, fuzzIovec(at(3, -1)), {Data: at(2, 64), Truncated: len(blob) > 66}}
		} else if len(blob) > 0 {
			c.Elems = []trace.Capture{{Faulted: true}, {Faulted: true}, {}}
		}
		return c
	case shapeStrArray:
		c := trace.Capture{Aux: uint64(len(blob) / 3)}
		for k := 0; k+3 <= len(blob) && k < 96; k += 3 {
			c.Elems = append(c.Elems, trace.Capture{Data: blob[k : k+3], Faulted: blob[k] == 0xff, Truncated: blob[k] == 0xfe})
		}
		return c
	case shapeTruncated:
		return trace.Capture{Data: at(0, -1), Truncated: true, Aux: uint64(len(blob)) * 3}
	}
	return trace.Capture{}
}

// fuzzIovec shapes blob as a CaptureIovec capture: blob is the raw array,
// and each element's buffer is a slice of it (or unreadable).
func fuzzIovec(blob []byte) trace.Capture {
	n := len(blob) / 16
	if n > 16 {
		n = 16
	}
	c := trace.Capture{Data: blob[:n*16], Aux: uint64(n)}
	for k := 0; k < n; k++ {
		ln := int(binary.LittleEndian.Uint64(blob[k*16+8:]) % uint64(len(blob)+1))
		if blob[k*16]&3 == 3 {
			c.Elems = append(c.Elems, trace.Capture{Faulted: true})
			continue
		}
		c.Elems = append(c.Elems, trace.Capture{Data: blob[:ln], Truncated: blob[k*16]&4 != 0})
	}
	return c
}

// FuzzDecode formats arbitrary events: any number (in or out of the
// tables), any arguments, any captured bytes in every capture shape,
// truncated or faulted, as an entry, an exit, a call that never returned,
// a signal and a task exit. It must never panic, and AppendCall's spans
// must tile the arguments' text.
func FuzzDecode(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s.nr, s.a0, s.a1, s.a2, s.a3, s.ret, s.blob, s.shapes, s.flags, s.mode)
	}
	f.Fuzz(func(t *testing.T, nr int32, a0, a1, a2, a3 uint64, ret int64, blob []byte, shapes uint32, flags, mode uint8) {
		arch := uint32(trace.ArchX86_64)
		if flags&1 != 0 {
			arch = trace.ArchAArch64
		}
		args := [6]uint64{a0, a1, a2, a3, uint64(len(blob)), a1 >> 3}
		enter := &trace.Event{Kind: trace.SyscallEnter, Arch: arch, NR: nr, Args: args}
		exit := &trace.Event{Kind: trace.SyscallExit, Arch: arch, NR: nr, Args: args, Ret: ret, NoReturn: flags&2 != 0}
		for i := range enter.Captures {
			enter.Captures[i] = fuzzCapture(shapes>>(3*i)&7, blob, i)
			exit.Captures[i] = fuzzCapture((shapes>>(3*i)^shapes>>18)&7, blob, i+1)
		}
		opts := Options{StringLimit: int(mode%40) - 1, Verbose: flags&16 != 0, Hex: HexMode(flags >> 5 % 3)}
		d := New(opts)
		b := d.AppendEnter(nil, enter)
		b = d.AppendExit(b, exit)
		b = d.AppendReturn(b, exit)
		// A call interrupted before it returned: the entry event ends it.
		b = d.AppendExit(b, enter)
		b = d.AppendReturn(b, enter)
		// The same calls with their arguments and result located.
		var ct CallText
		b = d.AppendCall(b[:0], enter, exit, &ct)
		checkSpans(t, b, &ct, ct.Name.End+1, ct.Ret.Start-len(" = ")-1)
		b = d.AppendCall(b[:0], enter, nil, &ct)
		checkSpans(t, b, &ct, ct.Name.End+1, len(b)-1)

		var raw [128]byte
		copy(raw[:], blob)
		sig := &trace.Event{Kind: trace.Signal, Signal: &trace.SignalInfo{Signo: int32(a0 % 70), Raw: raw, GroupStop: flags&128 != 0}}
		b = d.AppendSignal(b, sig)
		b = d.AppendSignal(b, &trace.Event{Kind: trace.Signal})
		ex := &trace.Event{Kind: trace.Exit, Status: int(ret), ExitSignal: int(a1 % 70), CoreDumped: flags&64 != 0}
		_ = d.AppendTaskExit(b, ex)
	})
}

// fuzzSeed is one FuzzDecode input.
type fuzzSeed struct {
	nr             int32
	a0, a1, a2, a3 uint64
	ret            int64
	blob           []byte
	shapes         uint32
	flags, mode    uint8
}

// shapesOf packs per-argument capture shapes for FuzzDecode.
func shapesOf(s ...uint32) uint32 {
	var v uint32
	for i, x := range s {
		v |= x << (3 * i)
	}
	return v
}

// pattern returns n bytes of a repeating non-trivial pattern.
func pattern(n int) []byte {
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(i*37 + 11)
	}
	return p
}

// fuzzSeeds covers the capture shapes of the common decoders on x86_64
// numbers (syscalls/zz_tables.go).
var fuzzSeeds = []fuzzSeed{
	{0, 3, 0x1000, 832, 0, 832, []byte("\x7fELF\x02\x01\x01"), shapesOf(0, shapeBytes), 0, 0},
	{257, 0xffffff9c, 0x1000, 0x80000, 0, 3, []byte("/etc/passwd"), shapesOf(0, shapeBytes), 0, 2},
	{257, 0xffffff9c, 0x1000, 0x80000, 0, -2, []byte("/very/long/path"), shapesOf(0, shapeTruncated), 2, 2},
	{19, 3, 0x1000, 2, 0, 20, pattern(64), shapesOf(0, shapeIovec), 0, 4},
	{20, 1, 0x1000, 3, 0, 20, pattern(48), shapesOf(0, shapeIovec), 16, 8},
	{46, 3, 0x1000, 0, 0, 9, pattern(160), shapesOf(0, shapeMsghdr), 0, 3},
	{47, 4, 0x1000, 0x40, 0, 16, pattern(200), shapesOf(0, shapeMsghdr) | shapeMsghdr<<18, 16, 1},
	{59, 0x1000, 0x2000, 0x3000, 0, 0, []byte("ls\x00-la\x00/tmp"), shapesOf(shapeBytes, shapeStrArray, shapeStrArray), 0, 5},
	{61, 0xffffffffffffffff, 0x1000, 0, 0x2000, 42, pattern(144), shapesOf(0, shapeBytes, 0, shapeBytes), 0, 0},
	{435, 0x1000, 88, 0, 0, 5, pattern(88), shapesOf(shapeBytes), 2, 4},
	{16, 1, 0x5401, 0x1000, 0, 0, pattern(64), shapesOf(0, 0, shapeBytes), 0, 0},
	{16, 0, 0x5413, 0x1000, 0, -25, pattern(8), shapesOf(0, 0, shapeTail), 0, 0},
	{54, 3, 1, 13, 0x1000, 0, pattern(8), shapesOf(0, 0, 0, shapeBytes), 0, 0},
	{55, 3, 1, 4, 0x1000, 0, pattern(8), shapesOf(0, 0, 0, shapeBytes, shapeBytes), 0, 0},
	{23, 5, 0x1000, 0x2000, 0, 1, pattern(128), shapesOf(0, shapeBytes, shapeFaulted, 0, shapeBytes), 0, 0},
	{270, 4, 0x1000, 0, 0, 1, pattern(128), shapesOf(0, shapeBytes, 0, 0, shapeBytes, shapeBytes), 0, 0},
	{425, 4, 0x1000, 0, 0, 3, pattern(120), shapesOf(0, shapeBytes) | shapeBytes<<18, 0, 0},
	{165, 0x1000, 0x2000, 0x3000, 0xc0ed0020, 0, []byte("tmpfs"), shapesOf(shapeBytes, shapeBytes, shapeBytes, 0, shapeBytes), 0, 0},
	{239, 0x1000, 0x2000, 1025, 0, 0, pattern(128), shapesOf(shapeBytes, shapeBytes), 0, 0},
	{238, 0x8002, 0x2000, 64, 0, 0, pattern(128), shapesOf(0, shapeBytes), 0, 0},
	{232, 3, 0x1000, 4, 0, 2, pattern(24), shapesOf(0, shapeBytes), 0, 0},
	{222, 1, 0x1000, 0x2000, 0, 0, pattern(64), shapesOf(0, shapeBytes, shapeBytes), 0, 0},
	{125, 0x1000, 0x2000, 0, 0, 0, pattern(24), shapesOf(shapeBytes, shapeBytes), 0, 0},
	{437, 0xffffff9c, 0x1000, 0x2000, 24, 3, pattern(24), shapesOf(0, shapeBytes, shapeBytes), 0, 0},
	{7, 0x1000, 3, 100, 0, 2, pattern(24), shapesOf(shapeBytes), 0, 8},
	{271, 0x1000, 2, 0x2000, 0x3000, 1, pattern(32), shapesOf(shapeBytes, 0, shapeBytes, shapeBytes), 0, 0},
	{157, 15, 0x1000, 0, 0, 0, []byte("name"), shapesOf(0, shapeBytes), 0, 0},
	{13, 17, 0x1000, 0x2000, 0, 0, pattern(32), shapesOf(0, shapeBytes, shapeBytes), 0, 0},
	{262, 3, 0x1000, 0x2000, 0x1000, 0, pattern(144), shapesOf(0, shapeBytes, shapeBytes), 0, 0},
	{332, 0xffffff9c, 0x1000, 0, 0xfff, 0, pattern(256), shapesOf(0, shapeBytes, 0, 0, shapeBytes), 0, 0},
	{217, 3, 0x1000, 32768, 0, 48, pattern(48), shapesOf(0, shapeBytes), 0, 0},
	{202, 0x1000, 0x89, 1, 0, 0, nil, 0, 0, 0},
	{-1, 1, 2, 3, 4, -4095, []byte{}, 0, 4, 16},
	{100000, 1, 2, 3, 4, 0, pattern(3), 0x3fffffff, 1, 39},
	{0x40000000, 1, 2, 3, 4, 0, pattern(3), 0x12345678, 0, 1},
	// V4L2: a window format with its clips, ext controls with their
	// strings (Elems), a capability, buffers created, an ext query.
	{16, 3, 0xc0d05605, 0x1000, 0, 0, append([]byte{3, 0, 0, 0}, pattern(256)...), shapesOf(0, 0, shapeStrArray), 0, 0},
	{16, 3, 0xc0205648, 0x1000, 0, -22, pattern(96), shapesOf(0, 0, shapeStrArray), 0, 0},
	{16, 3, 0xc0205647, 0x1000, 0, 0, pattern(64), shapesOf(0, 0, shapeIovec), 16, 3},
	{16, 3, 0x80685600, 0x1000, 0, 0, pattern(104), shapesOf(0, 0, shapeBytes), 0, 0},
	{16, 3, 0xc100565c, 0x1000, 0, 0, pattern(256), shapesOf(0, 0, shapeBytes), 0, 0},
	{16, 3, 0xc0e85667, 0x1000, 0, 0, pattern(232), shapesOf(0, 0, shapeBytes), 16, 0},
}

// TestAllSyscallsNoPanic formats every number of both tables with random
// and empty captures.
func TestAllSyscallsNoPanic(t *testing.T) {
	data := make([]byte, 4096)
	for i := range data {
		data[i] = byte(i * 7)
	}
	for _, arch := range []uint32{trace.ArchX86_64, trace.ArchAArch64} {
		for _, verbose := range []bool{false, true} {
			d := New(Options{StringLimit: DefaultStringLimit, Verbose: verbose, Hex: HexNonASCII})
			for nr := int32(-2); nr < 600; nr++ {
				for _, ret := range []int64{0, 1, 48, -2, -512, 1 << 40} {
					ev := &trace.Event{Kind: trace.SyscallExit, Arch: arch, NR: nr, Ret: ret,
						Args: [6]uint64{1, 0x1000, 3, 0x40, 5, 6}}
					for i := range ev.Captures {
						ev.Captures[i].Data = data[:(int(nr+2)*37+i*101)%len(data)]
					}
					b := d.AppendEnter(nil, ev)
					b = d.AppendExit(b, ev)
					if len(d.AppendReturn(b, ev)) == 0 {
						t.Fatalf("empty line for %d", nr)
					}
				}
			}
		}
	}
}
