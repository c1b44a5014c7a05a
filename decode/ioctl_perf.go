package decode

import "github.com/sctrace/sctrace/trace"

// Requests of type '$' (linux/perf_event.h).
const (
	reqPerfEnable      = 0x2400
	reqPerfDisable     = 0x2401
	reqPerfRefresh     = 0x2402
	reqPerfReset       = 0x2403
	reqPerfPeriod      = 0x40082404
	reqPerfSetOutput   = 0x2405
	reqPerfSetFilter   = 0x40082406
	reqPerfID          = 0x80082407
	reqPerfSetBPF      = 0x40042408
	reqPerfPauseOutput = 0x40042409
	reqPerfQueryBPF    = 0xc008240a
	reqPerfModifyAttrs = 0x4008240b
)

var perfIoctlFlags = &xlat{vals: []xv{{1, "PERF_IOC_FLAG_GROUP"}}, dflt: "PERF_IOC_FLAG_???"}

func init() { ioctlFamilies['$'] = perfIoctl }

// perfIoctl decodes the perf event requests whose argument is a value, a
// u64, a descriptor or a filter string; PERF_EVENT_IOC_QUERY_BPF's
// ids_len at entry, then the rest at exit; and
// PERF_EVENT_IOC_MODIFY_ATTRIBUTES's struct perf_event_attr.
func perfIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	arg := ev.Args[2]
	switch code {
	case reqPerfID:
		if !exit {
			return b, ioctlResLater
		}
		return appendIoctlU64(d.sep(b), ev, exit), ioctlResDone
	case reqPerfQueryBPF:
		return perfQueryBPF(d, b, ev, exit)
	case reqPerfEnable, reqPerfDisable, reqPerfReset, reqPerfRefresh, reqPerfPeriod, reqPerfSetOutput,
		reqPerfSetBPF, reqPerfPauseOutput, reqPerfSetFilter, reqPerfModifyAttrs:
		if exit {
			return b, ioctlResDone
		}
	default:
		return b, ioctlResUnknown
	}
	b = d.sep(b)
	switch code {
	case reqPerfEnable, reqPerfDisable, reqPerfReset:
		b = d.flags(b, perfIoctlFlags, uint64(uint32(arg)))
	case reqPerfRefresh:
		b = appendInt(b, int64(int32(arg)))
	case reqPerfPeriod:
		b = appendIoctlU64(b, ev, exit)
	case reqPerfSetOutput, reqPerfSetBPF:
		b = d.appendFD(b, ev, uint64(int64(int32(arg))))
	case reqPerfPauseOutput:
		b = appendUint(b, arg)
	case reqPerfSetFilter:
		b = d.appendIoctlCString(b, ev)
	case reqPerfModifyAttrs:
		var p []byte
		if cp, ok := capOK(ev, 2); ok {
			p = cp.Data
		}
		b = d.appendPerfAttr(b, arg, p, nil)
	}
	return b, ioctlResDone
}

// perfQueryBPF prints struct perf_event_query_bpf: ids_len at entry, and
// at exit the rest, which needs more than the captured bytes for the ids
// (then "...").
func perfQueryBPF(d *Decoder, b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := ioctlArg(d.sep(b), ev, 4, exit)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "{ids_len="...)
		b = appendUint(b, uint64(le32(p, 0)))
		return append(b, ", "...), ioctlResLater
	}
	cp, ok := capOK(ev, 2)
	if ev.Args[2] == 0 || !ok || len(cp.Data) < 4 {
		// The entry printed the address.
		return b, ioctlResDone
	}
	if failed(ev) || len(cp.Data) < 8 {
		return append(b, "...}"...), ioctlResDone
	}
	n := le32(cp.Data, 4)
	b = append(b, "prog_cnt="...)
	b = appendUint(b, uint64(n))
	b = append(b, ", ids="...)
	b = d.appendU32Array(b, ev.Args[2]+8, cp.Data[8:], uint64(n))
	return append(b, '}'), ioctlResDone
}

// appendU32Array prints n unsigned ints at addr, of which the captured
// bytes p hold the first ones, as strace's print_array: at most -s of
// them, "..." after the last, or the address when none can be read and
// [..., ... /* ADDR */] where the readable ones end.
func (d *Decoder) appendU32Array(b []byte, addr uint64, p []byte, n uint64) []byte {
	if n == 0 {
		return append(b, "[]"...)
	}
	if len(p) < 4 {
		return appendPtr(b, addr)
	}
	b = append(b, '[')
	for i := uint64(0); i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		if !d.opts.Verbose && i >= uint64(d.opts.StringLimit) {
			b = append(b, "..."...)
			break
		}
		if i*4+4 > uint64(len(p)) {
			b = append(b, "... /* "...)
			b = appendPtr(b, addr+i*4)
			b = append(b, " */"...)
			break
		}
		b = appendUint(b, uint64(le32(p, int(i)*4)))
	}
	return append(b, ']')
}

// appendIoctlU64 prints the u64 the ioctl's argument points to as [N]
// (strace's printnum_int64), or the address.
func appendIoctlU64(b []byte, ev *trace.Event, exit bool) []byte {
	b, p, ok := ioctlArg(b, ev, 8, exit)
	if !ok {
		return b
	}
	b = append(b, '[')
	b = appendUint(b, le64(p, 0))
	return append(b, ']')
}

// appendIoctlCString prints the NUL-terminated string at the ioctl's
// argument as far as it was captured (-s limits it), or the address when
// it ends neither within the capture nor within the limit.
func (d *Decoder) appendIoctlCString(b []byte, ev *trace.Event) []byte {
	addr := ev.Args[2]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	cp, ok := capOK(d.whole(ev), 2)
	if !ok {
		return appendPtr(b, addr)
	}
	limit := d.opts.StringLimit
	for i, c := range cp.Data {
		if c == 0 {
			return d.appendQuoted(b, cp.Data[:min(i, limit)], false)
		}
		if i == limit {
			b = d.appendQuoted(b, cp.Data[:limit], false)
			return append(b, "..."...)
		}
	}
	return appendPtr(b, addr)
}
