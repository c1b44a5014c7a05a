package bpfbackend

import (
	"bytes"
	"encoding/binary"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
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

// TestReplaySkipsPageRestAfterReread: a read the kernel program saw fault,
// which it followed with the rest of the page, and which the live task
// then served whole, leaves that page-rest segment unasked for; the next
// read still finds its own segment.
func TestReplaySkipsPageRestAfterReread(t *testing.T) {
	obj := []byte("0123456789abcdef")
	a := uint64(uintptr(unsafe.Pointer(&obj[0])))
	const b = 0x10000
	rec := make([]byte, recSize)
	rec = appendSeg(rec, a, nil, true)
	rec = appendSeg(rec, a, obj[:8], false) // page_rest's read
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
	if r.rereads != 1 || r.mismatches != 0 {
		t.Errorf("rereads %d, mismatches %d; want 1, 0", r.rereads, r.mismatches)
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
