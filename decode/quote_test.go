package decode

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestAppendQuoted checks strings as strace 6.1 prints them under each -x
// setting.
func TestAppendQuoted(t *testing.T) {
	cases := []struct {
		in   string
		hex  HexMode
		want string
	}{
		{"", HexNone, `""`},
		{"hello, world", HexNone, `"hello, world"`},
		{"say \"hi\" \\ bye", HexNone, `"say \"hi\" \\ bye"`},
		{"\t\n\v\f\r", HexNone, `"\t\n\v\f\r"`},
		{"\x00", HexNone, `"\0"`},
		{"\x00a", HexNone, `"\0a"`},
		{"\x001", HexNone, `"\0001"`},
		{"\x1b[0m", HexNone, `"\33[0m"`},
		{"\x017", HexNone, `"\0017"`},
		{"\x7f\xff", HexNone, `"\177\377"`},
		{"caf\xc3\xa9", HexNone, `"caf\303\251"`},
		{"abc", HexNonASCII, `"abc"`},
		{"a\nb", HexNonASCII, `"a\nb"`},
		{"a\x00b", HexNonASCII, `"\x61\x00\x62"`},
		{"ab", HexAll, `"\x61\x62"`},
		{"a\x00\"", HexNonASCIIChars, `"a\x00\""`},
	}
	for _, c := range cases {
		d := Decoder{opts: Options{Hex: c.hex}}
		if got := string(d.appendQuoted([]byte("x="), []byte(c.in), false)); got != "x="+c.want {
			t.Errorf("appendQuoted(%q, hex %v) = %s, want x=%s", c.in, c.hex, got, c.want)
		}
	}
}

// quotedByByte is appendQuoted written one byte at a time, as string_quote
// is: the reference the runs of plain bytes are checked against.
func quotedByByte(s []byte, hex HexMode) []byte {
	b := []byte{'"'}
	if hex == HexAll || (hex == HexNonASCII && needsHex(s)) {
		for _, c := range s {
			b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
		}
		return append(b, '"')
	}
	escapes := map[byte]byte{'"': '"', '\\': '\\', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v'}
	for i, c := range s {
		if e, ok := escapes[c]; ok {
			b = append(b, '\\', e)
			continue
		}
		if c >= ' ' && c < 0x7f {
			b = append(b, c)
			continue
		}
		if hex == HexNonASCIIChars {
			b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
			continue
		}
		digits := []byte{'0' + c>>6, '0' + (c>>3)&7, '0' + c&7}
		if i+1 >= len(s) || s[i+1] < '0' || s[i+1] > '7' {
			for len(digits) > 1 && digits[0] == '0' {
				digits = digits[1:]
			}
		}
		b = append(append(b, '\\'), digits...)
	}
	return append(b, '"')
}

// TestAppendQuotedRuns checks random strings, mostly printable with
// escapes among them, against quotedByByte under every -x setting.
func TestAppendQuotedRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("abc0789 \"\\\t\n\x00\x01\x1f\x7f\x80\xff")
	for range 5000 {
		s := make([]byte, r.IntN(64))
		for i := range s {
			if r.IntN(3) == 0 {
				s[i] = alphabet[r.IntN(len(alphabet))]
			} else {
				s[i] = byte(r.IntN(256))
			}
		}
		for _, hex := range []HexMode{HexNone, HexNonASCII, HexAll, HexNonASCIIChars} {
			d := Decoder{opts: Options{Hex: hex}}
			got, want := d.appendQuoted(nil, s, false), quotedByByte(s, hex)
			if !bytes.Equal(got, want) {
				t.Fatalf("%q under hex %v: got %s, want %s", s, hex, got, want)
			}
		}
	}
}

// BenchmarkAppendQuoted quotes a 4 KiB printable string, as -s4096 prints
// a large buffer.
func BenchmarkAppendQuoted(b *testing.B) {
	s := bytes.Repeat([]byte("onmlkjihgfedcba "), 256)
	d := Decoder{}
	buf := make([]byte, 0, 4*len(s)+2)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		buf = d.appendQuoted(buf[:0], s, false)
	}
}

// BenchmarkAppendQuotedBinary quotes 4 KiB of random bytes, most of them
// escaped in octal.
func BenchmarkAppendQuotedBinary(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	s := make([]byte, 4096)
	for i := range s {
		s[i] = byte(r.IntN(256))
	}
	d := Decoder{}
	buf := make([]byte, 0, 4*len(s)+2)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		buf = d.appendQuoted(buf[:0], s, false)
	}
}
