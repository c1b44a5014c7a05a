package kerneltypes

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestOffsets checks that the type offsets raw finds from its marks are
// those of a walk through every type, for each id of the kernel's BTF,
// and that a blob whose last type runs past its section is refused.
func TestOffsets(t *testing.T) {
	testutil.RequireKernelBTF(t)
	blob, err := os.ReadFile(VMLinux)
	if err != nil {
		t.Fatal(err)
	}
	r, err := parseRaw(blob)
	if err != nil {
		t.Fatal(err)
	}
	if r.count < 2*markEvery {
		t.Fatalf("%d types: too few to check the marks", r.count)
	}
	off := 0
	for id := uint32(1); id < r.count; id++ {
		if got := r.offset(id); got != off {
			t.Fatalf("type %d at %d, want %d", id, got, off)
		}
		n, err := extraLen(r.headerAt(off))
		if err != nil {
			t.Fatalf("type %d: %v", id, err)
		}
		off += 12 + n
	}
	if off != len(r.types) {
		t.Fatalf("the types end at %d, their section at %d", off, len(r.types))
	}
	var walked uint32
	for id, at := range r.all() {
		if walked++; id != walked || at != r.offset(id) {
			t.Fatalf("all yields type %d at %d, want type %d at %d", id, at, walked, r.offset(walked))
		}
	}
	if walked != r.count-1 {
		t.Fatalf("all yields %d types, want %d", walked, r.count-1)
	}

}

// TestTruncatedType checks that parseRaw refuses a type whose members run
// past the type section.
func TestTruncatedType(t *testing.T) {
	le := binary.LittleEndian
	// One struct of one member (12 bytes more), cut after its header.
	types := le.AppendUint32(nil, 0)                         // name
	types = le.AppendUint32(types, uint32(kindStruct)<<24|1) // kind, vlen
	types = le.AppendUint32(types, 4)                        // size
	blob := le.AppendUint16(nil, btfMagic)
	blob = append(blob, 1, 0)                        // version, flags
	blob = le.AppendUint32(blob, 24)                 // header length
	blob = le.AppendUint32(blob, 0)                  // type offset
	blob = le.AppendUint32(blob, uint32(len(types))) // type length
	blob = le.AppendUint32(blob, uint32(len(types))) // string offset
	blob = le.AppendUint32(blob, 1)                  // string length
	blob = append(append(blob, types...), 0)
	if _, err := parseRaw(blob); err == nil {
		t.Fatal("a struct whose members run past the type section: no error")
	}
	whole := append(append([]byte(nil), blob[:len(blob)-1]...), make([]byte, 12)...)
	le.PutUint32(whole[12:], uint32(len(types)+12))
	le.PutUint32(whole[16:], uint32(len(types)+12))
	whole = append(whole, 0)
	r, err := parseRaw(whole)
	if err != nil {
		t.Fatalf("the same struct with its member: %v", err)
	}
	if r.count != 2 {
		t.Fatalf("%d types with void, want 2", r.count)
	}
}
