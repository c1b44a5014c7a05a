// Package filter parses strace's -e expressions (trace=, signal=, status=,
// quiet=) into the sets the backends and the printer consult.
//
// The grammar is strace's: a qualifier (trace is the default), "=", and a
// comma-separated list; leading "!" characters invert the list; "all" and
// "none" stand alone. A later expression for the same qualifier replaces the
// earlier one. Error messages are strace's, without the program name.
package filter

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Status is a set of syscall outcomes (-e status=).
type Status uint8

// Outcomes a syscall line can have.
const (
	StatusSuccessful Status = 1 << iota
	StatusFailed
	StatusUnfinished
	StatusUnavailable
	StatusDetached

	// StatusAll is every outcome: no status filtering.
	StatusAll = StatusSuccessful | StatusFailed | StatusUnfinished | StatusUnavailable | StatusDetached
)

// named is one entry of a table of names for bits.
type named[T ~uint8] struct {
	name string
	val  T
}

// lookupIn returns a lookup function over a table of names, for parseNamed.
func lookupIn[T ~uint8](table []named[T]) func(string) (uint8, bool) {
	return func(tok string) (uint8, bool) {
		for _, n := range table {
			if n.name == tok {
				return uint8(n.val), true
			}
		}
		return 0, false
	}
}

var statusNames = []named[Status]{
	{"successful", StatusSuccessful},
	{"failed", StatusFailed},
	{"unfinished", StatusUnfinished},
	{"unavailable", StatusUnavailable},
	{"detached", StatusDetached},
}

// Quiet is a set of messages -e quiet= (and -q, -qq) suppresses.
type Quiet uint8

// Messages that can be suppressed.
const (
	QuietAttach Quiet = 1 << iota
	QuietExit
	QuietPathResolution
	QuietPersonality
	QuietThreadExecve

	quietAll = QuietAttach | QuietExit | QuietPathResolution | QuietPersonality | QuietThreadExecve
)

var quietNames = []named[Quiet]{
	{"attach", QuietAttach},
	{"exit", QuietExit},
	{"exits", QuietExit},
	{"path-resolution", QuietPathResolution},
	{"personality", QuietPersonality},
	{"superseded", QuietThreadExecve},
	{"thread-execve", QuietThreadExecve},
}

// DecodePIDs is what -e decode-pids= (-Y, --pidns-translation) asks to
// print beside pids.
type DecodePIDs uint8

// What can be printed beside a pid.
const (
	// DecodePIDComm: the process's command name, "1234<sh>".
	DecodePIDComm DecodePIDs = 1 << iota
	// DecodePIDNS: the pid in sctrace's namespace when it differs.
	DecodePIDNS

	DecodePIDsAll = DecodePIDComm | DecodePIDNS
)

var decodePIDNames = []named[DecodePIDs]{{"comm", DecodePIDComm}, {"pidns", DecodePIDNS}}

// SignalSet is a set of signal numbers 1..255.
type SignalSet [4]uint64

// Has reports whether signal sig is in the set.
func (s *SignalSet) Has(sig int) bool {
	if sig < 0 || sig > 255 {
		return false
	}
	return s[sig/64]&(1<<(sig%64)) != 0
}

func (s *SignalSet) add(sig int) { s[sig/64] |= 1 << (sig % 64) }

func (s *SignalSet) invert() {
	for i := range s {
		s[i] = ^s[i]
	}
}

// Spec is everything the -e expressions selected.
type Spec struct {
	table *syscalls.Table
	// Trace is the set of syscalls to show.
	Trace *trace.SyscallSet
	// TraceAll is set while Trace holds every syscall (no trace= given, or
	// trace=all), so that backends may skip filtering.
	TraceAll bool
	// Signals is the set of signals whose delivery is shown.
	Signals SignalSet
	// Status is the set of outcomes shown.
	Status Status
	// Quiet is the set of suppressed messages.
	Quiet Quiet
	// QuietGiven is set once -e quiet= has been applied.
	QuietGiven bool
	// signalByName resolves a signal name or number.
	signalByName func(string) (int, bool)
	// Raw, Abbrev and Verbose are -e raw=, -e abbrev= and -e verbose=: the
	// syscalls whose arguments print as raw numbers, abbreviated, or in
	// full. nil means strace's default: raw none, abbrev and verbose all.
	Raw, Abbrev, Verbose *trace.SyscallSet
	// DumpRead and DumpWrite are -e read= and -e write=: the descriptors
	// whose data is dumped in hex; nil dumps none.
	DumpRead, DumpWrite *trace.FDSet
	// Inject holds the -e inject= and -e fault= rules; nil when none was
	// given.
	Inject *trace.Injections
	// InjectWarnings are strace's warnings about those rules, one line
	// each, for the CLI to print.
	InjectWarnings []string
	// DecodePIDs is what -e decode-pids= asked for.
	DecodePIDs DecodePIDs
	// DecodeFDs is the list -e decode-fds= gave (path, socket, dev,
	// pidfd...), which the CLI interprets; "" when not given.
	DecodeFDs string
	// KVMVcpu is -e kvm=vcpu: a KVM_RUN's result carries the vcpu's exit
	// reason.
	KVMVcpu bool
}

// New returns the default Spec for table: trace every syscall, show every
// signal and every outcome. signalByName resolves signal names for
// signal=; it receives the name with any "SIG" prefix removed.
func New(table *syscalls.Table, signalByName func(string) (int, bool)) *Spec {
	s := &Spec{
		table:        table,
		Trace:        trace.NewSyscallSet(true),
		TraceAll:     true,
		Status:       StatusAll,
		signalByName: signalByName,
	}
	s.Signals.invert()
	return s
}

// Apply parses one -e argument.
func (s *Spec) Apply(expr string) error {
	qual, val := "trace", expr
	if i := strings.IndexByte(expr, '='); i >= 0 {
		if q, ok := qualifierName(expr[:i]); ok {
			qual, val = q, expr[i+1:]
		}
	}
	switch qual {
	case "trace":
		return s.applyTrace(val)
	case "signal":
		return s.applySignals(val)
	case "status":
		return s.applyStatus(val)
	case "quiet":
		s.QuietGiven = true
		return s.applyQuiet(val)
	case "raw", "x":
		return s.parseSyscallSet(val, &s.Raw)
	case "abbrev", "a":
		return s.parseSyscallSet(val, &s.Abbrev)
	case "verbose", "v":
		return s.parseSyscallSet(val, &s.Verbose)
	case "inject":
		return s.applyInject(val, false)
	case "fault":
		return s.applyInject(val, true)
	case "decode-fd", "decode-fds":
		s.DecodeFDs = val
		return nil
	case "decode-pid", "decode-pids":
		v, err := parseNamed(val, "decode-pids", uint8(DecodePIDsAll), lookupIn(decodePIDNames))
		if err != nil {
			return err
		}
		s.DecodePIDs = DecodePIDs(v)
		return nil
	case "secontext":
		return errors.New("SELinux context printing (--secontext option) is not supported by this build of strace")
	case "kvm":
		if val != "vcpu" {
			return fmt.Errorf("invalid -e kvm= argument: '%s'", val)
		}
		s.KVMVcpu = true
		return nil
	case "read", "reads", "r":
		return parseFDSet(val, &s.DumpRead)
	case "write", "writes", "w":
		return parseFDSet(val, &s.DumpWrite)
	}
	return fmt.Errorf("-e %s= is not supported yet", qual)
}

// qualifierName maps strace's qualifier spellings to a canonical name.
func qualifierName(q string) (string, bool) {
	switch q {
	case "trace", "t":
		return "trace", true
	case "signal", "signals", "s":
		return "signal", true
	case "status":
		return "status", true
	case "quiet", "silent", "silence", "q":
		return "quiet", true
	case "abbrev", "a", "verbose", "v", "raw", "x", "read", "reads", "r",
		"write", "writes", "w", "fault", "inject", "kvm", "decode-fd",
		"decode-fds", "decode-pid", "decode-pids", "secontext":
		return q, true
	}
	return "", false
}

// splitNegation strips leading "!" characters and reports whether their
// count is odd.
func splitNegation(v string) (string, bool) {
	neg := false
	for strings.HasPrefix(v, "!") {
		v = v[1:]
		neg = !neg
	}
	return v, neg
}

func (s *Spec) applyTrace(val string) error {
	var set *trace.SyscallSet
	if err := s.parseSyscallSet(val, &set); err != nil {
		return err
	}
	// strace traces a number its personality's table does not name
	// (syscall_0x1f4) whatever the list says.
	for _, p := range syscalls.Personalities(s.table) {
		for nr := range trace.MaxNR {
			if !p.Table.Known(nr) {
				set.AddIn(p.Pers, nr)
			}
		}
		set.AddBeyond(p.Pers)
	}
	s.Trace = set
	s.TraceAll = set.Full()
	return nil
}

// parseSyscallSet parses a list of syscalls (trace=, raw=, abbrev=,
// verbose=) into *dst.
func (s *Spec) parseSyscallSet(val string, dst **trace.SyscallSet) error {
	set := trace.NewSyscallSet(false)
	fill := func() { *set = *trace.NewSyscallSet(true) }
	if err := parseList(val, "system call", func(tok string) (bool, error) { return s.addSyscalls(set, tok) }, fill, set.Invert); err != nil {
		return err
	}
	*dst = set
	return nil
}

// parseFDSet parses a list of descriptors (read=, write=) into *dst.
func parseFDSet(val string, dst **trace.FDSet) error {
	set := trace.NewFDSet(false)
	fill := func() { *set = *trace.NewFDSet(true) }
	err := parseList(val, "descriptor", func(tok string) (bool, error) {
		n, err := strconv.ParseUint(tok, 10, 31)
		return err == nil && set.Add(int(n)), nil
	}, fill, set.Invert)
	if err != nil {
		return err
	}
	*dst = set
	return nil
}

// parseList walks strace's list grammar: leading "!"s invert the list,
// "none" and "all" stand alone, and tokens are comma-separated (empty ones
// skipped, as strtok does). add handles one token and reports whether it
// named anything; fill makes the set full and invert complements it. what
// names the kind of token in error messages.
func parseList(val, what string, add func(tok string) (bool, error), fill, invert func()) error {
	body, neg := splitNegation(val)
	switch body {
	case "none":
	case "all":
		fill()
	default:
		seen := false
		for _, tok := range strings.Split(body, ",") {
			if tok == "" {
				continue
			}
			seen = true
			ok, err := add(tok)
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("invalid %s '%s'", what, tok)
			}
		}
		if !seen {
			return fmt.Errorf("invalid %s '%s'", what, val)
		}
	}
	if neg {
		invert()
	}
	return nil
}

// addSyscalls adds the syscalls one token names; it reports false when the
// token names none (and was not marked optional with "?"). As strace, a
// token without a "@64", "@32" or "@x32" suffix is looked up in every
// personality's table, and adds each one's calls it names to that
// personality's subset (i386's getgid32 is number 200 of trace.Pers32).
func (s *Spec) addSyscalls(set *trace.SyscallSet, tok string) (bool, error) {
	optional := false
	for strings.HasPrefix(tok, "?") {
		tok = tok[1:]
		optional = true
	}
	pers := syscalls.Personalities(s.table)
	if i := strings.LastIndexByte(tok, '@'); i >= 0 {
		var chosen []syscalls.Personality
		for _, p := range pers {
			if p.Designator == tok[i+1:] {
				chosen = append(chosen, p)
			}
		}

		if chosen == nil {
			return false, &HelpError{fmt.Sprintf("incorrect personality designator '%s' in qualification '%s'", tok[i+1:], tok)}
		}
		pers, tok = chosen, tok[:i]
	}
	if tok == "" {
		return optional, nil
	}
	found := false
	for _, p := range pers {
		ok, err := addSyscallsOf(p.Table, func(nr int) { set.AddIn(p.Pers, nr) }, tok)
		if err != nil {
			return false, err
		}
		found = found || ok
	}
	return found || optional, nil
}

// addSyscallsOf adds the calls of table that tok names (a number, a
// /regex, a %class or a name) with add.
func addSyscallsOf(table *syscalls.Table, add func(nr int), tok string) (bool, error) {
	found := false
	switch {
	case tok[0] >= '0' && tok[0] <= '9':
		nr, err := strconv.ParseUint(tok, 10, 32)
		if err == nil && table.Known(int(nr)) {
			add(int(nr))
			found = true
		}
	case tok[0] == '/':
		re, err := compileERE(tok[1:])
		if err != nil {
			return false, fmt.Errorf("regcomp: %s: %v", tok[1:], err)
		}
		for _, e := range table.Entries() {
			if re.MatchString(e.Name) {
				add(e.NR)
				found = true
			}
		}
	default:
		if class, ok := classByToken(tok); ok {
			found = true
			for _, e := range table.Entries() {
				if e.Classes&class == class {
					add(e.NR)
				}
			}
		} else if nr, ok := table.Lookup(tok); ok {
			add(nr)
			found = true
		} else if nr, ok := syscalls.ParseUnknownName(tok); ok && nr < trace.MaxNR {
			add(nr)
			found = true
		}
	}
	return found, nil
}

// HelpError is a mistake in an expression after which strace points to
// its help (-h).
type HelpError struct{ msg string }

// Error returns the message.
func (e *HelpError) Error() string { return e.msg }

// classByToken resolves "%file", "%%stat", the legacy bare class names and
// the "all" class (value 0: every call matches), case-insensitively.
func classByToken(tok string) (syscalls.Class, bool) {
	t := strings.ToLower(tok)
	if t == "all" {
		return 0, true
	}
	if name, ok := strings.CutPrefix(t, "%"); ok {
		c, ok := syscalls.ClassByName(name)
		return c, ok
	}
	switch t {
	case "desc", "file", "memory", "process", "signal", "ipc", "network":
		return syscalls.ClassByName(t)
	}
	return 0, false
}

func (s *Spec) applySignals(val string) error {
	var set SignalSet
	err := parseList(val, "signal", func(tok string) (bool, error) {
		sig, ok := s.signalNumber(tok)
		if ok {
			set.add(sig)
		}
		return ok, nil
	}, set.invert, set.invert)
	if err != nil {
		return err
	}
	s.Signals = set
	return nil
}

// signalNumber resolves a signal token as strace does: a number up to 255,
// or a name with or without "SIG", in any case.
func (s *Spec) signalNumber(tok string) (int, bool) {
	if tok == "" {
		return 0, false
	}
	if tok[0] >= '0' && tok[0] <= '9' {
		n, err := strconv.ParseUint(tok, 10, 32)
		if err != nil || n > 255 {
			return 0, false
		}
		return int(n), true
	}
	name := strings.ToUpper(tok)
	name = strings.TrimPrefix(name, "SIG")
	if s.signalByName == nil || name == "" {
		return 0, false
	}
	return s.signalByName(name)
}

func (s *Spec) applyStatus(val string) error {
	v, err := parseNamed(val, "status", uint8(StatusAll), lookupIn(statusNames))
	if err != nil {
		return err
	}
	s.Status = Status(v)
	return nil
}

func (s *Spec) applyQuiet(val string) error {
	v, err := parseNamed(val, "quiet", uint8(quietAll), lookupIn(quietNames))
	if err != nil {
		return err
	}
	s.Quiet = Quiet(v)
	return nil
}

// parseNamed parses a list of names into a bit set whose full value is all.
func parseNamed(val, what string, all uint8, lookup func(string) (uint8, bool)) (uint8, error) {
	var set uint8
	err := parseList(val, what, func(tok string) (bool, error) {
		v, ok := lookup(tok)
		set |= v
		return ok, nil
	}, func() { set = all }, func() { set = ^set & all })
	return set, err
}

// SetQuietLevel applies -q (1), -qq (2) and -qqq (3) as strace does.
func (s *Spec) SetQuietLevel(level int) {
	switch {
	case level >= 3:
		s.Quiet |= quietAll
	case level == 2:
		s.Quiet |= QuietAttach | QuietPersonality | QuietExit
	case level == 1:
		s.Quiet |= QuietAttach | QuietPersonality
	}
}

// OnlySuccessful restricts shown outcomes to successful calls (-z).
func (s *Spec) OnlySuccessful() { s.Status = StatusSuccessful }

// OnlyFailed restricts shown outcomes to failed calls (-Z).
func (s *Spec) OnlyFailed() { s.Status = StatusFailed }

var decodeFDNames = []named[decode.FDDecode]{
	{"path", decode.FDPath},
	{"socket", decode.FDSocket},
	{"dev", decode.FDDev},
	{"pidfd", decode.FDPidfd},
}

// ParseDecodeFDs parses the SET of --decode-fds=SET and -e decode-fds=SET
// with strace's list grammar ("!path" is every kind but paths).
func ParseDecodeFDs(val string) (decode.FDDecode, error) {
	v, err := parseNamed(val, "decode-fds", uint8(decode.FDAll), lookupIn(decodeFDNames))
	return decode.FDDecode(v), err
}
