package decode

import "slices"

const hexDigits = "0123456789abcdef"

// needsHex reports whether -x prints s in hex: it holds a byte that is
// neither printable ASCII nor one of the whitespace controls \t\n\v\f\r.
func needsHex(s []byte) bool {
	for _, c := range s {
		if c > 0x7e || (c < ' ' && (c < 9 || c > 13)) {
			return true
		}
	}
	return false
}

// plainByte marks the bytes appendQuoted copies as they are: printable
// ASCII but the quote and the backslash.
var plainByte = func() (t [256]bool) {
	for c := ' '; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendQuoted appends s as a C string literal the way strace's
// string_quote does: quotes, backslash escapes for \t\n\v\f\r, "\\" and
// "\"", and octal for other non-printable bytes (three digits when a digit
// follows); everything in \x.. hex under -xx, or under -x when any byte
// is not printable ASCII, or when forceHex is set. Runs of plain bytes are
// copied whole: strings of kilobytes are the reader's largest cost.
func (d *Decoder) appendQuoted(b []byte, s []byte, forceHex bool) []byte {
	b = append(b, '"')
	hex := forceHex || d.opts.Hex == HexAll || (d.opts.Hex == HexNonASCII && needsHex(s))
	if hex {
		n := len(b)
		b = slices.Grow(b, 4*len(s)+1)[:n+4*len(s)]
		for i, c := range s {
			o := b[n+4*i : n+4*i+4]
			o[0], o[1], o[2], o[3] = '\\', 'x', hexDigits[c>>4], hexDigits[c&15]
		}
		return append(b, '"')
	}
	b = slices.Grow(b, len(s)+1)
	for i := 0; i < len(s); i++ {
		start := i
		for i < len(s) && plainByte[s[i]] {
			i++
		}
		b = append(b, s[start:i]...)
		if i == len(s) {
			break
		}
		c := s[i]
		b = append(b, '\\')
		switch c {
		case '"', '\\':
			b = append(b, c)
		case '\f':
			b = append(b, 'f')
		case '\n':
			b = append(b, 'n')
		case '\r':
			b = append(b, 'r')
		case '\t':
			b = append(b, 't')
		case '\v':
			b = append(b, 'v')
		default:
			if d.opts.Hex == HexNonASCIIChars {
				b = append(b, 'x', hexDigits[c>>4], hexDigits[c&15])
				continue
			}
			full := i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7'
			if full || c>>6 != 0 {
				b = append(b, '0'+c>>6)
			}
			if full || c>>3 != 0 {
				b = append(b, '0'+(c>>3)&7)
			}
			b = append(b, '0'+c&7)
		}
	}
	return append(b, '"')
}

// AppendQuoted appends s as strace quotes a string under the -x setting
// hex: in double quotes, escaped as appendQuoted does. Packages that word
// text for the decoder (fdpath's socket details) use it.
func AppendQuoted(b []byte, s []byte, hex HexMode) []byte {
	d := Decoder{opts: Options{Hex: hex}}
	return d.appendQuoted(b, s, false)
}

// appendAngled appends s as strace prints a path inside -y's "<...>":
// quoted without the quotes, with '<' and '>' escaped in octal too.
// appendQuoted leaves those two as themselves, and every other character
// it writes is an escape or printable, so they are escaped afterwards, in
// three digits when an octal digit follows, as string_quote does.
func (d *Decoder) appendAngled(b []byte, s []byte) []byte {
	mark := len(b)
	b = d.appendQuoted(b, s, false)
	quoted := b[mark+1 : len(b)-1]
	n := 0
	for _, c := range quoted {
		if c == '<' || c == '>' {
			n++
		}
	}
	if n == 0 {
		copy(b[mark:], quoted)
		return b[:mark+len(quoted)]
	}
	d.scratch = append(d.scratch[:0], quoted...)
	b = b[:mark]
	for i, c := range d.scratch {
		if c != '<' && c != '>' {
			b = append(b, c)
			continue
		}
		b = append(b, '\\')
		if i+1 < len(d.scratch) && d.scratch[i+1] >= '0' && d.scratch[i+1] <= '7' {
			b = append(b, '0')
		}
		b = append(b, '7', '0'+c&7)
	}
	return b
}

// appendBuf prints a buffer of length n whose first bytes were captured,
// as strace's printstr: at most -s bytes, then "..." when n is longer.
func (d *Decoder) appendBuf(b []byte, data []byte, n uint64, forceHex bool) []byte {
	show := len(data)
	if show > d.opts.StringLimit {
		show = d.opts.StringLimit
	}
	if uint64(show) > n {
		show = int(n)
	}
	b = d.appendQuoted(b, data[:show], forceHex)
	if n > uint64(show) {
		b = append(b, "..."...)
	}
	return b
}

// appendCString prints a NUL-terminated string: at most -s bytes, then
// "..." when it was longer.
func (d *Decoder) appendCString(b []byte, data []byte, truncated bool) []byte {
	show := len(data)
	if show > d.opts.StringLimit {
		show = d.opts.StringLimit
	}
	b = d.appendQuoted(b, data[:show], false)
	if truncated || len(data) > show {
		b = append(b, "..."...)
	}
	return b
}

// appendPath prints a file name whole; "..." marks one cut at PATH_MAX.
func (d *Decoder) appendPath(b []byte, data []byte, truncated bool) []byte {
	b = d.appendQuoted(b, data, false)
	if truncated {
		b = append(b, "..."...)
	}
	return b
}
