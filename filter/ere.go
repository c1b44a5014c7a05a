package filter

import (
	"fmt"
	"regexp"
	"strconv"
)

// regcompError is an error of regcomp(3): glibc's message for its code,
// which strace prints after "regcomp: PATTERN: ".
type regcompError string

func (e regcompError) Error() string { return string(e) }

// glibc's regerror(3) messages for the codes an extended expression can
// get.
const (
	regBadRpt   regcompError = "Invalid preceding regular expression"
	regEParen   regcompError = `Unmatched ( or \(`
	regEBrack   regcompError = "Unmatched [, [^, [:, [., or [="
	regEBrace   regcompError = `Unmatched \{`
	regBadBR    regcompError = `Invalid content of \{\}`
	regERange   regcompError = "Invalid range end"
	regECType   regcompError = "Invalid character class name"
	regEEscape  regcompError = "Trailing backslash"
	regESubReg  regcompError = "Invalid back reference"
	regECollate regcompError = "Invalid collation character"
	regESize    regcompError = "Regular expression too big"
)

// dupMax is glibc's RE_DUP_MAX, the largest count of an interval.
const dupMax = 0x7fff

// goMaxCount is the largest count of an interval Go's syntax takes.
const goMaxCount = 1000

// charClasses are the names [:NAME:] may give in a bracket expression.
var charClasses = map[string]bool{
	"alnum": true, "alpha": true, "blank": true, "cntrl": true, "digit": true, "graph": true,
	"lower": true, "print": true, "punct": true, "space": true, "upper": true, "xdigit": true,
}

// compileERE compiles pat, a POSIX extended regular expression, as glibc's
// regcomp(3) with REG_EXTENDED in the C locale reads it (strace's
// -e trace=/REGEX): a pattern regcomp refuses gets its error, a
// regcompError; one it takes is translated into Go's syntax, which back
// references, which Go lacks, do not survive. The expression matches as
// glibc's on strings shorter than 1000 bytes, but for GNU's \< and \>
// (a word's start, its end), which Go can only write as \b (either).
func compileERE(pat string) (*regexp.Regexp, error) {
	p := &ereParser{s: pat}
	if err := p.regExp(0); err != nil {
		return nil, err
	}
	return regexp.Compile(string(p.out))
}

// ereParser follows glibc's parser (posix/regcomp.c: parse_reg_exp and
// what it calls) over s, byte by byte as in the C locale, writing the
// expression in Go's syntax to out.
type ereParser struct {
	s   string
	i   int
	out []byte
	// nsub counts the groups opened; closed has bit n set once group
	// n+1 is closed (the groups a back reference may name: 1 to 9).
	nsub   int
	closed uint16
}

func (p *ereParser) end() bool { return p.i >= len(p.s) }

// regExp parses branches separated by '|' (any may be empty), up to the
// end, or up to the ')' that ends the group when nest > 0.
func (p *ereParser) regExp(nest int) error {
	if err := p.branch(nest); err != nil {
		return err
	}
	for !p.end() && p.s[p.i] == '|' {
		p.i++
		p.out = append(p.out, '|')
		if err := p.branch(nest); err != nil {
			return err
		}
	}
	return nil
}

// branch parses expressions up to a '|', the end, or the group's ')'.
func (p *ereParser) branch(nest int) error {
	for !p.end() && p.s[p.i] != '|' && (nest == 0 || p.s[p.i] != ')') {
		if err := p.expression(nest); err != nil {
			return err
		}
	}
	return nil
}

// expression parses one atom and the repetitions that follow it; an
// anchor takes none (one after it starts an expression, an error).
func (p *ereParser) expression(nest int) error {
	start := len(p.out)
	c := p.s[p.i]
	switch c {
	case '*', '+', '?', '{':
		return regBadRpt
	case '(':
		p.i++
		n := p.nsub
		p.nsub++
		p.out = append(p.out, "(?:"...)
		if p.end() || p.s[p.i] != ')' {
			if err := p.regExp(nest + 1); err != nil {
				return err
			}
			if p.end() {
				return regEParen
			}
		}
		p.i++
		p.out = append(p.out, ')')
		if n < 9 {
			p.closed |= 1 << n
		}
	case '[':
		p.i++
		if err := p.bracket(); err != nil {
			return err
		}
	case '^', '$':
		p.i++
		p.out = append(p.out, c)
		return nil
	case '.':
		p.i++
		p.out = append(p.out, "(?s:.)"...)
	case '\\':
		if p.i+1 >= len(p.s) {
			return regEEscape
		}
		c2 := p.s[p.i+1]
		p.i += 2
		switch c2 {
		case '1', '2', '3', '4', '5', '6', '7', '8', '9':
			if p.closed&(1<<(c2-'1')) == 0 {
				return regESubReg
			}
			return fmt.Errorf("back reference \\%c: Go's regular expressions have none", c2)
		case '<', '>', 'b':
			p.out = append(p.out, `\b`...)
			return nil
		case 'B':
			p.out = append(p.out, `\B`...)
			return nil
		case '`':
			p.out = append(p.out, `\A`...)
			return nil
		case '\'':
			p.out = append(p.out, `\z`...)
			return nil
		case 'w', 'W', 's', 'S':
			p.out = append(p.out, '\\', c2)
		default:
			p.literal(c2)
		}
	default:
		// ')' outside a group and '}' are characters too.
		p.i++
		p.literal(c)
	}
	return p.repetitions(start)
}

// literal writes the character c.
func (p *ereParser) literal(c byte) {
	p.out = append(p.out, `\x{`...)
	p.out = strconv.AppendUint(p.out, uint64(c), 16)
	p.out = append(p.out, '}')
}

// repetitions parses the '*', '+', '?' and intervals after the atom
// written from out[start:]; each after the first repeats the repeated
// atom, which Go wants in a group.
func (p *ereParser) repetitions(start int) error {
	for n := 0; !p.end(); n++ {
		c := p.s[p.i]
		if c != '*' && c != '+' && c != '?' && c != '{' {
			return nil
		}
		p.i++
		if n > 0 {
			p.out = append(p.out[:start], append([]byte("(?:"), append(p.out[start:len(p.out):len(p.out)], ')')...)...)
		}
		if c != '{' {
			p.out = append(p.out, c)
			continue
		}
		if err := p.interval(); err != nil {
			return err
		}
	}
	return nil
}

// interval parses an interval after its '{', as glibc's parse_dup_op
// does, and writes it.
func (p *ereParser) interval() error {
	lo, stop, atEnd := p.number()
	if lo == -1 {
		if stop != ',' {
			return regBadBR // "{}"
		}
		lo = 0 // "{,m}" is "{0,m}"
	}
	hi := 0
	if lo != -2 {
		switch stop {
		case '}':
			hi = lo
		case ',':
			hi, stop, atEnd = p.number()
		default:
			hi = -2
		}
	}
	if lo == -2 || hi == -2 {
		if atEnd {
			return regEBrace
		}
		return regBadBR
	}
	if (hi != -1 && lo > hi) || stop != '}' {
		return regBadBR
	}
	if max(lo, hi) > dupMax {
		return regESize
	}
	// Go's counts stop at goMaxCount: on a string shorter than that (a
	// syscall's name), a larger count matches just as that one does.
	written := func(n int) int64 { return int64(min(n, goMaxCount)) }
	p.out = append(p.out, '{')
	p.out = strconv.AppendInt(p.out, written(lo), 10)
	switch {
	case hi == -1:
		p.out = append(p.out, ',')
	case hi != lo:
		p.out = append(p.out, ',')
		p.out = strconv.AppendInt(p.out, written(hi), 10)
	}
	p.out = append(p.out, '}')
	return nil
}

// number reads an interval's count up to the '}' or ',' that stops it
// (glibc's fetch_number): -1 when there is none, -2 when something else
// comes first or the pattern ends (atEnd).
func (p *ereParser) number() (n int, stop byte, atEnd bool) {
	n = -1
	for {
		if p.end() {
			return -2, 0, true
		}
		c := p.s[p.i]
		if c == '\\' {
			// An escaped character is never a digit.
			p.i = min(p.i+2, len(p.s))
			n = -2
			continue
		}
		p.i++
		if c == '}' || c == ',' {
			return n, c, false
		}
		switch {
		case c < '0' || c > '9' || n == -2:
			n = -2
		case n == -1:
			n = int(c - '0')
		default:
			n = min(dupMax+1, n*10+int(c-'0'))
		}
	}
}

// bracketElem is one element of a bracket expression: a character, or a
// [.NAME.], [=NAME=] or [:NAME:] (kind '.', '=' or ':').
type bracketElem struct {
	kind byte
	c    byte
	name string
}

// bracket parses a bracket expression after its '[' (glibc's
// parse_bracket_exp) and writes it as a Go class.
func (p *ereParser) bracket() error {
	p.out = append(p.out, '[')
	if !p.end() && p.s[p.i] == '^' {
		p.i++
		p.out = append(p.out, '^')
	}
	for first := true; ; first = false {
		if p.end() {
			return regEBrack
		}
		// A ']' first is a character.
		if !first && p.s[p.i] == ']' {
			p.i++
			p.out = append(p.out, ']')
			return nil
		}
		lo, err := p.bracketElem(first)
		if err != nil {
			return err
		}
		ranged := false
		if lo.kind != ':' && lo.kind != '=' {
			if p.end() {
				return regEBrack
			}
			if p.s[p.i] == '-' {
				if p.i+1 >= len(p.s) {
					return regEBrack
				}
				// A '-' before the closing ']' is a character.
				if p.s[p.i+1] != ']' {
					p.i++
					ranged = true
				}
			}
		}
		if !ranged {
			if err := p.classItem(lo); err != nil {
				return err
			}
			continue
		}
		hi, err := p.bracketElem(true)
		if err != nil {
			return err
		}
		if lo.kind == ':' || lo.kind == '=' || hi.kind == ':' || hi.kind == '=' {
			return regERange
		}
		if (lo.kind == '.' && len(lo.name) != 1) || (hi.kind == '.' && len(hi.name) != 1) {
			return regECollate
		}
		a, b := lo.char(), hi.char()
		if a > b {
			return regERange
		}
		p.literal(a)
		p.out = append(p.out, '-')
		p.literal(b)
	}
}

// char is the character of a character or a one-character [.c.].
func (e bracketElem) char() byte {
	if e.kind == '.' {
		return e.name[0]
	}
	return e.c
}

// bracketElem parses one element (glibc's parse_bracket_element): a '-'
// may start one only first, as a range's end, or before the closing ']'.
func (p *ereParser) bracketElem(acceptHyphen bool) (bracketElem, error) {
	c := p.s[p.i]
	if c == '[' && p.i+1 < len(p.s) {
		if delim := p.s[p.i+1]; delim == '.' || delim == '=' || delim == ':' {
			p.i += 2
			return p.bracketSymbol(delim)
		}
	}
	p.i++
	if c == '-' && !acceptHyphen && (p.end() || p.s[p.i] != ']') {
		return bracketElem{}, regERange
	}
	return bracketElem{c: c}, nil
}

// bracketSymbol reads the name of a [.NAME.], [=NAME=] or [:NAME:] after
// its opening (glibc's parse_bracket_symbol: at most 31 bytes).
func (p *ereParser) bracketSymbol(delim byte) (bracketElem, error) {
	const nameMax = 32
	start := p.i
	if p.end() {
		return bracketElem{}, regEBrack
	}
	for n := 0; ; n++ {
		if n >= nameMax {
			return bracketElem{}, regEBrack
		}
		c := p.s[p.i]
		p.i++
		if p.end() {
			return bracketElem{}, regEBrack
		}
		if c == delim && p.s[p.i] == ']' {
			p.i++
			return bracketElem{kind: delim, name: p.s[start : p.i-2]}, nil
		}
	}
}

// classItem writes one element that is not a range.
func (p *ereParser) classItem(e bracketElem) error {
	switch e.kind {
	case ':':
		if !charClasses[e.name] {
			return regECType
		}
		p.out = append(p.out, "[:"+e.name+":]"...)
	case '.', '=':
		// The C locale's collating elements and equivalence classes
		// are single characters.
		if len(e.name) != 1 {
			return regECollate
		}
		p.literal(e.name[0])
	default:
		p.literal(e.c)
	}
	return nil
}
