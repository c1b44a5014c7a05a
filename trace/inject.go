package trace

import "time"

// InjectForever is Injection.Last when the rule has no last call.
const InjectForever = 0xffff

// Injection is what one -e inject= or -e fault= rule does to the calls of a
// syscall, as strace 6.1 applies it. Each thread counts its own calls of
// each syscall that passes the trace filter: the rule acts on call number
// First, then on every Step-th call after it (Step 0: only once) up to
// call number Last (InjectForever: no end).
type Injection struct {
	First, Last, Step uint16
	// Errno, when not 0, makes the call fail with that error: it is not
	// run, and returns -Errno.
	Errno int
	// Retval, with HasRetval, makes the call succeed with that value
	// without running.
	Retval    uint64
	HasRetval bool
	// Syscall, when not -1, is the syscall run in place of the call whose
	// result Errno or Retval replaces (strace's syscall=).
	Syscall int32
	// Signal, when not 0, is delivered to the thread as the call enters.
	Signal int
	// DelayEnter and DelayExit hold the thread that long at the call's
	// entry and at its exit.
	DelayEnter, DelayExit time.Duration
	// Pokes are the bytes written over the memory the call's pointer
	// arguments point to, at its entry or at its exit.
	Pokes []Poke
}

// ChangesResult reports whether the rule replaces the call's result.
func (in *Injection) ChangesResult() bool { return in.Errno != 0 || in.HasRetval }

// PokesAt reports whether the rule writes memory at the entry (exit false)
// or the exit of the call.
func (in *Injection) PokesAt(exit bool) bool {
	for _, p := range in.Pokes {
		if p.AtExit == exit {
			return true
		}
	}
	return false
}

// Poke is one poke_enter= or poke_exit= item: Data written where argument
// Arg (1 to 7) points, at the call's entry or, with AtExit, its exit.
type Poke struct {
	AtExit bool
	Arg    int
	Data   []byte
}

// Injections maps the native syscall numbers that -e inject= and -e fault=
// name to their rule. It is read-only once tracing starts.
type Injections struct {
	rules map[int32]*Injection
}

// Set makes in the rule of syscall nr, replacing any earlier one.
func (s *Injections) Set(nr int32, in *Injection) {
	if s.rules == nil {
		s.rules = make(map[int32]*Injection)
	}
	s.rules[nr] = in
}

// Get returns the rule of syscall nr, or nil. It is safe on a nil set.
func (s *Injections) Get(nr int32) *Injection {
	if s == nil {
		return nil
	}
	return s.rules[nr]
}

// Len is the number of syscalls that have a rule. It is safe on a nil set.
func (s *Injections) Len() int {
	if s == nil {
		return 0
	}
	return len(s.rules)
}

// Tampering says how a call was changed by an Injection: strace's notes
// after its result.
type Tampering uint8

// What an Injection did to a call.
const (
	// TamperedResult: the result was replaced ("(INJECTED)").
	TamperedResult Tampering = 1 << iota
	// TamperedArgs: memory was poked ("(INJECTED: args)").
	TamperedArgs
	// TamperedDelayed: the thread was held ("(DELAYED)").
	TamperedDelayed
	// TamperedRetval: the result was replaced by a retval=, a success
	// whatever its value (Event.IsError is false).
	TamperedRetval
)
