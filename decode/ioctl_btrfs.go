package decode

import (
	"bytes"
	"math"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// The requests of ioctl type 0x94 strace decodes: the file cloning,
// deduplication and label requests of linux/fs.h and the btrfs ones of
// linux/btrfs.h.
const (
	reqBtrfsSnapCreate           = 0x50009401
	reqBtrfsDefrag               = 0x50009402
	reqBtrfsResize               = 0x50009403
	reqBtrfsScanDev              = 0x50009404
	reqBtrfsForgetDev            = 0x50009405
	reqBtrfsTransStart           = 0x9406
	reqBtrfsTransEnd             = 0x9407
	reqBtrfsSync                 = 0x9408
	reqFIClone                   = 0x40049409
	reqBtrfsAddDev               = 0x5000940a
	reqBtrfsRmDev                = 0x5000940b
	reqBtrfsBalance              = 0x5000940c
	reqFICloneRange              = 0x4020940d
	reqBtrfsSubvolCreate         = 0x5000940e
	reqBtrfsSnapDestroy          = 0x5000940f
	reqBtrfsDefragRange          = 0x40309410
	reqBtrfsTreeSearch           = 0xd0009411
	reqBtrfsTreeSearchV2         = syscalls.IoctlBtrfsSearchV2
	reqBtrfsInoLookup            = 0xd0009412
	reqBtrfsDefaultSubvol        = 0x40089413
	reqBtrfsSpaceInfo            = 0xc0109414
	reqBtrfsWaitSync             = 0x40089416
	reqBtrfsSnapCreateV2         = 0x50009417
	reqBtrfsSubvolCreateV2       = 0x50009418
	reqBtrfsStartSync            = 0x80089418
	reqBtrfsSubvolGetflags       = 0x80089419
	reqBtrfsSubvolSetflags       = 0x4008941a
	reqBtrfsScrub                = 0xc400941b
	reqBtrfsScrubCancel          = 0x941c
	reqBtrfsScrubProgress        = 0xc400941d
	reqBtrfsDevInfo              = 0xd000941e
	reqBtrfsFSInfo               = 0x8400941f
	reqBtrfsBalanceV2            = 0xc4009420
	reqBtrfsBalanceCtl           = 0x40049421
	reqBtrfsBalanceProgress      = 0x84009422
	reqBtrfsInoPaths             = 0xc0389423
	reqBtrfsLogicalIno           = 0xc0389424
	reqBtrfsSetReceivedSubvol    = 0xc0c89425
	reqBtrfsSend                 = 0x40489426
	reqBtrfsDevicesReady         = 0x90009427
	reqBtrfsQuotaCtl             = 0xc0109428
	reqBtrfsQgroupAssign         = 0x40189429
	reqBtrfsQgroupCreate         = 0x4010942a
	reqBtrfsQgroupLimit          = 0x8030942b
	reqBtrfsQuotaRescan          = 0x4040942c
	reqBtrfsQuotaRescanStatus    = 0x8040942d
	reqBtrfsQuotaRescanWait      = 0x942e
	reqFSGetLabel                = 0x81009431
	reqFSSetLabel                = 0x41009432
	reqBtrfsGetDevStats          = 0xc4089434
	reqBtrfsDevReplace           = 0xca289435
	reqFIDedupeRange             = 0xc0189436
	reqBtrfsGetFeatures          = 0x80189439
	reqBtrfsSetFeatures          = 0x40309439
	reqBtrfsGetSupportedFeatures = 0x80489439
)

// Values of linux/btrfs.h and linux/btrfs_tree.h the decoder tests.
const (
	btrfsFirstFreeObjectID = 256
	btrfsLastFreeObjectID  = 0xffffffffffffff00
	btrfsBalanceData       = 1 << 0
	btrfsBalanceSystem     = 1 << 1
	btrfsBalanceMetadata   = 1 << 2
	btrfsSubvolQgroup      = 1 << 2
	btrfsFSInfoCsum        = 1 << 0
	btrfsFSInfoGeneration  = 1 << 1
	btrfsFSInfoMetaUUID    = 1 << 2
	btrfsReplaceCmdStart   = 0
	btrfsReplaceCmdStatus  = 1
	btrfsDevStatValues     = 5 // BTRFS_DEV_STAT_VALUES_MAX
	btrfsEOverflow         = 75
)

// btrfsSpaceInfoFlagsSI is btrfsSpaceInfoFlags as struct
// btrfs_ioctl_space_info's flags print it.
var btrfsSpaceInfoFlagsSI = &xlat{vals: btrfsSpaceInfoFlags.vals, dflt: "BTRFS_SPACE_INFO_???"}

// btrfsAt is when a request's argument prints.
type btrfsAt uint8

const (
	btrfsIn    btrfsAt = iota // at entry
	btrfsOut                  // at exit
	btrfsInOut                // at entry, and after " => " at a successful exit
)

// btrfsReq is how strace prints one request's argument: the struct of
// size bytes it reads, at entry (in) and at exit (out).
type btrfsReq struct {
	size int
	at   btrfsAt
	in   func(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte
	out  func(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte
}

// btrfsReqs are the requests decoded through btrfsReq; those strace
// prints otherwise are btrfsIoctl's own cases.
var btrfsReqs map[uint32]btrfsReq

func init() {
	ioctlFamilies[0x94] = btrfsIoctl
	volArgs := btrfsReq{size: 4096, at: btrfsIn, in: btrfsVolArgs}
	volArgsV2 := btrfsReq{size: 4096, at: btrfsInOut, in: btrfsVolArgsV2, out: btrfsU64Struct(btrfsTransidFields)}
	num := btrfsReq{size: 8, in: btrfsNum, out: btrfsNum}
	subvolFlags := btrfsReq{size: 8, in: btrfsSubvolFlags, out: btrfsSubvolFlags}
	scrub := btrfsReq{size: 1024, at: btrfsInOut, in: btrfsScrubIn, out: btrfsScrubOut}
	label := btrfsReq{size: 256, in: btrfsLabel, out: btrfsLabel}
	btrfsReqs = map[uint32]btrfsReq{
		reqBtrfsSnapCreate: volArgs, reqBtrfsResize: volArgs, reqBtrfsScanDev: volArgs,
		reqBtrfsForgetDev: volArgs, reqBtrfsAddDev: volArgs, reqBtrfsRmDev: volArgs,
		reqBtrfsSubvolCreate: volArgs, reqBtrfsSnapDestroy: volArgs, reqBtrfsDevicesReady: volArgs,
		reqBtrfsSnapCreateV2: volArgsV2, reqBtrfsSubvolCreateV2: volArgsV2,
		reqBtrfsDefaultSubvol: num, reqBtrfsWaitSync: num,
		reqBtrfsStartSync:            {size: 8, at: btrfsOut, out: btrfsNum},
		reqBtrfsSubvolSetflags:       subvolFlags,
		reqBtrfsSubvolGetflags:       {size: 8, at: btrfsOut, out: btrfsSubvolFlags},
		reqBtrfsBalanceV2:            {size: 1024, at: btrfsInOut, in: btrfsBalanceIn, out: btrfsBalanceOut},
		reqBtrfsBalanceProgress:      {size: 1024, at: btrfsOut, out: btrfsBalanceOut},
		reqBtrfsDefragRange:          {size: 48, in: btrfsDefragRange},
		reqBtrfsDevInfo:              {size: 4096, at: btrfsInOut, in: btrfsDevInfoIn, out: btrfsDevInfoOut},
		reqBtrfsDevReplace:           {size: 2600, at: btrfsInOut, in: btrfsDevReplaceIn, out: btrfsDevReplaceOut},
		reqBtrfsGetFeatures:          {size: 24, at: btrfsOut, out: btrfsFeatures},
		reqBtrfsSetFeatures:          {size: 48, in: btrfsSetFeatures},
		reqBtrfsGetSupportedFeatures: {size: 72, at: btrfsOut, out: btrfsSupportedFeatures},
		reqBtrfsFSInfo:               {size: 1024, at: btrfsOut, out: btrfsFSInfo},
		reqBtrfsGetDevStats:          {size: 1032, at: btrfsInOut, in: btrfsDevStatsIn, out: btrfsDevStatsOut},
		reqBtrfsInoLookup:            {size: 4096, at: btrfsInOut, in: btrfsInoLookupIn, out: btrfsInoLookupOut},
		reqBtrfsInoPaths:             {size: 56, at: btrfsInOut, in: btrfsInoPathsIn, out: btrfsInoPathsOut},
		reqBtrfsLogicalIno:           {size: 56, at: btrfsInOut, in: btrfsLogicalInoIn, out: btrfsLogicalInoOut},
		reqBtrfsQgroupAssign:         {size: 24, in: btrfsU64Struct(btrfsQgroupAssignFields)},
		reqBtrfsQgroupCreate:         {size: 16, in: btrfsU64Struct(btrfsQgroupCreateFields)},
		reqBtrfsQgroupLimit:          {size: 48, at: btrfsOut, out: btrfsQgroupLimit},
		reqBtrfsQuotaCtl:             {size: 16, in: btrfsQuotaCtl},
		reqBtrfsQuotaRescan:          {size: 64, in: btrfsU64Struct(btrfsFlagsField)},
		reqBtrfsQuotaRescanStatus:    {size: 64, at: btrfsOut, out: btrfsQuotaRescanStatus},
		reqBtrfsSetReceivedSubvol:    {size: 200, at: btrfsInOut, in: btrfsReceivedIn, out: btrfsReceivedOut},
		reqBtrfsScrub:                scrub, reqBtrfsScrubProgress: scrub,
		reqBtrfsTreeSearch:   {size: 104, at: btrfsInOut, in: btrfsSearchIn, out: btrfsSearchOut},
		reqBtrfsTreeSearchV2: {size: 112, at: btrfsInOut, in: btrfsSearchIn, out: btrfsSearchOut},
		reqBtrfsSend:         {size: 72, in: btrfsSend},
		reqBtrfsSpaceInfo:    {size: 16, at: btrfsInOut, in: btrfsU64Struct(btrfsSpaceSlots), out: btrfsSpaceInfoOut},
		reqFICloneRange:      {size: 32, in: btrfsCloneRange},
		reqFIDedupeRange:     {size: 24, at: btrfsInOut, in: btrfsDedupeIn, out: btrfsDedupeOut},
		reqFSGetLabel:        {size: 256, at: btrfsOut, out: btrfsLabel},
		reqFSSetLabel:        label,
	}
}

// btrfsIoctl decodes the requests of type 0x94 as strace's
// fs_0x94_ioctl.c and btrfs.c.
func btrfsIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqBtrfsTransStart, reqBtrfsTransEnd, reqBtrfsSync, reqBtrfsScrubCancel,
		reqBtrfsQuotaRescanWait, reqBtrfsDefrag, reqBtrfsBalance:
		// No argument (DEFRAG's and BALANCE's struct is not used).
		return b, ioctlResDone
	case reqFIClone:
		if !exit {
			b = appendInt(d.sep(b), int64(int32(ev.Args[2])))
		}
		return b, ioctlResDone
	case reqBtrfsBalanceCtl:
		if !exit {
			b = d.enum(d.sep(b), btrfsBalanceCtlCmds, ev.Args[2])
		}
		return b, ioctlResDone
	}
	r, ok := btrfsReqs[code]
	if !ok {
		return b, ioctlResUnknown
	}
	switch {
	case r.at == btrfsIn && exit:
		return b, ioctlResDone
	case r.at == btrfsOut && !exit:
		return b, ioctlResLater
	case r.at == btrfsIn, r.at == btrfsOut:
		b, p, ok := ioctlArg(d.sep(b), ev, r.size, exit)
		f := r.in
		if exit {
			f = r.out
		}
		if ok {
			b = f(d, b, ev, p)
		}
		return b, ioctlResDone
	case !exit:
		b, p, ok := ioctlArg(d.sep(b), ev, r.size, false)
		if !ok {
			return b, ioctlResDone
		}
		return r.in(d, b, ev, p), ioctlResLater
	}
	if code == reqBtrfsTreeSearchV2 && ev.IsError() && ev.Ret == -btrfsEOverflow {
		// The buffer size the call needed, read whatever the result.
		if p, ok := ioctlData(ev, r.size); ok {
			b = append(b, " => {buf_size="...)
			b = appendUint(b, le64(p, 104))
			b = append(b, '}')
		}
		return b, ioctlResDone
	}
	p, ok := ioctlData(ev, r.size)
	if failed(ev) || !ok {
		// strace reads no more of a failed call; an argument it could
		// not read at entry printed as its address there.
		return b, ioctlResDone
	}
	if code == reqFIDedupeRange && !btrfsDedupeDecodedIn(d, ev, p) {
		return b, ioctlResDone
	}
	return r.out(d, append(b, " => "...), ev, p), ioctlResDone
}

// appendU64Max prints a u64 as strace's PRINT_FIELD_U64: UINT64_MAX by
// name.
func (d *Decoder) appendU64Max(b []byte, v uint64) []byte {
	if v != math.MaxUint64 {
		return appendUint(b, v)
	}
	mark := len(b)
	return d.restyle(append(b, "UINT64_MAX"...), mark, v, numUnsigned)
}

// btrfsObjectID prints a tree object id (PRINT_FIELD_XVAL_U).
func (d *Decoder) btrfsObjectID(b []byte, v uint64) []byte {
	return d.xvalU(b, btrfsTreeObjectIDs, v)
}

// The u64 fields of the btrfs structs printed as numbers alone, each
// list at once (PRINT_FIELD_U).
var (
	btrfsTransidFields      = []u64Field{{"transid", 8}}
	btrfsFSInfoHead         = u64Run(0, "max_id", "num_devices")
	btrfsInoPathsHead       = u64Run(0, "inum", "size")
	btrfsLogicalInoHead     = u64Run(0, "logical", "size")
	btrfsInheritCounts      = u64Run(8, "num_qgroups", "num_ref_copies", "num_excl_copies")
	btrfsLimitFields        = u64Run(8, "max_rfer", "max_excl", "rsv_rfer", "rsv_excl")
	btrfsDevInfoFields      = u64Run(24, "bytes_used", "total_bytes")
	btrfsReplaceTimes       = u64Run(32, "time_started", "time_stopped")
	btrfsReplaceErrors      = u64Run(48, "num_write_errors", "num_uncorrectable_read_errors")
	btrfsInodeFields        = u64Run(0, "inum", "offset", "root")
	btrfsQgroupAssignFields = u64Run(0, "assign", "src", "dst")
	btrfsQgroupCreateFields = u64Run(0, "create", "qgroupid")
	btrfsFlagsField         = []u64Field{{"flags", 0}}
	btrfsSpaceSlots         = []u64Field{{"space_slots", 0}}
	btrfsSpaceInfoFields    = u64Run(8, "total_bytes", "used_bytes")
	btrfsCloneRangeFields   = u64Run(8, "src_offset", "src_length", "dest_offset")
	btrfsScrubProgress      = u64Run(32, "data_extents_scrubbed", "tree_extents_scrubbed", "data_bytes_scrubbed",
		"tree_bytes_scrubbed", "read_errors", "csum_errors", "verify_errors", "no_csum", "csum_discards",
		"super_errors", "malloc_errors", "uncorrectable_errors", "corrected_errors", "last_physical",
		"unverified_errors")
)

// The u32 fields of the btrfs structs printed as numbers alone.
var (
	btrfsFSInfoSizes   = []flatField{{"nodesize", 32, 'u'}, {"sectorsize", 36, 'u'}, {"clone_alignment", 40, 'u'}}
	btrfsContainerHead = []flatField{{"bytes_left", 0, 'u'}, {"bytes_missing", 4, 'u'}, {"elem_cnt", 8, 'u'}, {"elem_missed", 12, 'u'}}
)

// btrfsU64Struct prints a struct whose fields print as numbers: fields.
func btrfsU64Struct(fields []u64Field) func(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	return func(_ *Decoder, b []byte, _ *trace.Event, p []byte) []byte { return appendU64Struct(b, p, fields) }
}

// btrfsVolArgs prints a struct btrfs_ioctl_vol_args.
func btrfsVolArgs(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{fd="...)
	b = d.appendFD(b, ev, le64(p, 0))
	b = append(b, ", name="...)
	b = d.appendCStringSz(b, p[8:4096])
	return append(b, '}')
}

// btrfsVolArgsV2 prints a struct btrfs_ioctl_vol_args_v2 at entry, with
// the struct btrfs_qgroup_inherit it points to (the argument's nested
// capture) when its flags say so.
func btrfsVolArgsV2(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{fd="...)
	b = d.appendFD(b, ev, le64(p, 0))
	b = append(b, ", flags="...)
	flags := le64(p, 16)
	b = d.flags(b, btrfsSnapFlagsV2, flags)
	if flags&btrfsSubvolQgroup != 0 {
		b = appendU64Fields(b, p, []u64Field{{"size", 24}})
		b = append(b, ", qgroup_inherit="...)
		_, nested := ioctlCaps(ev, true)
		b = d.btrfsQgroupInherit(b, le64(p, 32), nested)
	}
	b = append(b, ", name="...)
	b = d.appendCStringSz(b, p[56:4096])
	return append(b, '}')
}

// btrfsQgroupInheritSize is sizeof(struct btrfs_qgroup_inherit) without
// its qgroups.
const btrfsQgroupInheritSize = 72

// btrfsQgroupInherit prints the struct btrfs_qgroup_inherit at addr from
// its capture c, its qgroups under -v.
func (d *Decoder) btrfsQgroupInherit(b []byte, addr uint64, c *trace.Capture) []byte {
	p, ok := capBytes(c, btrfsQgroupInheritSize)
	if addr == 0 {
		return append(b, "NULL"...)
	}
	if !ok {
		return appendPtr(b, addr)
	}
	b = append(b, "{flags="...)
	b = d.flags(b, btrfsQgroupInheritFlags, le64(p, 0))
	b = appendU64Fields(b, p, btrfsInheritCounts)
	b = append(b, ", lim="...)
	b = d.btrfsQgroupLimitStruct(b, p[32:72])
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	b = append(b, ", qgroups="...)
	b = d.btrfsNestedArray(b, addr+btrfsQgroupInheritSize, le64(p, 8), 8, p, btrfsQgroupInheritSize, func(b []byte, e []byte, _ uint64) []byte {
		return appendUint(b, le64(e, 0))
	})
	return append(b, '}')
}

// btrfsNestedArray prints the array of n elements of esize bytes at addr,
// which starts at offset off of an object the argument points to, from
// c, the object's nested capture: syscalls.IoctlNestedMax bytes, or
// those before the first page that could not be read.
func (d *Decoder) btrfsNestedArray(b []byte, addr, n uint64, esize int, c []byte, off int, elem func(b []byte, p []byte, k uint64) []byte) []byte {
	var data []byte
	if off <= len(c) {
		data = c[off:]
	}
	b, _ = d.appendArrayBytes(b, addr, n, esize, data, len(c) >= syscalls.IoctlNestedMax, elem)
	return b
}

// btrfsNum prints a u64 as strace's printnum_int64: [N].
func btrfsNum(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '[')
	b = appendUint(b, le64(p, 0))
	return append(b, ']')
}

// btrfsSubvolFlags prints a subvolume's u64 flags.
func btrfsSubvolFlags(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	return d.flags(b, btrfsSnapFlagsV2, le64(p, 0))
}

// btrfsBalanceIn and btrfsBalanceOut print a struct
// btrfs_ioctl_balance_args, its state at exit.
func btrfsBalanceIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	return d.btrfsBalance(b, p, false)
}

func btrfsBalanceOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	return d.btrfsBalance(b, p, true)
}

func (d *Decoder) btrfsBalance(b []byte, p []byte, out bool) []byte {
	flags := le64(p, 0)
	b = append(b, "{flags="...)
	b = d.flags(b, btrfsBalanceFlags, flags)
	if out {
		b = append(b, ", state="...)
		b = d.flags(b, btrfsBalanceState, le64(p, 8))
	}
	for _, a := range [...]struct {
		flag uint64
		name string
		off  int
	}{{btrfsBalanceData, "data", 16}, {btrfsBalanceMetadata, "meta", 152}, {btrfsBalanceSystem, "sys", 288}} {
		if flags&a.flag == 0 {
			continue
		}
		b = append(b, ", "...)
		b = append(b, a.name...)
		b = append(b, '=')
		b = d.btrfsBalanceArgs(b, p[a.off:a.off+136])
	}
	return append(b, '}')
}

// btrfsBalanceArgs prints a struct btrfs_balance_args.
func (d *Decoder) btrfsBalanceArgs(b []byte, p []byte) []byte {
	b = append(b, "{profiles="...)
	b = d.flags(b, btrfsSpaceInfoFlags, le64(p, 0))
	b = append(b, ", usage="...)
	b = d.appendU64Max(b, le64(p, 8))
	b = append(b, ", devid="...)
	b = d.appendDevStyled(b, le64(p, 16))
	for k, name := range [...]string{"pstart", "pend", "vstart", "vend", "target"} {
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, '=')
		b = d.appendU64Max(b, le64(p, 24+8*k))
	}
	b = append(b, ", flags="...)
	b = d.flags(b, btrfsBalanceArgs, le64(p, 64))
	return append(b, '}')
}

// btrfsDefragRange prints a struct btrfs_ioctl_defrag_range_args.
func btrfsDefragRange(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{start="...)
	b = appendUint(b, le64(p, 0))
	b = append(b, ", len="...)
	b = d.appendU64Max(b, le64(p, 8))
	b = append(b, ", flags="...)
	b = d.flags(b, btrfsDefragFlags, le64(p, 16))
	b = append(b, ", extent_thresh="...)
	b = appendUint(b, uint64(le32(p, 24)))
	b = append(b, ", compress_type="...)
	b = d.enum(b, btrfsCompressTypes, uint64(le32(p, 28)))
	return append(b, '}')
}

// btrfsDevInfoIn and btrfsDevInfoOut print a struct
// btrfs_ioctl_dev_info_args.
func btrfsDevInfoIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{devid="...)
	b = d.appendDevStyled(b, le64(p, 0))
	if !allZero(p[8:24]) {
		b = appendUUID(append(b, ", "...), "uuid=", p[8:24])
	}
	return append(b, '}')
}

func btrfsDevInfoOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '{')
	if !allZero(p[8:24]) {
		b = append(appendUUID(b, "uuid=", p[8:24]), ", "...)
	}
	b = appendU64List(b, p, btrfsDevInfoFields)
	b = append(b, ", path="...)
	b = d.appendCStringSz(b, p[3072:4096])
	return append(b, '}')
}

// btrfsDevReplaceIn and btrfsDevReplaceOut print a struct
// btrfs_ioctl_dev_replace_args: its start parameters at entry, its
// status at exit, as its command asks.
func btrfsDevReplaceIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	cmd := le64(p, 0)
	b = append(b, "{cmd="...)
	b = d.enum(b, btrfsDevReplaceCmds, cmd)
	if cmd == btrfsReplaceCmdStart {
		b = append(b, ", start={srcdevid="...)
		b = d.appendDevStyled(b, le64(p, 16))
		b = append(b, ", cont_reading_from_srcdev_mode="...)
		b = d.enum(b, btrfsContReadingMode, le64(p, 24))
		b = append(b, ", srcdev_name="...)
		b = d.appendCStringSz(b, p[32:1057])
		b = append(b, ", tgtdev_name="...)
		b = d.appendCStringSz(b, p[1057:2082])
		b = append(b, '}')
	}
	return append(b, '}')
}

func btrfsDevReplaceOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{result="...)
	b = d.enum(b, btrfsDevReplaceResults, le64(p, 8))
	if le64(p, 0) == btrfsReplaceCmdStatus {
		b = append(b, ", status={replace_state="...)
		b = d.enum(b, btrfsDevReplaceState, le64(p, 16))
		progress := le64(p, 24)
		b = append(b, ", progress_1000="...)
		b = appendUint(b, progress)
		if progress <= 1000 {
			b = append(b, " /* "...)
			b = appendUint(b, progress/10)
			b = append(b, '.')
			b = appendUint(b, progress%10)
			b = append(b, "% */"...)
		}
		for _, f := range btrfsReplaceTimes {
			b = appendU64Fields(b, p, []u64Field{f})
			b = appendSprinttime(b, int64(le64(p, f.off)), 0)
		}
		b = appendU64Fields(b, p, btrfsReplaceErrors)
		b = append(b, '}')
	}
	return append(b, '}')
}

// btrfsFeatureFlags prints a struct btrfs_ioctl_feature_flags.
func (d *Decoder) btrfsFeatureFlags(b []byte, p []byte) []byte {
	b = append(b, "{compat_flags="...)
	b = d.flags(b, btrfsFeaturesCompat, le64(p, 0))
	b = append(b, ", compat_ro_flags="...)
	b = d.flags(b, btrfsFeaturesCompatRO, le64(p, 8))
	b = append(b, ", incompat_flags="...)
	b = d.flags(b, btrfsFeaturesIncompat, le64(p, 16))
	return append(b, '}')
}

func btrfsFeatures(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	return d.btrfsFeatureFlags(b, p)
}

// btrfsSetFeatures prints BTRFS_IOC_SET_FEATURES's two structs: the
// flags to change and their values.
func btrfsSetFeatures(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '[')
	b = d.btrfsFeatureFlags(b, p[0:24])
	b = append(b, ", "...)
	b = d.btrfsFeatureFlags(b, p[24:48])
	return append(b, ']')
}

// btrfsSupportedFeatures prints BTRFS_IOC_GET_SUPPORTED_FEATURES's three
// structs, each with what it says.
func btrfsSupportedFeatures(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	for k, what := range [...]string{"supported", "safe to set", "safe to clear"} {
		if k == 0 {
			b = append(b, '[')
		} else {
			b = append(b, ", "...)
		}
		b = d.btrfsFeatureFlags(b, p[24*k:24*k+24])
		b = appendComment(b, what)
	}
	return append(b, ']')
}

// btrfsFSInfo prints a struct btrfs_ioctl_fs_info_args; its flags say
// which of its later fields hold something.
func btrfsFSInfo(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	flags := le64(p, 48)
	b = append(b, '{')
	b = appendU64List(b, p, btrfsFSInfoHead)
	b = appendUUID(append(b, ", "...), "fsid=", p[16:32])
	b = appendFlatFieldList(append(b, ", "...), p, btrfsFSInfoSizes)
	if flags&btrfsFSInfoCsum != 0 {
		b = append(b, ", csum_type="...)
		b = d.enum(b, btrfsCsumTypes, uint64(le16(p, 44)))
		b = append(b, ", csum_size="...)
		b = appendUint(b, uint64(le16(p, 46)))
	}
	b = append(b, ", flags="...)
	b = d.flags(b, btrfsFSInfoFlags, flags)
	if flags&btrfsFSInfoGeneration != 0 {
		b = appendU64Fields(b, p, []u64Field{{"generation", 56}})
	}
	if flags&btrfsFSInfoMetaUUID != 0 {
		b = appendUUID(append(b, ", "...), "metadata_uuid=", p[64:80])
	}
	return append(b, '}')
}

// btrfsDevStatsIn and btrfsDevStatsOut print a struct
// btrfs_ioctl_get_dev_stats, its values at exit.
func btrfsDevStatsIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{devid="...)
	b = d.appendDevStyled(b, le64(p, 0))
	b = d.btrfsDevStatsHead(append(b, ", "...), p)
	return append(b, '}')
}

func (d *Decoder) btrfsDevStatsHead(b []byte, p []byte) []byte {
	b = appendU64List(b, p, []u64Field{{"nr_items", 8}})
	b = append(b, ", flags="...)
	return d.flags(b, btrfsDevStatsFlags, le64(p, 16))
}

func btrfsDevStatsOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = d.btrfsDevStatsHead(append(b, '{'), p)
	b = append(b, ", ["...)
	n := le64(p, 8)
	for i := uint64(0); i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		if i >= btrfsDevStatValues {
			b = append(b, "..."...)
			break
		}
		b = append(b, '[')
		b = d.xvalU(b, btrfsDevStatsValues, i)
		b = append(b, "]="...)
		b = appendUint(b, le64(p, 24+8*int(i)))
	}
	return append(b, "]}"...)
}

// btrfsInoLookupIn and btrfsInoLookupOut print a struct
// btrfs_ioctl_ino_lookup_args; the tree id the kernel filled in, when
// the entry's was 0, at exit.
func btrfsInoLookupIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{treeid="...)
	b = d.btrfsObjectID(b, le64(p, 0))
	b = append(b, ", objectid="...)
	b = d.btrfsObjectID(b, le64(p, 8))
	return append(b, '}')
}

func btrfsInoLookupOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '{')
	entry, _ := ioctlCaps(ev, true)
	if e, ok := capBytes(entry, 8); ok && le64(e, 0) == 0 {
		b = append(b, "treeid="...)
		b = d.btrfsObjectID(b, le64(p, 0))
		b = append(b, ", "...)
	}
	b = append(b, "name="...)
	b = d.appendCStringSz(b, p[16:4096])
	return append(b, '}')
}

// btrfsInoPathsIn and btrfsInoPathsOut print a struct
// btrfs_ioctl_ino_path_args, at exit with the container of paths it
// points to (the nested capture).
func btrfsInoPathsIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '{')
	b = appendU64List(b, p, btrfsInoPathsHead)
	b = append(b, ", fspath="...)
	b = appendPtr(b, le64(p, 48))
	return append(b, '}')
}

func btrfsInoPathsOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	_, nested := ioctlCaps(ev, false)
	addr := le64(p, 48)
	b = append(b, "{fspath="...)
	b = d.btrfsContainer(b, addr, nested, func(b []byte, c []byte, n uint64) []byte {
		return d.btrfsNestedArray(b, addr+btrfsContainerSize, n, 8, c, btrfsContainerSize, func(b []byte, e []byte, _ uint64) []byte {
			return d.btrfsContainerPath(b, addr, c, le64(e, 0))
		})
	})
	return append(b, '}')
}

// btrfsContainerPath prints the path at offset off of a struct
// btrfs_data_container's val, from the container's capture c, or its
// address when the capture does not hold it.
func (d *Decoder) btrfsContainerPath(b []byte, addr uint64, c []byte, off uint64) []byte {
	start := btrfsContainerSize + off
	if off > uint64(len(c)) || start >= uint64(len(c)) {
		return appendPtr(b, addr+start)
	}
	s := c[start:]
	if i := bytes.IndexByte(s, 0); i >= 0 {
		return d.appendQuoted(b, s[:i], false)
	}
	return d.appendPath(b, s, true)
}

// btrfsContainerSize is sizeof(struct btrfs_data_container) without its
// val.
const btrfsContainerSize = 16

// btrfsContainer prints the struct btrfs_data_container at addr from its
// capture c, with vals, which prints its val array of n elements, under
// -v.
func (d *Decoder) btrfsContainer(b []byte, addr uint64, c *trace.Capture, vals func(b []byte, c []byte, n uint64) []byte) []byte {
	p, ok := capBytes(c, btrfsContainerSize)
	if addr == 0 {
		return append(b, "NULL"...)
	}
	if !ok {
		return appendPtr(b, addr)
	}
	b = appendFlatFieldList(append(b, '{'), p, btrfsContainerHead)
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	b = append(b, ", val="...)
	b = vals(b, p, uint64(le32(p, 8)))
	return append(b, '}')
}

// btrfsLogicalInoIn and btrfsLogicalInoOut print a struct
// btrfs_ioctl_logical_ino_args, at exit with the container of inodes it
// points to (the nested capture).
func btrfsLogicalInoIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '{')
	b = appendU64List(b, p, btrfsLogicalInoHead)
	if !allZero(p[16:40]) {
		b = appendHexU64Array(append(b, ", reserved="...), p[16:40])
	}
	b = append(b, ", flags="...)
	b = d.flags(b, btrfsLogicalInoFlags, le64(p, 40))
	b = append(b, ", inodes="...)
	b = appendPtr(b, le64(p, 48))
	return append(b, '}')
}

func btrfsLogicalInoOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	_, nested := ioctlCaps(ev, false)
	addr := le64(p, 48)
	b = append(b, "{inodes="...)
	b = d.btrfsContainer(b, addr, nested, func(b []byte, c []byte, n uint64) []byte {
		return d.btrfsNestedArray(b, addr+btrfsContainerSize, n/3, 24, c, btrfsContainerSize, func(b []byte, e []byte, _ uint64) []byte {
			return appendU64Struct(b, e, btrfsInodeFields)
		})
	})
	return append(b, '}')
}

// btrfsQgroupLimitStruct prints a struct btrfs_qgroup_limit.
func (d *Decoder) btrfsQgroupLimitStruct(b []byte, p []byte) []byte {
	b = append(b, "{flags="...)
	b = d.flags(b, btrfsQgroupLimitFlags, le64(p, 0))
	return append(appendU64Fields(b, p, btrfsLimitFields), '}')
}

func btrfsQgroupLimit(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '{')
	b = appendU64List(b, p, []u64Field{{"qgroupid", 0}})
	b = append(b, ", lim="...)
	b = d.btrfsQgroupLimitStruct(b, p[8:48])
	return append(b, '}')
}

func btrfsQuotaCtl(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{cmd="...)
	b = d.enum(b, btrfsQgroupCtlCmds, le64(p, 0))
	return append(b, '}')
}

func btrfsQuotaRescanStatus(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '{')
	b = appendU64List(b, p, btrfsFlagsField)
	b = append(b, ", progress="...)
	b = d.btrfsObjectID(b, le64(p, 8))
	return append(b, '}')
}

// btrfsTimespec prints a struct btrfs_ioctl_timespec and its date.
func btrfsTimespec(b []byte, p []byte) []byte {
	b = append(b, '{')
	b = appendU64List(b, p, []u64Field{{"sec", 0}})
	b = append(b, ", nsec="...)
	nsec := uint64(le32(p, 8))
	b = appendUint(b, nsec)
	b = append(b, '}')
	return appendSprinttime(b, int64(le64(p, 0)), nsec)
}

// btrfsReceivedIn and btrfsReceivedOut print a struct
// btrfs_ioctl_received_subvol_args.
func btrfsReceivedIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = appendUUID(append(b, '{'), "uuid=", p[0:16])
	b = appendU64Fields(b, p, []u64Field{{"stransid", 16}})
	b = append(b, ", stime="...)
	b = btrfsTimespec(b, p[32:48])
	b = appendU64Fields(b, p, []u64Field{{"flags", 64}})
	return append(b, '}')
}

func btrfsReceivedOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '{')
	b = appendU64List(b, p, []u64Field{{"rtransid", 24}})
	b = append(b, ", rtime="...)
	b = btrfsTimespec(b, p[48:64])
	return append(b, '}')
}

// btrfsScrubIn and btrfsScrubOut print a struct btrfs_ioctl_scrub_args:
// the range BTRFS_IOC_SCRUB scrubs at entry, the progress at exit.
func btrfsScrubIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{devid="...)
	b = d.appendDevStyled(b, le64(p, 0))
	if uint32(ev.Args[1]) == reqBtrfsScrub {
		b = appendU64Fields(b, p, []u64Field{{"start", 8}})
		b = append(b, ", end="...)
		b = d.appendU64Max(b, le64(p, 16))
		b = append(b, ", flags="...)
		b = d.flags(b, btrfsScrubFlags, le64(p, 24))
	}
	return append(b, '}')
}

func btrfsScrubOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	return append(appendU64Struct(append(b, "{progress="...), p, btrfsScrubProgress), '}')
}

// btrfsSearchIn and btrfsSearchOut print a struct btrfs_ioctl_search_args
// or btrfs_ioctl_search_args_v2: the key at entry; its item count and,
// under -v, the headers of the items found at exit.
func btrfsSearchIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{key={tree_id="...)
	b = d.btrfsObjectID(b, le64(p, 0))
	if v := le64(p, 8); v != btrfsFirstFreeObjectID || d.opts.Verbose {
		b = append(b, ", min_objectid="...)
		b = d.btrfsObjectID(b, v)
	}
	if v := le64(p, 16); v != btrfsLastFreeObjectID || d.opts.Verbose {
		b = append(b, ", max_objectid="...)
		b = d.btrfsObjectID(b, v)
	}
	for k, name := range [...]string{"min_offset", "max_offset", "min_transid", "max_transid"} {
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, '=')
		b = d.appendU64Max(b, le64(p, 24+8*k))
	}
	b = append(b, ", min_type="...)
	b = d.xvalU(b, btrfsKeyTypes, uint64(le32(p, 56)))
	b = append(b, ", max_type="...)
	b = d.xvalU(b, btrfsKeyTypes, uint64(le32(p, 60)))
	b = append(b, ", nr_items="...)
	b = appendUint(b, uint64(le32(p, 64)))
	b = append(b, '}')
	if uint32(ev.Args[1]) == reqBtrfsTreeSearchV2 {
		b = appendU64Fields(b, p, []u64Field{{"buf_size", 104}})
	}
	return append(b, '}')
}

// btrfsSearchBufV1 is the size of struct btrfs_ioctl_search_args's buf,
// which follows its 104-byte key.
const btrfsSearchBufV1 = 4096 - 104

func btrfsSearchOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	nr := le32(p, 64)
	b = append(b, "{key={nr_items="...)
	b = appendUint(b, uint64(nr))
	b = append(b, '}')
	bufOff, bufSize := 104, uint64(btrfsSearchBufV1)
	if uint32(ev.Args[1]) == reqBtrfsTreeSearchV2 {
		b = appendU64Fields(b, p, []u64Field{{"buf_size", 104}})
		bufOff, bufSize = 112, le64(p, 104)
	}
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	data, _ := ioctlData(ev, bufOff)
	buf, whole := data[bufOff:], len(data) >= syscalls.IoctlArgMax
	if _, tail := ioctlCaps(ev, false); tail != nil {
		// The rest of a v2 search's buffer (syscalls.IoctlBtrfsSearchV2).
		buf = append(buf[:len(buf):len(buf)], tail.Data...)
		whole = !tail.Faulted && uint64(len(data)+len(tail.Data)) >= syscalls.BtrfsSearchEnd(bufSize)
	}
	b = append(b, ", buf="...)
	b = d.btrfsSearchHeaders(b, ev.Args[2]+uint64(bufOff), bufSize, nr, buf, whole)
	return append(b, '}')
}

// btrfsSearchHeaders prints the struct btrfs_ioctl_search_header of the
// first nr items of a search's buffer of size bytes at addr, from buf,
// its bytes the capture holds, as strace's decode_search_arg_buf: at most
// -s plus one, then "..."; "... /* ADDR */" where memory cannot be read.
// whole says the capture stopped where its copy did, not at memory it
// could not read: the headers past it are not known and print as "...".
func (d *Decoder) btrfsSearchHeaders(b []byte, addr, size uint64, nr uint32, buf []byte, whole bool) []byte {
	const hdr = 32
	b = append(b, '[')
	off := uint64(0)
	for i := uint32(0); i < nr; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		if addr+off < addr || off+hdr > size || uint64(i) > uint64(max(d.opts.StringLimit, 0)) {
			b = append(b, "..."...)
			break
		}
		if off+hdr > uint64(len(buf)) {
			b = append(b, "..."...)
			if !whole {
				b = append(b, " /* "...)
				b = appendHex(b, addr+off)
				b = append(b, " */"...)
			}
			break
		}
		h := buf[off : off+hdr]
		b = append(b, '{')
		b = appendU64List(b, h, []u64Field{{"transid", 0}})
		b = append(b, ", objectid="...)
		b = d.btrfsObjectID(b, le64(h, 8))
		b = appendU64Fields(b, h, []u64Field{{"offset", 16}})
		b = append(b, ", type="...)
		b = d.xvalU(b, btrfsKeyTypes, uint64(le32(h, 24)))
		b = append(b, ", len="...)
		b = appendUint(b, uint64(le32(h, 28)))
		b = append(b, '}')
		off += hdr + uint64(le32(h, 28))
	}
	return append(b, ']')
}

// btrfsSend prints a struct btrfs_ioctl_send_args, under -v with the
// clone sources it points to (the nested capture).
func btrfsSend(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{send_fd="...)
	b = d.appendFD(b, ev, le64(p, 0))
	b = appendU64Fields(b, p, []u64Field{{"clone_sources_count", 8}})
	b = append(b, ", clone_sources="...)
	addr := le64(p, 16)
	if !d.opts.Verbose {
		b = appendPtr(b, addr)
	} else {
		_, nested := ioctlCaps(ev, true)
		var data []byte
		if nested != nil && !nested.Faulted {
			data = nested.Data
		}
		b = d.btrfsNestedArray(b, addr, le64(p, 8), 8, data, 0, func(b []byte, e []byte, _ uint64) []byte {
			return d.btrfsObjectID(b, le64(e, 0))
		})
	}
	b = append(b, ", parent_root="...)
	b = d.btrfsObjectID(b, le64(p, 24))
	b = append(b, ", flags="...)
	b = d.flags(b, btrfsSendFlags, le64(p, 32))
	return append(b, '}')
}

// btrfsSpaceInfoOut prints a struct btrfs_ioctl_space_args at exit, its
// spaces under -v.
func btrfsSpaceInfoOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '{')
	b = appendU64List(b, p, []u64Field{{"total_spaces", 8}})
	total := le64(p, 8)
	if le64(p, 0) == 0 && total != 0 {
		return append(b, '}')
	}
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	data, _ := ioctlData(ev, 16)
	b = append(b, ", spaces="...)
	b, _ = d.appendArrayBytes(b, ev.Args[2]+16, total, 24, data[16:], len(data) >= syscalls.IoctlArgMax, func(b []byte, e []byte, _ uint64) []byte {
		b = append(b, "{flags="...)
		b = d.flags(b, btrfsSpaceInfoFlagsSI, le64(e, 0))
		b = appendU64Fields(b, e, btrfsSpaceInfoFields)
		return append(b, '}')
	})
	return append(b, '}')
}

// btrfsCloneRange prints a struct file_clone_range.
func btrfsCloneRange(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{src_fd="...)
	b = d.appendFD(b, ev, le64(p, 0))
	return append(appendU64Fields(b, p, btrfsCloneRangeFields), '}')
}

// btrfsDedupeIn and btrfsDedupeOut print a struct file_dedupe_range and
// its struct file_dedupe_range_info array, which follows it in the
// argument's capture: where and what to compare at entry, the outcome at
// exit. Abbreviated, at most two elements print.
func btrfsDedupeIn(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, '{')
	b = appendU64List(b, p, u64Run(0, "src_offset", "src_length"))
	b = append(b, ", dest_count="...)
	b = appendUint(b, uint64(le16(p, 16)))
	b = append(b, ", "...)
	b, _ = d.btrfsDedupeInfo(b, ev, false)
	return append(b, '}')
}

func btrfsDedupeOut(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	b, _ = d.btrfsDedupeInfo(append(b, '{'), ev, true)
	return append(b, '}')
}

// btrfsDedupeDecodedIn reports whether the entry printed the whole info
// array (or its abbreviation), after which strace prints the outcome at
// exit: not when it was empty or could not be read. It decides from the
// exit's capture of the same memory, in which the call wrote only the
// elements' outcome fields.
func btrfsDedupeDecodedIn(d *Decoder, ev *trace.Event, p []byte) bool {
	rec := d.recording
	d.recording = false
	_, complete := d.btrfsDedupeInfo(d.ioctlTmp[:0], ev, false)
	d.recording = rec
	return complete
}

func (d *Decoder) btrfsDedupeInfo(b []byte, ev *trace.Event, exit bool) (_ []byte, complete bool) {
	data, _ := ioctlData(ev, 24)
	n := uint64(le16(data, 16))
	limit := n
	if !d.opts.Verbose {
		limit = min(n, uint64(max(d.opts.StringLimit, 0)))
		if n > 2 {
			limit = min(limit, 2)
		}
	}
	b = append(b, "info="...)
	return appendArrayUpTo(b, ev.Args[2]+24, n, 32, data[24:], len(data) >= syscalls.IoctlArgMax, limit, func(b []byte, e []byte, _ uint64) []byte {
		if exit {
			b = append(b, '{')
			b = appendU64List(b, e, []u64Field{{"bytes_deduped", 16}})
			b = append(b, ", status="...)
			b = appendInt(b, int64(int32(le32(e, 24))))
			return append(b, '}')
		}
		b = append(b, "{dest_fd="...)
		b = d.appendFD(b, ev, le64(e, 0))
		b = appendU64Fields(b, e, []u64Field{{"dest_offset", 8}})
		return append(b, '}')
	})
}

// btrfsLabel prints a file system label, FSLABEL_MAX bytes.
func btrfsLabel(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	return d.appendCStringSz(b, p[:256])
}
