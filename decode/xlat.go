package decode

import "strconv"

// xv is one named value of a value table.
type xv struct {
	v uint64
	s string
}

// xlat is a value table: the names strace prints for the values of a flag
// set or an enumeration. The order of vals is the order strace prints
// flags in.
type xlat struct {
	vals []xv
	// dflt is the comment printed after a value no entry names
	// ("O_???"); "" prints none.
	dflt string
	// decimal prints unnamed enumeration values in decimal.
	decimal bool
}

// lookup returns the name of value v, if the table has one.
func (x *xlat) lookup(v uint64) (string, bool) {
	for i := range x.vals {
		if x.vals[i].v == v {
			return x.vals[i].s, true
		}
	}
	return "", false
}

// appendHex appends v as C's %#x does: 0 for zero, 0x... otherwise.
func appendHex(b []byte, v uint64) []byte {
	if v == 0 {
		return append(b, '0')
	}
	b = append(b, "0x"...)
	return strconv.AppendUint(b, v, 16)
}

// appendOctal appends v as C's %#o does.
func appendOctal(b []byte, v uint64) []byte {
	if v == 0 {
		return append(b, '0')
	}
	b = append(b, '0')
	return strconv.AppendUint(b, v, 8)
}

// appendMode appends a permission mode as strace's %#03o.
func appendMode(b []byte, v uint64) []byte {
	if v < 010 {
		b = append(b, "00"...)
		return strconv.AppendUint(b, v, 8)
	}
	return appendOctal(b, v)
}

func appendComment(b []byte, s string) []byte {
	if s == "" {
		return b
	}
	b = append(b, " /* "...)
	b = append(b, s...)
	return append(b, " */"...)
}

// appendEnum prints v by name, or in hex (decimal) with the table's
// default comment, as strace's printxval.
func appendEnum(b []byte, x *xlat, v uint64) []byte {
	if s, ok := x.lookup(v); ok {
		return append(b, s...)
	}
	if x.decimal {
		b = strconv.AppendInt(b, int64(v), 10)
	} else {
		b = appendHex(b, v)
	}
	return appendComment(b, x.dflt)
}

// appendFlags prints a flag set as strace's printflags: the names of the
// set bits joined by |, then any unnamed bits in hex; 0 prints the name of
// a zero entry if the table has one, or "0".
func appendFlags(b []byte, x *xlat, v uint64) []byte {
	n := 0
	for i := range x.vals {
		e := &x.vals[i]
		if (v == e.v && n == 0) || (e.v != 0 && v&e.v == e.v) {
			if n > 0 {
				b = append(b, '|')
			}
			b = append(b, e.s...)
			n++
			v &^= e.v
			if v == 0 {
				break
			}
		}
	}
	if n > 0 {
		if v != 0 {
			b = append(b, '|')
			b = appendHex(b, v)
		}
		return b
	}
	if v != 0 {
		b = appendHex(b, v)
		return appendComment(b, x.dflt)
	}
	return append(b, '0')
}

// appendFlagsOnly is strace's sprintflags: like appendFlags, but a zero
// value with no zero entry and no names appends nothing and reports false.
func appendFlagsOnly(b []byte, x *xlat, v uint64) ([]byte, bool) {
	if v == 0 {
		if len(x.vals) > 0 && x.vals[0].v == 0 {
			return append(b, x.vals[0].s...), true
		}
		return b, false
	}
	found := false
	for i := range x.vals {
		e := &x.vals[i]
		if e.v != 0 && v&e.v == e.v {
			if found {
				b = append(b, '|')
			}
			b = append(b, e.s...)
			found = true
			v &^= e.v
		}
	}
	if v != 0 {
		if found {
			b = append(b, '|')
		}
		b = appendHex(b, v)
	}
	return b, true
}
