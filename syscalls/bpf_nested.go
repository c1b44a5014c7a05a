package syscalls

import "encoding/binary"

// BPFNestedKind is how strace 6.1 reads an object one of bpf(2)'s
// attributes points to.
type BPFNestedKind uint8

// The kinds of BPFNested.
const (
	// BPFStr is printstr's: a C string of at most -s bytes.
	BPFStr BPFNestedKind = iota + 1
	// BPFPath is printpath's: a file name of at most PathMax-1 bytes.
	BPFPath
	// BPFStrZ is printstr_ex's with QUOTE_0_TERMINATED: a C string of at
	// most the length (the u32 at LenOff, or Len) and -s bytes.
	BPFStrZ
	// BPFBytes is printstrn's: the length's bytes (the u32 at LenOff),
	// at most -s and one more, read whole.
	BPFBytes
	// BPFArray is print_array's: the count's (the u32 at LenOff)
	// elements of ElemSize bytes, NestedArrayLen of them, or the whole
	// ones before the end of their page when they cannot all be read.
	BPFArray
	// BPFStrArray is a BPFArray of 8-byte pointers, each to a C string
	// of at most -s bytes, which the capture of the array holds as its
	// Elems, one for each pointer read (empty for NULL).
	BPFStrArray
	// BPFObjInfo is BPF_OBJ_GET_INFO_BY_FD's information: first what
	// the descriptor (the u32 at the attributes' start) refers to, which
	// strace chooses the struct by (a BPFObject, the capture's Aux),
	// then the information as a BPFArray of 1-byte elements. At an exit,
	// a program's information read whole also gets the arrays its struct
	// bpf_prog_info points to as the capture's Elems (ProgInfoArray).
	BPFObjInfo
)

// BPFObject is what a descriptor refers to, among the objects whose
// information strace prints: the path /proc shows for it,
// anon_inode:bpf-map or anon_inode:bpf-prog.
type BPFObject uint8

// The values of BPFObject.
const (
	BPFObjOther BPFObject = iota
	BPFObjMap
	BPFObjProg
)

// BPFObjectOf returns what a descriptor whose path /proc shows as path
// refers to.
func BPFObjectOf(path string) BPFObject {
	switch path {
	case "anon_inode:bpf-map":
		return BPFObjMap
	case "anon_inode:bpf-prog":
		return BPFObjProg
	}
	return BPFObjOther
}

// ProgInfoArray is an array a struct bpf_prog_info points to that
// strace 6.1 prints, by its place in the Elems of the information's
// capture at exit.
type ProgInfoArray int

// The arrays of a program's information: the JITed code (printstrn's
// bytes, read whatever the call returned), the translated instructions
// and the ids of the maps (print_array's elements, read when the call
// succeeded), each counted by the length the kernel stored.
const (
	ProgInfoJited ProgInfoArray = iota
	ProgInfoXlated
	ProgInfoMapIDs
	ProgInfoArrays // how many there are
)

// ProgInfoLayout is where struct bpf_prog_info keeps an array's pointer
// and u32 length, the size of its elements, and whether the length
// counts bytes rather than elements.
type ProgInfoLayout struct {
	PtrOff, LenOff int
	ElemSize       int
	LenInBytes     bool
}

// ProgInfoLayouts are the arrays' layouts, by ProgInfoArray.
var ProgInfoLayouts = [ProgInfoArrays]ProgInfoLayout{
	ProgInfoJited:  {PtrOff: 24, LenOff: 16, ElemSize: 1, LenInBytes: true},
	ProgInfoXlated: {PtrOff: 32, LenOff: 20, ElemSize: 8, LenInBytes: true},
	ProgInfoMapIDs: {PtrOff: 56, LenOff: 52, ElemSize: 4},
}

// Count is how many elements the array's length in info (the struct's
// bytes the caller asked for; the rest reads as zero) stands for.
func (l ProgInfoLayout) Count(info []byte) uint64 {
	if l.LenOff+4 > len(info) {
		return 0
	}
	n := uint64(binary.LittleEndian.Uint32(info[l.LenOff:]))
	if l.LenInBytes {
		n /= uint64(l.ElemSize)
	}
	return n
}

// Ptr is the array's address in info (0 past its bytes).
func (l ProgInfoLayout) Ptr(info []byte) uint64 {
	if l.PtrOff+8 > len(info) {
		return 0
	}
	return binary.LittleEndian.Uint64(info[l.PtrOff:])
}

// BPFNested is an object the attributes of one bpf(2) command point to,
// which strace reads at the call's entry. The capture of the attributes
// (ExtBPFAttr) then holds it as Elems[BPFAttrNested+j], j its place in
// BPFNestedOf's list, when the pointer and the length lie in the bytes
// of the attributes read (empty when the pointer is NULL).
type BPFNested struct {
	Kind BPFNestedKind
	// PtrOff is the offset of the pointer in the attributes; LenOff that
	// of the u32 length, or -1 when the length is Len.
	PtrOff, LenOff int8
	Len            uint32
	// ElemSize is a BPFArray's element size.
	ElemSize uint8
	// With CondOff >= 0, the object is read only when the u32 at
	// CondOff is CondVal (BPF_LINK_CREATE's attach type); with Verbose,
	// only under -v. An object of BPFExitNestedOf is read when the call
	// succeeded, or with OnFailure whatever it returned.
	CondOff   int8
	CondVal   uint32
	Verbose   bool
	OnFailure bool
}

// BPFAttrNested is the index of the first BPFNested object in the
// Elems of the attributes' capture, after the tail (0) and the exit
// copy (BPFAttrExit).
const BPFAttrNested = 2

// BPFNestedMax is the most objects a command's attributes point to.
const BPFNestedMax = 4

// bpfTPNameSize is strace's TP_NAME_SIZE: how much of a raw tracepoint's
// name it reads at most.
const bpfTPNameSize = 128

// The attach types of BPF_LINK_CREATE whose union strace reads arrays
// of: BPF_TRACE_ITER's iter_info, BPF_TRACE_KPROBE_MULTI's syms, addrs
// and cookies.
const (
	bpfTraceIter        = 28
	bpfTraceKprobeMulti = 42
)

// BPFNestedOf returns the objects the attributes of command cmd point to
// that strace reads: BPF_PROG_LOAD's license, log buffer and (-v)
// instructions, BPF_OBJ_PIN's and BPF_OBJ_GET's path,
// BPF_OBJ_GET_INFO_BY_FD's information under -v (the fields strace
// prints as "OLD => NEW" take OLD from it),
// BPF_RAW_TRACEPOINT_OPEN's name, BPF_BTF_LOAD's data and
// BPF_LINK_CREATE's arrays.
func BPFNestedOf(cmd uint32) []BPFNested {
	switch cmd {
	case 5:
		return []BPFNested{
			{Kind: BPFStr, PtrOff: 16, LenOff: -1, CondOff: -1},
			{Kind: BPFStrZ, PtrOff: 32, LenOff: 28, CondOff: -1},
			{Kind: BPFArray, PtrOff: 8, LenOff: 4, ElemSize: 8, CondOff: -1, Verbose: true},
		}
	case 6, 7:
		return []BPFNested{{Kind: BPFPath, PtrOff: 0, LenOff: -1, CondOff: -1}}
	case 15:
		return []BPFNested{{Kind: BPFObjInfo, PtrOff: 8, LenOff: 4, ElemSize: 1, CondOff: -1, Verbose: true}}
	case 17:
		return []BPFNested{{Kind: BPFStrZ, PtrOff: 0, LenOff: -1, Len: bpfTPNameSize, CondOff: -1}}
	case 18:
		return []BPFNested{{Kind: BPFBytes, PtrOff: 0, LenOff: 16, CondOff: -1}}
	case 28:
		return []BPFNested{
			{Kind: BPFArray, PtrOff: 16, LenOff: 24, ElemSize: 4, CondOff: 8, CondVal: bpfTraceIter},
			{Kind: BPFStrArray, PtrOff: 24, LenOff: 20, ElemSize: 8, CondOff: 8, CondVal: bpfTraceKprobeMulti},
			{Kind: BPFArray, PtrOff: 32, LenOff: 20, ElemSize: 8, CondOff: 8, CondVal: bpfTraceKprobeMulti},
			{Kind: BPFArray, PtrOff: 40, LenOff: 20, ElemSize: 8, CondOff: 8, CondVal: bpfTraceKprobeMulti},
		}
	}
	return nil
}

// BPFExitNestedOf returns the object (at most one) the attributes of
// command cmd, read again at exit (BPFAttrExit), point to that strace
// reads then: BPF_OBJ_GET_INFO_BY_FD's information under -v, whatever
// the call returned (BPFObjInfo); BPF_PROG_QUERY's program
// ids when the call succeeded. The exit copy's capture holds it as its
// Elems[BPFAttrNested].
func BPFExitNestedOf(cmd uint32) []BPFNested {
	switch cmd {
	case 15:
		return []BPFNested{{Kind: BPFObjInfo, PtrOff: 8, LenOff: 4, ElemSize: 1, CondOff: -1, Verbose: true, OnFailure: true}}
	case 16:
		return []BPFNested{{Kind: BPFArray, PtrOff: 16, LenOff: 24, ElemSize: 4, CondOff: -1}}
	}
	return nil
}

// BPFNestedCmds lists the commands BPFNestedOf and BPFExitNestedOf know.
var BPFNestedCmds = []uint32{5, 6, 7, 15, 16, 17, 18, 28}

// Within reports whether o's pointer, length and condition lie in the
// first n bytes of the attributes.
func (o BPFNested) Within(n int) bool {
	return int(o.PtrOff)+8 <= n && int(o.LenOff)+4 <= n && int(o.CondOff)+4 <= n
}
