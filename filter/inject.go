package filter

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// applyInject parses "SET:TOKEN:TOKEN..." of -e inject= (fault false) or
// -e fault= (fault true) and gives the rule to every syscall SET names,
// replacing their earlier rules, as strace's qualify_inject_common does.
func (s *Spec) applyInject(val string, fault bool) error {
	what := "inject argument"
	if fault {
		what = "fault argument"
	}
	invalid := fmt.Errorf("invalid %s '%s'", what, val)
	if val == "" || val[0] == ':' {
		// strace then qualifies an empty list.
		return errors.New("invalid system call ''")
	}
	parts := strings.Split(val, ":")
	in := &trace.Injection{First: 1, Last: trace.InjectForever, Step: 1, Syscall: -1}
	var seen injectSeen
	for _, tok := range parts[1:] {
		if tok == "" {
			continue // strtok skips empty tokens
		}
		if !s.injectToken(in, &seen, tok, fault) {
			return invalid
		}
	}
	set := trace.NewSyscallSet(false)
	if err := parseList(parts[0], "system call", func(tok string) (bool, error) { return s.addSyscalls(set, tok) }, func() { *set = *trace.NewSyscallSet(true) }, set.Invert); err != nil {
		return err
	}
	if !seen.action() {
		if !fault {
			return invalid
		}
		in.Errno = enosys
	}
	if s.Inject == nil {
		s.Inject = &trace.Injections{}
	}
	for _, e := range s.table.Entries() {
		if set.Has(e.NR) {
			s.Inject.Set(int32(e.NR), in)
		}
	}
	return nil
}

// enosys is fault='s default error.
const enosys = 38

// injectSeen records which tokens a rule had, to refuse duplicates.
type injectSeen struct {
	result, signal, syscall, delayEnter, delayExit, pokeEnter, pokeExit bool
}

// action reports whether the rule does anything (strace's
// INJECT_ACTION_FLAGS).
func (k *injectSeen) action() bool {
	return k.result || k.signal || k.delayEnter || k.delayExit || k.pokeEnter || k.pokeExit
}

// injectToken applies one token of a rule; false means it is invalid.
func (s *Spec) injectToken(in *trace.Injection, seen *injectSeen, tok string, fault bool) bool {
	name, val, ok := strings.Cut(tok, "=")
	if !ok {
		return false
	}
	switch name {
	case "when":
		return parseWhen(in, val)
	case "syscall":
		if seen.syscall {
			return false
		}
		nr, ok := s.table.Lookup(val)
		e, _ := s.table.Entry(nr)
		if !ok || e.Classes&syscalls.ClassPure == 0 {
			return false
		}
		in.Syscall, seen.syscall = int32(nr), true
		return true
	case "error":
		if seen.result {
			return false
		}
		n, err := strconv.ParseUint(val, 10, 32)
		e := int(n)
		if err != nil || n > 4095 {
			e, ok = decode.ErrnoNumber(val)
			if !ok {
				return false
			}
		}
		if e < 1 {
			return false
		}
		in.Errno, seen.result = e, true
		return true
	}
	if fault {
		return false
	}
	switch name {
	case "retval":
		if seen.result {
			return false
		}
		v, ok := parseStrtoull(val)
		if !ok {
			return false
		}
		in.Retval, in.HasRetval, seen.result = v, true, true
		s.InjectWarnings = append(s.InjectWarnings, inadvertentError(v)...)
		return true
	case "signal":
		if seen.signal {
			return false
		}
		n, ok := s.signalNumber(val)
		if !ok || n < 1 || n > 64 {
			return false
		}
		in.Signal, seen.signal = n, true
		return true
	case "poke_enter", "poke_exit":
		exit := name == "poke_exit"
		if exit && seen.pokeExit || !exit && seen.pokeEnter {
			return false
		}
		pokes, ok := parsePokes(val, exit)
		if !ok {
			return false
		}
		for _, p := range pokes {
			if slices.ContainsFunc(in.Pokes, func(q trace.Poke) bool { return q.AtExit == p.AtExit && q.Arg == p.Arg }) {
				return false // one poke per argument and stop
			}
			in.Pokes = append(in.Pokes, p)
		}
		if exit {
			seen.pokeExit = true
		} else {
			seen.pokeEnter = true
		}
		return true
	case "delay_enter", "delay_exit":
		d, ok := ParseDuration(val)
		if !ok {
			return false
		}
		if name == "delay_enter" {
			if seen.delayEnter {
				return false
			}
			in.DelayEnter, seen.delayEnter = d, true
		} else {
			if seen.delayExit {
				return false
			}
			in.DelayExit, seen.delayExit = d, true
		}
		return true
	}
	return false
}

// parseStrtoull parses s as strace's retval= does, with C's strtoull of
// base 0: leading blanks, a sign (a minus negates modulo 2^64: -1 is
// the largest value), then hexadecimal after 0x, octal after 0, or
// decimal; a value out of range fails.
func parseStrtoull(s string) (uint64, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	base := 10
	switch {
	case len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		base, s = 16, s[2:]
	case len(s) > 1 && s[0] == '0':
		base = 8
	}
	v, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// inadvertentError is strace's warning for a retval= that the tracee will
// read as an error (x86_64 has no separate error register).
func inadvertentError(v uint64) []string {
	if r := int64(v); r < 0 && r >= -4095 {
		return []string{fmt.Sprintf("Inadvertent injection of error %d is possible for retval=%d", -r, v)}
	}
	return nil
}

// parseWhen parses when=FIRST[..LAST][+[STEP]] as strace 6.1 does: FIRST
// alone acts once, FIRST+ every call from FIRST on, FIRST..LAST every call
// in the range.
func parseWhen(in *trace.Injection, val string) bool {
	first, rest, ok := leadingUint(val, 0xffff)
	if !ok || first < 1 {
		return false
	}
	in.First = uint16(first)
	in.Last = trace.InjectForever
	if strings.HasPrefix(rest, ".") {
		if !strings.HasPrefix(rest, "..") {
			return false
		}
		last, r, ok := leadingUint(rest[2:], 0xffff)
		if !ok || last < first || last == trace.InjectForever {
			return false
		}
		in.Last, rest = uint16(last), r
	}
	switch {
	case rest == "":
		if in.Last == trace.InjectForever {
			in.Step = 0
		} else {
			in.Step = 1
		}
	case rest[0] != '+':
		return false
	case rest == "+":
		in.Step = 1
	default:
		step, err := strconv.ParseUint(rest[1:], 10, 16)
		if err != nil || step < 1 {
			return false
		}
		in.Step = uint16(step)
	}
	return true
}

// leadingUint reads the decimal number at the start of s, up to max, and
// returns it with what follows; as strace's string_to_uint_ex, the number
// must be followed by the end, "+" or ".".
func leadingUint(s string, max uint64) (uint64, string, bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, "", false
	}
	n, err := strconv.ParseUint(s[:i], 10, 64)
	if err != nil || n > max {
		return 0, "", false
	}
	if rest := s[i:]; rest != "" && rest[0] != '+' && rest[0] != '.' {
		return 0, "", false
	}
	return n, s[i:], true
}

// parsePokes parses "@argN=HEX[,@argN=HEX...]".
func parsePokes(val string, exit bool) ([]trace.Poke, bool) {
	if val == "" {
		return nil, false
	}
	var pokes []trace.Poke
	for _, item := range strings.Split(val, ",") {
		if item == "" {
			continue
		}
		rest, ok := strings.CutPrefix(item, "@arg")
		if !ok || len(rest) < 2 || rest[0] < '1' || rest[0] > '7' || rest[1] != '=' {
			return nil, false
		}
		h := rest[2:]
		if h == "" || len(h)%2 != 0 || len(h) > 2048 {
			return nil, false
		}
		data, err := hex.DecodeString(h)
		if err != nil {
			return nil, false
		}
		pokes = append(pokes, trace.Poke{AtExit: exit, Arg: int(rest[0] - '0'), Data: data})
	}
	return pokes, len(pokes) > 0
}

// ParseDuration parses strace's time values (delay_enter=, -O): an integer
// or a floating-point number, then an optional unit s, ms, us or ns
// (microseconds without one).
func ParseDuration(s string) (time.Duration, bool) {
	floatLen := len(s) - len(strings.TrimLeft(s, "eE.-+0123456789"))
	intLen := len(s) - len(strings.TrimLeft(s, "+0123456789"))
	var unit time.Duration
	switch s[max(floatLen, intLen):] {
	case "":
		unit = time.Microsecond
	case "s":
		unit = time.Second
	case "ms":
		unit = time.Millisecond
	case "us":
		unit = time.Microsecond
	case "ns":
		unit = time.Nanosecond
	default:
		return 0, false
	}
	if floatLen > intLen {
		f, err := strconv.ParseFloat(s[:floatLen], 64)
		if err != nil || f < 0 || f*float64(unit) > math.MaxInt64 {
			return 0, false
		}
		return time.Duration(f * float64(unit)), true
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(s[:intLen], "+"), 10, 63)
	if err != nil || n > uint64(math.MaxInt64/int64(unit)) {
		return 0, false
	}
	return time.Duration(n) * unit, true
}
