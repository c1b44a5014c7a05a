package decode

import (
	"strconv"

	"github.com/sctrace/sctrace/trace"
)

// The console requests (linux/kd.h), type 'K'; they have no size bits.
const (
	reqKIOCSOUND      = 0x4b2f
	reqKDMKTONE       = 0x4b30
	reqKDGETLED       = 0x4b31
	reqKDSETLED       = 0x4b32
	reqKDGKBTYPE      = 0x4b33
	reqKDADDIO        = 0x4b34
	reqKDDELIO        = 0x4b35
	reqKDENABIO       = 0x4b36
	reqKDDISABIO      = 0x4b37
	reqKDSETMODE      = 0x4b3a
	reqKDGETMODE      = 0x4b3b
	reqKDMAPDISP      = 0x4b3c
	reqKDUNMAPDISP    = 0x4b3d
	reqGIOSCRNMAP     = 0x4b40
	reqPIOSCRNMAP     = 0x4b41
	reqKDGKBMODE      = 0x4b44
	reqKDSKBMODE      = 0x4b45
	reqKDGKBENT       = 0x4b46
	reqKDSKBENT       = 0x4b47
	reqKDGKBSENT      = 0x4b48
	reqKDSKBSENT      = 0x4b49
	reqKDGKBDIACR     = 0x4b4a
	reqKDSKBDIACR     = 0x4b4b
	reqKDGETKEYCODE   = 0x4b4c
	reqKDSETKEYCODE   = 0x4b4d
	reqKDSIGACCEPT    = 0x4b4e
	reqKDKBDREP       = 0x4b52
	reqGIOFONT        = 0x4b60
	reqPIOFONT        = 0x4b61
	reqKDGKBMETA      = 0x4b62
	reqKDSKBMETA      = 0x4b63
	reqKDGKBLED       = 0x4b64
	reqKDSKBLED       = 0x4b65
	reqGIOUNIMAP      = 0x4b66
	reqPIOUNIMAP      = 0x4b67
	reqPIOUNIMAPCLR   = 0x4b68
	reqGIOUNISCRNMAP  = 0x4b69
	reqPIOUNISCRNMAP  = 0x4b6a
	reqGIOFONTX       = 0x4b6b
	reqPIOFONTX       = 0x4b6c
	reqPIOFONTRESET   = 0x4b6d
	reqGIOCMAP        = 0x4b70
	reqPIOCMAP        = 0x4b71
	reqKDFONTOP       = 0x4b72
	reqKDGKBDIACRUC   = 0x4bfa
	reqKDSKBDIACRUC   = 0x4bfb
	kdPITTickRate     = 1193182
	kdETabSize        = 256
	kdMaxDiacr        = 256
	kdKbsentryStrSize = 512
	kdFontNameMax     = 32
	kdENOMEM          = 12
)

func init() {
	ioctlFamilies['K'] = kdIoctl
}

// kdIoctl decodes the console requests as strace's kd_ioctl.c: setters'
// arguments at entry, getters' at exit, and the requests that both pass
// and return a struct with the returned one after " => ". At exit it
// decides again, from the request and the captures, whether the entry
// left anything for the exit.
func kdIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	if exit {
		if r := entryOutcome(d, kdDecode, ev, code); r != ioctlResLater {
			return b, r
		}
	}
	return kdDecode(d, b, ev, code, exit)
}

// kdDecode is kdIoctl's decoding of the entry (exit false) or the exit.
func kdDecode(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	arg := ev.Args[2]
	switch code {
	case reqKDENABIO, reqKDDISABIO, reqKDMAPDISP, reqKDUNMAPDISP, reqPIOFONTRESET:
		return b, ioctlResDone
	case reqKIOCSOUND:
		b = appendUint(d.sep(b), arg)
		if d.opts.Xlat != XlatRaw {
			if arg != 0 && kdPITTickRate/arg != 0 {
				b = appendComment(b, strconv.FormatUint(kdPITTickRate/arg, 10)+" Hz")
			} else {
				b = appendComment(b, "off")
			}
		}
		return b, ioctlResDone
	case reqKDMKTONE:
		return d.kdMkTone(d.sep(b), uint32(arg)), ioctlResDone
	case reqKDSETLED, reqKDSKBLED:
		return d.flags(d.sep(b), kdLedTable(code), uint64(uint8(arg))), ioctlResDone
	case reqKDGETLED, reqKDGKBLED:
		return kdGetValue(d, b, ev, exit, 1, func(b []byte, v uint64) []byte { return d.flags(b, kdLedTable(code), v) })
	case reqKDGKBTYPE:
		return kdGetValue(d, b, ev, exit, 1, func(b []byte, v uint64) []byte { return d.enum(b, kdKbdTypes, v) })
	case reqKDADDIO, reqKDDELIO:
		b = appendHex(d.sep(b), arg)
		if arg >= 0x3b4 && arg <= 0x3df && d.opts.Xlat != XlatRaw {
			b = appendComment(b, "GPFIRST + "+strconv.FormatUint(arg-0x3b4, 10))
		}
		return b, ioctlResDone
	case reqKDSETMODE:
		return d.enum(d.sep(b), kdModes, uint64(uint32(arg))), ioctlResDone
	case reqKDGETMODE:
		return kdGetValue(d, b, ev, exit, 4, func(b []byte, v uint64) []byte { return d.enum(b, kdModes, v) })
	case reqKDSKBMODE:
		return d.kdKbdMode(d.sep(b), uint32(arg)), ioctlResDone
	case reqKDGKBMODE:
		return kdGetValue(d, b, ev, exit, 4, func(b []byte, v uint64) []byte { return d.kdKbdMode(b, uint32(v)) })
	case reqKDSKBMETA:
		return d.enum(d.sep(b), kdMetaVals, uint64(uint32(arg))), ioctlResDone
	case reqKDGKBMETA:
		return kdGetValue(d, b, ev, exit, 4, func(b []byte, v uint64) []byte { return d.enum(b, kdMetaVals, v) })
	case reqGIOSCRNMAP, reqPIOSCRNMAP:
		return kdHexStr(d, b, ev, exit, code == reqGIOSCRNMAP, kdETabSize)
	case reqGIOFONT, reqPIOFONT:
		// 256 characters of 32 bytes, KDFONTOP's largest 8-bit font.
		return kdHexStr(d, b, ev, exit, code == reqGIOFONT, 8192)
	case reqGIOCMAP, reqPIOCMAP:
		return kdHexStr(d, b, ev, exit, code == reqGIOCMAP, 3*16)
	case reqGIOUNISCRNMAP, reqPIOUNISCRNMAP:
		return kdUniScreenMap(d, b, ev, exit, code == reqGIOUNISCRNMAP)
	case reqKDGKBENT, reqKDSKBENT:
		return kdKbdEntry(d, b, ev, exit, code == reqKDGKBENT)
	case reqKDGKBSENT, reqKDSKBSENT:
		return kdKbdStrEntry(d, b, ev, exit, code == reqKDGKBSENT)
	case reqKDGKBDIACR, reqKDSKBDIACR, reqKDGKBDIACRUC, reqKDSKBDIACRUC:
		return kdDiacr(d, b, ev, exit, code)
	case reqKDGETKEYCODE, reqKDSETKEYCODE:
		return kdKeycode(d, b, ev, exit, code == reqKDGETKEYCODE)
	case reqKDSIGACCEPT:
		b = d.sep(b)
		if arg < 0x7fffffff {
			return d.signal(b, int64(arg)), ioctlResDone
		}
		return appendUint(b, arg), ioctlResDone
	case reqKDKBDREP:
		return kdChanged(d, b, ev, exit, 8, false, func(b []byte, p []byte, _ bool) []byte {
			b = append(b, "{delay="...)
			b = appendInt(b, int64(int32(le32(p, 0))))
			b = append(b, ", period="...)
			b = appendInt(b, int64(int32(le32(p, 4))))
			return append(b, '}')
		})
	case reqPIOUNIMAPCLR:
		b, p, ok := ioctlArg(d.sep(b), ev, 6, false)
		if ok {
			b = append(b, "{advised_hashsize="...)
			b = appendUint(b, uint64(le16(p, 0)))
			b = append(b, ", advised_hashstep="...)
			b = appendUint(b, uint64(le16(p, 2)))
			b = append(b, ", advised_hashlevel="...)
			b = appendUint(b, uint64(le16(p, 4)))
			b = append(b, '}')
		}
		return b, ioctlResDone
	case reqGIOUNIMAP, reqPIOUNIMAP:
		return kdUnimap(d, b, ev, exit, code == reqGIOUNIMAP)
	case reqGIOFONTX, reqPIOFONTX:
		get := code == reqGIOFONTX
		return kdChanged(d, b, ev, exit, 16, get, func(b []byte, p []byte, exit bool) []byte {
			return d.kdFontDesc(b, ev, p, get && !exit)
		})
	case reqKDFONTOP:
		return kdFontOp(d, b, ev, exit)
	}
	return b, ioctlResUnknown
}

// kdLedTable is the LED table of an LED request: the keyboard flags'
// (with their defaults) or the LEDs'.
func kdLedTable(code uint32) *xlat {
	if code == reqKDGKBLED || code == reqKDSKBLED {
		return kdDefaultLedFlags
	}
	return kdLedFlags
}

// kdMkTone prints KDMKTONE's argument: its duration in ticks shifted up
// 16 bits over the tone's PIT count, with the tone in a comment.
func (d *Decoder) kdMkTone(b []byte, v uint32) []byte {
	ticks, count := v>>16, v&0xffff
	if ticks != 0 {
		b = appendUint(b, uint64(ticks))
		b = append(b, "<<16|"...)
	}
	b = appendUint(b, uint64(count))
	if d.opts.Xlat == XlatRaw {
		return b
	}
	if ticks != 0 && count != 0 {
		return appendComment(b, strconv.FormatUint(kdPITTickRate/uint64(count), 10)+" Hz, "+
			strconv.FormatUint(uint64(ticks), 10)+" ms")
	}
	return appendComment(b, "off")
}

// kdKbdMode prints a keyboard mode; unknown ones in decimal.
func (d *Decoder) kdKbdMode(b []byte, v uint32) []byte {
	mark := len(b)
	w := uint64(int64(int32(v)))
	return d.restyle(appendEnum(b, kdKbdModes, w), mark, w, numDecimal)
}

// kdGetValue decodes a getter of a size-byte value, printed at exit as
// [VALUE] by print.
func kdGetValue(d *Decoder, b []byte, ev *trace.Event, exit bool, size int, print func(b []byte, v uint64) []byte) ([]byte, ioctlRes) {
	if !exit {
		return d.sep(b), ioctlResLater
	}
	b, p, ok := ioctlArg(b, ev, size, true)
	if !ok {
		return b, ioctlResDone
	}
	var v uint64
	if size == 1 {
		v = uint64(p[0])
	} else {
		v = uint64(le32(p, 0))
	}
	b = append(b, '[')
	b = print(b, v)
	return append(b, ']'), ioctlResDone
}

// kdHexStr decodes a request whose argument is n bytes strace prints in
// hex (printstr_ex with QUOTE_FORCE_HEX): a setter's at entry, a
// getter's at exit.
func kdHexStr(d *Decoder, b []byte, ev *trace.Event, exit, get bool, n int) ([]byte, ioctlRes) {
	if !exit {
		b = d.sep(b)
		if get {
			return b, ioctlResLater
		}
	}
	want := min(n, d.opts.StringLimit+1)
	b, p, ok := ioctlArg(b, d.whole(ev), want, exit)
	if ok {
		b = d.appendBuf(b, p, uint64(n), true)
	}
	return b, ioctlResDone
}

// kdChanged decodes a request whose struct of size bytes is printed at
// entry and, unless get (then only at exit), again after " => " at exit
// when the call succeeded.
func kdChanged(d *Decoder, b []byte, ev *trace.Event, exit bool, size int, get bool, print func(b []byte, p []byte, exit bool) []byte) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := ioctlArg(d.sep(b), ev, size, false)
		if !ok {
			return b, ioctlResDone
		}
		return print(b, p, false), ioctlResLater
	}
	p, ok := ioctlData(ev, size)
	if !ok || failed(ev) {
		return b, ioctlResDone
	}
	b = append(b, " => "...)
	return print(b, p, true), ioctlResDone
}

// kdArray prints n elements of size bytes at addr, whose bytes data
// holds as far as they could be read (at most -s of them unless -v), as
// strace's print_array: the address when the first one cannot be read,
// "... /* ADDR */" where reading stopped; more adds "..." at the end
// (the count was cut).
func (d *Decoder) kdArray(b []byte, addr uint64, data []byte, n uint64, size int, more bool, elem func(b []byte, e []byte) []byte) []byte {
	if addr == 0 {
		return append(b, "NULL"...)
	}
	if n == 0 {
		if more {
			return append(b, "[...]"...)
		}
		return append(b, "[]"...)
	}
	cut := false
	for k := uint64(0); k < n; k++ {
		off := int(k) * size
		if off+size > len(data) {
			if k == 0 {
				return appendPtr(b, addr)
			}
			b = append(b, ", ... /* "...)
			b = appendHex(b, addr+uint64(off))
			b = append(b, " */"...)
			cut = true
			break
		}
		if k == 0 {
			b = append(b, '[')
		} else {
			b = append(b, ", "...)
		}
		if !d.opts.Verbose && k >= uint64(d.opts.StringLimit) {
			b = append(b, "..."...)
			cut = true
			break
		}
		b = elem(b, data[off:off+size])
	}
	if more && !cut {
		b = append(b, ", ..."...)
	}
	return append(b, ']')
}

// kdUniScreenMap decodes GIO_UNISCRNMAP and PIO_UNISCRNMAP's array of
// E_TABSZ unsigned shorts, the direct-to-font ones as UNI_DIRECT_BASE+N.
func kdUniScreenMap(d *Decoder, b []byte, ev *trace.Event, exit, get bool) ([]byte, ioctlRes) {
	if !exit {
		b = d.sep(b)
		if get {
			return b, ioctlResLater
		}
	}
	var data []byte
	if cp, ok := capOK(ev, 2); ok && !(exit && failed(ev)) {
		data = cp.Data
	}
	b = d.kdArray(b, ev.Args[2], data, kdETabSize, 2, false, func(b []byte, e []byte) []byte {
		v := le16(e, 0)
		direct := v&^0x1ff == 0xf000
		if d.opts.Xlat != XlatAbbrev || !direct {
			b = appendHex(b, uint64(v))
		}
		if d.opts.Xlat == XlatRaw || !direct {
			return b
		}
		s := "UNI_DIRECT_BASE+" + string(appendHex(nil, uint64(v&0x1ff)))
		if d.opts.Xlat == XlatVerbose {
			return appendComment(b, s)
		}
		return append(b, s...)
	})
	return b, ioctlResDone
}

// appendKdChar prints a character as strace's print_char with quotes
// and the whitespace escapes: 'a', '\n', '\x00'.
func appendKdChar(b []byte, c byte) []byte {
	b = append(b, '\'')
	switch {
	case c >= ' ' && c < 0x7f:
		if c == '\'' || c == '\\' {
			b = append(b, '\\')
		}
		b = append(b, c)
	case c >= '\t' && c <= '\r':
		b = append(b, '\\', "tnvfr"[c-'\t'])
	default:
		b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
	}
	return append(b, '\'')
}

// kdKbdEntry decodes KDGKBENT and KDSKBENT's struct kbentry: the table
// and index at entry, the value at entry (setter) or exit (getter), with
// its key name in a comment.
func kdKbdEntry(d *Decoder, b []byte, ev *trace.Event, exit, get bool) ([]byte, ioctlRes) {
	// strace reads the struct with umove, whatever -e verbose= says.
	ev = d.whole(ev)
	if !exit {
		var p []byte
		var ok bool
		b, p, ok = ioctlArg(d.sep(b), ev, 2, false)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "{kb_table="...)
		if _, ok := kdKeyTables.lookup(uint64(p[0])); ok {
			b = d.enum(b, kdKeyTables, uint64(p[0]))
		} else {
			b = d.flags(b, kdKeymapFlags, uint64(p[0]))
		}
		b = append(b, ", kb_index="...)
		b = appendUint(b, uint64(p[1]))
		if get {
			return b, ioctlResLater
		}
	} else if failed(ev) {
		return append(b, '}'), ioctlResDone
	}
	b = append(b, ", kb_value="...)
	p, ok := ioctlData(ev, 4)
	if !ok {
		b = append(b, "???}"...)
		return b, ioctlResDone
	}
	v := le16(p, 2)
	b = appendHex(b, uint64(v))
	if d.opts.Xlat != XlatRaw {
		typ, val := v>>8, byte(v)
		name := ""
		if int(typ) < len(kdKeyTypeTables) && kdKeyTypeTables[typ] != nil {
			name, _ = kdKeyTypeTables[typ].lookup(uint64(v))
		}
		if name != "" {
			b = appendComment(b, name)
		} else {
			b = append(b, " /* K("...)
			b = appendEnum(b, kdKeyTypes, uint64(typ))
			b = append(b, ", "...)
			switch typ {
			case 0, 8, 11, 13: // KT_LATIN, KT_META, KT_LETTER, KT_DEAD2
				b = appendKdChar(b, val)
			default:
				b = appendHex(b, uint64(val))
			}
			b = append(b, ") */"...)
		}
	}
	return append(b, '}'), ioctlResDone
}

// kdKbdStrEntry decodes KDGKBSENT and KDSKBSENT's struct kbsentry: the
// function key at entry, its string at entry (setter) or exit (getter).
func kdKbdStrEntry(d *Decoder, b []byte, ev *trace.Event, exit, get bool) ([]byte, ioctlRes) {
	if !exit {
		var p []byte
		var ok bool
		b, p, ok = ioctlArg(d.sep(b), ev, 1, false)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "{kb_func="...)
		b = d.enum(b, kdKeyFnKeyVals(), uint64(p[0]))
		if get {
			return b, ioctlResLater
		}
	} else if failed(ev) {
		return append(b, '}'), ioctlResDone
	}
	b = append(b, ", kb_string="...)
	var s []byte
	if p, ok := ioctlData(ev, 1); ok {
		s = p[1:min(len(p), 1+kdKbsentryStrSize)]
	}
	// Read as a C string: unreadable before its NUL, it is not shown.
	n := len(s)
	nul := false
	for i, c := range s {
		if c == 0 {
			n, nul = i+1, true
			break
		}
	}
	if !nul && len(s) < kdKbsentryStrSize {
		return append(b, "???}"...), ioctlResDone
	}
	n = min(n, d.opts.StringLimit)
	if n > 0 && s[n-1] == 0 {
		b = d.appendQuoted(b, s[:n-1], false)
	} else {
		b = d.appendQuoted(b, s[:n], false)
		b = append(b, "..."...)
	}
	return append(b, '}'), ioctlResDone
}

// kdDiacr decodes KDGKBDIACR, KDSKBDIACR and their Unicode variants:
// the count and at most KERNEL_MAX_DIACR accent entries.
func kdDiacr(d *Decoder, b []byte, ev *trace.Event, exit bool, code uint32) ([]byte, ioctlRes) {
	get := code == reqKDGKBDIACR || code == reqKDGKBDIACRUC
	uc := code == reqKDGKBDIACRUC || code == reqKDSKBDIACRUC
	if !exit {
		b = d.sep(b)
		if get {
			return b, ioctlResLater
		}
	}
	b, p, ok := ioctlArg(b, ev, 4, exit)
	if !ok {
		return b, ioctlResDone
	}
	cp, _ := capOK(ev, 2)
	cnt := le32(p, 0)
	b = append(b, "{kb_cnt="...)
	b = appendUint(b, uint64(cnt))
	size, field := 3, ", kbdiacr="
	if uc {
		size, field = 12, ", kbdiacruc="
	}
	b = append(b, field...)
	b = d.kdArray(b, ev.Args[2]+4, cp.Data[4:], uint64(min(cnt, kdMaxDiacr)), size, cnt > kdMaxDiacr, func(b []byte, e []byte) []byte {
		names := [...]string{"{diacr=", ", base=", ", result="}
		for i, n := range names {
			b = append(b, n...)
			if uc {
				b = appendHex(b, uint64(le32(e, 4*i)))
			} else {
				b = appendKdChar(b, e[i])
			}
		}
		return append(b, '}')
	})
	return append(b, '}'), ioctlResDone
}

// kdKeycode decodes KDGETKEYCODE and KDSETKEYCODE's struct kbkeycode;
// the getter's keycode as it returned after " => ".
func kdKeycode(d *Decoder, b []byte, ev *trace.Event, exit, get bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := ioctlArg(d.sep(b), ev, 8, false)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "{scancode="...)
		b = appendHex(b, uint64(le32(p, 0)))
		b = append(b, ", keycode="...)
		b = appendHex(b, uint64(le32(p, 4)))
		if get {
			return b, ioctlResLater
		}
		return append(b, '}'), ioctlResDone
	}
	if p, ok := ioctlData(ev, 8); ok && !failed(ev) {
		b = append(b, " => "...)
		b = appendHex(b, uint64(le32(p, 4)))
	}
	return append(b, '}'), ioctlResDone
}

// kdNested returns the bytes captured at the pointer in an ioctl's
// struct (syscalls.IoctlNestedObjects), if any.
func kdNested(ev *trace.Event) []byte {
	if cp, ok := capOK(ev, 2); ok && len(cp.Elems) > 0 && !cp.Elems[0].Faulted {
		return cp.Elems[0].Data
	}
	return nil
}

// kdNestedHexStr prints the n bytes at addr, captured as ev's nested
// object, as printstr_ex in hex does.
func (d *Decoder) kdNestedHexStr(b []byte, ev *trace.Event, addr uint64, n uint64) []byte {
	if addr == 0 {
		return append(b, "NULL"...)
	}
	data := kdNested(ev)
	if uint64(len(data)) < min(n, uint64(d.opts.StringLimit)+1) {
		return appendPtr(b, addr)
	}
	return d.appendBuf(b, data, n, true)
}

// kdUnimap decodes GIO_UNIMAP and PIO_UNIMAP's struct unimapdesc: the
// count, the getter's count as returned after " => ", and the entries.
func kdUnimap(d *Decoder, b []byte, ev *trace.Event, exit, get bool) ([]byte, ioctlRes) {
	if !exit {
		b = d.sep(b)
	}
	addr := ev.Args[2]
	p, ok := ioctlData(ev, 16)
	if addr == 0 || !ok {
		if addr == 0 {
			b = append(b, "NULL"...)
		} else {
			b = appendPtr(b, addr)
		}
		if exit {
			b = append(b, '}')
		}
		return b, ioctlResDone
	}
	cnt := le16(p, 0)
	if !exit {
		b = append(b, "{entry_ct="...)
		b = appendUint(b, uint64(cnt))
		if get {
			return b, ioctlResLater
		}
	} else {
		b = append(b, " => "...)
		b = appendUint(b, uint64(cnt))
	}
	entries := le64(p, 8)
	if exit && failed(ev) && ev.Ret != -kdENOMEM {
		b = append(b, ", entries="...)
		b = appendPtr(b, entries)
		return append(b, '}'), ioctlResDone
	}
	b = append(b, ", entries="...)
	var data []byte
	if !(exit && failed(ev)) {
		data = kdNested(ev)
	}
	b = d.kdArray(b, entries, data, uint64(cnt), 4, false, func(b []byte, e []byte) []byte {
		b = append(b, "{unicode="...)
		b = appendHex(b, uint64(le16(e, 0)))
		b = append(b, ", fontpos="...)
		b = appendHex(b, uint64(le16(e, 2)))
		return append(b, '}')
	})
	return append(b, '}'), ioctlResDone
}

// kdFontDesc prints a struct consolefontdesc; its chardata as an address
// when ptr (a getter at entry).
func (d *Decoder) kdFontDesc(b []byte, ev *trace.Event, p []byte, ptr bool) []byte {
	count := le16(p, 0)
	b = append(b, "{charcount="...)
	b = appendUint(b, uint64(count))
	b = append(b, ", charheight="...)
	b = appendUint(b, uint64(le16(p, 2)))
	b = append(b, ", chardata="...)
	data := le64(p, 8)
	if ptr {
		b = appendPtr(b, data)
	} else {
		b = d.kdNestedHexStr(b, ev, data, uint64(min(count, 512))*32)
	}
	return append(b, '}')
}

// The KDFONTOP operations.
const (
	kdFontOpSet        = 0
	kdFontOpGet        = 1
	kdFontOpSetDefault = 2
	kdFontOpCopy       = 3
	// kdFontOpSize is sizeof(struct console_font_op).
	kdFontOpSize = 32
)

// kdFontOp decodes KDFONTOP's struct console_font_op: the fields each
// operation uses, at entry and, for the getters, again at exit.
func kdFontOp(d *Decoder, b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	b, r := kdChanged(d, b, ev, exit, kdFontOpSize, false, func(b []byte, p []byte, exit bool) []byte {
		return d.kdFontOpStruct(b, ev, p, exit)
	})
	if p, ok := ioctlData(ev, kdFontOpSize); ok && r == ioctlResLater {
		if op := le32(p, 0); op == kdFontOpSet || op == kdFontOpCopy {
			r = ioctlResDone
		}
	}
	return b, r
}

// kdFontOpStruct prints a struct console_font_op.
func (d *Decoder) kdFontOpStruct(b []byte, ev *trace.Event, p []byte, exit bool) []byte {
	op, flags, width, height, count := le32(p, 0), le32(p, 4), le32(p, 8), le32(p, 12), le32(p, 16)
	data := le64(p, 24)
	b = append(b, '{')
	if !exit {
		b = append(b, "op="...)
		b = d.enum(b, kdFontOps, uint64(op))
		if op != kdFontOpSetDefault && op != kdFontOpCopy {
			b = append(b, ", flags="...)
			b = d.flags(b, kdFontFlags, uint64(flags))
		}
		b = append(b, ", "...)
	}
	if op != kdFontOpCopy {
		b = append(b, "width="...)
		b = appendUint(b, uint64(width))
		b = append(b, ", "...)
	}
	b = append(b, "height="...)
	b = appendUint(b, uint64(height))
	if op != kdFontOpSetDefault && op != kdFontOpCopy {
		b = append(b, ", charcount="...)
		b = appendUint(b, uint64(count))
	}
	switch {
	case op == kdFontOpGet && !exit, op > kdFontOpCopy:
		b = append(b, ", data="...)
		b = appendPtr(b, data)
	case op == kdFontOpGet, op == kdFontOpSet:
		b = append(b, ", data="...)
		n := uint64((min(width, 32)+7)/8) * 32 * uint64(min(count, 512))
		b = d.kdNestedHexStr(b, ev, data, n)
	case op == kdFontOpSetDefault && !exit:
		b = append(b, ", data="...)
		b = d.kdFontName(b, ev, data)
	}
	return append(b, '}')
}

// kdFontName prints KD_FONT_OP_SET_DEFAULT's font name, a C string of at
// most KERNEL_MAX_FONT_NAME bytes with its NUL, as strace's printstr_ex
// with QUOTE_0_TERMINATED | QUOTE_EXPECT_TRAILING_0.
func (d *Decoder) kdFontName(b []byte, ev *trace.Event, addr uint64) []byte {
	if addr == 0 {
		return append(b, "NULL"...)
	}
	data := kdNested(ev)
	limit := d.opts.StringLimit
	want := min(limit+1, kdFontNameMax)
	end := -1
	for i := 0; i < min(want, len(data)); i++ {
		if data[i] == 0 {
			end = i
			break
		}
	}
	if end < 0 && len(data) < want {
		return appendPtr(b, addr)
	}
	// As printstr_ex: at most -s bytes, and of a full-size name all but
	// its last, which should be its NUL; "..." unless a NUL ends them.
	size, sentinel := want, true
	if size > limit {
		size, sentinel = limit, false
	}
	if size == kdFontNameMax {
		size, sentinel = size-1, false
	}
	if end >= 0 && end < size {
		return d.appendQuoted(b, data[:end], false)
	}
	b = d.appendQuoted(b, data[:size], false)
	if sentinel || end != size && data[size] != 0 {
		b = append(b, "..."...)
	}
	return b
}
