package decode

import "strconv"

// struct perf_event_attr (linux/perf_event.h), as strace 6.1's perf.c
// prints it for perf_event_open(2) and PERF_EVENT_IOC_MODIFY_ATTRIBUTES.

// Sizes of struct perf_event_attr.
const (
	perfAttrSizeVer0 = 64  // PERF_ATTR_SIZE_VER0: the smallest accepted
	perfAttrSize     = 128 // the struct strace knows (PERF_ATTR_SIZE_VER7)
	perfAttrAbbrev   = 48  // offsetof(wakeup_events): what -v's absence reads
	perfTypeHardware = 0
	perfTypeSoftware = 1
	perfTypeTrace    = 2
	perfTypeHWCache  = 3
	perfTypeBreakpt  = 5
	perfSampleBranch = 1 << 11 // PERF_SAMPLE_BRANCH_STACK
	perfSampleStack  = 1 << 13 // PERF_SAMPLE_STACK_USER
)

var perfTypeIDs = &xlat{vals: []xv{
	{0, "PERF_TYPE_HARDWARE"}, {1, "PERF_TYPE_SOFTWARE"}, {2, "PERF_TYPE_TRACEPOINT"},
	{3, "PERF_TYPE_HW_CACHE"}, {4, "PERF_TYPE_RAW"}, {5, "PERF_TYPE_BREAKPOINT"},
}, dflt: "PERF_TYPE_???"}

var perfAttrSizes = &xlat{vals: []xv{
	{64, "PERF_ATTR_SIZE_VER0"}, {72, "PERF_ATTR_SIZE_VER1"}, {80, "PERF_ATTR_SIZE_VER2"},
	{96, "PERF_ATTR_SIZE_VER3"}, {104, "PERF_ATTR_SIZE_VER4"}, {112, "PERF_ATTR_SIZE_VER5"},
	{120, "PERF_ATTR_SIZE_VER6"}, {128, "PERF_ATTR_SIZE_VER7"},
}, dflt: "PERF_ATTR_SIZE_???"}

var perfHWIDs = &xlat{vals: []xv{
	{0, "PERF_COUNT_HW_CPU_CYCLES"}, {1, "PERF_COUNT_HW_INSTRUCTIONS"},
	{2, "PERF_COUNT_HW_CACHE_REFERENCES"}, {3, "PERF_COUNT_HW_CACHE_MISSES"},
	{4, "PERF_COUNT_HW_BRANCH_INSTRUCTIONS"}, {5, "PERF_COUNT_HW_BRANCH_MISSES"},
	{6, "PERF_COUNT_HW_BUS_CYCLES"}, {7, "PERF_COUNT_HW_STALLED_CYCLES_FRONTEND"},
	{8, "PERF_COUNT_HW_STALLED_CYCLES_BACKEND"}, {9, "PERF_COUNT_HW_REF_CPU_CYCLES"},
}, dflt: "PERF_COUNT_HW_???"}

var perfSWIDs = &xlat{vals: []xv{
	{0, "PERF_COUNT_SW_CPU_CLOCK"}, {1, "PERF_COUNT_SW_TASK_CLOCK"}, {2, "PERF_COUNT_SW_PAGE_FAULTS"},
	{3, "PERF_COUNT_SW_CONTEXT_SWITCHES"}, {4, "PERF_COUNT_SW_CPU_MIGRATIONS"},
	{5, "PERF_COUNT_SW_PAGE_FAULTS_MIN"}, {6, "PERF_COUNT_SW_PAGE_FAULTS_MAJ"},
	{7, "PERF_COUNT_SW_ALIGNMENT_FAULTS"}, {8, "PERF_COUNT_SW_EMULATION_FAULTS"},
	{9, "PERF_COUNT_SW_DUMMY"}, {10, "PERF_COUNT_SW_BPF_OUTPUT"}, {11, "PERF_COUNT_SW_CGROUP_SWITCHES"},
}, dflt: "PERF_COUNT_SW_???"}

var perfHWCacheIDs = &xlat{vals: []xv{
	{0, "PERF_COUNT_HW_CACHE_L1D"}, {1, "PERF_COUNT_HW_CACHE_L1I"}, {2, "PERF_COUNT_HW_CACHE_LL"},
	{3, "PERF_COUNT_HW_CACHE_DTLB"}, {4, "PERF_COUNT_HW_CACHE_ITLB"}, {5, "PERF_COUNT_HW_CACHE_BPU"},
	{6, "PERF_COUNT_HW_CACHE_NODE"},
}, dflt: "PERF_COUNT_HW_CACHE_???"}

var perfHWCacheOps = &xlat{vals: []xv{
	{0, "PERF_COUNT_HW_CACHE_OP_READ"}, {1, "PERF_COUNT_HW_CACHE_OP_WRITE"},
	{2, "PERF_COUNT_HW_CACHE_OP_PREFETCH"},
}, dflt: "PERF_COUNT_HW_CACHE_OP_???"}

var perfHWCacheResults = &xlat{vals: []xv{
	{0, "PERF_COUNT_HW_CACHE_RESULT_ACCESS"}, {1, "PERF_COUNT_HW_CACHE_RESULT_MISS"},
}, dflt: "PERF_COUNT_HW_CACHE_RESULT_???"}

var perfSampleFormat = &xlat{vals: []xv{
	{1 << 0, "PERF_SAMPLE_IP"}, {1 << 1, "PERF_SAMPLE_TID"}, {1 << 2, "PERF_SAMPLE_TIME"},
	{1 << 3, "PERF_SAMPLE_ADDR"}, {1 << 4, "PERF_SAMPLE_READ"}, {1 << 5, "PERF_SAMPLE_CALLCHAIN"},
	{1 << 6, "PERF_SAMPLE_ID"}, {1 << 7, "PERF_SAMPLE_CPU"}, {1 << 8, "PERF_SAMPLE_PERIOD"},
	{1 << 9, "PERF_SAMPLE_STREAM_ID"}, {1 << 10, "PERF_SAMPLE_RAW"}, {1 << 11, "PERF_SAMPLE_BRANCH_STACK"},
	{1 << 12, "PERF_SAMPLE_REGS_USER"}, {1 << 13, "PERF_SAMPLE_STACK_USER"}, {1 << 14, "PERF_SAMPLE_WEIGHT"},
	{1 << 15, "PERF_SAMPLE_DATA_SRC"}, {1 << 16, "PERF_SAMPLE_IDENTIFIER"},
	{1 << 17, "PERF_SAMPLE_TRANSACTION"}, {1 << 18, "PERF_SAMPLE_REGS_INTR"},
	{1 << 19, "PERF_SAMPLE_PHYS_ADDR"}, {1 << 20, "PERF_SAMPLE_AUX"}, {1 << 21, "PERF_SAMPLE_CGROUP"},
	{1 << 22, "PERF_SAMPLE_DATA_PAGE_SIZE"}, {1 << 23, "PERF_SAMPLE_CODE_PAGE_SIZE"},
	{1 << 24, "PERF_SAMPLE_WEIGHT_STRUCT"},
}, dflt: "PERF_SAMPLE_???"}

var perfReadFormat = &xlat{vals: []xv{
	{1 << 0, "PERF_FORMAT_TOTAL_TIME_ENABLED"}, {1 << 1, "PERF_FORMAT_TOTAL_TIME_RUNNING"},
	{1 << 2, "PERF_FORMAT_ID"}, {1 << 3, "PERF_FORMAT_GROUP"}, {1 << 4, "PERF_FORMAT_LOST"},
}, dflt: "PERF_FORMAT_???"}

var perfBranchSampleType = &xlat{vals: []xv{
	{1 << 0, "PERF_SAMPLE_BRANCH_USER"}, {1 << 1, "PERF_SAMPLE_BRANCH_KERNEL"},
	{1 << 2, "PERF_SAMPLE_BRANCH_HV"}, {1 << 3, "PERF_SAMPLE_BRANCH_ANY"},
	{1 << 4, "PERF_SAMPLE_BRANCH_ANY_CALL"}, {1 << 5, "PERF_SAMPLE_BRANCH_ANY_RETURN"},
	{1 << 6, "PERF_SAMPLE_BRANCH_IND_CALL"}, {1 << 7, "PERF_SAMPLE_BRANCH_ABORT_TX"},
	{1 << 8, "PERF_SAMPLE_BRANCH_IN_TX"}, {1 << 9, "PERF_SAMPLE_BRANCH_NO_TX"},
	{1 << 10, "PERF_SAMPLE_BRANCH_COND"}, {1 << 11, "PERF_SAMPLE_BRANCH_CALL_STACK"},
	{1 << 12, "PERF_SAMPLE_BRANCH_IND_JUMP"}, {1 << 13, "PERF_SAMPLE_BRANCH_CALL"},
	{1 << 14, "PERF_SAMPLE_BRANCH_NO_FLAGS"}, {1 << 15, "PERF_SAMPLE_BRANCH_NO_CYCLES"},
	{1 << 16, "PERF_SAMPLE_BRANCH_TYPE_SAVE"}, {1 << 17, "PERF_SAMPLE_BRANCH_HW_INDEX"},
	{1 << 18, "PERF_SAMPLE_BRANCH_PRIV_SAVE"},
}, dflt: "PERF_SAMPLE_BRANCH_???"}

var perfOpenFlags = &xlat{vals: []xv{
	{1, "PERF_FLAG_FD_NO_GROUP"}, {2, "PERF_FLAG_FD_OUTPUT"}, {4, "PERF_FLAG_PID_CGROUP"},
	{8, "PERF_FLAG_FD_CLOEXEC"},
}, dflt: "PERF_FLAG_???"}

var hwBreakpointTypes = &xlat{vals: []xv{
	{0, "HW_BREAKPOINT_EMPTY"}, {1, "HW_BREAKPOINT_R"}, {2, "HW_BREAKPOINT_W"},
	{3, "HW_BREAKPOINT_RW"}, {4, "HW_BREAKPOINT_X"},
}, dflt: "HW_BREAKPOINT_???"}

// hwBreakpointInvalid is hwBreakpointTypes for the combinations of R/W
// with X, which strace calls invalid.
var hwBreakpointInvalid = &xlat{vals: hwBreakpointTypes.vals, dflt: "HW_BREAKPOINT_INVALID"}

// perfFlagBits names the one-bit fields of the attribute's flag word
// before precise_ip (bits 0..14) and after it (bits 17..37).
var perfFlagBits = [...]string{
	"disabled", "inherit", "pinned", "exclusive", "exclude_user", "exclude_kernel",
	"exclude_hv", "exclude_idle", "mmap", "comm", "freq", "inherit_stat",
	"enable_on_exec", "task", "watermark", "", "",
	"mmap_data", "sample_id_all", "exclude_host", "exclude_guest",
	"exclude_callchain_kernel", "exclude_callchain_user", "mmap2", "comm_exec",
	"use_clockid", "context_switch", "write_backward", "namespaces", "ksymbol",
	"bpf_event", "aux_output", "cgroup", "text_poke", "build_id", "inherit_thread",
	"remove_on_exec", "sigtrap",
}

// perfPreciseIP describes precise_ip's values.
var perfPreciseIP = [4]string{"arbitrary skid", "constant skid", "requested to have 0 skid", "must have 0 skid"}

// perfAttrFetch is what strace's fetch_perf_event_attr reads of the
// struct whose captured bytes are p: the struct (zeroed beyond what was
// read) and the size read, or ok false when it prints the address.
func (d *Decoder) perfAttrFetch(p []byte) (attr [perfAttrSize]byte, size int, ok bool) {
	if len(p) < 8 {
		return attr, 0, false
	}
	size = int(min(le32(p, 4), perfAttrSize))
	if size == 0 {
		size = perfAttrSizeVer0
	}
	if size < perfAttrSizeVer0 {
		return attr, 0, false
	}
	if !d.opts.Verbose {
		size = perfAttrAbbrev
	}
	if len(p) < size {
		return attr, 0, false
	}
	copy(attr[:], p[:size])
	return attr, size, true
}

// appendPerfAttr prints the struct perf_event_attr at addr whose captured
// bytes are p, as strace's print_perf_event_attr; newSize, when not nil,
// is the size field re-read after an E2BIG failure (its bytes; fewer
// than 4 print "???").
func (d *Decoder) appendPerfAttr(b []byte, addr uint64, p []byte, newSize []byte) []byte {
	a, size, ok := d.perfAttrFetch(p)
	if !ok {
		return appendPtr(b, addr)
	}
	at := a[:]
	typ, asize := uint64(le32(at, 0)), le32(at, 4)
	config := le64(at, 8)
	bits := le64(at, 40)
	b = append(b, "{type="...)
	b = d.enum(b, perfTypeIDs, typ)
	b = append(b, ", size="...)
	b = d.enum(b, perfAttrSizes, uint64(asize))
	if newSize != nil {
		b = append(b, " => "...)
		if len(newSize) >= 4 {
			b = d.enum(b, perfAttrSizes, uint64(le32(newSize, 0)))
		} else {
			b = append(b, "???"...)
		}
	}
	b = append(b, ", config="...)
	b = d.appendPerfConfig(b, typ, config)
	if bits&(1<<10) != 0 {
		b = append(b, ", sample_freq="...)
	} else {
		b = append(b, ", sample_period="...)
	}
	b = appendUint(b, le64(at, 16))
	sampleType := le64(at, 24)
	b = append(b, ", sample_type="...)
	b = d.flags(b, perfSampleFormat, sampleType)
	b = append(b, ", read_format="...)
	b = d.flags(b, perfReadFormat, le64(at, 32))
	for i, name := range perfFlagBits {
		if i == 15 {
			pip := bits >> 15 & 3
			b = append(b, ", precise_ip="...)
			b = appendUint(b, pip)
			b = appendComment(b, perfPreciseIP[pip])
		}
		if name == "" {
			continue
		}
		v := bits >> uint(i) & 1
		if d.opts.Verbose || v != 0 {
			b = append(b, ", "...)
			b = append(b, name...)
			b = append(b, '=')
			b = appendUint(b, v)
		}
	}
	if r := bits >> 38; r != 0 {
		b = append(b, ", __reserved_1="...)
		b = appendHex(b, r)
		b = appendComment(b, "Bits 63..38")
	}
	if d.opts.Verbose {
		b = d.appendPerfAttrTail(b, at, size, typ, bits, sampleType)
	}
	if (asize != 0 && int(asize) > size) || (asize == 0 && size < perfAttrSizeVer0) {
		b = append(b, ", ..."...)
	}
	return append(b, '}')
}

// appendPerfConfig prints the config field as the event type reads it.
func (d *Decoder) appendPerfConfig(b []byte, typ, config uint64) []byte {
	shifted := func(b []byte, v uint64, shift int) []byte {
		b = appendHex(b, v)
		b = append(b, "<<"...)
		b = strconv.AppendInt(b, int64(shift), 10)
		return append(b, '|')
	}
	switch typ {
	case perfTypeHardware:
		if config>>32 != 0 {
			b = shifted(b, config>>32, 32)
		}
		return d.enum(b, perfHWIDs, config&0xffffffff)
	case perfTypeSoftware:
		return d.enum(b, perfSWIDs, config)
	case perfTypeTrace:
		return appendUint(b, config)
	case perfTypeHWCache:
		if config>>32 != 0 {
			b = shifted(b, config>>32, 32)
		}
		if v := (config & 0xffffffff) >> 24; v != 0 {
			b = shifted(b, v, 24)
		}
		b = d.enum(b, perfHWCacheResults, config>>16&0xff)
		b = append(b, "<<16|"...)
		b = d.enum(b, perfHWCacheOps, config>>8&0xff)
		b = append(b, "<<8|"...)
		return d.enum(b, perfHWCacheIDs, config&0xff)
	}
	return appendHex(b, config)
}

// appendPerfAttrTail prints the fields from wakeup_events on (under -v),
// those beyond the version 0 struct only as far as size reaches.
func (d *Decoder) appendPerfAttrTail(b []byte, at []byte, size int, typ, bits, sampleType uint64) []byte {
	if bits&(1<<14) != 0 {
		b = append(b, ", wakeup_watermark="...)
	} else {
		b = append(b, ", wakeup_events="...)
	}
	b = appendUint(b, uint64(le32(at, 48)))
	bp := typ == perfTypeBreakpt
	if bp {
		t := uint64(le32(at, 52))
		x := hwBreakpointTypes
		if t <= 7 {
			x = hwBreakpointInvalid
		}
		b = append(b, ", bp_type="...)
		b = d.enum(b, x, t)
		b = append(b, ", bp_addr="...)
	} else {
		b = append(b, ", config1="...)
	}
	b = appendHex(b, le64(at, 56))
	if size <= 64 {
		return b
	}
	if bp {
		b = append(b, ", bp_len="...)
		b = appendUint(b, le64(at, 64))
	} else {
		b = append(b, ", config2="...)
		b = appendHex(b, le64(at, 64))
	}
	if size <= 72 {
		return b
	}
	if sampleType&perfSampleBranch != 0 {
		b = append(b, ", branch_sample_type="...)
		b = d.flags(b, perfBranchSampleType, le64(at, 72))
	}
	if size <= 80 {
		return b
	}
	b = append(b, ", sample_regs_user="...)
	b = appendHex(b, le64(at, 80))
	if size <= 88 {
		return b
	}
	if sampleType&perfSampleStack != 0 {
		b = append(b, ", sample_stack_user="...)
		b = appendHex(b, uint64(le32(at, 88)))
	}
	if bits&(1<<25) != 0 {
		if size <= 92 {
			return b
		}
		b = append(b, ", clockid="...)
		b = d.enum(b, clockIDs, uint64(le32(at, 92)))
	}
	if size <= 96 {
		return b
	}
	b = append(b, ", sample_regs_intr="...)
	b = appendHex(b, le64(at, 96))
	if size <= 104 {
		return b
	}
	b = append(b, ", aux_watermark="...)
	b = appendUint(b, uint64(le32(at, 104)))
	if size <= 108 {
		return b
	}
	b = append(b, ", sample_max_stack="...)
	b = appendUint(b, uint64(le16(at, 108)))
	if size <= 110 {
		return b
	}
	if r := le16(at, 110); r != 0 {
		b = append(b, " /* bytes 110..111: "...)
		b = appendHex(b, uint64(r))
		b = append(b, " */"...)
	}
	if size <= 112 {
		return b
	}
	b = append(b, ", aux_sample_size="...)
	b = appendUint(b, uint64(le32(at, 112)))
	if size <= 116 {
		return b
	}
	if r := le32(at, 116); r != 0 {
		b = append(b, " /* bytes 116..119: "...)
		b = appendHex(b, uint64(r))
		b = append(b, " */"...)
	}
	if size <= 120 {
		return b
	}
	b = append(b, ", sig_data="...)
	return appendHex(b, le64(at, 120))
}
