package decode

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// FuzzDecode formats arbitrary events: any number, arguments, captured
// bytes, truncated or faulted captures, any kind and result. It must never
// panic.
func FuzzDecode(f *testing.F) {
	f.Add(int32(0), uint64(3), uint64(0x1000), uint64(832), int64(832), []byte("\x7fELF"), uint8(0), uint8(0))
	f.Add(int32(257), uint64(0xffffff9c), uint64(0x1000), uint64(0x80000), int64(3), []byte("/etc/passwd"), uint8(1), uint8(2))
	f.Add(int32(435), uint64(0x1000), uint64(88), uint64(0), int64(5), make([]byte, 88), uint8(2), uint8(4))
	f.Add(int32(7), uint64(0x1000), uint64(3), uint64(100), int64(2), make([]byte, 24), uint8(3), uint8(8))
	f.Add(int32(-1), uint64(1), uint64(2), uint64(3), int64(-4095), []byte{}, uint8(4), uint8(16))
	f.Add(int32(217), uint64(3), uint64(0x1000), uint64(32768), int64(48), make([]byte, 48), uint8(5), uint8(32))
	f.Add(int32(46), uint64(3), uint64(0x1000), uint64(0), int64(9), append(make([]byte, 40), 24, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0), uint8(8), uint8(3))
	f.Add(int32(47), uint64(4), uint64(0x1000), uint64(0x40), int64(16), make([]byte, 80), uint8(8), uint8(1))
	f.Fuzz(func(t *testing.T, nr int32, a0, a1, a2 uint64, ret int64, data []byte, flags, mode uint8) {
		ev := &trace.Event{Kind: trace.SyscallExit, Arch: trace.ArchX86_64, NR: nr, Ret: ret}
		if flags&1 != 0 {
			ev.Arch = trace.ArchAArch64
		}
		if flags&2 != 0 {
			ev.Kind = trace.SyscallEnter
		}
		ev.Args = [6]uint64{a0, a1, a2, a0 ^ a2, uint64(len(data)), a1 >> 3}
		for i := range ev.Captures {
			c := &ev.Captures[i]
			switch (int(mode) + i) % 4 {
			case 0:
				c.Data = data
			case 1:
				if len(data) > i {
					c.Data = data[i:]
				} else {
					c.Data = []byte{}
				}
			case 2:
				c.Faulted = true
			}
			c.Truncated = flags&4 != 0
			if flags&8 != 0 {
				for k := 0; k+4 <= len(data) && k < 64; k += 4 {
					c.Elems = append(c.Elems, trace.Capture{Data: data[k : k+4], Faulted: data[k] == 0})
				}
				c.Aux = uint64(binary.LittleEndian.Uint16(append(data, 0, 0)[:2]))
			}
		}
		opts := Options{StringLimit: int(mode % 40), Verbose: flags&16 != 0, Hex: HexMode(flags >> 5 % 3)}
		d := New(opts)
		b := d.AppendEnter(nil, ev)
		b = d.AppendExit(b, ev)
		b = d.AppendReturn(b, ev)
		var raw [128]byte
		copy(raw[:], data)
		sig := &trace.Event{Kind: trace.Signal, Signal: &trace.SignalInfo{Signo: int32(a0 % 70), Raw: raw}}
		b = d.AppendSignal(b, sig)
		ex := &trace.Event{Kind: trace.Exit, Status: int(ret), ExitSignal: int(a1 % 70), CoreDumped: flags&64 != 0}
		_ = d.AppendTaskExit(b, ex)
	})
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
			d := New(Options{Verbose: verbose, Hex: HexNonASCII})
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
