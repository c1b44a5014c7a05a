package bpfbackend

import (
	"encoding/binary"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/testutil"
)

// ringWriter is a program that sends, with bpf_ringbuf_output and the
// flags given, the 8 bytes of its context as one record into the ring m;
// it returns the helper's result.
func ringWriter(t *testing.T, m *ebpf.Map, flags int64) *ebpf.Program {
	t.Helper()
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:    ebpf.Syscall,
		Flags:   unix.BPF_F_SLEEPABLE, // as syscall programs must be
		License: "GPL",
		Instructions: asm.Instructions{
			asm.LoadMem(asm.R2, asm.R1, 0, asm.DWord),
			asm.StoreMem(asm.RFP, -8, asm.R2, asm.DWord),
			asm.LoadMapPtr(asm.R1, m.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -8),
			asm.Mov.Imm(asm.R3, 8),
			asm.Mov.Imm(asm.R4, int32(flags)),
			asm.FnRingbufOutput.Call(),
			asm.Return(),
		},
	})
	if err != nil {
		t.Fatalf("load the ring writer: %v", err)
	}
	t.Cleanup(func() { prog.Close() })
	return prog
}

// send writes the record v into the ring through prog.
func send(t *testing.T, prog *ebpf.Program, v uint64) {
	t.Helper()
	ctx := binary.LittleEndian.AppendUint64(nil, v)
	ret, err := prog.Run(&ebpf.RunOptions{Context: ctx})
	if err != nil || ret != 0 {
		t.Fatalf("send record %d: ret %d, %v", v, int32(ret), err)
	}
}

// testRing returns a ring buffer of 4 KiB and its reader, closed when the
// test ends.
func testRing(t *testing.T) (*ebpf.Map, *ring) {
	t.Helper()
	testutil.RequireBPF(t)
	m, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.RingBuf, MaxEntries: 4096})
	if err != nil {
		t.Fatalf("create a ring buffer: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	r, err := newRing(m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return m, r
}

// TestRingDrain: drain hands over the records in order, in place, stops
// where its function says and resumes there, and gives their space back,
// so that a ring filled several times over, across its wrap, loses
// nothing.
func TestRingDrain(t *testing.T) {
	m, r := testRing(t)
	prog := ringWriter(t, m, unix.BPF_RB_NO_WAKEUP)

	var got []uint64
	collect := func(stopAt int) func([]byte) bool {
		return func(rec []byte) bool {
			if len(rec) != 8 {
				t.Fatalf("record of %d bytes, want 8", len(rec))
			}
			got = append(got, binary.LittleEndian.Uint64(rec))
			return len(got) != stopAt
		}
	}
	// A record takes 16 bytes of the ring: 256 fill it. Five rounds of
	// 200 wrap it around.
	next := uint64(0)
	for round := range 5 {
		got = got[:0]
		first := next
		for range 200 {
			send(t, prog, next)
			next++
		}
		r.drain(collect(50))
		if len(got) != 50 {
			t.Fatalf("round %d: drain stopped after %d records, want 50", round, len(got))
		}
		r.drain(collect(-1))
		if len(got) != 200 {
			t.Fatalf("round %d: %d records read, want 200", round, len(got))
		}
		for i, v := range got {
			if v != first+uint64(i) {
				t.Fatalf("round %d: record %d is %d, want %d", round, i, v, first+uint64(i))
			}
		}
	}
	got = got[:0]
	r.drain(collect(-1))
	if len(got) != 0 {
		t.Fatalf("an empty ring gave %d records", len(got))
	}
}

// TestRingWait: wait returns at its deadline when nothing woke the
// reader, and at once after a record that forces a wake-up.
func TestRingWait(t *testing.T) {
	m, r := testRing(t)
	send(t, ringWriter(t, m, unix.BPF_RB_NO_WAKEUP), 1)
	if woken, err := r.wait(time.Now()); woken || err != nil {
		t.Fatalf("wait without a wake-up: woken %v, %v", woken, err)
	}
	send(t, ringWriter(t, m, unix.BPF_RB_FORCE_WAKEUP), 2)
	if woken, err := r.wait(time.Now().Add(time.Minute)); !woken || err != nil {
		t.Fatalf("wait after a wake-up: woken %v, %v", woken, err)
	}
	n := 0
	r.drain(func([]byte) bool { n++; return true })
	if n != 2 {
		t.Fatalf("%d records read, want 2", n)
	}
}
