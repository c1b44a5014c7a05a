package decode

import (
	"encoding/binary"
	"slices"
)

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

// plainPrefix is the length of s's leading run of plain bytes.
func plainPrefix(s []byte) int {
	for i, c := range s {
		if !plainByte[c] {
			return i
		}
	}
	return len(s)
}

// hexEscape is byte c's escape \xHH, its first byte lowest, as appendQuoted
// stores it.
func hexEscape(c byte) uint32 {
	return uint32('\\') | uint32('x')<<8 | uint32(hexDigits[c>>4])<<16 | uint32(hexDigits[c&15])<<24
}

// octalEscape is byte c's escape in three octal digits, \ooo, as
// hexEscape.
func octalEscape(c byte) uint32 {
	return uint32('\\') | uint32('0'+c>>6)<<8 | uint32('0'+(c>>3)&7)<<16 | uint32('0'+c&7)<<24
}

// quoteEscape is how appendQuoted writes a byte that is not plain: its
// escape (up to four bytes, in word's low bytes first), and whether the
// escape is named (\n, \") rather than octal.
type quoteEscape struct {
	word  uint32
	n     uint8
	named bool
}

// quoteEscapes holds the quoteEscape of each byte that is not plain: named
// for the quote, the backslash and \t\n\v\f\r, else octal in as few
// digits as the value needs.
var quoteEscapes = func() (t [256]quoteEscape) {
	named := map[byte]byte{'"': '"', '\\': '\\', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v'}
	for i := range t {
		c := byte(i)
		e := []byte{'\\'}
		if to, ok := named[c]; ok {
			e = append(e, to)
			t[i].named = true
		} else if plainByte[c] {
			continue
		} else {
			if c>>6 != 0 {
				e = append(e, '0'+c>>6)
			}
			if c>>3 != 0 {
				e = append(e, '0'+(c>>3)&7)
			}
			e = append(e, '0'+c&7)
		}
		var w [4]byte
		copy(w[:], e)
		t[i].word, t[i].n = binary.LittleEndian.Uint32(w[:]), uint8(len(e))
	}
	return t
}()

// appendQuoted appends s as a C string literal the way strace's
// string_quote does: quotes, backslash escapes for \t\n\v\f\r, "\\" and
// "\"", and octal for other non-printable bytes (three digits when a digit
// follows); everything in \x.. hex under -xx, or under -x when any byte
// is not printable ASCII, or when forceHex is set. Strings of kilobytes
// are the reader's largest cost: runs of plain bytes are copied whole, and
// the escapes written in place, in room made once (four bytes at most for
// each byte of s).
func (d *Decoder) appendQuoted(b []byte, s []byte, forceHex bool) []byte {
	b = append(b, '"')
	n := len(b)
	b = slices.Grow(b, 4*len(s)+1)
	out := b[:n+4*len(s)]
	hex := forceHex || d.opts.Hex == HexAll || (d.opts.Hex == HexNonASCII && needsHex(s))
	if hex {
		for _, c := range s {
			binary.LittleEndian.PutUint32(out[n:], hexEscape(c))
			n += 4
		}
		return append(out[:n], '"')
	}
	for i := 0; i < len(s); {
		c := s[i]
		if plainByte[c] {
			k := plainPrefix(s[i:])
			n += copy(out[n:], s[i:i+k])
			i += k
			continue
		}
		i++
		e := &quoteEscapes[c]
		switch {
		case e.named:
			binary.LittleEndian.PutUint32(out[n:], e.word)
			n += int(e.n)
		case d.opts.Hex == HexNonASCIIChars:
			binary.LittleEndian.PutUint32(out[n:], hexEscape(c))
			n += 4
		case i < len(s) && s[i]-'0' < 8:
			// An octal digit follows: the escape takes all three digits.
			binary.LittleEndian.PutUint32(out[n:], octalEscape(c))
			n += 4
		default:
			binary.LittleEndian.PutUint32(out[n:], e.word)
			n += int(e.n)
		}
	}
	return append(out[:n], '"')
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
