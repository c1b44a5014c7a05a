// Package header renders bpf/zz_goconsts.h: the values of the Go
// constants the eBPF programs use, so that C never spells one out by hand.
package header

import (
	"bytes"
	"fmt"
	"slices"
	"sort"

	"github.com/sctrace/sctrace/capture"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// constant is one C name, its value and the Go constant it comes from.
type constant struct {
	name  string
	value int64
	from  string
}

// group is a set of constants rendered together under a comment.
type group struct {
	doc    string
	consts []constant
}

// The values a plan's fields take (syscalls.Plan: Kind, When, Len).
var (
	captureKinds = []constant{
		{"CAP_NONE", int64(syscalls.CaptureNone), "syscalls.CaptureNone"},
		{"CAP_CSTRING", int64(syscalls.CaptureCString), "syscalls.CaptureCString"},
		{"CAP_BYTES", int64(syscalls.CaptureBytes), "syscalls.CaptureBytes"},
		{"CAP_STRING_ARRAY", int64(syscalls.CaptureStringArray), "syscalls.CaptureStringArray"},
		{"CAP_IOVEC", int64(syscalls.CaptureIovec), "syscalls.CaptureIovec"},
		{"CAP_MSGHDR", int64(syscalls.CaptureMsghdr), "syscalls.CaptureMsghdr"},
		{"CAP_MMSGHDR", int64(syscalls.CaptureMmsghdr), "syscalls.CaptureMmsghdr"},
		{"CAP_PTR_LEN", int64(syscalls.CapturePtrLen), "syscalls.CapturePtrLen"},
	}
	whens = []constant{
		{"AT_ENTRY", int64(syscalls.AtEntry), "syscalls.AtEntry"},
		{"AT_EXIT", int64(syscalls.AtExit), "syscalls.AtExit"},
	}
	lenFroms = []constant{
		{"LEN_FIXED", int64(syscalls.LenFixed), "syscalls.LenFixed"},
		{"LEN_ARG", int64(syscalls.LenArg), "syscalls.LenArg"},
		{"LEN_RET", int64(syscalls.LenRet), "syscalls.LenRet"},
		{"LEN_IOCTL", int64(syscalls.LenIoctl), "syscalls.LenIoctl"},
		{"LEN_PREFIX", int64(syscalls.LenPrefix), "syscalls.LenPrefix"},
		{"LEN_ARG32", int64(syscalls.LenArg32), "syscalls.LenArg32"},
		{"LEN_EXT", int64(syscalls.LenExt), "syscalls.LenExt"},
		{"LEN_ARG_PAGES", int64(syscalls.LenArgPages), "syscalls.LenArgPages"},
		{"LEN_FDSET", int64(syscalls.LenFdSet), "syscalls.LenFdSet"},
	}
)

// groups are the constants of the header, in order.
var groups = []group{
	{"Limits of package trace.", []constant{
		{"MAX_ARGS", trace.MaxArgs, "trace.MaxArgs"},
		{"NR_MAX", trace.MaxNR, "trace.MaxNR"},
		{"NUM_PERS", int64(trace.NumPersonalities), "trace.NumPersonalities"},
		{"PERS_32", int64(trace.Pers32), "trace.Pers32"},
		{"PERS_X32", int64(trace.PersX32), "trace.PersX32"},
		{"X32_SYSCALL_BIT", trace.X32SyscallBit, "trace.X32SyscallBit"},
		{"HIST_SUB_BITS", trace.HistSubBits, "trace.HistSubBits"},
		{"STACK_MAX", trace.MaxStackSize, "trace.MaxStackSize"},
		{"STACK_REGS", trace.UserRegs, "trace.UserRegs"},
		{"HIST_BUCKETS", trace.HistBuckets, "trace.HistBuckets"},
	}},
	{"Limits and layouts of packages syscalls and capture.", []constant{
		{"MAX_ARRAY_ELEMS", syscalls.MaxArrayElems, "syscalls.MaxArrayElems"},
		{"ARRAY_BYTES_MAX", syscalls.ArrayBytesMax, "syscalls.ArrayBytesMax"},
		{"FD_SET_MAX", syscalls.FdSetMax, "syscalls.FdSetMax"},
		{"FD_SET_HEAD_BYTES", int64(syscalls.FdSetBytes(syscalls.FdSetHeadBits)), "syscalls.FdSetBytes(syscalls.FdSetHeadBits)"},
		{"MSGHDR_SIZE", syscalls.MsghdrSize, "syscalls.MsghdrSize"},
		{"MMSGHDR_SIZE", syscalls.MmsghdrSize, "syscalls.MmsghdrSize"},
		{"PTR_LEN_SIZE", syscalls.PtrLenSize, "syscalls.PtrLenSize"},
		{"MMSG_LEN_OFF", syscalls.MmsgLenOff, "syscalls.MmsgLenOff"},
		{"MSG_NAME_MAX", syscalls.MsgNameMax, "syscalls.MsgNameMax"},
		{"MSG_NETLINK_MAX", syscalls.MsgNetlinkMax, "syscalls.MsgNetlinkMax"},
		{"AF_NETLINK", syscalls.AFNetlink, "syscalls.AFNetlink"},
		{"CMSG_WALK_MAX", syscalls.CmsgWalkMax, "syscalls.CmsgWalkMax"},
		{"MAX_STRING_ARRAY_ELEMS", capture.MaxStringArrayElems, "capture.MaxStringArrayElems"},
		{"MAX_STRING_ARRAY_COUNT", capture.MaxStringArrayCount, "capture.MaxStringArrayCount"},
		{"IOVEC_SIZE", capture.IovecSize, "capture.IovecSize"},
		{"FULL_LIMIT", capture.MaxFullData, "capture.MaxFullData"},
		{"DUMP_CHUNK", capture.DumpChunk, "capture.DumpChunk"},
		{"IOCTL_LEGACY_SIZE", syscalls.IoctlLegacySize, "syscalls.IoctlLegacySize"},
		{"IOCTL_FIEMAP", syscalls.IoctlFiemap, "syscalls.IoctlFiemap"},
		{"IOCTL_SG_IO", syscalls.IoctlSGIO, "syscalls.IoctlSGIO"},
		{"IOCTL_KVM_RUN", syscalls.IoctlKVMRun, "syscalls.IoctlKVMRun"},
		{"IOCTL_DM_BASE", syscalls.IoctlDMBase, "syscalls.IoctlDMBase"},
		{"DM_REQUESTS", syscalls.DMRequests, "syscalls.DMRequests"},
		{"DM_IOCTL_SIZE", syscalls.DMIoctlSize, "syscalls.DMIoctlSize"},
		{"DM_DATA_SIZE_OFF", syscalls.DMDataSizeOff, "syscalls.DMDataSizeOff"},
		{"DM_DATA_MAX", syscalls.DMDataMax, "syscalls.DMDataMax"},
		{"KVM_RUN_SIZE", syscalls.KVMRunSize, "syscalls.KVMRunSize"},
		{"KVM_RUN_EXIT_REASON_OFF", syscalls.KVMRunExitReasonOff, "syscalls.KVMRunExitReasonOff"},
		{"SGIO_V3_ID", syscalls.SGIOV3ID, "syscalls.SGIOV3ID"},
		{"SGIO_V4_ID", syscalls.SGIOV4ID, "syscalls.SGIOV4ID"},
		{"SGIO_V3_SIZE", syscalls.SGIOV3Size, "syscalls.SGIOV3Size"},
		{"SGIO_V4_SIZE", syscalls.SGIOV4Size, "syscalls.SGIOV4Size"},
		{"SG_DXFER_TO_DEV", syscalls.SGDxferToDev, "syscalls.SGDxferToDev"},
		{"SG_DXFER_FROM_DEV", syscalls.SGDxferFromDev, "syscalls.SGDxferFromDev"},
		{"SG_DXFER_TO_FROM_DEV", syscalls.SGDxferToFromDev, "syscalls.SGDxferToFromDev"},
		{"SGIO_V3_DIR", syscalls.SGIOV3Dir, "syscalls.SGIOV3Dir"},
		{"SGIO_OUT", int64(syscalls.SGIOOut), "syscalls.SGIOOut"},
		{"SGIO_IN", int64(syscalls.SGIOIn), "syscalls.SGIOIn"},
		{"IOCTL_RNDADDENTROPY", syscalls.IoctlRndAddEntropy, "syscalls.IoctlRndAddEntropy"},
		{"IOCTL_UBI_RNVOL", syscalls.IoctlUBIRnvol, "syscalls.IoctlUBIRnvol"},
		{"IOCTL_BTRFS_SEARCH_V2", syscalls.IoctlBtrfsSearchV2, "syscalls.IoctlBtrfsSearchV2"},
		{"BTRFS_SEARCH_V2_SIZE", syscalls.BtrfsSearchV2Size, "syscalls.BtrfsSearchV2Size"},
		{"BTRFS_SEARCH_BUF_SIZE_OFF", syscalls.BtrfsSearchBufSizeOff, "syscalls.BtrfsSearchBufSizeOff"},
		{"BTRFS_SEARCH_MAX", syscalls.BtrfsSearchMax, "syscalls.BtrfsSearchMax"},
		{"UBI_RNVOL_SIZE", syscalls.UBIRnvolSize, "syscalls.UBIRnvolSize"},
		{"IOCTL_ARG_MAX", syscalls.IoctlArgMax, "syscalls.IoctlArgMax"},
		{"EXT_TAIL_END", syscalls.ExtTailEnd, "syscalls.ExtTailEnd"},
		{"FIEMAP_SIZE", syscalls.FiemapSize, "syscalls.FiemapSize"},
		{"IOCTL_NESTED_STRS_MAX", syscalls.IoctlNestedStrsMax, "syscalls.IoctlNestedStrsMax"},
		{"FIEMAP_MAPPED_OFF", syscalls.FiemapMappedOff, "syscalls.FiemapMappedOff"},
		{"FIEMAP_EXTENT_SIZE", syscalls.FiemapExtentSize, "syscalls.FiemapExtentSize"},
		{"FIEMAP_EXTENTS_MAX", syscalls.FiemapExtentsMax, "syscalls.FiemapExtentsMax"},
		{"CAPTURE_PAGE_SIZE", capture.PageSize, "capture.PageSize"},
		{"FPROG_SIZE", syscalls.FprogSize, "syscalls.FprogSize"},
		{"FPROG_FILTER_OFF", syscalls.FprogFilterOff, "syscalls.FprogFilterOff"},
		{"FPROG_INSN_SIZE", syscalls.FprogInsnSize, "syscalls.FprogInsnSize"},
		{"FPROG_INSNS_MAX", syscalls.FprogInsnsMax, "syscalls.FprogInsnsMax"},
		{"KDF_HASHNAME_OFF", syscalls.KdfHashnameOff, "syscalls.KdfHashnameOff"},
		{"KDF_OTHERINFO_OFF", syscalls.KdfOtherinfoOff, "syscalls.KdfOtherinfoOff"},
		{"KDF_OTHERINFOLEN_OFF", syscalls.KdfOtherinfolenOff, "syscalls.KdfOtherinfolenOff"},
		{"KDF_HEAD_SIZE", syscalls.KdfHeadSize, "syscalls.KdfHeadSize"},
		{"IOCB_SIZE", syscalls.IocbSize, "syscalls.IocbSize"},
		{"IOCB_OPCODE_OFF", syscalls.IocbOpcodeOff, "syscalls.IocbOpcodeOff"},
		{"IOCB_BUF_OFF", syscalls.IocbBufOff, "syscalls.IocbBufOff"},
		{"IOCB_NBYTES_OFF", syscalls.IocbNbytesOff, "syscalls.IocbNbytesOff"},
		{"IOCB_CMD_PWRITE", syscalls.IocbCmdPwrite, "syscalls.IocbCmdPwrite"},
		{"IOCB_CMD_PREADV", syscalls.IocbCmdPreadv, "syscalls.IocbCmdPreadv"},
		{"IOCB_CMD_PWRITEV", syscalls.IocbCmdPwritev, "syscalls.IocbCmdPwritev"},
		{"CLONE_PIDFD_OFF", syscalls.ClonePidfdOff, "syscalls.ClonePidfdOff"},
		{"CLONE_PARENT_TID_OFF", syscalls.CloneParentTidOff, "syscalls.CloneParentTidOff"},
		{"CLONE_SET_TID_OFF", syscalls.CloneSetTidOff, "syscalls.CloneSetTidOff"},
		{"CLONE_SET_TID_SIZE_OFF", syscalls.CloneSetTidSizeOff, "syscalls.CloneSetTidSizeOff"},
		{"CLONE_SET_TID_MAX", syscalls.CloneSetTidMax, "syscalls.CloneSetTidMax"},
		{"CLONE_FLAG_PIDFD", syscalls.CloneFlagPidfd, "syscalls.CloneFlagPidfd"},
		{"CLONE_FLAG_PARENT_SETTID", syscalls.CloneFlagParentSettid, "syscalls.CloneFlagParentSettid"},
		{"REGSET_MAX", syscalls.RegsetMax, "syscalls.RegsetMax"},
		{"NESTED_ARRAY_MAX", syscalls.NestedArrayMax, "syscalls.NestedArrayMax"},
		{"BPF_REREAD_CMDS", syscalls.BPFRereadCmds, "syscalls.BPFRereadCmds"},
		{"BPF_ATTR_MAX", syscalls.BPFAttrMax, "syscalls.BPFAttrMax"},
		{"BPF_FD_CMDS", syscalls.BPFFDCmds, "syscalls.BPFFDCmds"},
		{"BPF_NESTED_MAX", syscalls.BPFNestedMax, "syscalls.BPFNestedMax"},
		{"BPF_STR", int64(syscalls.BPFStr), "syscalls.BPFStr"},
		{"BPF_PATH", int64(syscalls.BPFPath), "syscalls.BPFPath"},
		{"BPF_STRZ", int64(syscalls.BPFStrZ), "syscalls.BPFStrZ"},
		{"BPF_BYTES", int64(syscalls.BPFBytes), "syscalls.BPFBytes"},
		{"BPF_ARRAY", int64(syscalls.BPFArray), "syscalls.BPFArray"},
		{"BPF_STR_ARRAY", int64(syscalls.BPFStrArray), "syscalls.BPFStrArray"},
		{"BPF_OBJ_INFO", int64(syscalls.BPFObjInfo), "syscalls.BPFObjInfo"},
		{"BPF_OBJ_OTHER", int64(syscalls.BPFObjOther), "syscalls.BPFObjOther"},
		{"BPF_OBJ_MAP", int64(syscalls.BPFObjMap), "syscalls.BPFObjMap"},
		{"BPF_OBJ_PROG", int64(syscalls.BPFObjProg), "syscalls.BPFObjProg"},
		{"PROG_INFO_JITED", int64(syscalls.ProgInfoJited), "syscalls.ProgInfoJited"},
		{"PROG_INFO_ARRAYS", int64(syscalls.ProgInfoArrays), "syscalls.ProgInfoArrays"},
		{"PATH_MAX_READ", syscalls.PathMax - 1, "syscalls.PathMax - 1"},
	}},
	{"Values of syscalls.CaptureKind (plan.kind).", captureKinds},
	{"Values of syscalls.When (plan.when, syscall_plans.when).", whens},
	{"Values of syscalls.LenFrom (plan.len_from).", lenFroms},
}

// Render returns the text of bpf/zz_goconsts.h.
func Render() []byte {
	var b bytes.Buffer
	b.WriteString(`/* Code generated by bpfbackend/internal/goconsts; DO NOT EDIT. */
/* The Go constants the programs use, each beside its Go name. */
#ifndef SCTRACE_ZZ_GOCONSTS_H
#define SCTRACE_ZZ_GOCONSTS_H
`)
	for _, g := range groups {
		fmt.Fprintf(&b, "\n/* %s */\n", g.doc)
		for _, c := range g.consts {
			fmt.Fprintf(&b, "#define %s %d /* %s */\n", c.name, c.value, c.from)
		}
	}
	renderIoctlTables(&b)
	renderUringTable(&b)
	renderBPFNested(&b)
	renderProgInfo(&b)
	renderSGIO(&b)
	b.WriteString("\n#endif\n")
	return b.Bytes()
}

// sortedKeys returns the keys of m in increasing order.
func sortedKeys[V any](m map[uint32]V) []uint32 {
	keys := make([]uint32, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

// renderIoctlTables renders syscalls.IoctlObjectSizes and
// syscalls.IoctlNestedObjects as C functions of the request.
func renderIoctlTables(b *bytes.Buffer) {
	b.WriteString(`
/* syscalls.IoctlObjectSizes: the object size of ioctl request req, or 0. */
static __always_inline __u32 ioctl_object_size(__u32 req)
{
	switch (req) {
`)
	for _, k := range sortedKeys(syscalls.IoctlObjectSizes) {
		fmt.Fprintf(b, "\tcase %#x:\n\t\treturn %d;\n", k, syscalls.IoctlObjectSizes[k])
	}
	b.WriteString(`	}
	return 0;
}

/* syscalls.IoctlFDRequests: whether ioctl request req returns a
 * descriptor. */
static __always_inline bool ioctl_returns_fd(__u32 req)
{
	switch (req) {
`)
	for _, k := range syscalls.IoctlFDRequests {
		fmt.Fprintf(b, "\tcase %#x:\n", k)
	}
	b.WriteString(`		return true;
	}
	return false;
}

/* syscalls.IoctlNestedObjects: the size of request req's nested object
 * (0: none), whose pointer is at *ptr_off in the argument's bytes. */
static __always_inline __u32 ioctl_nested(__u32 req, __u32 *ptr_off)
{
	switch (req) {
`)
	for _, k := range sortedKeys(syscalls.IoctlNestedObjects) {
		n := syscalls.IoctlNestedObjects[k]
		fmt.Fprintf(b, "\tcase %#x:\n\t\t*ptr_off = %d;\n\t\treturn %d;\n", k, n.PtrOff, n.Size)
	}
	b.WriteString(`	}
	return 0;
}

/* syscalls.IoctlNestedObjects' Strs: the element size of request req's
 * nested array of string pointers (0: none), with its count's offset in
 * the argument's bytes and its elements' length and pointer offsets. */
static __always_inline __u32 ioctl_nested_strs(__u32 req, __u32 *count_off, __u32 *size_off, __u32 *ptr_off)
{
	switch (req) {
`)
	for _, k := range sortedKeys(syscalls.IoctlNestedObjects) {
		s := syscalls.IoctlNestedObjects[k].Strs
		if s.ElemSize == 0 {
			continue
		}
		fmt.Fprintf(b, "\tcase %#x:\n\t\t*count_off = %d;\n\t\t*size_off = %d;\n\t\t*ptr_off = %d;\n\t\treturn %d;\n",
			k, s.CountOff, s.SizeOff, s.PtrOff, s.ElemSize)
	}
	b.WriteString(`	}
	return 0;
}
`)
}

// renderUringTable renders syscalls.UringNested as a C function of the
// opcode.
func renderUringTable(b *bytes.Buffer) {
	b.WriteString(`
/* syscalls.UringNested: the size of the head of io_uring_register's
 * structure for opcode op (0: no arrays), with the offset of the u32 that
 * counts the arrays' elements (-1: argument 3), the data pointer's offset
 * and element size, and the tags pointer's offset (-1: none). */
static __always_inline __u32 uring_nested(__u32 op, __s32 *count_off, __u32 *data_off, __u32 *data_size, __s32 *tags_off)
{
	switch (op) {
`)
	for _, op := range syscalls.UringOpcodes {
		u, _ := syscalls.UringNested(op)
		fmt.Fprintf(b, "\tcase %d:\n\t\t*count_off = %d;\n\t\t*data_off = %d;\n\t\t*data_size = %d;\n\t\t*tags_off = %d;\n\t\treturn %d;\n",
			op, u.CountOff, u.DataOff, u.DataSize, u.TagsOff, u.Head)
	}
	b.WriteString(`	}
	return 0;
}
`)
}

// renderBPFNested renders syscalls.BPFNestedOf and BPFExitNestedOf as two
// C arrays indexed by command and slot: read with an index the verifier
// does not know, an entry is one unknown value, and what follows is
// checked once, not once per object.
func renderBPFNested(b *bytes.Buffer) {
	slots := syscalls.BPFNestedMax + 1
	cmds := int(slices.Max(syscalls.BPFNestedCmds)) + 1
	fmt.Fprintf(b, `
/* The objects bpf(2) command cmd's attributes point to
 * (syscalls.BPFNestedOf's object j at slot j, syscalls.BPFExitNestedOf's
 * one at slot BPF_NESTED_MAX), by cmd * BPF_NESTED_SLOTS + slot, packed:
 * its kind (0: none, bits 0-7), the offsets of its pointer (8-15), of
 * its u32 length (16-23, signed; -1: the length is bits 40-55) and of
 * the u32 that must be bpf_nested_conds' entry for it to be read (24-31,
 * signed; -1: none), its elements' size (32-39), its length (40-55),
 * whether it is read only under -v (56), and whether an exit's object is
 * read when the call failed too (57). */
#define BPF_NESTED_SLOTS %d
#define BPF_NESTED_CMDS %d
static const __u64 bpf_nested_tab[BPF_NESTED_CMDS * BPF_NESTED_SLOTS] = {
`, slots, cmds)
	var conds bytes.Buffer
	for _, cmd := range syscalls.BPFNestedCmds {
		for _, k := range bpfNestedBoth(cmd) {
			o := k.obj
			v := uint64(o.Kind) | uint64(uint8(o.PtrOff))<<8 | uint64(uint8(o.LenOff))<<16 | uint64(uint8(o.CondOff))<<24 |
				uint64(o.ElemSize)<<32 | uint64(o.Len)<<40
			if o.Verbose {
				v |= 1 << 56
			}
			if o.OnFailure {
				v |= 1 << 57
			}
			fmt.Fprintf(b, "\t[%d * BPF_NESTED_SLOTS + %d] = %#x,\n", cmd, k.slot, v)
			if o.CondOff >= 0 {
				fmt.Fprintf(&conds, "\t[%d * BPF_NESTED_SLOTS + %d] = %d,\n", cmd, k.slot, o.CondVal)
			}
		}
	}
	fmt.Fprintf(b, "};\n\n/* bpf_nested_conds: the values the conditions of bpf_nested_tab's objects\n * ask for. */\nstatic const __u32 bpf_nested_conds[BPF_NESTED_CMDS * BPF_NESTED_SLOTS] = {\n%s};\n", conds.String())
}

// renderProgInfo renders syscalls.ProgInfoLayouts as a C array indexed
// by syscalls.ProgInfoArray.
func renderProgInfo(b *bytes.Buffer) {
	b.WriteString(`
/* The arrays a struct bpf_prog_info points to (syscalls.ProgInfoLayouts),
 * by syscalls.ProgInfoArray, packed: the offsets of their pointer (bits
 * 0-7) and u32 length (8-15), their elements' size (16-23), and whether
 * the length counts bytes (24). */
static const __u32 prog_info_tab[PROG_INFO_ARRAYS] = {
`)
	for a, l := range syscalls.ProgInfoLayouts {
		v := uint32(l.PtrOff) | uint32(l.LenOff)<<8 | uint32(l.ElemSize)<<16
		if l.LenInBytes {
			v |= 1 << 24
		}
		fmt.Fprintf(b, "\t[%d] = %#x,\n", a, v)
	}
	b.WriteString("};\n")
}

// renderSGIO renders syscalls.SGIOLayouts as a C array indexed by
// version * 4 + at exit * 2 + object.
func renderSGIO(b *bytes.Buffer) {
	b.WriteString(`
/* The objects SG_IO's struct points to (syscalls.SGIOLayouts), by
 * version * 4 + at exit * 2 + object, packed: the offsets of the pointer
 * (bits 0-7), of the length (8-15) and its size (16-19), of the iovec
 * count (20-27) and its size (28-31; 0: none), of the residue (32-39)
 * and its size (40-43; 0: none), and the direction (44-45,
 * syscalls.SGIODir). */
static const __u64 sg_io_tab[8] = {
`)
	for v, byAt := range syscalls.SGIOLayouts {
		for at, objs := range byAt {
			for j, l := range objs {
				x := uint64(l.Ptr) | uint64(l.Len.Off)<<8 | uint64(l.Len.Size)<<16 | uint64(l.Iovecs.Off)<<20 |
					uint64(l.Iovecs.Size)<<28 | uint64(l.Resid.Off)<<32 | uint64(l.Resid.Size)<<40 | uint64(l.Dir)<<44
				fmt.Fprintf(b, "\t[%d] = %#x,\n", v*4+at*2+j, x)
			}
		}
	}
	b.WriteString("};\n")
}

// keyedNested is an object of syscalls.BPFNestedOf or BPFExitNestedOf
// with its slot in the programs' table.
type keyedNested struct {
	slot int
	obj  syscalls.BPFNested
}

// bpfNestedBoth returns command cmd's objects with their slots, in order:
// BPFNestedOf's by their place in its list, then BPFExitNestedOf's one at
// slot syscalls.BPFNestedMax.
func bpfNestedBoth(cmd uint32) []keyedNested {
	var all []keyedNested
	for j, o := range syscalls.BPFNestedOf(cmd) {
		all = append(all, keyedNested{j, o})
	}
	for j, o := range syscalls.BPFExitNestedOf(cmd) {
		all = append(all, keyedNested{syscalls.BPFNestedMax + j, o})
	}
	return all
}
