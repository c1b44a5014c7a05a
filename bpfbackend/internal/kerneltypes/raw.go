package kerneltypes

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
)

// BTF kinds (include/uapi/linux/btf.h).
const (
	kindInt      = 1
	kindPtr      = 2
	kindArray    = 3
	kindStruct   = 4
	kindUnion    = 5
	kindEnum     = 6
	kindFwd      = 7
	kindTypedef  = 8
	kindVolatile = 9
	kindConst    = 10
	kindRestrict = 11
	kindFunc     = 12
	kindProto    = 13
	kindVar      = 14
	kindDatasec  = 15
	kindFloat    = 16
	kindDeclTag  = 17
	kindTypeTag  = 18
	kindEnum64   = 19
)

// btfMagic opens a BTF blob written in little-endian order.
const btfMagic = 0xeb9f

// raw is a BTF blob indexed by type id: no type is decoded until asked
// for.
type raw struct {
	types   []byte
	strings []byte
	// count is the number of types, void (id 0) included.
	count uint32
	// marks[i] is where type id i*markEvery+1 starts in types: the
	// offset of any other id is a few types' lengths further. An offset
	// for every id would be half a megabyte for vmlinux, which the
	// runtime zeroes when it reuses the memory, or the kernel as its
	// pages fault in: 2 to 6 ms of a start-up on a virtual machine.
	marks []uint32
}

// markEvery is how many types apart raw's marks are.
const markEvery = 32

// header is a type's common part (struct btf_type).
type header struct {
	nameOff uint32
	info    uint32
	// sizeOrType is the size of ints, enums and composites, the type
	// referred to by the others.
	sizeOrType uint32
}

func (h header) kind() int      { return int(h.info>>24) & 0x1f }
func (h header) vlen() int      { return int(h.info & 0xffff) }
func (h header) kindFlag() bool { return h.info>>31 != 0 }

// parseRaw indexes blob, a little-endian BTF blob without a base.
func parseRaw(blob []byte) (*raw, error) {
	le := binary.LittleEndian
	if len(blob) < 24 || le.Uint16(blob) != btfMagic {
		return nil, errors.New("not little-endian BTF")
	}
	hdrLen := uint64(le.Uint32(blob[4:]))
	typeOff, typeLen := uint64(le.Uint32(blob[8:])), uint64(le.Uint32(blob[12:]))
	strOff, strLen := uint64(le.Uint32(blob[16:])), uint64(le.Uint32(blob[20:]))
	if hdrLen > uint64(len(blob)) {
		return nil, errors.New("BTF header out of bounds")
	}
	body := blob[hdrLen:]
	if typeOff+typeLen > uint64(len(body)) || strOff+strLen > uint64(len(body)) {
		return nil, errors.New("BTF sections out of bounds")
	}
	r := &raw{types: body[typeOff : typeOff+typeLen], strings: body[strOff : strOff+strLen], count: 1}
	// A type takes 12 bytes at least: no growing.
	r.marks = make([]uint32, 0, len(r.types)/(12*markEvery)+1)
	for off := 0; off < len(r.types); r.count++ {
		if len(r.types)-off < 12 {
			return nil, fmt.Errorf("type %d truncated", r.count)
		}
		h := r.headerAt(off)
		n, err := extraLen(h)
		if err != nil {
			return nil, fmt.Errorf("type %d: %w", r.count, err)
		}
		if (r.count-1)%markEvery == 0 {
			r.marks = append(r.marks, uint32(off))
		}
		if off += 12 + n; off > len(r.types) {
			return nil, fmt.Errorf("type %d truncated", r.count)
		}
	}
	return r, nil
}

// all yields every type but void, in id order, with its offset in types.
func (r *raw) all() iter.Seq2[uint32, int] {
	return func(yield func(uint32, int) bool) {
		off := 0
		for id := uint32(1); id < r.count; id++ {
			if !yield(id, off) {
				return
			}
			off = r.next(off)
		}
	}
}

// offset is where type id, which is in range, starts in types.
func (r *raw) offset(id uint32) int {
	off := int(r.marks[(id-1)/markEvery])
	for range (id - 1) % markEvery {
		off = r.next(off)
	}
	return off
}

// next is where the type after the one at off starts: parseRaw checked
// every type's length.
func (r *raw) next(off int) int {
	n, _ := extraLen(r.headerAt(off))
	return off + 12 + n
}

// extraSizes are, by kind, the bytes that follow a type's common part:
// fixed, and per vlen item. known says the kind exists.
var extraSizes = [32]struct {
	fixed, each int
	known       bool
}{
	kindInt: {4, 0, true}, kindPtr: {0, 0, true}, kindArray: {12, 0, true},
	kindStruct: {0, 12, true}, kindUnion: {0, 12, true}, kindEnum: {0, 8, true},
	kindFwd: {0, 0, true}, kindTypedef: {0, 0, true}, kindVolatile: {0, 0, true},
	kindConst: {0, 0, true}, kindRestrict: {0, 0, true}, kindFunc: {0, 0, true},
	kindProto: {0, 8, true}, kindVar: {4, 0, true}, kindDatasec: {0, 12, true},
	kindFloat: {0, 0, true}, kindDeclTag: {4, 0, true}, kindTypeTag: {0, 0, true},
	kindEnum64: {0, 12, true},
}

// extraLen is the length of what follows h's common part.
func extraLen(h header) (int, error) {
	x := extraSizes[h.kind()]
	if !x.known {
		return 0, fmt.Errorf("unknown kind %d", h.kind())
	}
	return x.fixed + x.each*h.vlen(), nil
}

func (r *raw) headerAt(off int) header {
	le := binary.LittleEndian
	b := r.types[off:]
	return header{le.Uint32(b), le.Uint32(b[4:]), le.Uint32(b[8:])}
}

// header is type id's common part; ok is false for void and ids out of
// range.
func (r *raw) header(id uint32) (header, bool) {
	if id == 0 || id >= r.count {
		return header{}, false
	}
	return r.headerAt(r.offset(id)), true
}

// extra is what follows type id's common part.
func (r *raw) extra(id uint32) []byte {
	off := r.offset(id)
	n, _ := extraLen(r.headerAt(off))
	return r.types[off+12 : off+12+n]
}

// name is the string at off, without its NUL; empty when off is out of
// range.
func (r *raw) name(off uint32) []byte {
	if off >= uint32(len(r.strings)) {
		return nil
	}
	s := r.strings[off:]
	if i := bytes.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}
