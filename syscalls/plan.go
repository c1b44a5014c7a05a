package syscalls

import (
	"fmt"

	"github.com/sctrace/sctrace/trace"
)

// CaptureKind says what shape of user memory a plan copies.
type CaptureKind uint8

// Capture kinds.
const (
	// CaptureNone copies nothing.
	CaptureNone CaptureKind = iota
	// CaptureCString copies a NUL-terminated string (without the NUL).
	CaptureCString
	// CaptureBytes copies a byte range whose length the plan computes.
	CaptureBytes
	// CaptureStringArray copies a NULL-terminated array of string pointers
	// and the strings (or only counts them, with CountOnly).
	CaptureStringArray
	// CaptureIovec copies an array of struct iovec and the bytes each names.
	CaptureIovec
	// CaptureMsghdr copies a struct msghdr and what it points to: its
	// address (msg_name), its iovec array with the bytes each names (as
	// CaptureIovec does), and its control buffer (msg_control).
	//
	// The resulting trace.Capture has Data = the raw struct msghdr
	// (MsghdrSize bytes); at exit, Aux = the msg_namelen the header held at
	// entry (as a uint32), so that a decoder can show what the caller
	// offered beside what the kernel stored. Unless the plan's call failed
	// (an exit capture with a negative return value) or this is the entry
	// capture of an exit plan (AtEntry|AtExit: the header alone), Elems
	// holds three captures, indexed by the Msg* constants:
	//   - MsgName: min(msg_namelen, MsgNameMax) bytes at msg_name (empty
	//     when msg_name is NULL or msg_namelen <= 0);
	//   - MsgIov: the iovec array, shaped exactly like a CaptureIovec
	//     capture (raw array in Data, Aux = msg_iovlen, Elems per buffer,
	//     each limited by the string limit, or by MsgNetlinkMax when at
	//     least two bytes of the name were read and they are AF_NETLINK,
	//     and, at exit, by the return value; at most the string limit of
	//     buffers unless verbose);
	//   - MsgControl: min(msg_controllen, capture.ControlMax()) bytes at
	//     msg_control, read whole or Faulted (strace prints the address of
	//     a buffer it cannot read whole), Truncated when msg_controllen
	//     was larger (empty when msg_control is NULL or msg_controllen is
	//     0).
	// An unreadable object sets its capture's Faulted; an unreadable
	// header sets Faulted on the whole capture, with no Elems.
	CaptureMsghdr
	// CaptureMmsghdr copies an array of struct mmsghdr (sendmmsg,
	// recvmmsg) of as many elements as argument LenArg says, at most
	// MaxArrayElems (and the string limit of them unless verbose, as
	// strace prints no more).
	//
	// The resulting trace.Capture has Data = the raw array (MmsghdrSize
	// bytes per element; fewer elements than asked when the array runs
	// into unreadable memory, the elements before the end of its page).
	// Only at exit, and for a plan copied at entry too (recvmmsg) only
	// when the call succeeded and only its first return-value elements,
	// Elems holds one capture per element, whose Elems are those of a
	// CaptureMsghdr capture of the element's header (name, iovecs,
	// control; the iovecs' bytes limited in all by the element's msg_len
	// for a plan copied at entry too) and whose Aux is the msg_namelen the
	// element held at entry (0 without an entry copy).
	CaptureMmsghdr
	// CapturePtrLen copies a {pointer, length} pair of two 64-bit words
	// (pselect6's sigmask argument) and, when the length is between 1
	// and ElemSize and the pointer is not NULL, the length's bytes it
	// points to.
	//
	// The resulting trace.Capture has Data = the pair; Elems, when the
	// pointee was read or tried, one capture of it (Faulted when it could
	// not be read).
	CapturePtrLen
)

// When says at which stop a capture is taken.
type When uint8

// When values; AtEntry|AtExit copies at both.
const (
	AtEntry When = 1 << iota
	AtExit
)

// LenFrom says where a CaptureBytes length comes from.
type LenFrom uint8

// Length sources.
const (
	// LenFixed: Size bytes.
	LenFixed LenFrom = iota
	// LenArg: argument LenArg times ElemSize bytes, capped at Size (or the
	// string limit when Size is 0).
	LenArg
	// LenRet: the return value's bytes (at exit), capped likewise.
	LenRet
	// LenIoctl: the _IOC_SIZE bits of argument LenArg (an ioctl request),
	// capped at Size; a request without size bits (the legacy numbers,
	// 0x5401...), or whose object is larger than they say
	// (IoctlRndAddEntropy), takes IoctlLegacySize bytes. When those
	// cannot be read, it takes the bytes up to the end of the object's
	// page (strace reads less than _IOC_SIZE for some requests, such as
	// the int of FS_IOC_GETFLAGS, whose size bits say long). At exit, an
	// FS_IOC_FIEMAP request under -v also copies its extents (see
	// IoctlFiemap).
	LenIoctl
	// LenPrefix: Size bytes or the string limit plus one, whichever is
	// more (so that a string's end can be told); when they cannot all
	// be read, the bytes up to the end of the first page, if fewer: an
	// argument whose type depends on another (prctl's), which may be a
	// small object at the end of a mapping. The capture's Data is then
	// shorter than asked for.
	LenPrefix
	// LenArg32 is LenArg for a count argument of a C int type: its lower
	// 32 bits (the kernel ignores the others).
	LenArg32
	// LenExt: an extensible struct (openat2's open_how, clone3's
	// clone_args) of the size argument LenArg holds: min(size, Size)
	// bytes, Size being the struct's known size. When size is larger,
	// the capture's one Elem holds the bytes from Size up to
	// min(size, ExtTailEnd), read whole or Faulted, as strace reads the
	// tail it prints when not all zero. Nothing follows a faulted head.
	LenExt
	// LenArgPages: as many elements as argument LenArg spans pages of
	// PageSize bytes (mincore's vector: a byte a page, the last page
	// counted when partly covered), an array (IsArrayPlan).
	LenArgPages
	// LenFdSet: a select set of the descriptor count in argument LenArg
	// (a C int): FdSetBytes of it, the bytes strace reads. When those
	// cannot be read and are more than FdSetHeadBits' bytes, the capture
	// reads those instead (FdSetView). Its faults are final: the call
	// rewrites the sets, so that an entry read again at the exit would
	// show its results.
	LenFdSet
)

// PageSize is the page size of the calls whose counts are in pages
// (LenArgPages): x86_64's, as strace's get_pagesize says there.
const PageSize = 4096

// Pages is how many pages of PageSize n bytes span, the last counted
// when partly covered.
func Pages(n uint64) uint64 {
	return n/PageSize + min(n%PageSize, 1)
}

// ExtTailEnd is where the tail of an extensible struct (LenExt) ends at
// the latest: strace reads up to a page of it.
const ExtTailEnd = 4096

// The ioctl argument's capture (LenIoctl).
const (
	// IoctlArgMax caps the bytes copied at an ioctl's argument.
	IoctlArgMax = 4096
	// IoctlLegacySize is what a request without size bits copies.
	IoctlLegacySize = 64
	// IoctlRndAddEntropy is RNDADDENTROPY: a struct rand_pool_info of 8
	// bytes, then its buffer.
	IoctlRndAddEntropy = 0x40085203
	// IoctlFiemap is FS_IOC_FIEMAP: its exit capture under -v has one
	// Elem, min(fm_mapped_extents, FiemapExtentsMax) struct
	// fiemap_extent at the argument plus FiemapSize (empty when the call
	// failed or no extent is mapped).
	IoctlFiemap = 0xc020660b
	// IoctlUBIRnvol is UBI_IOCRNVOL: a struct ubi_rnvol_req of
	// UBIRnvolSize bytes, whose bytes beyond IoctlArgMax LenIoctl copies
	// as the capture's one Elem.
	IoctlUBIRnvol = 0x51106f03
	// UBIRnvolSize is sizeof(struct ubi_rnvol_req).
	UBIRnvolSize = 4368
	// IoctlKVMRun is KVM_RUN. Under capture.Executor.KVMVcpu (-e
	// kvm=vcpu), the capture of its argument (which the request does not
	// use) at a successful exit is the vcpu's exit reason: the u32 at
	// KVMRunExitReasonOff of its struct kvm_run, in the first mapping of
	// the vcpu's file, when that is KVMRunSize bytes or more
	// (capture.Descriptors.VcpuRun), as strace 6.1 -e kvm=vcpu reads it.
	IoctlKVMRun = 0xae80
	// KVMRunSize is sizeof(struct kvm_run).
	KVMRunSize = 2352
	// KVMRunExitReasonOff is the offset of struct kvm_run's exit_reason.
	KVMRunExitReasonOff = 8
	// IoctlDMBase is the device mapper's requests but their number,
	// _IOWR(0xfd, 0, struct dm_ioctl); strace decodes those numbered
	// below DMRequests. Under -v their capture's one Elem holds the
	// bytes from DMIoctlSize up to the struct's data_size (the u32 at
	// DMDataSizeOff), at most DMDataMax: the payload strace prints.
	IoctlDMBase = 0xc138fd00
	// DMRequests is how many device mapper requests strace decodes.
	DMRequests = 17
	// DMIoctlSize is sizeof(struct dm_ioctl).
	DMIoctlSize = 312
	// DMDataSizeOff is the offset of struct dm_ioctl's data_size.
	DMDataSizeOff = 12
	// DMDataMax caps the bytes of a device mapper payload read.
	DMDataMax = 64 << 10
	// IoctlBtrfsSearchV2 is BTRFS_IOC_TREE_SEARCH_V2: a struct
	// btrfs_ioctl_search_args_v2 of BtrfsSearchV2Size bytes, then its
	// buffer, of the size at BtrfsSearchBufSizeOff, which the call fills
	// with the items found. Under -v, at a successful exit, its capture's
	// one Elem holds the buffer's bytes past the IoctlArgMax read with the
	// struct, up to BtrfsSearchMax bytes from the struct's start (strace
	// prints the headers of up to -s plus one items).
	IoctlBtrfsSearchV2 = 0xc0709411
	// BtrfsSearchV2Size is sizeof(struct btrfs_ioctl_search_args_v2).
	BtrfsSearchV2Size = 112
	// BtrfsSearchBufSizeOff is the offset of its buf_size.
	BtrfsSearchBufSizeOff = 104
	// BtrfsSearchMax caps the bytes of a search read.
	BtrfsSearchMax = 64 << 10
	// FiemapSize is sizeof(struct fiemap) without its extents.
	FiemapSize = 32
	// FiemapMappedOff is the offset of fm_mapped_extents.
	FiemapMappedOff = 20
	// FiemapExtentSize is sizeof(struct fiemap_extent).
	FiemapExtentSize = 56
	// FiemapExtentsMax caps the extents copied.
	FiemapExtentsMax = 128
)

// IoctlObjectSizes are the sizes of the objects of the ioctl requests
// whose size bits do not tell them (legacy numbers without size bits),
// as x86_64 lays them out (LenIoctl copies that many bytes instead of
// IoctlLegacySize).
var IoctlObjectSizes = map[uint32]uint32{
	0x1269:             24,          // BLKPG: struct blkpg_ioctl_arg
	0x4c02:             168,         // LOOP_SET_STATUS: struct loop_info
	0x4c03:             168,         // LOOP_GET_STATUS
	0x4c04:             232,         // LOOP_SET_STATUS64: struct loop_info64
	0x4c05:             232,         // LOOP_GET_STATUS64
	0x4c0a:             304,         // LOOP_CONFIGURE: struct loop_config
	0x4b40:             256,         // GIO_SCRNMAP: E_TABSZ bytes
	0x4b41:             256,         // PIO_SCRNMAP
	0x4b48:             513,         // KDGKBSENT: struct kbsentry
	0x4b49:             513,         // KDSKBSENT
	0x4b4a:             772,         // KDGKBDIACR: struct kbdiacrs
	0x4b4b:             772,         // KDSKBDIACR
	0x4b60:             8192,        // GIO_FONT: 256 chars of 32 bytes (IoctlArgMax copied)
	0x4b61:             8192,        // PIO_FONT
	0x4b66:             16,          // GIO_UNIMAP: struct unimapdesc
	0x4b67:             16,          // PIO_UNIMAP
	0x4b69:             512,         // GIO_UNISCRNMAP: E_TABSZ unsigned shorts
	0x4b6a:             512,         // PIO_UNISCRNMAP
	0x4b6b:             16,          // GIO_FONTX: struct consolefontdesc
	0x4b6c:             16,          // PIO_FONTX
	0x4b70:             48,          // GIO_CMAP: 16 colours of 3 bytes
	0x4b71:             48,          // PIO_CMAP
	0x4b72:             32,          // KDFONTOP: struct console_font_op
	0x4bfa:             3076,        // KDGKBDIACRUC: struct kbdiacrsuc
	0x4bfb:             3076,        // KDSKBDIACRUC
	0x40082406:         IoctlArgMax, // PERF_EVENT_IOC_SET_FILTER: a string
	0xc008240a:         IoctlArgMax, // PERF_EVENT_IOC_QUERY_BPF: ids follow the struct
	0x4008240b:         128,         // PERF_EVENT_IOC_MODIFY_ATTRIBUTES: struct perf_event_attr
	0x40044f02:         16,          // UBI_IOCEBCH: a struct ubi_leb_change_req, not its __s32
	0x8912:             16,          // SIOCGIFCONF: struct ifconf
	IoctlSGIO:          SGIOV4Size,  // SG_IO: the larger of its two structs (SGIOObjects)
	0xc008ae05:         IoctlArgMax, // KVM_GET_SUPPORTED_CPUID: struct kvm_cpuid2, then its entries
	0xc008ae09:         IoctlArgMax, // KVM_GET_EMULATED_CPUID
	0x4008ae90:         IoctlArgMax, // KVM_SET_CPUID2
	0xc0189436:         IoctlArgMax, // FIDEDUPERANGE: struct file_dedupe_range, then its struct file_dedupe_range_info array
	IoctlBtrfsSearchV2: IoctlArgMax, // struct btrfs_ioctl_search_args_v2, then its buffer (see IoctlBtrfsSearchV2)
	0xc0109414:         IoctlArgMax, // BTRFS_IOC_SPACE_INFO: struct btrfs_ioctl_space_args, then its spaces
}

// IoctlNested is an object an ioctl's argument points to: when the
// argument's own bytes were read, LenIoctl also copies Size
// bytes at the pointer found at offset PtrOff of them, as the capture's
// one Elem (or, when those cannot be read, the bytes up to the end of
// the pointer's page, as for the argument itself).
type IoctlNested struct {
	PtrOff uint32
	Size   uint32
	// Strs, when its ElemSize is set, has the nested object read as an
	// array whose elements point to strings, also copied.
	Strs IoctlNestedStrs
}

// IoctlNestedStrs describes the strings the elements of a nested array
// point to (a struct v4l2_ext_controls's string controls): the array has
// the u32 count at CountOff (at least 4) of the argument's bytes, capped
// by the elements read and IoctlNestedStrsMax; each ElemSize-byte element
// has a u32 length at SizeOff and, when it is not 0, the string's
// pointer at PtrOff, whose min(length, the string limit) bytes are copied
// as the capture's next Elem (an empty one for a 0 length).
type IoctlNestedStrs struct {
	CountOff uint32
	ElemSize uint32
	SizeOff  uint32
	PtrOff   uint32
}

// IoctlNestedStrsMax caps the elements whose strings are copied.
const IoctlNestedStrsMax = 64

// v4l2ExtCtrlStrs are a struct v4l2_ext_controls's string controls:
// count at 4, struct v4l2_ext_control of 20 bytes with size at 4 and
// string at 12.
var v4l2ExtCtrlStrs = IoctlNestedStrs{CountOff: 4, ElemSize: 20, SizeOff: 4, PtrOff: 12}

// IoctlNestedObjects are the requests with an IoctlNested object.
var IoctlNestedObjects = map[uint32]IoctlNested{
	0x1269:     {PtrOff: 16, Size: 152},                                   // BLKPG: struct blkpg_ioctl_arg's data, a struct blkpg_partition
	0x4b66:     {PtrOff: 8, Size: IoctlNestedMax},                         // GIO_UNIMAP: the struct unipair entries
	0x4b67:     {PtrOff: 8, Size: IoctlNestedMax},                         // PIO_UNIMAP
	0x4b6b:     {PtrOff: 8, Size: IoctlNestedMax},                         // GIO_FONTX: the font's chardata
	0x4b6c:     {PtrOff: 8, Size: IoctlNestedMax},                         // PIO_FONTX
	0x4b72:     {PtrOff: 24, Size: IoctlNestedMax},                        // KDFONTOP: the font's data
	0xc0d05604: {PtrOff: 32, Size: IoctlNestedMax},                        // VIDIOC_G_FMT: a struct v4l2_window's clips
	0xc0d05605: {PtrOff: 32, Size: IoctlNestedMax},                        // VIDIOC_S_FMT
	0xc0d05640: {PtrOff: 32, Size: IoctlNestedMax},                        // VIDIOC_TRY_FMT
	0xc100565c: {PtrOff: 48, Size: IoctlNestedMax},                        // VIDIOC_CREATE_BUFS: its format's clips
	0xc0205647: {PtrOff: 24, Size: IoctlNestedMax, Strs: v4l2ExtCtrlStrs}, // VIDIOC_G_EXT_CTRLS: the struct v4l2_ext_control array
	0xc0205648: {PtrOff: 24, Size: IoctlNestedMax, Strs: v4l2ExtCtrlStrs}, // VIDIOC_S_EXT_CTRLS
	0xc0205649: {PtrOff: 24, Size: IoctlNestedMax, Strs: v4l2ExtCtrlStrs}, // VIDIOC_TRY_EXT_CTRLS
	0x8912:     {PtrOff: 8, Size: IoctlNestedMax},                         // SIOCGIFCONF: the struct ifreq array at ifc_buf
	0x8010a402: {PtrOff: 0, Size: TEEMaxArgSize},                          // TEE_IOC_OPEN_SESSION: the buffer at buf_ptr
	0x8010a403: {PtrOff: 0, Size: TEEMaxArgSize},                          // TEE_IOC_INVOKE
	0x8010a406: {PtrOff: 0, Size: TEEMaxArgSize},                          // TEE_IOC_SUPPL_RECV
	0x8010a407: {PtrOff: 0, Size: TEEMaxArgSize},                          // TEE_IOC_SUPPL_SEND
	0x50009417: {PtrOff: 32, Size: IoctlNestedMax},                        // BTRFS_IOC_SNAP_CREATE_V2: the struct btrfs_qgroup_inherit and its qgroups
	0x50009418: {PtrOff: 32, Size: IoctlNestedMax},                        // BTRFS_IOC_SUBVOL_CREATE_V2
	0x40489426: {PtrOff: 16, Size: IoctlNestedMax},                        // BTRFS_IOC_SEND: the clone sources
	0xc0389423: {PtrOff: 48, Size: IoctlNestedMax},                        // BTRFS_IOC_INO_PATHS: the struct btrfs_data_container of paths
	0xc0389424: {PtrOff: 48, Size: IoctlNestedMax},                        // BTRFS_IOC_LOGICAL_INO: the struct btrfs_data_container of inodes
}

// TEEMaxArgSize is TEE_MAX_ARG_SIZE: the largest buffer a TEE request's
// struct tee_ioctl_buf_data may name (strace reads no larger one).
const TEEMaxArgSize = 1024

// IoctlKeepEntry are the requests whose capture at exit keeps the one
// made at entry, as strace keeps what it read at entry to decide by or
// compare with at exit (UFFDIO_API's features, SIOCGIFCONF's ifc_len
// and ifc_buf, the TEE requests' buffers whose num_params the kernel may
// change): the exit capture's last Elem is then the entry capture (its
// Data copied, its Elems as they were), after the nested object, if any.
// Nothing more is read: both backends keep it from the entry capture
// they already hold (the eBPF backend replays its records through the
// same executor). A call whose argument is NULL keeps nothing. (An eBPF
// entry whose reads faulted is read again at the exit: what it keeps is
// then the memory as the call left it.)
var IoctlKeepEntry = map[uint32]bool{
	0xc018aa3f: true, // UFFDIO_API
	0x8912:     true, // SIOCGIFCONF
	0x8010a402: true, // TEE_IOC_OPEN_SESSION
	0x8010a403: true, // TEE_IOC_INVOKE
	0x8010a406: true, // TEE_IOC_SUPPL_RECV
	0x8010a407: true, // TEE_IOC_SUPPL_SEND
	IoctlSGIO:  true, // SG_IO: the entry's struct when the exit's cannot be read
	0xd0009412: true, // BTRFS_IOC_INO_LOOKUP: whether the entry's treeid was 0
}

// BtrfsSearchEnd is where, from the struct's start, the bytes of a
// BTRFS_IOC_TREE_SEARCH_V2 search read end: the end of its buffer of
// bufSize bytes, at most BtrfsSearchMax.
func BtrfsSearchEnd(bufSize uint64) uint64 {
	return BtrfsSearchV2Size + min(bufSize, BtrfsSearchMax-BtrfsSearchV2Size)
}

// IoctlKeepsEntry reports whether request req's capture at exit keeps
// the entry's: those of IoctlKeepEntry, and the device mapper's (strace
// compares the fields of its struct dm_ioctl at exit with those at entry).
func IoctlKeepsEntry(req uint32) bool { return IoctlKeepEntry[req] || IsDMRequest(req) }

// IsDMRequest reports whether req is one of the device mapper requests
// strace decodes (IoctlDMBase, DMRequests).
func IsDMRequest(req uint32) bool { return req&^0xff == IoctlDMBase && req&0xff < DMRequests }

// IoctlNestedMax caps the nested objects whose size their argument
// tells (font data, unipair arrays): the bytes strace prints of them
// under any -s below it.
const IoctlNestedMax = 4096

// IocSize is the _IOC_SIZE bits of an ioctl request.
func IocSize(req uint64) uint32 { return uint32(req>>16) & 0x3fff }

// Plan is the capture plan of one argument: the single description of which
// user memory a backend copies. The ptrace backend executes it with
// process_vm_readv; the eBPF backend loads it into a map and executes it in
// the kernel. Nothing else decides what to read.
type Plan struct {
	Kind CaptureKind
	When When
	Len  LenFrom
	// LenArg is the argument holding a length or element count.
	LenArg uint8
	// ElemSize multiplies an argument-held count into bytes (arrays of
	// structs); 0 means 1.
	ElemSize uint32
	// Size is a fixed size (LenFixed) or a cap; 0 means "the string limit"
	// (-s), plus one byte for C strings so that truncation can be told.
	Size uint32
	// CountOnly makes a CaptureStringArray count its elements without
	// copying them unless the trace is verbose (-v).
	CountOnly bool
	// FromStack makes the object's address the stack pointer at entry plus
	// StackOffset, instead of the argument's value (rt_sigreturn's frame).
	FromStack   bool
	StackOffset int32
	// Header is a number of bytes (at most 255) that precede the counted
	// ones and are copied besides them, whatever the cap: a struct
	// msgbuf's mtype before its mtext. A LenRet plan with a header copies
	// nothing when the call returned <= 0, as without. A LenFixed plan
	// copied at entry and at exit copies Header bytes at entry instead of
	// Size, and Size at exit: a struct's head, all strace reads of it at
	// entry (a struct file_handle's handle_bytes and handle_type, not
	// the f_handle that may lie in a page the call fills).
	Header uint8
	// KeepEntry makes the exit copy of an AtEntry|AtExit CaptureBytes
	// plan of at most KeepEntryMax bytes keep the entry copy: the
	// capture's Data is the entry bytes then the exit bytes, and its Aux
	// the entry bytes' length.
	KeepEntry bool
	// PageRest makes a CaptureBytes read that faults take the bytes up to
	// the end of the object's page instead, when there are fewer: the
	// part strace may still read (LenIoctl plans always do).
	PageRest bool
	// MinSize is, for a plan capped by the string limit (Size 0), the
	// least it copies (of the length asked for) whatever -s says: a
	// multiple of 8 up to MinSizeMax.
	MinSize uint16
	// Fprog makes a CaptureBytes plan whose object may be a struct
	// sock_fprog copy, when its Cond holds, the instructions it points
	// to (see FprogCond).
	Fprog FprogCond
	// Ext says which extensible struct (LenExt, AtEntry|AtExit) a plan
	// reads, when it reads more than the struct.
	Ext ExtKind
	// Netlink makes a CaptureBytes plan copy up to MsgNetlinkMax bytes,
	// or its usual take when more, when the call's argument 0 is a
	// netlink socket when the plan runs (capture.Call.Netlink): strace
	// prints those bytes as netlink messages, which it reads whole.
	Netlink bool
}

// ExtKind is what an extensible struct's plan reads besides the struct
// (Plan.Ext).
type ExtKind uint8

// The kinds of Plan.Ext.
const (
	// ExtPlain: the struct alone.
	ExtPlain ExtKind = iota
	// ExtCloneArgs: a struct clone_args, which copies what its pointers
	// name (see CloneSetTid and CloneExit).
	ExtCloneArgs
	// ExtBPFAttr: bpf(2)'s union bpf_attr, read again at the exit of the
	// commands BPFRereadAtExit names (see BPFAttrExit), and the objects it
	// points to (BPFNestedOf).
	ExtBPFAttr
)

// extKindOf is the ExtKind of a struct of layout l.
func extKindOf(l LayoutID) ExtKind {
	switch l {
	case LayoutCloneArgs:
		return ExtCloneArgs
	case LayoutBPFAttr:
		return ExtBPFAttr
	}
	return ExtPlain
}

// The capture of bpf(2)'s attributes (ExtBPFAttr). At entry, a LenExt
// capture. At the exit of a command BPFRereadAtExit names, whose size is
// 1 to BPFAttrMax, the entry capture is kept and Elems[BPFAttrExit]
// added: the attributes read again, shaped as at entry, whatever the
// call returned, as strace reads them again to print the fields the
// kernel filled (" => ").
const (
	BPFAttrExit = 1
	// BPFAttrMax is the largest attributes strace reads: a page.
	BPFAttrMax = 4096
	// BPFRereadCmds has bit 1 << cmd for each command whose attributes
	// are read again at exit: the GET_NEXT_ID commands (11, 12, 23, 31),
	// BPF_OBJ_GET_INFO_BY_FD (15), BPF_PROG_QUERY (16),
	// BPF_TASK_FD_QUERY (20) and the batch commands (24 to 27).
	BPFRereadCmds = 1<<11 | 1<<12 | 1<<15 | 1<<16 | 1<<20 | 1<<23 | 1<<24 | 1<<25 | 1<<26 | 1<<27 | 1<<31
)

// BPFRereadAtExit reports whether bpf(2)'s attributes for command cmd
// of size bytes are read again at exit (ExtBPFAttr).
func BPFRereadAtExit(cmd uint32, size uint64) bool {
	return cmd < 32 && BPFRereadCmds&(1<<cmd) != 0 && size >= 1 && size <= BPFAttrMax
}

// The capture of a struct clone_args (ExtCloneArgs). At entry, its
// Data is the struct's first min(size, Size) bytes and, when they were
// read, its Elems are [CloneTail] the tail of a LenExt capture (empty
// when there is none) and [CloneSetTid] the set_tid_size ints at set_tid
// when set_tid is not NULL and set_tid_size is 1 to CloneSetTidMax (the
// whole ints before the end of their page when they cannot all be read),
// as strace prints them. At the exit of a call that returned >= 0, the
// entry capture is kept and Elems[CloneExit] added: the struct read
// again, shaped as at entry but for its Elems[ClonePidfd] and
// Elems[CloneParentTid], the int at pidfd and at parent_tid when the
// struct's flags (read again) have CLONE_PIDFD, CLONE_PARENT_SETTID and
// the pointer is not NULL: the values strace prints after " => ".
const (
	CloneTail      = 0
	CloneSetTid    = 1
	CloneExit      = 2
	ClonePidfd     = 1
	CloneParentTid = 2
	// Offsets of struct clone_args' fields.
	ClonePidfdOff      = 8
	CloneParentTidOff  = 24
	CloneSetTidOff     = 64
	CloneSetTidSizeOff = 72
	// CloneSetTidMax is the longest set_tid array strace prints.
	CloneSetTidMax = 32
	// CloneFlagPidfd and CloneFlagParentSettid are CLONE_PIDFD and
	// CLONE_PARENT_SETTID.
	CloneFlagPidfd        = 0x1000
	CloneFlagParentSettid = 0x100000
)

// FprogCond says when an object captured as bytes is a struct sock_fprog
// whose instructions are copied too: under Verbose (strace prints them
// only then), when On and the lower 32 bits of argument Arg are one of
// Vals, and when the object's first FprogSize bytes were read. The
// capture's one Elem then holds min(len, FprogInsnsMax) instructions at
// the filter address (the whole instructions before the end of its page
// when they cannot all be read); none when len is 0 or the address NULL.
//
// With Only, the object itself is copied only when the condition on the
// argument holds (whatever Verbose says): an argument that is a struct
// sock_fprog for one operation and a plain value for the others.
//
// With Iov, the object is a struct iovec instead (ptrace's
// PTRACE_GETREGSET and PTRACE_SETREGSET data), whatever Verbose says: the
// Elem holds min(iov_len, RegsetMax) bytes at iov_base, read whole or
// Faulted, and at exit the capture's Aux holds the iov_len of the entry
// copy (when it had one, else the exit copy's). With Plain (and Only),
// the object is neither: the condition only says when it is copied.
//
// With Kdf, the object is a struct keyctl_kdf_params (keyctl's
// KEYCTL_DH_COMPUTE), whose pointers strace follows when the call
// returns: at exit, Elems[0] is the C string at hashname (up to the
// string limit, as a CaptureCString plan reads it) and Elems[1]
// min(otherinfolen, limit+1) bytes at otherinfo; an Elem is empty where
// its pointer is NULL (or, for otherinfo, its length 0).
//
// With Iovs, the object is an array of struct iovec, argument CountArg
// of them (keyctl's KEYCTL_INSTANTIATE_IOV), whose bytes strace prints
// at the call's entry: then Elems[0] is the array and its bytes read
// again as a CaptureIovec plan reads them.
//
// With Uring, the object is io_uring_register's argument, and the
// condition holds when argument Arg is one of the opcodes UringNested
// knows, whose structure points to arrays (CountArg counts
// IORING_REGISTER_FILES_UPDATE's): at the call's entry, when the
// opcode's head was read, Elems[0] is the data array and Elems[1] the
// tags array, where the opcode has one, NestedArrayLen elements of each
// (the whole elements up to the end of the first page when they cannot
// all be read; empty where the pointer is NULL).
//
// With Iocbs, the object is io_submit's array of pointers to struct iocb
// (an ArrayIn plan), and the condition holds when argument Arg, the
// count, is positive: then Elems holds one capture per pointer read, at
// most the string limit of them unless verbose: empty for NULL, Faulted
// for an iocb that cannot be read, else the iocb's IocbSize bytes, with
// one Elem when the iocb is valid (strace's iocb_is_valid: aio_nbytes
// not negative) and aio_buf is not NULL: for IOCB_CMD_PWRITE, the bytes
// at aio_buf, min(aio_nbytes, limit+1) of them, as a CaptureBytes plan
// with a length reads them; for IOCB_CMD_PREADV and IOCB_CMD_PWRITEV, the
// aio_nbytes iovecs at aio_buf as a CaptureIovec plan reads them, at
// entry for IOCB_CMD_PWRITEV (their bytes), at an exit that failed for
// IOCB_CMD_PREADV (the array alone, no Elems).
//
// Kdf, Iovs, Uring and Iocbs follow the pointers whatever Verbose says, and only
// when the object's head was read (KdfHeadSize bytes, or FprogSize: one
// struct iovec, or UringArrays.Head).
type FprogCond struct {
	On       bool
	Only     bool
	Iov      bool
	Plain    bool
	Kdf      bool
	Iovs     bool
	Uring    bool
	Iocbs    bool
	Arg      uint8
	CountArg uint8
	Vals     [2]uint32
}

// UringArrays says where the arrays an io_uring_register structure
// points to are (FprogCond.Uring): the structure's size, the offset of
// the u32 that counts their elements (-1: argument CountArg does), the
// data pointer's offset and the size of one of its elements, and the
// tags pointer's offset (-1: none; tags are u64).
type UringArrays struct {
	Head     uint32
	CountOff int32
	DataOff  uint32
	DataSize uint32
	TagsOff  int32
}

// UringNested returns the arrays of io_uring_register's opcode op, as
// strace 6.1 prints them: IORING_REGISTER_FILES_UPDATE's struct
// io_uring_files_update (its fds), the struct io_uring_rsrc_register of
// IORING_REGISTER_FILES2 and _BUFFERS2 and the struct
// io_uring_rsrc_update2 of IORING_REGISTER_FILES_UPDATE2 and
// _BUFFERS_UPDATE (descriptors or struct iovecs, and tags).
func UringNested(op uint32) (UringArrays, bool) {
	switch op {
	case 6: // IORING_REGISTER_FILES_UPDATE
		return UringArrays{Head: 16, CountOff: -1, DataOff: 8, DataSize: 4, TagsOff: -1}, true
	case 13, 15: // IORING_REGISTER_FILES2, IORING_REGISTER_BUFFERS2
		return UringArrays{Head: 32, CountOff: 0, DataOff: 16, DataSize: uringDataSize(op), TagsOff: 24}, true
	case 14, 16: // IORING_REGISTER_FILES_UPDATE2, IORING_REGISTER_BUFFERS_UPDATE
		return UringArrays{Head: 32, CountOff: 24, DataOff: 8, DataSize: uringDataSize(op), TagsOff: 16}, true
	}
	return UringArrays{}, false
}

// uringDataSize is the size of an element of opcode op's data array: a
// descriptor, or a struct iovec for the buffer opcodes.
func uringDataSize(op uint32) uint32 {
	if op == 15 || op == 16 {
		return 16
	}
	return 4
}

// UringOpcodes lists the opcodes UringNested knows.
var UringOpcodes = []uint32{6, 13, 14, 15, 16}

// NestedArrayMax caps the elements of an array an argument's object
// points to (io_uring_register's, bpf(2)'s) copied under -v, where
// strace prints them all: as many as a record's segment holds of the
// largest such elements (a struct iovec), so that the eBPF programs read
// the array in one piece. Past them the line shows "...".
const NestedArrayMax = 4096

// NestedArrayLen is how many elements of such an array of n a capture
// copies: as many as strace prints, at most the string limit (-s) unless
// verbose, and at most NestedArrayMax.
func NestedArrayLen(n uint64, limit int, verbose bool) uint64 {
	if !verbose {
		n = min(n, uint64(max(limit, 0)))
	}
	return min(n, NestedArrayMax)
}

// The layout of a struct keyctl_kdf_params (FprogCond.Kdf): two pointers,
// then a u32 length.
const (
	KdfHashnameOff     = 0
	KdfOtherinfoOff    = 8
	KdfOtherinfolenOff = 16
	KdfHeadSize        = 20
)

// The layout of a struct iocb (FprogCond.Iocbs) and the opcodes whose
// aio_buf it follows.
const (
	IocbSize       = 64
	IocbOpcodeOff  = 16
	IocbBufOff     = 24
	IocbNbytesOff  = 32
	IocbCmdPwrite  = 1
	IocbCmdPreadv  = 7
	IocbCmdPwritev = 8
)

// KeyctlInstantiateIov and KeyctlDHCompute are the keyctl commands whose
// arguments FprogCond.Iovs and FprogCond.Kdf follow.
const (
	KeyctlInstantiateIov = 20
	KeyctlDHCompute      = 23
)

// Holds reports whether the condition holds for a call's arguments.
func (f FprogCond) Holds(args *[trace.MaxArgs]uint64) bool {
	if !f.On || int(f.Arg) >= len(args) {
		return false
	}
	if f.Iocbs {
		return int64(args[f.Arg]) > 0
	}
	v := uint32(args[f.Arg])
	if f.Uring {
		_, ok := UringNested(v)
		return ok
	}
	return v == f.Vals[0] || v == f.Vals[1]
}

// KeepEntryMax caps the size of a KeepEntry plan's object: a struct
// file_handle (LayoutFileHandle).
const KeepEntryMax = FileHandleSize

// The layout of a struct msghdr capture (CaptureMsghdr).
const (
	// MsghdrSize is sizeof(struct msghdr) on 64-bit architectures.
	MsghdrSize = 56
	// MsgNameMax caps the bytes copied at msg_name: a sockaddr_storage.
	MsgNameMax = 128
	// CmsgWalkMax caps the bytes of a control buffer the eBPF programs
	// walk to name the descriptors its SCM_RIGHTS messages carry.
	CmsgWalkMax = 1024
	// MsgNetlinkMax caps the bytes copied at each iovec of a struct
	// msghdr whose name is a netlink address (AF_NETLINK), in place of
	// the string limit: strace prints those bytes as netlink messages,
	// up to -s of them, which it reads whole.
	MsgNetlinkMax = 32768
	// AFNetlink is AF_NETLINK, the family of a netlink address.
	AFNetlink = 16
	// MsgName, MsgIov and MsgControl index a CaptureMsghdr's Elems.
	MsgName    = 0
	MsgIov     = 1
	MsgControl = 2
	// MmsghdrSize is sizeof(struct mmsghdr): a msghdr, then msg_len and
	// padding.
	MmsghdrSize = 64
	// MmsgLenOff is the offset of msg_len in a struct mmsghdr.
	MmsgLenOff = 56
	// PtrLenSize is the size of a {pointer, length} pair (CapturePtrLen).
	PtrLenSize = 16
	// SigsetMax is the kernel's sigset size, the most of a signal set
	// strace reads.
	SigsetMax = 8
)

// PathMax caps the length of a captured file name, as PATH_MAX does.
const PathMax = 4096

// MaxArrayElems caps how many elements of an array argument are copied,
// but for an array plan (IsArrayPlan), which copies those ArrayTake says.
const MaxArrayElems = 1024

// ArrayBytesMax caps the bytes an array plan copies.
const ArrayBytesMax = 1 << 20

// IsArrayPlan reports whether p copies an array whose element count an
// argument holds: an argument of Array type.
func IsArrayPlan(p *Plan) bool {
	return p.Kind == CaptureBytes && p.ElemSize != 0 && (p.Len == LenArg || p.Len == LenArg32 || p.Len == LenArgPages)
}

// ArrayTake is how many bytes of its elements of es bytes an array plan
// copies at most with string limit limit (-s) and verbose (-v): the
// elements strace prints, every one under -v and limit plus one otherwise
// (it reads the element after the last it prints before printing "..."),
// and never fewer than MaxArrayElems (the plan's Size); at most
// ArrayBytesMax, in whole elements.
func ArrayTake(es uint32, limit int, verbose bool) uint64 {
	e := uint64(es)
	want := uint64(ArrayBytesMax)
	if !verbose {
		want = min(want, (uint64(max(limit, 0))+1)*e)
	}
	want -= want % e
	return max(want, e*MaxArrayElems)
}

// sigframeMaskOffset is where the signal mask being restored lies relative
// to the stack pointer at rt_sigreturn's entry. x86_64: the frame starts at
// sp-8 (its return address was popped), and uc_sigmask sits at 8 (pretcode)
// + 40 (uc_flags, uc_link, uc_stack) + 256 (uc_mcontext) into it. arm64:
// the frame starts at sp, with 128 bytes of siginfo before a ucontext whose
// uc_sigmask is at 40.
var sigframeMaskOffset = map[uint32]int32{trace.ArchX86_64: 296, trace.ArchAArch64: 168}

// CountIsInt reports whether argument i's length or element count
// (Arg.Len) is held in an argument of a C int type, whose upper 32 bits
// the kernel ignores.
func (s *Signature) CountIsInt(i int) bool {
	if i < 0 || i >= len(s.Args) {
		return false
	}
	l := int(s.Args[i].Len)
	if l < 0 || l >= len(s.Args) {
		return false
	}
	switch s.Args[l].Type {
	case Int, Uint:
		return true
	}
	return false
}

// planFor derives the capture plan of a signature on arch.
func planFor(arch uint32, sig *Signature) (plans [trace.MaxArgs]Plan, any, atExit bool) {
	for i, a := range sig.Args {
		if i >= trace.MaxArgs {
			break
		}
		p := argPlan(arch, a)
		if p.Len == LenArg && sig.CountIsInt(i) {
			p.Len = LenArg32
		}
		plans[i] = p
		if p.Kind != CaptureNone {
			any = true
			if p.When&AtExit != 0 {
				atExit = true
			}
		}
	}
	return plans, any, atExit
}

// mustSize is the size of layout l on arch; a layout without one is a
// mistake in the tables, found when the tables are built.
func mustSize(arch uint32, l LayoutID) uint32 {
	s := LayoutSize(arch, l)
	if s == 0 {
		panic(fmt.Sprintf("syscalls: layout %d has no size", l))
	}
	return s
}

// optSize is the cap a buffer's Layout sets, or 0 (the string limit).
func optSize(arch uint32, l LayoutID) uint32 {
	if l == LayoutNone {
		return 0
	}
	return mustSize(arch, l)
}

func argPlan(arch uint32, a Arg) Plan {
	switch a.Type {
	case Path:
		// strace prints at most PATH_MAX-1 characters of a name, reading
		// one more byte to tell whether it goes on: a name that fills its
		// page to the end is shown cut ("..."), not faulted.
		return Plan{Kind: CaptureCString, When: AtEntry, Size: PathMax - 1}
	case String:
		return Plan{Kind: CaptureCString, When: AtEntry}
	case InBuf:
		return Plan{Kind: CaptureBytes, When: AtEntry, Len: LenArg, LenArg: uint8(a.Len), Size: optSize(arch, a.Layout), PageRest: a.PageRest, Header: a.Header, Fprog: a.Fprog, MinSize: a.MinSize, Netlink: a.Netlink}
	case OutBuf:
		return Plan{Kind: CaptureBytes, When: AtExit, Len: LenRet, Size: optSize(arch, a.Layout), Header: a.Header, PageRest: a.PageRest, Netlink: a.Netlink}
	case InIovec:
		return Plan{Kind: CaptureIovec, When: AtEntry, Len: LenArg, LenArg: uint8(a.Len)}
	case OutIovec:
		return Plan{Kind: CaptureIovec, When: AtExit, Len: LenArg, LenArg: uint8(a.Len)}
	case MsghdrIn:
		return Plan{Kind: CaptureMsghdr, When: AtEntry, Len: LenFixed, Size: MsghdrSize}
	case MsghdrOut:
		return Plan{Kind: CaptureMsghdr, When: AtEntry | AtExit, Len: LenRet, Size: MsghdrSize}
	case MmsgvecIn:
		return Plan{Kind: CaptureMmsghdr, When: AtExit, Len: LenArg32, LenArg: uint8(a.Len)}
	case MmsgvecOut:
		return Plan{Kind: CaptureMmsghdr, When: AtEntry | AtExit, Len: LenArg32, LenArg: uint8(a.Len)}
	case SigsetPair:
		return Plan{Kind: CapturePtrLen, When: AtEntry, Len: LenFixed, Size: PtrLenSize, ElemSize: SigsetMax}
	case StructIn:
		return Plan{Kind: CaptureBytes, When: AtEntry, Len: LenFixed, Size: mustSize(arch, a.Layout), PageRest: a.PageRest}
	case StructOut:
		// A socket address is as long as the kernel says, and a Partial
		// one may be shorter: strace reads what precedes unreadable
		// memory.
		return Plan{Kind: CaptureBytes, When: AtExit, Len: LenFixed, Size: mustSize(arch, a.Layout), PageRest: a.PageRest || a.Layout == LayoutSockaddr}
	case StructInOut:
		return Plan{Kind: CaptureBytes, When: AtEntry | AtExit, Len: LenFixed, Size: mustSize(arch, a.Layout)}
	case ArrayIn, ArrayInOut:
		es := mustSize(arch, a.Layout)
		w := AtEntry
		if a.Type == ArrayInOut {
			w |= AtExit
		}
		return Plan{Kind: CaptureBytes, When: w, Len: LenArg, LenArg: uint8(a.Len), ElemSize: es, Size: es * MaxArrayElems, Fprog: a.Fprog}
	case StrArray:
		return Plan{Kind: CaptureStringArray, When: AtEntry}
	case EnvArray:
		return Plan{Kind: CaptureStringArray, When: AtEntry, CountOnly: true}
	case SigframeMask:
		off, ok := sigframeMaskOffset[arch]
		if !ok {
			return Plan{}
		}
		return Plan{Kind: CaptureBytes, When: AtEntry, Len: LenFixed, Size: 8, FromStack: true, StackOffset: off}
	case Custom:
		if a.Layout == LayoutIoctlArg {
			// Sized by the request (argument 1), as the decoders print it.
			return Plan{Kind: CaptureBytes, When: a.At, Len: LenIoctl, LenArg: 1, Size: IoctlArgMax}
		}
		if a.Prefix {
			return Plan{Kind: CaptureBytes, When: a.At, Len: LenPrefix, Size: optSize(arch, a.Layout), Fprog: a.Fprog}
		}
		if a.Count == LenArg {
			// A buffer of the length argument Len says, after a header.
			return Plan{Kind: CaptureBytes, When: a.At, Len: LenArg, LenArg: uint8(a.Len), Header: a.Header}
		}
		if a.Layout == LayoutNone {
			return Plan{}
		}
		if a.Ext {
			return Plan{Kind: CaptureBytes, When: a.At, Len: LenExt, LenArg: uint8(a.Len), Size: mustSize(arch, a.Layout), Ext: extKindOf(a.Layout)}
		}
		switch a.Count {
		case LenArgPages:
			es := mustSize(arch, a.Layout)
			return Plan{Kind: CaptureBytes, When: a.At, Len: LenArgPages, LenArg: uint8(a.Len), ElemSize: es, Size: es * MaxArrayElems}
		case LenFdSet:
			return Plan{Kind: CaptureBytes, When: a.At, Len: LenFdSet, LenArg: uint8(a.Len), Size: FdSetBytes(FdSetMax)}
		}
		return Plan{Kind: CaptureBytes, When: a.At, Len: LenFixed, Size: mustSize(arch, a.Layout), KeepEntry: a.KeepEntry, PageRest: a.PageRest, Fprog: a.Fprog, Header: a.Header}
	}
	return Plan{}
}

// netlinkWhen is when the Netlink ones of plans run (Syscall.NetlinkWhen).
func netlinkWhen(plans *[trace.MaxArgs]Plan) When {
	var w When
	for i := range plans {
		if plans[i].Netlink {
			w |= plans[i].When
		}
	}
	return w
}

// MinSizeMax bounds Plan.MinSize (the eBPF plan keeps it in 8-byte
// units in 7 bits).
const MinSizeMax = 127 * 8

// RegsetMax caps the bytes of a register set copied at an iovec's base
// (FprogCond.Iov): x86_64's struct user_fpregs_struct.
const RegsetMax = 512

// FprogSize is sizeof(struct sock_fprog) on 64-bit architectures: a u16
// instruction count, then the instructions' address at FprogFilterOff.
const (
	FprogSize      = 16
	FprogFilterOff = 8
	// FprogInsnSize is sizeof(struct sock_filter).
	FprogInsnSize = 8
	// FprogInsnsMax caps the instructions copied: BPF_MAXINSNS, which
	// strace prints at most, and one to tell that more follow.
	FprogInsnsMax = 4097
)
