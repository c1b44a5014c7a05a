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
	"sync"
	"sync/atomic"

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
	// NetlinkWhen says when a Netlink plan runs (Plan.Netlink), for which
	// a backend tells capture.Call.Netlink; 0 for none.
	NetlinkWhen When
	// Effects are what the call does to descriptors, the program and
	// processes, as tracing needs to know (see Effect).
	Effects Effect
	// FDPairArg is the argument of a NewFDPair call (-1 otherwise).
	FDPairArg int8
	// Pids says which arguments and whether the result are process ids.
	Pids PidUse
}

// Table is the set of system calls of one architecture. It is worked out
// as it is used: the index of numbers the first time a method needs it,
// and each call's signature, plan and effects the first time that call
// is asked for (every call of a table together cost about 0.1 ms, and a
// run asks for a few dozen); after that, Get costs two loads and the
// bounds checks. The methods are safe for concurrent use.
type Table struct {
	// Arch is the AUDIT_ARCH_* value.
	Arch uint32
	// Name is the architecture's name (x86_64, arm64).
	Name string

	entries []Entry
	// compat is set for a personality other than an architecture's
	// native one (compatCall builds its calls).
	compat bool
	// numberBits are the bits the kernel's numbers of the table's calls
	// carry and the table's numbers do not (x32's __X32_SYSCALL_BIT).
	numberBits uint32
	// subcalls, when not 0, is the first number that names a subcall of
	// socketcall or ipc (strace's SYS_socket_subcall) rather than a call:
	// its names are valid in -e trace=, but no call has such a number.
	subcalls int

	once sync.Once
	// state is set once, by the first method that needs it.
	state atomic.Pointer[state]
}

// state is what a Table works out as it is used.
type state struct {
	// at is indexed by number: the position of the number's Entry in
	// entries, or -1 where the number is unassigned.
	at []int32
	// calls holds, by number, each call once worked out.
	calls []atomic.Pointer[Syscall]
}

// Entry is what a table says of one call before its signature is looked
// at: one generated line of data/*.tbl.
type Entry struct {
	NR      int
	Name    string
	NArgs   int
	Classes Class
}

// i386Subcalls is strace's SYS_socket_subcall of i386: the numbers from
// it on, in its table, stand for socketcall's and ipc's subcalls.
const i386Subcalls = 500

// newTable returns the table of an architecture's native calls.
func newTable(arch uint32, name string, entries []Entry) *Table {
	return &Table{Arch: arch, Name: name, entries: entries}
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
	I386 = &Table{Arch: trace.ArchI386, Name: "i386", entries: i386Entries, compat: true, subcalls: i386Subcalls}
	X32  = &Table{Arch: trace.ArchX86_64, Name: "x32", entries: x32Entries, compat: true, numberBits: trace.X32SyscallBit}
)

// st returns t's state; its fast path, a load, is inlined into the
// lookups every event makes.
func (t *Table) st() *state {
	if st := t.state.Load(); st != nil {
		return st
	}
	return t.initState()
}

// initState builds t's state, once.
func (t *Table) initState() *state {
	t.once.Do(func() {
		top := 0
		for _, e := range t.entries {
			top = max(top, e.NR)
		}
		st := &state{at: make([]int32, top+1), calls: make([]atomic.Pointer[Syscall], top+1)}
		for i := range st.at {
			st.at[i] = -1
		}
		for i, e := range t.entries {
			st.at[e.NR] = int32(i)
		}
		t.state.Store(st)
	})
	return t.state.Load()
}

// call returns the call numbered nr, which must have an entry, working it
// out on first use.
func (t *Table) call(st *state, nr int) *Syscall {
	if sc := st.calls[nr].Load(); sc != nil {
		return sc
	}
	return t.workOut(st, nr)
}

// workOut works out call nr and keeps it; of two goroutines that do it
// at once, both return the first one kept.
func (t *Table) workOut(st *state, nr int) *Syscall {
	e := t.entries[st.at[nr]]
	var sc Syscall
	if t.compat {
		sc = compatCall(t.Arch, e)
	} else {
		sc = nativeCall(t.Arch, e)
	}
	st.calls[nr].CompareAndSwap(nil, &sc)
	return st.calls[nr].Load()
}

// nativeCall works out the call e of an architecture's native table.
func nativeCall(arch uint32, e Entry) Syscall {
	sc := Syscall{NR: e.NR, Name: e.Name, NArgs: e.NArgs, Classes: e.Classes}
	sc.Sig = signatureFor(e.Name, e.NArgs)
	sc.Plan, sc.HasPlan, sc.HasExitPlan = planFor(arch, sc.Sig)
	sc.NetlinkWhen = netlinkWhen(&sc.Plan)
	sc.Effects, sc.FDPairArg = effectsFor(e.Name, sc.Sig)
	sc.Pids = pidUses()[e.Name]
	return sc
}

// compatCall works out the call e of one of x86_64's other
// personalities: decoded as compatSignature says, with the plan and
// effects of that signature (none for a raw one).
func compatCall(arch uint32, e Entry) Syscall {
	sc := Syscall{NR: e.NR, Name: e.Name, NArgs: e.NArgs, Classes: e.Classes, FDPairArg: -1}
	var decoded bool
	sc.Sig, decoded = compatSignature(e.Name, e.NArgs)
	if decoded {
		sc.Plan, sc.HasPlan, sc.HasExitPlan = planFor(arch, sc.Sig)
		sc.NetlinkWhen = netlinkWhen(&sc.Plan)
		sc.Effects, sc.FDPairArg = effectsFor(e.Name, sc.Sig)
		sc.Pids = pidUses()[e.Name]
	}
	return sc
}

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

// unknown is shared by every unassigned number: it prints its six raw
// arguments in hex, as strace does.
var unknownSig = &Signature{Args: []Arg{
	{Name: "arg1", Type: Hex}, {Name: "arg2", Type: Hex}, {Name: "arg3", Type: Hex},
	{Name: "arg4", Type: Hex}, {Name: "arg5", Type: Hex}, {Name: "arg6", Type: Hex},
}, Ret: RetHex}

// Get returns the system call numbered nr. For an unassigned or negative
// number it returns a Syscall with an empty Name and a raw signature.
func (t *Table) Get(nr int) *Syscall {
	if st := t.st(); t.known(st, nr) {
		if sc := st.calls[nr].Load(); sc != nil {
			return sc
		}
		return t.workOut(st, nr)
	}
	return unknownCall(nr)
}

// unknownCall is what Get returns for a number that is no call.
func unknownCall(nr int) *Syscall {
	return &Syscall{NR: nr, NArgs: trace.MaxArgs, Sig: unknownSig, FDPairArg: -1}
}

// Known reports whether nr is the number of a call of t.
func (t *Table) Known(nr int) bool { return t.known(t.st(), nr) }

// known is Known over st.
func (t *Table) known(st *state, nr int) bool {
	return nr >= 0 && nr < len(st.at) && st.at[nr] >= 0 && (t.subcalls == 0 || nr < t.subcalls)
}

// Lookup returns the number of the named system call; a name listed twice
// (i386's socketcall subcalls) stands for its first number. It scans the
// table: a few tokens of a filter are all that look names up, and a map
// would cost more to build than they take.
func (t *Table) Lookup(name string) (int, bool) {
	for _, e := range t.entries {
		if e.Name == name {
			return e.NR, true
		}
	}
	return 0, false
}

// Max is the largest number in the table.
func (t *Table) Max() int { return len(t.st().at) - 1 }

// Entries returns the line of every assigned number, in the order of the
// table's file: names and classes, without working out signatures. The
// slice is the table's own: callers must not change it.
func (t *Table) Entries() []Entry { return t.entries }

// All returns every assigned system call, in number order.
func (t *Table) All() []*Syscall {
	st := t.st()
	out := make([]*Syscall, 0, len(t.entries))
	for nr, at := range st.at {
		if at >= 0 {
			out = append(out, t.call(st, nr))
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

// Entry returns the line of number nr, if nr is the number of a call.
func (t *Table) Entry(nr int) (Entry, bool) {
	st := t.st()
	if !t.known(st, nr) {
		return Entry{}, false
	}
	return t.entries[st.at[nr]], true
}

// DisplayName is the name strace prints for number nr: the call's name, or
// syscall_0xNR for a number the table does not know.
func (t *Table) DisplayName(nr int) string {
	if e, ok := t.Entry(nr); ok {
		return e.Name
	}
	if t.numberBits != 0 {
		// strace prints the number as the kernel gave it, with its
		// personality's bits, sign-extended as the kernel extends it.
		return fmt.Sprintf("syscall_%#x", uint64(int64(int32(uint32(nr)|t.numberBits))))
	}
	if nr < 0 && !t.compat {
		// A negative number (syscall(-1)) fills the 64-bit register
		// strace prints, as the kernel, which takes the number as an
		// int, sign-extends it.
		return fmt.Sprintf("syscall_%#x", uint64(int64(nr)))
	}
	return UnknownName(nr)
}

// UnknownName is how strace names a number it does not know, of 32 bits.
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
