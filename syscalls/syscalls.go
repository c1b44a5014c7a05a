// Package syscalls holds sctrace's knowledge of system calls, one table per
// architecture: each number's name, its classes (strace's %file, %net ...),
// its signature (argument names and types) and its capture plan (which user
// memory a backend copies, at entry or at exit, and how much).
//
// The numbers, names, argument counts and classes are generated from the
// committed files in data/ (go generate); the signatures are written by hand
// in signatures.go, keyed by name, and shared by every architecture.
package syscalls

//go:generate go run ./internal/gentables -out zz_tables.go data/x86_64.tbl data/arm64.tbl data/i386.tbl data/x32.tbl

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/sctrace/sctrace/trace"
)

// Class is a set of strace's syscall classes.
type Class uint32

// The classes strace's -e trace=%NAME selects.
const (
	ClassDesc Class = 1 << iota
	ClassFile
	ClassIPC
	ClassNetwork
	ClassProcess
	ClassSignal
	ClassMemory
	ClassCreds
	ClassClock
	ClassPure
	ClassStat
	ClassLstat
	ClassFstat
	ClassStatLike
	ClassStatfs
	ClassFstatfs
	ClassStatfsLike
	// ClassNeverFails marks calls that cannot fail (getpid): not selectable.
	ClassNeverFails
)

var classNames = map[string]Class{
	"desc":    ClassDesc,
	"file":    ClassFile,
	"ipc":     ClassIPC,
	"network": ClassNetwork,
	"net":     ClassNetwork,
	"process": ClassProcess,
	"signal":  ClassSignal,
	"memory":  ClassMemory,
	"creds":   ClassCreds,
	"clock":   ClassClock,
	"pure":    ClassPure,
	"stat":    ClassStat,
	"lstat":   ClassLstat,
	"fstat":   ClassFstat,
	"%stat":   ClassStatLike,
	"statfs":  ClassStatfs,
	"fstatfs": ClassFstatfs,
	"%statfs": ClassStatfsLike,
}

// ClassByName returns the class -e trace=%NAME names (NAME without the %).
func ClassByName(name string) (Class, bool) {
	c, ok := classNames[name]
	return c, ok
}

// Syscall describes one system call of one architecture.
type Syscall struct {
	// NR is the number, Name the name ("" for an unassigned number).
	NR   int
	Name string
	// NArgs is how many arguments the call takes.
	NArgs int
	// Classes are the classes -e trace=%CLASS matches.
	Classes Class
	// Sig is the signature: argument names and types, return type.
	Sig *Signature
	// Plan says what to copy from the tracee, per argument.
	Plan [trace.MaxArgs]Plan
	// HasPlan is set when any argument has a capture plan.
	HasPlan bool
	// HasExitPlan is set when any argument is captured at exit.
	HasExitPlan bool
	// Effects are what the call does to descriptors, the program and
	// processes, as tracing needs to know (see Effect).
	Effects Effect
	// FDPairArg is the argument of a NewFDPair call (-1 otherwise).
	FDPairArg int8
	// Pids says which arguments and whether the result are process ids.
	Pids PidUse
}

// Table is the set of system calls of one architecture.
type Table struct {
	// Arch is the AUDIT_ARCH_* value.
	Arch uint32
	// Name is the architecture's name (x86_64, arm64).
	Name string
	// byNR is indexed by number; entries with Name == "" are unassigned.
	byNR   []Syscall
	byName map[string]int
	// subcalls, when not 0, is the first number that names a subcall of
	// socketcall or ipc (strace's SYS_socket_subcall) rather than a call:
	// its names are valid in -e trace=, but no call has such a number.
	subcalls int
}

// i386Subcalls is strace's SYS_socket_subcall of i386: the numbers from
// it on, in its table, stand for socketcall's and ipc's subcalls.
const i386Subcalls = 500

// rawEntry is one generated line of data/*.tbl.
type rawEntry struct {
	nr      int
	name    string
	nargs   int
	classes Class
}

func newTable(arch uint32, name string, entries []rawEntry) *Table {
	max := 0
	for _, e := range entries {
		if e.nr > max {
			max = e.nr
		}
	}
	t := &Table{Arch: arch, Name: name, byNR: make([]Syscall, max+1), byName: make(map[string]int, len(entries))}
	for i := range t.byNR {
		t.byNR[i] = Syscall{NR: i, NArgs: trace.MaxArgs, FDPairArg: -1}
	}
	for _, e := range entries {
		sc := Syscall{NR: e.nr, Name: e.name, NArgs: e.nargs, Classes: e.classes}
		sc.Sig = signatureFor(e.name, e.nargs)
		sc.Plan, sc.HasPlan, sc.HasExitPlan = planFor(arch, sc.Sig)
		sc.Effects, sc.FDPairArg = effectsFor(e.name, sc.Sig)
		sc.Pids = pidUses[e.name]
		t.byNR[e.nr] = sc
		t.byName[e.name] = e.nr
	}
	return t
}

var (
	// X86_64 is the table of the x86_64 architecture.
	X86_64 = newTable(trace.ArchX86_64, "x86_64", x86_64Entries)
	// ARM64 is the table of the arm64 (aarch64) architecture.
	ARM64 = newTable(trace.ArchAArch64, "arm64", arm64Entries)
)

// I386 and X32 are the calls of x86_64's other personalities, i386
// (int $0x80) and x32: names, numbers and classes, and the signatures of
// compatSignature (the native call's where it does not depend on the
// personality's layouts, raw otherwise).
var (
	I386 = newCompatTable(trace.ArchI386, "i386", i386Entries)
	X32  = newCompatTable(trace.ArchX86_64, "x32", x32Entries)
)

// Personality is one of the system call tables of an architecture, with
// the designator -e trace=NAME@DESIGNATOR gives it ("64", "32", "x32").
type Personality struct {
	Designator string
	Table      *Table
	Pers       trace.Personality
}

// Personalities returns native's personalities, native first, as strace
// orders them.
func Personalities(native *Table) []Personality {
	if native == X86_64 {
		return []Personality{{"64", X86_64, trace.PersNative}, {"32", I386, trace.Pers32}, {"x32", X32, trace.PersX32}}
	}
	return []Personality{{"64", native, trace.PersNative}}
}

// ForCall returns the table of a call made on arch in personality pers
// (an event's Arch and Pers), or nil.
func ForCall(arch uint32, pers trace.Personality) *Table {
	switch {
	case arch == trace.ArchI386:
		return I386
	case arch == trace.ArchX86_64 && pers == trace.PersX32:
		return X32
	}
	return ForArch(arch)
}

// Tables returns the table of every architecture, X86_64 first.
func Tables() []*Table { return []*Table{X86_64, ARM64} }

// ForArch returns the table of an AUDIT_ARCH_* value, or nil.
func ForArch(arch uint32) *Table {
	switch arch {
	case trace.ArchX86_64:
		return X86_64
	case trace.ArchAArch64:
		return ARM64
	}
	return nil
}

// newCompatTable returns the table of one of x86_64's other
// personalities: each call decoded as compatSignature says, with the
// plan and effects of that signature (none for a raw one).
func newCompatTable(arch uint32, name string, entries []rawEntry) *Table {
	top := 0
	for _, e := range entries {
		top = max(top, e.nr)
	}
	t := &Table{Arch: arch, Name: name, byNR: make([]Syscall, top+1), byName: make(map[string]int, len(entries))}
	if arch == trace.ArchI386 {
		t.subcalls = i386Subcalls
	}
	for i := range t.byNR {
		t.byNR[i] = Syscall{NR: i, NArgs: trace.MaxArgs, Sig: unknownSig, FDPairArg: -1}
	}
	for _, e := range entries {
		sc := Syscall{NR: e.nr, Name: e.name, NArgs: e.nargs, Classes: e.classes, FDPairArg: -1}
		var decoded bool
		sc.Sig, decoded = compatSignature(e.name, e.nargs)
		if decoded {
			sc.Plan, sc.HasPlan, sc.HasExitPlan = planFor(arch, sc.Sig)
			sc.Effects, sc.FDPairArg = effectsFor(e.name, sc.Sig)
			sc.Pids = pidUses[e.name]
		}
		t.byNR[e.nr] = sc
		if _, dup := t.byName[e.name]; !dup {
			t.byName[e.name] = e.nr
		}
	}
	return t
}

// unknown is shared by every unassigned number: it prints its six raw
// arguments in hex, as strace does.
var unknownSig = &Signature{Args: []Arg{
	{Name: "arg1", Type: Hex}, {Name: "arg2", Type: Hex}, {Name: "arg3", Type: Hex},
	{Name: "arg4", Type: Hex}, {Name: "arg5", Type: Hex}, {Name: "arg6", Type: Hex},
}, Ret: RetHex}

// Get returns the system call numbered nr. For an unassigned or negative
// number it returns a Syscall with an empty Name and a raw signature.
func (t *Table) Get(nr int) *Syscall {
	if t.isCall(nr) {
		return &t.byNR[nr]
	}
	return &Syscall{NR: nr, NArgs: trace.MaxArgs, Sig: unknownSig, FDPairArg: -1}
}

// isCall reports whether nr is the number of a call of t.
func (t *Table) isCall(nr int) bool {
	return nr >= 0 && nr < len(t.byNR) && t.byNR[nr].Name != "" && (t.subcalls == 0 || nr < t.subcalls)
}

// Lookup returns the number of the named system call.
func (t *Table) Lookup(name string) (int, bool) {
	nr, ok := t.byName[name]
	return nr, ok
}

// Max is the largest number in the table.
func (t *Table) Max() int { return len(t.byNR) - 1 }

// All returns every assigned system call, in number order.
func (t *Table) All() []*Syscall {
	out := make([]*Syscall, 0, len(t.byName))
	for i := range t.byNR {
		if t.byNR[i].Name != "" {
			out = append(out, &t.byNR[i])
		}
	}
	return out
}

// Widen returns filter with every call of t that has one of effects e
// added: the calls a backend must report, though -e trace= hides them, for
// what their events tell. nil (every call) stays nil.
func (t *Table) Widen(filter *trace.SyscallSet, e Effect) *trace.SyscallSet {
	if filter == nil {
		return nil
	}
	w := *filter
	for _, sc := range t.All() {
		if sc.Effects&e != 0 {
			w.Add(sc.NR)
		}
	}
	return &w
}

// DisplayName is the name strace prints for number nr: the call's name, or
// syscall_0xNR for a number the table does not know.
func (t *Table) DisplayName(nr int) string {
	if t.isCall(nr) {
		return t.byNR[nr].Name
	}
	return UnknownName(nr)
}

// UnknownName is how strace names a number it does not know.
func UnknownName(nr int) string {
	return fmt.Sprintf("syscall_%#x", uint32(nr))
}

// ParseUnknownName parses a name of the form syscall_0xNR (or decimal).
func ParseUnknownName(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "syscall_")
	if !ok {
		return 0, false
	}
	var nr int
	if _, err := fmt.Sscan(rest, &nr); err != nil || nr < 0 {
		return 0, false
	}
	return nr, true
}

// Native returns the table of the architecture sctrace was built for.
func Native() *Table {
	if runtime.GOARCH == "arm64" {
		return ARM64
	}
	return X86_64
}
