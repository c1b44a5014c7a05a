package decode

import (
	"bytes"
	"strconv"
)

// XlatStyle is -X: how named constants (flags, enumerations) are shown.
type XlatStyle uint8

// Styles.
const (
	// XlatAbbrev shows names: O_RDONLY|O_CLOEXEC (strace's default).
	XlatAbbrev XlatStyle = iota
	// XlatRaw shows numbers: 0x80000.
	XlatRaw
	// XlatVerbose shows both: 0x80000 /* O_RDONLY|O_CLOEXEC */.
	XlatVerbose
)

// numFormat is how restyle writes a constant's number.
type numFormat uint8

// Number formats.
const (
	numHex      numFormat = iota // 0x80000, 0 for zero (flags, most values)
	numDecimal                   // -100 (AT_FDCWD)
	numUnsigned                  // 8388608 (resource limits)
)

// restyle rewrites the constant just appended at b[mark:], the abbreviated
// rendering of value v, as -X asks: the number alone (raw), or the number
// with the names in a comment (verbose), the number written as f says.
func (d *Decoder) restyle(b []byte, mark int, v uint64, f numFormat) []byte {
	if d.opts.Xlat == XlatAbbrev {
		return b
	}
	return d.restyleNumber(b, mark, v, f)
}

// restyleNumber is restyle's work for -X raw and -X verbose.
func (d *Decoder) restyleNumber(b []byte, mark int, v uint64, f numFormat) []byte {
	d.scratch = append(d.scratch[:0], b[mark:]...)
	b = b[:mark]
	switch f {
	case numDecimal:
		b = strconv.AppendInt(b, int64(v), 10)
	case numUnsigned:
		b = strconv.AppendUint(b, v, 10)
	default:
		b = appendHex(b, v)
	}
	num := b[mark:]
	text := d.scratch
	if d.opts.Xlat == XlatRaw || bytes.Equal(text, num) {
		return b
	}
	if bytes.HasPrefix(text, num) && bytes.HasPrefix(text[len(num):], []byte(" /* ")) {
		// No name, only the table's default comment: "0x40 /* O_??? */".
		return append(b[:mark], text...)
	}
	b = append(b, " /* "...)
	b = append(b, text...)
	return append(b, " */"...)
}

// flags prints a flag set as -X asks (appendFlags restyled).
func (d *Decoder) flags(b []byte, x *xlat, v uint64) []byte {
	mark := len(b)
	return d.restyle(appendFlags(b, x, v), mark, v, numHex)
}

// enum prints an enumeration value as -X asks (appendEnum restyled).
func (d *Decoder) enum(b []byte, x *xlat, v uint64) []byte {
	mark := len(b)
	return d.restyle(appendEnum(b, x, v), mark, v, numHex)
}

// signal prints a signal number as -X asks: SIGTERM, 15, or
// 15 /* SIGTERM */.
func (d *Decoder) signal(b []byte, n int64) []byte {
	mark := len(b)
	return d.restyle(appendSignal(b, n), mark, uint64(n), numDecimal)
}
