// Package btfext removes the BTF line information from eBPF objects.
//
// clang records, for every instruction of an object compiled with -g, the
// source line it came from (the line_info of .BTF.ext). The loader parses
// all of it and hands each program's share to the kernel, which checks it
// at every load: a few milliseconds of every start-up, for source lines
// that only a verifier log shows. The functions' information (func_info)
// and the CO-RE relocations stay: loading needs them.
package btfext

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
)

// btfExtMagic opens a .BTF.ext section (struct btf_ext_header).
const btfExtMagic = 0xeb9f

// Header offsets in struct btf_ext_header (include/uapi/linux/btf.h).
const (
	offHdrLen      = 4
	offLineInfoLen = 20
	minHdrLen      = 24
	// recSizeLen: a line_info part is a record size, then the sections'
	// records; one of the size alone holds no record.
	recSizeLen = 4
)

// Strip empties the line information of the ELF object obj in place
// (StripLines on its .BTF.ext section). It reports whether obj had any.
func Strip(obj []byte) (bool, error) {
	ext, err := extSection(obj)
	if err != nil {
		return false, err
	}
	return StripLines(ext)
}

// StripLines empties the line information of ext, a little-endian
// .BTF.ext section, in place: it keeps the part's record size, so that
// parsers find a valid part without records, and leaves the records'
// bytes unreferenced. It reports whether ext had any.
func StripLines(ext []byte) (bool, error) {
	n, err := lineInfoLen(ext)
	if err != nil || n <= recSizeLen {
		return false, err
	}
	binary.LittleEndian.PutUint32(ext[offLineInfoLen:], recSizeLen)
	return true, nil
}

// LineInfoLen returns the length of the line information part of the
// .BTF.ext section of the ELF object obj.
func LineInfoLen(obj []byte) (uint32, error) {
	ext, err := extSection(obj)
	if err != nil {
		return 0, err
	}
	return lineInfoLen(ext)
}

// extSection returns the bytes of the .BTF.ext section of the
// little-endian ELF object obj, as a part of obj.
func extSection(obj []byte) ([]byte, error) {
	f, err := elf.NewFile(bytes.NewReader(obj))
	if err != nil {
		return nil, fmt.Errorf("parse object: %w", err)
	}
	if f.ByteOrder != binary.LittleEndian {
		return nil, errors.New("not a little-endian object")
	}
	sec := f.Section(".BTF.ext")
	if sec == nil {
		return nil, errors.New("no .BTF.ext section")
	}
	if sec.Offset+sec.FileSize > uint64(len(obj)) {
		return nil, errors.New(".BTF.ext section out of bounds")
	}
	return obj[sec.Offset : sec.Offset+sec.FileSize], nil
}

// lineInfoLen checks ext's header and returns its line_info_len.
func lineInfoLen(ext []byte) (uint32, error) {
	if len(ext) < minHdrLen {
		return 0, errors.New(".BTF.ext: shorter than its header")
	}
	if binary.LittleEndian.Uint16(ext) != btfExtMagic {
		return 0, errors.New(".BTF.ext: bad magic")
	}
	if binary.LittleEndian.Uint32(ext[offHdrLen:]) < minHdrLen {
		return 0, errors.New(".BTF.ext: header too short for line information")
	}
	return binary.LittleEndian.Uint32(ext[offLineInfoLen:]), nil
}
