package trace

import (
	"cmp"
	"slices"
	"sync"
	"time"
)

// Step is one timed step of a run's start-up or end, as --tracer-stats
// reports it: loading the programs, launching the command, tracing it,
// releasing the programs.
type Step struct {
	// Name says what the step did.
	Name string `json:"name"`
	// StartNS and EndNS are when the step began and ended, in nanoseconds
	// after the origin of the Steps that timed it (sctrace: the start of
	// main, after the runtime and the packages were initialized).
	StartNS int64 `json:"start_ns"`
	EndNS   int64 `json:"end_ns"`
}

// Steps times the steps of one run. A nil *Steps times nothing, so a
// backend marks its steps without asking whether anyone wants them. Safe
// for concurrent use: the eBPF backend loads its programs on several
// goroutines, and prepares some of them before Run.
type Steps struct {
	origin time.Time
	mu     sync.Mutex
	list   []Step
}

// NewSteps returns Steps that time steps from origin.
func NewSteps(origin time.Time) *Steps { return &Steps{origin: origin} }

// Begin marks the start of step name now and returns the function that
// marks its end.
func (s *Steps) Begin(name string) (end func()) {
	if s == nil {
		return func() {}
	}
	start := time.Now()
	return func() { s.Add(name, start, time.Now()) }
}

// Add records step name as having run from start to end (a step that ran
// before the Steps existed, or on a goroutine that did not know them).
// A zero start records nothing.
func (s *Steps) Add(name string, start, end time.Time) {
	if s == nil || start.IsZero() {
		return
	}
	step := Step{Name: name, StartNS: start.Sub(s.origin).Nanoseconds(), EndNS: end.Sub(s.origin).Nanoseconds()}
	s.mu.Lock()
	s.list = append(s.list, step)
	s.mu.Unlock()
}

// List returns the steps in the order they began (nil for nil Steps).
func (s *Steps) List() []Step {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	list := slices.Clone(s.list)
	s.mu.Unlock()
	slices.SortStableFunc(list, func(a, b Step) int { return cmp.Compare(a.StartNS, b.StartNS) })
	return list
}
