package decode

import (
	"strconv"

	"github.com/sctrace/sctrace/trace"
)

// bpf(2), as strace 6.1's bpf.c prints it: the command, union bpf_attr
// as the command reads it (an extensible struct of the size the third
// argument gives), and that size. Only BPF_PROG_LOAD's attributes are
// decoded yet; the other commands print the attribute's address.

// Commands.
const (
	bpfProgLoad = 5
	// bpfPageSize is the largest attribute strace reads.
	bpfPageSize = 4096
	// bpfProgLoadSize is sizeof(struct BPF_PROG_LOAD_struct).
	bpfProgLoadSize = 128
)

var bpfCommands = &xlat{vals: []xv{
	{0, "BPF_MAP_CREATE"}, {1, "BPF_MAP_LOOKUP_ELEM"}, {2, "BPF_MAP_UPDATE_ELEM"}, {3, "BPF_MAP_DELETE_ELEM"},
	{4, "BPF_MAP_GET_NEXT_KEY"}, {5, "BPF_PROG_LOAD"}, {6, "BPF_OBJ_PIN"}, {7, "BPF_OBJ_GET"},
	{8, "BPF_PROG_ATTACH"}, {9, "BPF_PROG_DETACH"}, {10, "BPF_PROG_TEST_RUN"}, {11, "BPF_PROG_GET_NEXT_ID"},
	{12, "BPF_MAP_GET_NEXT_ID"}, {13, "BPF_PROG_GET_FD_BY_ID"}, {14, "BPF_MAP_GET_FD_BY_ID"},
	{15, "BPF_OBJ_GET_INFO_BY_FD"}, {16, "BPF_PROG_QUERY"}, {17, "BPF_RAW_TRACEPOINT_OPEN"},
	{18, "BPF_BTF_LOAD"}, {19, "BPF_BTF_GET_FD_BY_ID"}, {20, "BPF_TASK_FD_QUERY"},
	{21, "BPF_MAP_LOOKUP_AND_DELETE_ELEM"}, {22, "BPF_MAP_FREEZE"}, {23, "BPF_BTF_GET_NEXT_ID"},
	{24, "BPF_MAP_LOOKUP_BATCH"}, {25, "BPF_MAP_LOOKUP_AND_DELETE_BATCH"}, {26, "BPF_MAP_UPDATE_BATCH"},
	{27, "BPF_MAP_DELETE_BATCH"}, {28, "BPF_LINK_CREATE"}, {29, "BPF_LINK_UPDATE"},
	{30, "BPF_LINK_GET_FD_BY_ID"}, {31, "BPF_LINK_GET_NEXT_ID"}, {32, "BPF_ENABLE_STATS"},
	{33, "BPF_ITER_CREATE"}, {34, "BPF_LINK_DETACH"}, {35, "BPF_PROG_BIND_MAP"},
}, dflt: "BPF_???"}

var bpfProgTypes = &xlat{vals: []xv{
	{0, "BPF_PROG_TYPE_UNSPEC"}, {1, "BPF_PROG_TYPE_SOCKET_FILTER"}, {2, "BPF_PROG_TYPE_KPROBE"},
	{3, "BPF_PROG_TYPE_SCHED_CLS"}, {4, "BPF_PROG_TYPE_SCHED_ACT"}, {5, "BPF_PROG_TYPE_TRACEPOINT"},
	{6, "BPF_PROG_TYPE_XDP"}, {7, "BPF_PROG_TYPE_PERF_EVENT"}, {8, "BPF_PROG_TYPE_CGROUP_SKB"},
	{9, "BPF_PROG_TYPE_CGROUP_SOCK"}, {10, "BPF_PROG_TYPE_LWT_IN"}, {11, "BPF_PROG_TYPE_LWT_OUT"},
	{12, "BPF_PROG_TYPE_LWT_XMIT"}, {13, "BPF_PROG_TYPE_SOCK_OPS"}, {14, "BPF_PROG_TYPE_SK_SKB"},
	{15, "BPF_PROG_TYPE_CGROUP_DEVICE"}, {16, "BPF_PROG_TYPE_SK_MSG"}, {17, "BPF_PROG_TYPE_RAW_TRACEPOINT"},
	{18, "BPF_PROG_TYPE_CGROUP_SOCK_ADDR"}, {19, "BPF_PROG_TYPE_LWT_SEG6LOCAL"},
	{20, "BPF_PROG_TYPE_LIRC_MODE2"}, {21, "BPF_PROG_TYPE_SK_REUSEPORT"},
	{22, "BPF_PROG_TYPE_FLOW_DISSECTOR"}, {23, "BPF_PROG_TYPE_CGROUP_SYSCTL"},
	{24, "BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE"}, {25, "BPF_PROG_TYPE_CGROUP_SOCKOPT"},
	{26, "BPF_PROG_TYPE_TRACING"}, {27, "BPF_PROG_TYPE_STRUCT_OPS"}, {28, "BPF_PROG_TYPE_EXT"},
	{29, "BPF_PROG_TYPE_LSM"}, {30, "BPF_PROG_TYPE_SK_LOOKUP"}, {31, "BPF_PROG_TYPE_SYSCALL"},
}, dflt: "BPF_PROG_TYPE_???"}

var bpfAttachTypes = &xlat{vals: []xv{
	{0, "BPF_CGROUP_INET_INGRESS"}, {1, "BPF_CGROUP_INET_EGRESS"}, {2, "BPF_CGROUP_INET_SOCK_CREATE"},
	{3, "BPF_CGROUP_SOCK_OPS"}, {4, "BPF_SK_SKB_STREAM_PARSER"}, {5, "BPF_SK_SKB_STREAM_VERDICT"},
	{6, "BPF_CGROUP_DEVICE"}, {7, "BPF_SK_MSG_VERDICT"}, {8, "BPF_CGROUP_INET4_BIND"},
	{9, "BPF_CGROUP_INET6_BIND"}, {10, "BPF_CGROUP_INET4_CONNECT"}, {11, "BPF_CGROUP_INET6_CONNECT"},
	{12, "BPF_CGROUP_INET4_POST_BIND"}, {13, "BPF_CGROUP_INET6_POST_BIND"},
	{14, "BPF_CGROUP_UDP4_SENDMSG"}, {15, "BPF_CGROUP_UDP6_SENDMSG"}, {16, "BPF_LIRC_MODE2"},
	{17, "BPF_FLOW_DISSECTOR"}, {18, "BPF_CGROUP_SYSCTL"}, {19, "BPF_CGROUP_UDP4_RECVMSG"},
	{20, "BPF_CGROUP_UDP6_RECVMSG"}, {21, "BPF_CGROUP_GETSOCKOPT"}, {22, "BPF_CGROUP_SETSOCKOPT"},
	{23, "BPF_TRACE_RAW_TP"}, {24, "BPF_TRACE_FENTRY"}, {25, "BPF_TRACE_FEXIT"},
	{26, "BPF_MODIFY_RETURN"}, {27, "BPF_LSM_MAC"}, {28, "BPF_TRACE_ITER"},
	{29, "BPF_CGROUP_INET4_GETPEERNAME"}, {30, "BPF_CGROUP_INET6_GETPEERNAME"},
	{31, "BPF_CGROUP_INET4_GETSOCKNAME"}, {32, "BPF_CGROUP_INET6_GETSOCKNAME"}, {33, "BPF_XDP_DEVMAP"},
	{34, "BPF_CGROUP_INET_SOCK_RELEASE"}, {35, "BPF_XDP_CPUMAP"}, {36, "BPF_SK_LOOKUP"}, {37, "BPF_XDP"},
	{38, "BPF_SK_SKB_VERDICT"}, {39, "BPF_SK_REUSEPORT_SELECT"},
	{40, "BPF_SK_REUSEPORT_SELECT_OR_MIGRATE"}, {41, "BPF_PERF_EVENT"}, {42, "BPF_TRACE_KPROBE_MULTI"},
	{43, "BPF_LSM_CGROUP"},
}, dflt: "BPF_???"}

var bpfProgFlags = &xlat{vals: []xv{
	{1, "BPF_F_STRICT_ALIGNMENT"}, {2, "BPF_F_ANY_ALIGNMENT"}, {4, "BPF_F_TEST_RND_HI32"},
	{8, "BPF_F_TEST_STATE_FREQ"}, {16, "BPF_F_SLEEPABLE"},
}, dflt: "BPF_F_???"}

// bpfFDCommands are the commands whose decoders strace marks as
// returning a descriptor.
var bpfFDCommands = [...]bool{0: true, 5: true, 6: true, 7: true, 13: true, 14: true, 18: true, 19: true, 28: true, 30: true}

// retBPF prints bpf's result: a descriptor for the commands that return
// one when their attributes could be read, else a number.
func retBPF(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cmd, size := uint32(ev.Args[0]), uint32(ev.Args[2])
	if _, ok := bpfAttr(ev, size); ok && size <= bpfPageSize && int(cmd) < len(bpfFDCommands) && bpfFDCommands[cmd] {
		return d.appendFD(b, ev, uint64(ev.Ret))
	}
	return appendInt(b, ev.Ret)
}

// enterBPF prints bpf(2) at entry: the command, the attributes its
// decoder reads, and the size.
func enterBPF(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cmd, addr, size := uint32(ev.Args[0]), ev.Args[1], uint32(ev.Args[2])
	b = d.enum(b, bpfCommands, uint64(cmd))
	b = d.sep(b)
	attr, ok := bpfAttr(ev, size)
	switch {
	case cmd != bpfProgLoad || size == 0 || size > bpfPageSize:
		b = appendPtr(b, addr)
	case !ok:
		b = appendPtr(b, addr)
	default:
		b = d.appendBPFProgLoad(b, ev, attr, size)
	}
	b = d.sep(b)
	return appendUint(b, uint64(size))
}

// bpfAttr returns the size bytes of the attributes argument 1 points to
// (its LenExt capture: the known head, then the tail), or false when
// they could not all be read.
func bpfAttr(ev *trace.Event, size uint32) ([]byte, bool) {
	cp, ok := capOK(ev, 1)
	if !ok || uint32(len(cp.Data)) > size {
		return nil, false
	}
	if uint32(len(cp.Data)) == size {
		return cp.Data, true
	}
	if len(cp.Elems) == 0 || cp.Elems[0].Faulted || uint32(len(cp.Data)+len(cp.Elems[0].Data)) != size {
		return nil, false
	}
	return append(append([]byte(nil), cp.Data...), cp.Elems[0].Data...), true
}

// appendBPFProgLoad prints BPF_PROG_LOAD's attributes p, of which the
// caller gave size bytes: the fields as far as size reaches, then the
// non-zero bytes beyond the struct strace knows. The pointers it would
// follow (insns under -v, license, log_buf) print as addresses.
func (d *Decoder) appendBPFProgLoad(b []byte, ev *trace.Event, p []byte, size uint32) []byte {
	var a [bpfProgLoadSize]byte
	copy(a[:], p)
	n := min(int(size), bpfProgLoadSize)
	at := a[:]
	b = append(b, "{prog_type="...)
	b = d.enum(b, bpfProgTypes, uint64(le32(at, 0)))
	b = append(b, ", insn_cnt="...)
	b = appendUint(b, uint64(le32(at, 4)))
	b = append(b, ", insns="...)
	b = appendPtr(b, le64(at, 8))
	b = append(b, ", license="...)
	b = appendPtr(b, le64(at, 16))
	for done := false; !done; done = true {
		if n <= 24 {
			break
		}
		b = append(b, ", log_level="...)
		b = appendUint(b, uint64(le32(at, 24)))
		b = append(b, ", log_size="...)
		b = appendUint(b, uint64(le32(at, 28)))
		b = append(b, ", log_buf="...)
		b = appendPtr(b, le64(at, 32))
		if n <= 40 {
			break
		}
		b = append(b, ", kern_version="...)
		b = d.appendKernelVersion(b, le32(at, 40))
		if n <= 44 {
			break
		}
		b = append(b, ", prog_flags="...)
		b = d.flags(b, bpfProgFlags, uint64(le32(at, 44)))
		if n <= 48 {
			break
		}
		b = append(b, ", prog_name="...)
		b = d.appendCStringSz(b, at[48:48+min(16, n-48)])
		if n <= 64 {
			break
		}
		b = append(b, ", prog_ifindex="...)
		b = d.appendIfindex(b, le32(at, 64))
		if n <= 68 {
			break
		}
		b = append(b, ", expected_attach_type="...)
		b = d.enum(b, bpfAttachTypes, uint64(le32(at, 68)))
		if n <= 72 {
			break
		}
		b = append(b, ", prog_btf_fd="...)
		b = d.appendFD(b, ev, uint64(int64(int32(le32(at, 72)))))
		b = append(b, ", func_info_rec_size="...)
		b = appendUint(b, uint64(le32(at, 76)))
		b = append(b, ", func_info="...)
		b = appendPtr(b, le64(at, 80))
		b = append(b, ", func_info_cnt="...)
		b = appendUint(b, uint64(le32(at, 88)))
		b = append(b, ", line_info_rec_size="...)
		b = appendUint(b, uint64(le32(at, 92)))
		b = append(b, ", line_info="...)
		b = appendPtr(b, le64(at, 96))
		b = append(b, ", line_info_cnt="...)
		b = appendUint(b, uint64(le32(at, 104)))
		if n <= 108 {
			break
		}
		b = append(b, ", attach_btf_id="...)
		b = appendUint(b, uint64(le32(at, 108)))
		if n <= 112 {
			break
		}
		b = append(b, ", attach_prog_fd="...)
		b = d.appendFD(b, ev, uint64(int64(int32(le32(at, 112)))))
		if n <= 120 {
			break
		}
		b = append(b, ", fd_array="...)
		b = appendPtr(b, le64(at, 120))
	}
	b = d.appendBPFExtra(b, p, bpfProgLoadSize)
	return append(b, '}')
}

// appendBPFExtra prints the bytes of the attributes p beyond the known
// struct of known bytes when not all zero, as strace's
// decode_attr_extra_data: "..." without -v, else extra_data in hex.
func (d *Decoder) appendBPFExtra(b []byte, p []byte, known int) []byte {
	if len(p) <= known {
		return b
	}
	extra := p[known:]
	for _, x := range extra {
		if x == 0 {
			continue
		}
		if !d.opts.Verbose {
			return append(b, ", ..."...)
		}
		b = append(b, ", extra_data="...)
		b = d.appendQuoted(b, extra, true)
		b = append(b, " /* bytes "...)
		b = strconv.AppendInt(b, int64(known), 10)
		b = append(b, ".."...)
		b = strconv.AppendInt(b, int64(len(p)-1), 10)
		return append(b, " */"...)
	}
	return b
}

// appendCStringSz prints a char array of len(p) bytes as strace's
// print_quoted_cstring: up to its NUL, or all but its last byte and
// "..." when it has none.
func (d *Decoder) appendCStringSz(b []byte, p []byte) []byte {
	for i, c := range p {
		if c == 0 {
			return d.appendQuoted(b, p[:i], false)
		}
	}
	if len(p) == 0 {
		return append(b, `""`...)
	}
	b = d.appendQuoted(b, p[:len(p)-1], false)
	return append(b, "..."...)
}

// appendKernelVersion prints a kernel version as -X asks:
// KERNEL_VERSION(a, b, c), its number, or both.
func (d *Decoder) appendKernelVersion(b []byte, v uint32) []byte {
	if d.opts.Xlat != XlatAbbrev {
		b = appendHex(b, uint64(v))
	}
	if d.opts.Xlat == XlatRaw {
		return b
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " /* "...)
	}
	b = append(b, "KERNEL_VERSION("...)
	b = appendUint(b, uint64(v>>16))
	b = append(b, ", "...)
	b = appendUint(b, uint64(v>>8&0xff))
	b = append(b, ", "...)
	b = appendUint(b, uint64(v&0xff))
	b = append(b, ')')
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}
