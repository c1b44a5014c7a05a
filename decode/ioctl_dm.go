package decode

import (
	"bytes"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// The device mapper requests (linux/dm-ioctl.h), _IOWR(0xfd, NR, struct
// dm_ioctl), by NR: those strace decodes (syscalls.IsDMRequest).
const (
	dmVersion = iota
	dmRemoveAll
	dmListDevices
	dmDevCreate
	dmDevRemove
	dmDevRename
	dmDevSuspend
	dmDevStatus
	dmDevWait
	dmTableLoad
	dmTableClear
	dmTableDeps
	dmTableStatus
	dmListVersions
	dmTargetMsg
	dmDevSetGeometry
	dmDevArmPoll
)

// struct dm_ioctl's layout and the flags the decoder tests.
const (
	dmVersionMajor  = 4
	dmDataOff       = 305 // offsetof(struct dm_ioctl, data)
	dmDataSizeEnd   = 16  // offsetof(struct dm_ioctl, data_size) + 4
	dmSuspendFlag   = 1 << 1
	dmDataOutFlag   = 1 << 16
	dmTargetSpecLen = 40 // sizeof(struct dm_target_spec)
	dmNameListName  = 12 // offsetof(struct dm_name_list, name)
	dmVersionsName  = 16 // offsetof(struct dm_target_versions, name)
	dmTargetMsgText = 8  // offsetof(struct dm_target_msg, message)
	dmDepsDev       = 8  // offsetof(struct dm_target_deps, dev)
)

var dmFlags = &xlat{vals: []xv{
	{1 << 0, "DM_READONLY_FLAG"}, {1 << 1, "DM_SUSPEND_FLAG"}, {1 << 2, "DM_EXISTS_FLAG"},
	{1 << 3, "DM_PERSISTENT_DEV_FLAG"}, {1 << 4, "DM_STATUS_TABLE_FLAG"}, {1 << 5, "DM_ACTIVE_PRESENT_FLAG"},
	{1 << 6, "DM_INACTIVE_PRESENT_FLAG"}, {1 << 8, "DM_BUFFER_FULL_FLAG"}, {1 << 9, "DM_SKIP_BDGET_FLAG"},
	{1 << 10, "DM_SKIP_LOCKFS_FLAG"}, {1 << 11, "DM_NOFLUSH_FLAG"}, {1 << 12, "DM_QUERY_INACTIVE_TABLE_FLAG"},
	{1 << 13, "DM_UEVENT_GENERATED_FLAG"}, {1 << 14, "DM_UUID_FLAG"}, {1 << 15, "DM_SECURE_DATA_FLAG"},
	{1 << 16, "DM_DATA_OUT_FLAG"}, {1 << 17, "DM_DEFERRED_REMOVE"}, {1 << 18, "DM_INTERNAL_SUSPEND_FLAG"},
	{1 << 19, "DM_IMA_MEASUREMENT_FLAG"},
}, dflt: "DM_???"}

func init() {
	ioctlFamilies[0xfd] = dmIoctl
}

// dmIoctl decodes the device mapper requests as strace's dm.c: the
// struct dm_ioctl at entry, and at exit again after " => " unless the
// call failed and left it as it was; its payload under -v, "..."
// abbreviated. A struct that cannot be read prints nothing at entry and
// the address at exit.
func dmIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	if !syscalls.IsDMRequest(code) {
		return b, ioctlResUnknown
	}
	nr := code & 0xff
	// strace reads the struct whatever -e verbose= says; the payload's
	// objects, as the -v parts of the line, it reads only when verbose
	// (dmFetch).
	w := d.whole(ev)
	ent := dmBytes(ioctlObjects(w, true))
	if !exit {
		if ent == nil {
			return b, ioctlResLater
		}
		b = append(d.sep(b), '[')
		b = d.appendDM(b, ev, nr, ent, false)
		return append(b, ']'), ioctlResLater
	}
	out := dmBytes(ioctlObjects(w, false))
	if out == nil {
		return b, ioctlResHex
	}
	changed := ent == nil || !bytes.Equal(ent[:20], out[:20]) || le32(ent, 28) != le32(out, 28)
	if ev.IsError() && !changed {
		return b, ioctlResDone
	}
	b = append(b, " => ["...)
	b = d.appendDM(b, ev, nr, out, true)
	return append(b, ']'), ioctlResDone
}

// dmBytes returns the bytes of a struct dm_ioctl and, after them, of its
// payload as far as the capture read it (syscalls.DMDataMax under -v),
// or nil when strace would not decode it: fewer than dmDataOff bytes, or
// a data_size below its own end.
func dmBytes(arg *trace.Capture, objs []trace.Capture) []byte {
	p, ok := capBytes(arg, dmDataOff)
	if !ok || le32(p, 12) < dmDataSizeEnd-4 {
		return nil
	}
	if len(p) < syscalls.DMIoctlSize || len(objs) == 0 || objs[0].Faulted || len(objs[0].Data) == 0 {
		return p
	}
	return append(p[:syscalls.DMIoctlSize:syscalls.DMIoctlSize], objs[0].Data...)
}

// dmHasParams says whether request nr's struct has a payload, whose start
// strace prints.
func dmHasParams(nr uint32) bool {
	switch nr {
	case dmVersion, dmRemoveAll, dmDevCreate, dmDevRemove, dmDevSuspend, dmDevStatus, dmTableClear, dmDevArmPoll:
		return false
	}
	return true
}

// appendDM prints struct dm_ioctl p (and its payload, when its header
// is of the version strace knows) for request nr.
func (d *Decoder) appendDM(b []byte, ev *trace.Event, nr uint32, p []byte, exit bool) []byte {
	b = append(b, "{version="...)
	b = appendUintsUpto(b, p[:12], 3)
	if le32(p, 0) != dmVersionMajor {
		return append(b, " /* unsupported device mapper ABI version */}"...)
	}
	size, start, flags := le32(p, 12), le32(p, 16), le32(p, 28)
	b = append(b, ", data_size="...)
	b = appendUint(b, uint64(size))
	if size < dmDataOff {
		return append(b, " /* data_size too small */}"...)
	}
	if dmHasParams(nr) {
		b = append(b, ", data_start="...)
		b = appendUint(b, uint64(start))
	}
	if nr != dmRemoveAll && nr != dmListDevices && nr != dmListVersions {
		if dev := le64(p, 40); dev != 0 {
			b = append(b, ", dev="...)
			b = d.appendDevStyled(b, dev)
		}
		if p[48] != 0 {
			b = append(b, ", name="...)
			b = d.appendFixedCString(b, p[48:176])
		}
		if p[176] != 0 {
			b = append(b, ", uuid="...)
			b = d.appendFixedCString(b, p[176:dmDataOff])
		}
	}
	b = d.appendDMValues(b, ev, nr, p, exit)
	b = append(b, ", flags="...)
	b = d.flags(b, dmFlags, uint64(flags))
	b = append(b, '}')
	return d.appendDMPayload(b, ev, nr, p, exit)
}

// appendDMValues prints the counts request nr's struct carries: in at
// entry, out after a success.
func (d *Decoder) appendDMValues(b []byte, ev *trace.Event, nr uint32, p []byte, exit bool) []byte {
	field := func(b []byte, name string, off int) []byte {
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, '=')
		return appendUint(b, uint64(le32(p, off)))
	}
	if !exit {
		switch nr {
		case dmTableLoad:
			return field(b, "target_count", 20)
		case dmDevSuspend:
			if le32(p, 28)&dmSuspendFlag != 0 {
				return b
			}
			return field(b, "event_nr", 32)
		case dmDevRename, dmDevRemove, dmDevWait:
			return field(b, "event_nr", 32)
		}
		return b
	}
	if ev.IsError() {
		return b
	}
	switch nr {
	case dmDevCreate, dmDevRename, dmDevSuspend, dmDevStatus, dmDevWait, dmTableLoad, dmTableClear,
		dmTableDeps, dmTableStatus, dmTargetMsg:
		b = field(b, "target_count", 20)
		b = field(b, "open_count", 24)
		b = field(b, "event_nr", 32)
	}
	return b
}

// appendDMPayload prints the payload of request nr's struct p that strace
// prints at entry or at a successful exit: "..." abbreviated.
func (d *Decoder) appendDMPayload(b []byte, ev *trace.Event, nr uint32, p []byte, exit bool) []byte {
	ok := exit && !ev.IsError()
	switch nr {
	case dmDevWait, dmTableStatus:
		if ok {
			return d.appendDMTargetSpecs(b, ev, p, exit)
		}
	case dmTableLoad:
		if !exit {
			return d.appendDMTargetSpecs(b, ev, p, exit)
		}
	case dmTableDeps:
		if ok {
			return d.appendDMDeps(b, ev, p)
		}
	case dmListDevices:
		if ok {
			return d.appendDMNameList(b, ev, p)
		}
	case dmListVersions:
		if ok {
			return d.appendDMVersions(b, ev, p)
		}
	case dmTargetMsg:
		if !exit {
			return d.appendDMTargetMsg(b, ev, p)
		}
		if ok && le32(p, 28)&dmDataOutFlag != 0 {
			return d.appendDMString(b, ev, p)
		}
	case dmDevRename, dmDevSetGeometry:
		if !exit {
			return d.appendDMString(b, ev, p)
		}
	}
	return b
}

// dmReadable says whether the n bytes at offset off of the struct's
// memory were read: strace prints an address where they cannot be.
func dmReadable(p []byte, off, n uint64) bool { return off+n >= off && off+n <= uint64(len(p)) }

// dmFetch says whether strace's umove_or_printaddr reads the n bytes at
// offset off: they were read, and -e verbose= includes ev's call.
func (d *Decoder) dmFetch(ev *trace.Event, p []byte, off, n uint64) bool {
	return d.verboseCall(ev) && dmReadable(p, off, n)
}

// appendDMStr prints the NUL-terminated string at offset off of the
// struct, of at most n bytes, as strace's printstr_ex: the address when it
// was not read. It returns what umovestr would have: 1 + the string's
// length when its NUL is among the -s bytes and one more it reads, else 0
// (-1 for no string).
func (d *Decoder) appendDMStr(b []byte, ev *trace.Event, p []byte, off, n uint64) ([]byte, int) {
	addr := ev.Args[2] + off
	limit := uint64(max(d.opts.StringLimit, 0))
	read := min(n, limit+1)
	if !dmReadable(p, off, read) {
		// umovestr stops at the NUL: the bytes read may end before.
		avail := uint64(0)
		if off < uint64(len(p)) {
			avail = uint64(len(p)) - off
		}
		if bytes.IndexByte(p[min(off, uint64(len(p))):][:avail], 0) < 0 {
			return appendPtr(b, addr), -1
		}
	}
	s := p[off:]
	s = s[:min(uint64(len(s)), read)]
	nul := bytes.IndexByte(s, 0)
	rc := 0
	if nul >= 0 {
		s, rc = s[:nul], nul+1
	}
	shown := s[:min(uint64(len(s)), limit)]
	b = d.appendQuoted(b, shown, false)
	if nul < 0 && n > 0 {
		b = append(b, "..."...)
	}
	return b, rc
}

// appendDMMisplaced prints strace's note on a payload object out of its
// struct's bounds.
func appendDMMisplaced(b []byte, what string) []byte {
	b = append(b, "??? /* misplaced "...)
	b = append(b, what...)
	return append(b, " */"...)
}

// appendDMTargetSpecs prints the target_count struct dm_target_spec of a
// table (each followed by its parameter string), walked by next.
func (d *Decoder) appendDMTargetSpecs(b []byte, ev *trace.Event, p []byte, exit bool) []byte {
	count, size, start := le32(p, 20), uint64(le32(p, 12)), uint64(le32(p, 16))
	if !d.opts.Verbose {
		if count != 0 {
			b = append(b, ", ..."...)
		}
		return b
	}
	off, end := start, uint64(0)
	limit := uint32(max(d.opts.StringLimit, 0))
	for i := uint32(0); i < count; i++ {
		b = append(b, ", "...)
		if i > 0 && off <= end {
			return appendDMMisplaced(b, "struct dm_target_spec")
		}
		end = off + dmTargetSpecLen
		if end > size {
			return appendDMMisplaced(b, "struct dm_target_spec")
		}
		if i >= limit {
			return append(b, "..."...)
		}
		if !d.dmFetch(ev, p, off, dmTargetSpecLen) {
			return appendPtr(b, ev.Args[2]+off)
		}
		s := p[off:]
		b = append(b, "{sector_start="...)
		b = appendUint(b, le64(s, 0))
		b = append(b, ", length="...)
		b = appendUint(b, le64(s, 8))
		if exit {
			b = append(b, ", status="...)
			b = appendInt(b, int64(int32(le32(s, 16))))
		}
		b = append(b, ", target_type="...)
		b = d.appendFixedCString(b, s[24:40])
		b = append(b, ", string="...)
		b, _ = d.appendDMStr(b, ev, p, end, size-end)
		b = append(b, '}')
		if exit {
			off = start + uint64(le32(s, 20))
		} else {
			off += uint64(le32(s, 20))
		}
		off &= 0xffffffff
	}
	return b
}

// dmObject begins the payload's object of type what, whose first fixed
// bytes strace reads at data_start: nothing for an empty payload, "..."
// abbreviated, strace's note when the object does not fit in data_size,
// its address when it was not read; ok (with the object's offset) when
// its fields are to follow.
func (d *Decoder) dmObject(b []byte, ev *trace.Event, p []byte, fixed uint64, what string) ([]byte, uint64, bool) {
	size, start := uint64(le32(p, 12)), uint64(le32(p, 16))
	if start == size {
		return b, 0, false
	}
	b = append(b, ", "...)
	switch {
	case !d.opts.Verbose:
		return append(b, "..."...), 0, false
	case start+fixed > size:
		return appendDMMisplaced(b, what), 0, false
	case !d.dmFetch(ev, p, start, fixed):
		return appendPtr(b, ev.Args[2]+start), 0, false
	}
	return b, start, true
}

// appendDMDeps prints a struct dm_target_deps: the device numbers.
func (d *Decoder) appendDMDeps(b []byte, ev *trace.Event, p []byte) []byte {
	b, start, ok := d.dmObject(b, ev, p, dmDepsDev, "struct dm_target_deps")
	if !ok {
		return b
	}
	size, end := uint64(le32(p, 12)), start+dmDepsDev
	count := uint64(le32(p, int(start)))
	if count > (size-end)/8 {
		return appendDMMisplaced(b, "struct dm_target_deps")
	}
	b = append(b, "{count="...)
	b = appendUint(b, count)
	b = append(b, ", deps="...)
	data := p[min(end, uint64(len(p))):]
	b, _ = d.appendArrayBytes(b, ev.Args[2]+end, count, 8, data, false, func(b []byte, e []byte, _ uint64) []byte {
		return d.appendDevStyled(b, le64(e, 0))
	})
	return append(b, '}')
}

// appendDMNameList prints the struct dm_name_list entries of the devices
// listed: each device number and name and, from device mapper 4.37 on,
// the event number after the name.
func (d *Decoder) appendDMNameList(b []byte, ev *trace.Event, p []byte) []byte {
	addr := ev.Args[2]
	return d.appendDMLinked(b, ev, p, "struct dm_name_list", dmNameListName, 16, 8, func(b []byte, off, end, next uint64) []byte {
		b = append(b, "{dev="...)
		b = d.appendDevStyled(b, le64(p, int(off)))
		b = append(b, ", name="...)
		var rc int
		b, rc = d.appendDMStr(b, ev, p, end, uint64(le32(p, 12))-end)
		if rc > 0 && le32(p, 4) >= 37 {
			event := (addr + end + uint64(rc) + 7) &^ 7
			if event+4 <= addr+off+next && dmReadable(p, event-addr, 4) {
				b = append(b, ", event_nr="...)
				b = appendUint(b, uint64(le32(p, int(event-addr))))
			}
		}
		return append(b, '}')
	})
}

// appendDMVersions prints the struct dm_target_versions entries of the
// target types listed: each name and version.
func (d *Decoder) appendDMVersions(b []byte, ev *trace.Event, p []byte) []byte {
	return d.appendDMLinked(b, ev, p, "struct dm_target_versions", dmVersionsName, dmVersionsName, 0, func(b []byte, off, end, _ uint64) []byte {
		b = append(b, "{name="...)
		b, _ = d.appendDMStr(b, ev, p, end, uint64(le32(p, 12))-end)
		b = append(b, ", version="...)
		b = appendUintsUpto(b, p[off+4:off+16], 3)
		return append(b, '}')
	})
}

// appendDMLinked walks the payload's entries of type what linked by next
// (the u32 at nextOff of each), as strace's dm.c walks them: an entry's
// name follows its nameOff bytes, of which strace reads size; misplaced
// entries, -s of them at most. elem prints the entry at off, whose name
// starts at end.
func (d *Decoder) appendDMLinked(b []byte, ev *trace.Event, p []byte, what string, nameOff, size uint64, nextOff int,
	elem func(b []byte, off, end, next uint64) []byte) []byte {
	dataSize, start := uint64(le32(p, 12)), uint64(le32(p, 16))
	if start == dataSize {
		return b
	}
	if !d.opts.Verbose {
		return append(b, ", ..."...)
	}
	off, end := start, uint64(0)
	limit := uint64(max(d.opts.StringLimit, 0))
	for count := uint64(0); ; count++ {
		b = append(b, ", "...)
		if count > 0 && off <= end {
			return appendDMMisplaced(b, what)
		}
		end = off + nameOff
		if end > dataSize {
			return appendDMMisplaced(b, what)
		}
		if count >= limit {
			return append(b, "..."...)
		}
		if !d.dmFetch(ev, p, off, size) {
			return appendPtr(b, ev.Args[2]+off)
		}
		next := uint64(le32(p, int(off)+nextOff))
		b = elem(b, off, end, next)
		if next == 0 {
			return b
		}
		off = (off + next) & 0xffffffff
	}
}

// appendDMTargetMsg prints a struct dm_target_msg: its sector and message.
func (d *Decoder) appendDMTargetMsg(b []byte, ev *trace.Event, p []byte) []byte {
	b, start, ok := d.dmObject(b, ev, p, dmTargetMsgText, "struct dm_target_msg")
	if !ok {
		return b
	}
	size, end := uint64(le32(p, 12)), start+dmTargetMsgText
	b = append(b, "{sector="...)
	b = appendUint(b, le64(p, int(start)))
	b = append(b, ", message="...)
	b, _ = d.appendDMStr(b, ev, p, end, size-end)
	return append(b, '}')
}

// appendDMString prints the payload that is a string (a new name, a
// geometry, a message's answer).
func (d *Decoder) appendDMString(b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, ", "...)
	if !d.opts.Verbose {
		return append(b, "..."...)
	}
	size, start := uint64(le32(p, 12)), uint64(le32(p, 16))
	if start > size {
		return appendDMMisplaced(b, "string")
	}
	b = append(b, "{string="...)
	b, _ = d.appendDMStr(b, ev, p, start, size-start)
	return append(b, '}')
}
