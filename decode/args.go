package decode

import (
	"strconv"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// appendPtr prints an address: NULL, or 0x... .
func appendPtr(b []byte, v uint64) []byte {
	if v == 0 {
		return append(b, "NULL"...)
	}
	b = append(b, "0x"...)
	return strconv.AppendUint(b, v, 16)
}

func appendInt(b []byte, v int64) []byte   { return strconv.AppendInt(b, v, 10) }
func appendUint(b []byte, v uint64) []byte { return strconv.AppendUint(b, v, 10) }

// appendID prints a uid_t/gid_t, with (id_t)-1 as -1.
func appendID(b []byte, v uint64) []byte {
	if uint32(v) == 0xffffffff {
		return append(b, "-1"...)
	}
	return appendUint(b, uint64(uint32(v)))
}

// capOK returns argument i's capture when it holds data to print.
func capOK(ev *trace.Event, i int) (*trace.Capture, bool) {
	if i < 0 || i >= trace.MaxArgs {
		return nil, false
	}
	c := &ev.Captures[i]
	if c.Faulted || c.Data == nil {
		return c, false
	}
	return c, true
}

func lenArg(ev *trace.Event, a int8) uint64 {
	if a < 0 || int(a) >= trace.MaxArgs {
		return 0
	}
	return ev.Args[a]
}

// argPrinter returns the generic printer of an argument's type on arch;
// count32 says its element count is held in a C int argument.
func argPrinter(a syscalls.Arg, arch uint32, count32 bool) argFn {
	switch a.Type {
	case syscalls.Int:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return appendInt(b, int64(int32(ev.Args[i])))
		}
	case syscalls.Long:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return appendInt(b, int64(ev.Args[i]))
		}
	case syscalls.Uint:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return appendUint(b, uint64(uint32(ev.Args[i])))
		}
	case syscalls.Ulong:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return appendUint(b, ev.Args[i])
		}
	case syscalls.Hex:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return appendHex(b, ev.Args[i])
		}
	case syscalls.HexInt:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return appendHex(b, uint64(uint32(ev.Args[i])))
		}
	case syscalls.Octal:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return appendOctal(b, ev.Args[i])
		}
	case syscalls.Ptr:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return appendPtr(b, ev.Args[i])
		}
	case syscalls.FD:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return d.appendFD(b, ev, ev.Args[i])
		}
	case syscalls.DirFD:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return d.appendDirFDArg(b, ev, ev.Args[i])
		}
	case syscalls.ID:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return appendID(b, ev.Args[i])
		}
	case syscalls.Signo:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return d.signal(b, int64(int32(ev.Args[i])))
		}
	case syscalls.Mode:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return appendMode(b, uint64(uint16(ev.Args[i])))
		}
	case syscalls.Flags:
		if a.Xlat == syscalls.XlatStatxFlags {
			return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
				return d.statxFlags(b, uint32(ev.Args[i]))
			}
		}
		x := xlats[a.Xlat]
		if a.Xlat == syscalls.XlatOpenFlags {
			x = openFlagsOf(arch)
		}
		mask := uint64(^uint32(0))
		if a.Long {
			mask = ^uint64(0)
		}
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			mark, v := len(b), ev.Args[i]&mask
			return d.restyle(appendFlags(b, x, v), mark, v, numHex)
		}
	case syscalls.Enum:
		x := xlats[a.Xlat]
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			mark, v := len(b), uint64(uint32(ev.Args[i]))
			return d.restyle(appendEnum(b, x, v), mark, v, numHex)
		}
	case syscalls.Path:
		return printPath
	case syscalls.String:
		return printString
	case syscalls.InBuf:
		if a.Layout == syscalls.LayoutSockaddr {
			l := a.Len
			return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
				return d.appendSockaddrArg(b, ev, i, lenArg(ev, l))
			}
		}
		l := a.Len
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			addr := ev.Args[i]
			c, ok := capOK(ev, i)
			if addr == 0 {
				return append(b, "NULL"...)
			}
			if !ok {
				return appendPtr(b, addr)
			}
			return d.appendBuf(b, c.Data, lenArg(ev, l), false)
		}
	case syscalls.OutBuf:
		return printOutBuf
	case syscalls.InIovec:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return d.appendIovec(b, ev, i, lenArg(ev, a.Len), ^uint64(0))
		}
	case syscalls.OutIovec:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			if failed(ev) {
				// The iovecs, their buffers by address (nothing was read).
				return d.appendIovec(b, ev, i, lenArg(ev, a.Len), 0)
			}
			return d.appendIovec(b, ev, i, lenArg(ev, a.Len), uint64(ev.Ret))
		}
	case syscalls.SigsetPair:
		return printSigsetPair
	case syscalls.MsghdrIn:
		return printMsghdrIn
	case syscalls.MsghdrOut:
		return printMsghdrOut
	case syscalls.StructIn:
		sp, lay := structs[a.Layout], a.Layout
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return d.appendStructArg(b, ev, i, lay, sp, false)
		}
	case syscalls.StructOut, syscalls.StructInOut:
		sp, lay := structs[a.Layout], a.Layout
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return d.appendStructArg(b, ev, i, lay, sp, true)
		}
	case syscalls.ArrayIn, syscalls.ArrayInOut:
		sp, lay := structs[a.Layout], a.Layout
		out := a.Type == syscalls.ArrayInOut
		l := a.Len
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			n := lenArg(ev, l)
			if count32 {
				n = uint64(uint32(n))
			}
			if out && failed(ev) {
				// strace's print_array reads nothing at a failed exit,
				// but an empty array is printed before any read.
				if n == 0 && ev.Args[i] != 0 {
					return append(b, "[]"...)
				}
				return appendPtr(b, ev.Args[i])
			}
			return d.appendArray(b, ev, i, lay, sp, n)
		}
	case syscalls.StrArray:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			return d.appendStrArray(b, ev, i, true)
		}
	case syscalls.EnvArray:
		return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
			if !d.opts.Verbose {
				return appendEnvCount(b, ev, i)
			}
			return d.appendStrArray(b, ev, i, false)
		}
	}
	return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
		return appendHex(b, ev.Args[i])
	}
}

func printPath(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	c, ok := capOK(ev, i)
	if !ok {
		return appendPtr(b, addr)
	}
	return d.appendPath(b, c.Data, c.Truncated)
}

func printString(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
	if i < 0 || i >= trace.MaxArgs {
		return b
	}
	return d.appendStringAt(b, ev.Args[i], &ev.Captures[i])
}

// appendStringAt prints the C string at addr from its capture c, as
// strace's printstr: NULL, or the address when c holds nothing readable.
func (d *Decoder) appendStringAt(b []byte, addr uint64, c *trace.Capture) []byte {
	switch {
	case addr == 0:
		return append(b, "NULL"...)
	case c == nil || c.Faulted || c.Data == nil:
		return appendPtr(b, addr)
	}
	return d.appendCString(b, c.Data, c.Truncated)
}

func printOutBuf(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	if failed(ev) {
		return appendPtr(b, addr)
	}
	if ev.Ret == 0 {
		return append(b, `""`...)
	}
	c, ok := capOK(ev, i)
	if !ok {
		return appendPtr(b, addr)
	}
	return d.appendBuf(b, c.Data, uint64(ev.Ret), false)
}

// appendOpenFlags prints open(2) flags of arch: the access mode, then the
// others.
func appendOpenFlags(b []byte, v uint32, arch uint32) []byte {
	acc, _ := openAccessModes.lookup(uint64(v & 3))
	b = append(b, acc...)
	rest := uint64(v &^ 3)
	if rest == 0 {
		return b
	}
	b = append(b, '|')
	b, _ = appendFlagsOnly(b, openFlagsOf(arch), rest)
	return b
}

// appendStructArg prints a pointer to a fixed-size object.
func (d *Decoder) appendStructArg(b []byte, ev *trace.Event, i int, l syscalls.LayoutID, sp structFn, out bool) []byte {
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	if out && failed(ev) {
		return appendPtr(b, addr)
	}
	c, ok := capOK(ev, i)
	size := sizeOf(ev, l)
	if l == syscalls.LayoutCapData {
		size, ok = capDataSize(ev, ok)
	}
	if !ok || sp == nil || len(c.Data) < size || l == syscalls.LayoutSigset && !sigsetSizeOK(ev) {
		return appendPtr(b, addr)
	}
	return sp(d, b, c.Data, ev)
}

// sigsetSizeOK reports whether the call's sigset size argument, if it has
// one, is the kernel's (8 bytes); strace prints the set's address
// otherwise.
func sigsetSizeOK(ev *trace.Event) bool {
	sig := table(ev).Get(int(ev.NR)).Sig
	for k, a := range sig.Args {
		if (a.Name == "sigsetsize" || a.Name == "sizemask") && k < trace.MaxArgs {
			return ev.Args[k] == 8
		}
	}
	return true
}

// appendArray prints an array of n fixed-size elements, at most -s of
// them (then "...") unless -v.
func (d *Decoder) appendArray(b []byte, ev *trace.Event, i int, l syscalls.LayoutID, sp structFn, n uint64) []byte {
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	if n == 0 {
		// strace's print_array: before any read (under -e verbose=none
		// too).
		return append(b, "[]"...)
	}
	c, ok := capOK(ev, i)
	size := sizeOf(ev, l)
	if !ok || sp == nil || size == 0 || arrayWraps(addr, n, uint64(size)) {
		return appendPtr(b, addr)
	}
	if len(c.Data) < size {
		return appendPtr(b, addr)
	}
	b = append(b, '[')
	for k := uint64(0); k < n; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		// As strace, the element is read before the -s limit is
		// checked: memory that cannot be read shows where it starts.
		off := int(k) * size
		if off+size > len(c.Data) && c.Truncated {
			if uint64(len(c.Data)) >= syscalls.ArrayTake(uint32(size), d.opts.StringLimit, d.opts.Verbose) {
				// Past what the capture copies (syscalls.ArrayBytesMax):
				// the elements are not known.
				b = append(b, "..."...)
				break
			}
			b = append(b, "... /* "...)
			b = appendHex(b, addr+uint64(off))
			b = append(b, " */"...)
			break
		}
		if !d.opts.Verbose && k >= uint64(d.opts.StringLimit) {
			b = append(b, "..."...)
			break
		}
		if off+size > len(c.Data) {
			if c.Truncated && off > 0 {
				// A Prefix capture: the element at off was unreadable.
				b = append(b, "... /* "...)
				b = appendHex(b, addr+uint64(off))
				b = append(b, " */"...)
				break
			}
			b = appendHex(b, addr+uint64(off))
			break
		}
		b = sp(d, b, c.Data[off:off+size], ev)
	}
	return append(b, ']')
}

// arrayWraps reports whether an array of n elements of size bytes at
// addr is too large for the address space, which strace's print_array
// prints as its address.
func arrayWraps(addr, n, size uint64) bool {
	bytes := n * size
	return bytes/size != n || addr+bytes <= addr
}

// appendIovec prints argument i, an iovec array of cnt elements; limit
// caps the bytes shown in total (a read's result).
func (d *Decoder) appendIovec(b []byte, ev *trace.Event, i int, cnt uint64, limit uint64) []byte {
	return d.appendIovecCapture(b, ev.Args[i], &ev.Captures[i], cnt, limit)
}

// appendIovecCapture prints the iovec array at addr, of cnt elements,
// from its capture c (shaped as a syscalls.CaptureIovec capture); limit
// caps the bytes shown in total.
func (d *Decoder) appendIovecCapture(b []byte, addr uint64, c *trace.Capture, cnt uint64, limit uint64) []byte {
	return d.appendIovecWith(b, addr, c, cnt, limit, nil)
}

// iovData prints the show bytes at base of an iovec element, captured in
// e (nil when not captured).
type iovData func(b []byte, base, show uint64, e *trace.Capture) []byte

// appendIovecWith is appendIovecCapture with each element's bytes printed
// by data, when not nil, rather than as a string.
func (d *Decoder) appendIovecWith(b []byte, addr uint64, c *trace.Capture, cnt uint64, limit uint64, data iovData) []byte {
	if addr == 0 {
		return append(b, "NULL"...)
	}
	if cnt == 0 {
		// strace's print_array: before any read.
		return append(b, "[]"...)
	}
	if c.Faulted || c.Data == nil || arrayWraps(addr, cnt, 16) {
		return appendPtr(b, addr)
	}
	if len(c.Data) < 16 {
		return appendPtr(b, addr)
	}
	b = append(b, '[')
	for k := 0; uint64(k) < cnt; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		off := k * 16
		if off+16 > len(c.Data) && uint64(len(c.Data)/16) < min(cnt, syscalls.MaxArrayElems) {
			// The rest lies in memory that could not be read (told
			// before the -s limit, as strace does).
			b = append(b, "... /* "...)
			b = appendHex(b, addr+uint64(off))
			b = append(b, " */"...)
			break
		}
		if !d.opts.Verbose && k >= d.opts.StringLimit {
			b = append(b, "..."...)
			break
		}
		if off+16 > len(c.Data) {
			// Past the syscalls.MaxArrayElems the capture copies (more
			// than the kernel takes): the elements are not known.
			b = append(b, "..."...)
			break
		}
		base := le64(c.Data, off)
		ln := le64(c.Data, off+8)
		show := ln
		if show > limit {
			show = limit
		}
		if limit != ^uint64(0) {
			limit -= show
		}
		b = append(b, "{iov_base="...)
		switch {
		case data != nil:
			var e *trace.Capture
			if k < len(c.Elems) {
				e = &c.Elems[k]
			}
			b = data(b, base, show, e)
		case base == 0:
			b = append(b, "NULL"...)
		case k < len(c.Elems) && !c.Elems[k].Faulted && c.Elems[k].Data != nil:
			b = d.appendBuf(b, c.Elems[k].Data, show, false)
		default:
			b = appendPtr(b, base)
		}
		b = append(b, ", iov_len="...)
		b = appendUint(b, ln)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendStrArray prints argv: ["ls", "-l"], at most -s elements unless -v
// or unlimited is false.
func (d *Decoder) appendStrArray(b []byte, ev *trace.Event, i int, limited bool) []byte {
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	c := &ev.Captures[i]
	if c.Faulted || (c.Elems == nil && c.Data == nil && c.Aux == 0) {
		return appendPtr(b, addr)
	}
	b = append(b, '[')
	n := len(c.Elems)
	for k := 0; k < n; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if limited && !d.opts.Verbose && k >= d.opts.StringLimit {
			b = append(b, "..."...)
			return append(b, ']')
		}
		e := &c.Elems[k]
		if e.Faulted {
			// strace prints the pointer it could not follow.
			if 8*k+8 <= len(c.Data) {
				b = appendPtr(b, le64(c.Data, 8*k))
			} else {
				b = append(b, "???"...)
			}
			continue
		}
		b = d.appendCString(b, e.Data, e.Truncated)
	}
	switch {
	case uint64(n) < c.Aux:
		if n > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "..."...)
	case c.Truncated:
		// No NULL before unreadable memory: where it starts.
		if n > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "... /* "...)
		b = appendPtr(b, addr+8*c.Aux)
		b = append(b, " */"...)
	}
	return append(b, ']')
}

// appendEnvCount prints envp as strace does without -v:
// 0x7ffd... /* 23 vars */.
func appendEnvCount(b []byte, ev *trace.Event, i int) []byte {
	addr := ev.Args[i]
	b = appendPtr(b, addr)
	c := &ev.Captures[i]
	if addr == 0 || c.Faulted || !c.Present() {
		return b
	}
	n := c.Aux
	if n == 0 && c.Elems != nil {
		n = uint64(len(c.Elems))
	}
	b = append(b, " /* "...)
	b = appendUint(b, n)
	if n == 1 {
		b = append(b, " var"...)
	} else {
		b = append(b, " vars"...)
	}
	if c.Truncated {
		b = append(b, ", unterminated"...)
	}
	return append(b, " */"...)
}

// statxFlags prints statx's flags as strace does, the sync type then the
// at_flags, each as -X asks; under -X raw a sync type of 0 prints nothing
// (printflags with no default), leaving "" or "|0x1000".
func (d *Decoder) statxFlags(b []byte, v uint32) []byte {
	const syncType = 0x6000
	if sync := v & syncType; sync != 0 || d.opts.Xlat != XlatRaw {
		b = d.flags(b, statxSyncTypes, uint64(sync))
	}
	if rest := v &^ syncType; rest != 0 {
		b = append(b, '|')
		b = d.flags(b, statxAtFlags, uint64(rest))
	}
	return b
}
