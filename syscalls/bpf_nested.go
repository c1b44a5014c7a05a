package syscalls

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
)

// BPFNested is an object the attributes of one bpf(2) command point to,
// which strace reads at the call's entry. The capture of the attributes
// (Plan.BPFAttr) then holds it as Elems[BPFAttrNested+j], j its place in
// BPFNestedOf's list, when the pointer and the length lie in the bytes
// of the attributes read (empty when the pointer is NULL).
type BPFNested struct {
	Kind BPFNestedKind
	// PtrOff is the offset of the pointer in the attributes; LenOff that
	// of the u32 length, or -1 when the length is Len.
	PtrOff, LenOff int8
	Len            uint32
}

// BPFAttrNested is the index of the first BPFNested object in the
// Elems of the attributes' capture, after the tail (0) and the exit
// copy (BPFAttrExit).
const BPFAttrNested = 2

// BPFNestedMax is the most objects a command's attributes point to.
const BPFNestedMax = 2

// bpfTPNameSize is strace's TP_NAME_SIZE: how much of a raw tracepoint's
// name it reads at most.
const bpfTPNameSize = 128

// BPFNestedOf returns the objects the attributes of command cmd point to
// that strace reads: BPF_PROG_LOAD's license and log buffer, BPF_OBJ_PIN's
// and BPF_OBJ_GET's path, BPF_RAW_TRACEPOINT_OPEN's name and
// BPF_BTF_LOAD's data.
func BPFNestedOf(cmd uint32) []BPFNested {
	switch cmd {
	case 5:
		return []BPFNested{{Kind: BPFStr, PtrOff: 16, LenOff: -1}, {Kind: BPFStrZ, PtrOff: 32, LenOff: 28}}
	case 6, 7:
		return []BPFNested{{Kind: BPFPath, PtrOff: 0, LenOff: -1}}
	case 17:
		return []BPFNested{{Kind: BPFStrZ, PtrOff: 0, LenOff: -1, Len: bpfTPNameSize}}
	case 18:
		return []BPFNested{{Kind: BPFBytes, PtrOff: 0, LenOff: 16}}
	}
	return nil
}

// BPFNestedCmds lists the commands BPFNestedOf knows.
var BPFNestedCmds = []uint32{5, 6, 7, 17, 18}

// Within reports whether o's pointer and length lie in the first n bytes
// of the attributes.
func (o BPFNested) Within(n int) bool {
	return int(o.PtrOff)+8 <= n && int(o.LenOff)+4 <= n
}
