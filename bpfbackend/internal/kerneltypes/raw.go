package kerneltypes

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
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
	// offsets[id] is where type id starts in types; id 0 is void.
	offsets []uint32
}

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
	r := &raw{types: body[typeOff : typeOff+typeLen], strings: body[strOff : strOff+strLen]}
	// A type takes 12 bytes at least: no growing.
	r.offsets = make([]uint32, 1, len(r.types)/12+1)
	for off := 0; off < len(r.types); {
		if len(r.types)-off < 12 {
			return nil, fmt.Errorf("type %d truncated", len(r.offsets))
		}
		h := r.headerAt(off)
		n, err := extraLen(h)
		if err != nil {
			return nil, fmt.Errorf("type %d: %w", len(r.offsets), err)
		}
		r.offsets = append(r.offsets, uint32(off))
		off += 12 + n
	}
	return r, nil
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
	if id == 0 || id >= uint32(len(r.offsets)) {
		return header{}, false
	}
	return r.headerAt(int(r.offsets[id])), true
}

// extra is what follows type id's common part.
func (r *raw) extra(id uint32) []byte {
	off := int(r.offsets[id]) + 12
	h := r.headerAt(off - 12)
	n, _ := extraLen(h)
	return r.types[off : off+n]
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
