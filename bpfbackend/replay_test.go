package bpfbackend

import (
	"bytes"
	"encoding/binary"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/capture"
)

// appendSeg appends a SEG_READ segment of addr with data (faulted: no
// data, SEG_F_FAULT) to rec, padded as the kernel program pads it.
func appendSeg(rec []byte, addr uint64, data []byte, faulted bool) []byte {
	sg := sctraceSeg{Addr: addr, Len: uint32(len(data)), Kind: sctraceSegKindSEG_READ}
	if faulted {
		sg.Flags = sctraceSegFlagSEG_F_FAULT
	}
	var hdr bytes.Buffer
	if err := binary.Write(&hdr, binary.LittleEndian, sg); err != nil {
		panic(err)
	}
	rec = append(rec, hdr.Bytes()...)
	rec = append(rec, data...)
	return append(rec, make([]byte, (len(data)+7)&^7-len(data))...)
}

// TestReplayPageRestThenTail: a read the kernel program saw fault, which
// it followed with the rest of the page, is served with the bytes that
// read got at the call and, past the page's end, the live task's; that
// page-rest segment is then left unasked for, and the next read still
// finds its own segment.
func TestReplayPageRestThenTail(t *testing.T) {
	mem, err := unix.Mmap(-1, 0, 2*capture.PageSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(mem)
	// The object straddles the pages' boundary; the task has changed
	// its first half since the call.
	obj := mem[capture.PageSize-8 : capture.PageSize+8]
	copy(obj, "now-----89abcdef")
	a := uint64(uintptr(unsafe.Pointer(&obj[0])))
	const b = 0x10000
	rec := make([]byte, recSize)
	rec = appendSeg(rec, a, nil, true)
	rec = appendSeg(rec, a, []byte("at-call!"), false) // page_rest's read
	rec = appendSeg(rec, b, []byte{1, 2, 3, 4}, false)
	var r replay
	r.reset(rec, 3, int32(unix.Gettid()), replayFlags{})

	got := make([]byte, len(obj))
	if err := r.Read(a, got); err != nil || string(got) != "at-call!89abcdef" {
		t.Fatalf("read of the object: %q, %v; want the call's first page and the live task's rest", got, err)
	}
	next := make([]byte, 4)
	if err := r.Read(b, next); err != nil || !bytes.Equal(next, []byte{1, 2, 3, 4}) {
		t.Fatalf("next read: %v, %v", next, err)
	}
	if r.tails != 1 || r.rereads != 0 || r.mismatches != 0 {
		t.Errorf("tails %d, rereads %d, mismatches %d; want 1, 0, 0", r.tails, r.rereads, r.mismatches)
	}

	// With the page past it unreadable, the read fails, and the
	// capture's own read of the page's rest gets the program's.
	if err := unix.Mprotect(mem[capture.PageSize:], unix.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	r.reset(rec, 3, int32(unix.Gettid()), replayFlags{})
	if err := r.Read(a, got); err == nil {
		t.Fatalf("read past the unmapped page: %q, want a fault", got)
	}
	rest := make([]byte, 8)
	if err := r.Read(a, rest); err != nil || string(rest) != "at-call!" {
		t.Errorf("page rest: %q, %v", rest, err)
	}
	if r.tails != 1 || r.rereads != 0 || r.mismatches != 0 {
		t.Errorf("tails %d, rereads %d, mismatches %d; want still 1, 0, 0", r.tails, r.rereads, r.mismatches)
	}
}

// TestReplaySkipsPageRestAfterReread: a read the kernel program saw fault,
// with no page rest of its own, is served whole by the live task; the
// page-rest segment of the read the program made next is then skipped.
func TestReplaySkipsPageRestAfterReread(t *testing.T) {
	obj := []byte("0123456789abcdef")
	a := uint64(uintptr(unsafe.Pointer(&obj[0])))
	const b = 0x10000
	rec := make([]byte, recSize)
	rec = appendSeg(rec, a, nil, true)
	rec = appendSeg(rec, a, obj, false) // not a page rest: as long as the read
	rec = appendSeg(rec, b, []byte{1, 2, 3, 4}, false)
	var r replay
	r.reset(rec, 3, int32(unix.Gettid()), replayFlags{})

	got := make([]byte, len(obj))
	if err := r.Read(a, got); err != nil || !bytes.Equal(got, obj) {
		t.Fatalf("read of the object: %q, %v", got, err)
	}
	next := make([]byte, 4)
	if err := r.Read(b, next); err != nil || !bytes.Equal(next, []byte{1, 2, 3, 4}) {
		t.Fatalf("next read: %v, %v", next, err)
	}
	if r.rereads != 1 || r.tails != 0 || r.mismatches != 0 {
		t.Errorf("rereads %d, tails %d, mismatches %d; want 1, 0, 0", r.rereads, r.tails, r.mismatches)
	}
	// Without the reread, the same record's second segment is no page
	// rest to skip: asking for b there is a mismatch.
	r.reset(rec, 3, int32(unix.Gettid()), replayFlags{})
	r.skipTo(1)
	if err := r.Read(b, next); err == nil || r.mismatches != 1 {
		t.Errorf("read of b over a's segment: %v, mismatches %d", err, r.mismatches)
	}
}

// TestReplaySettledFaultStands: a settled record's fault is the one the
// call met, even when the live task's memory reads now.
func TestReplaySettledFaultStands(t *testing.T) {
	obj := []byte("readable now\x00")
	a := uint64(uintptr(unsafe.Pointer(&obj[0])))
	rec := make([]byte, recSize)
	rec = appendSeg(rec, a, nil, true)
	rec = appendStrFault(rec, a, 5)
	var r replay
	r.reset(rec, 2, int32(unix.Gettid()), replayFlags{settled: true})
	got := make([]byte, len(obj))
	if err := r.Read(a, got); err != unix.EFAULT {
		t.Errorf("read: %q, %v; want EFAULT", got, err)
	}
	s, _, fault := r.ReadCString(a, 32, nil)
	if !fault.Faulted || fault.Before != 5 || s != nil {
		t.Errorf("string: %q, %+v; want the recorded fault after 5 bytes", s, fault)
	}
	if r.rereads != 0 || r.mismatches != 0 {
		t.Errorf("rereads %d, mismatches %d; want 0, 0", r.rereads, r.mismatches)
	}
	// The same record unsettled is read again.
	r.reset(rec, 2, int32(unix.Gettid()), replayFlags{})
	if err := r.Read(a, got); err != nil || !bytes.Equal(got, obj) {
		t.Errorf("unsettled read: %q, %v", got, err)
	}
}

// appendStrFault appends a faulted SEG_STR segment of addr to rec, whose
// string ran into memory it could not read after before bytes.
func appendStrFault(rec []byte, addr uint64, before uint64) []byte {
	sg := sctraceSeg{Addr: addr, Aux: before, Kind: sctraceSegKindSEG_STR, Flags: sctraceSegFlagSEG_F_FAULT}
	var hdr bytes.Buffer
	if err := binary.Write(&hdr, binary.LittleEndian, sg); err != nil {
		panic(err)
	}
	return append(rec, hdr.Bytes()...)
}
