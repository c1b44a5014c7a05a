package trace

// TracerReport is the tracer's own cost at the end of a run, as
// sctrace --tracer-stats=json prints it and the bench harness reads it.
type TracerReport struct {
	// Backend is the backend that traced (--backend's spelling).
	Backend string `json:"backend"`
	// Placement describes the CPUs the tracer and the tracee were allowed
	// to run on.
	Placement string `json:"placement"`
	// SyscallsTraced counts the system calls the backend reported: exits
	// seen as events, or calls counted in place for -c.
	SyscallsTraced uint64 `json:"syscalls_traced"`
	// Stats holds the backend's counters.
	Stats TracerStats `json:"stats"`
	// Tracer is what sctrace itself used (getrusage RUSAGE_SELF); Tracee
	// what the processes it started and reaped used (RUSAGE_CHILDREN).
	Tracer ProcessCost `json:"tracer"`
	Tracee ProcessCost `json:"tracee"`
	// Steps are the timed steps of the run, in the order they began.
	Steps []Step `json:"steps,omitempty"`
	// MainStartedNS is when the steps' origin, the start of sctrace's
	// main, was: CLOCK_MONOTONIC in nanoseconds, which another process
	// can compare with its own reading (the bench harness: how long the
	// process took to reach main, and to end after its last step).
	MainStartedNS int64 `json:"main_started_monotonic_ns,omitempty"`
}

// ProcessCost is the CPU time and context switches of a process (and, for
// a tracee, of its reaped descendants).
type ProcessCost struct {
	// UserNS and SysNS are user and system CPU time in nanoseconds.
	UserNS int64 `json:"user_ns"`
	SysNS  int64 `json:"sys_ns"`
	// VoluntaryCtxSwitches counts the times the process gave up the CPU
	// (blocked); InvoluntaryCtxSwitches the times it was preempted.
	VoluntaryCtxSwitches   int64 `json:"voluntary_ctxt_switches"`
	InvoluntaryCtxSwitches int64 `json:"involuntary_ctxt_switches"`
}

// CtxSwitches is the total of voluntary and involuntary context switches.
func (c ProcessCost) CtxSwitches() int64 { return c.VoluntaryCtxSwitches + c.InvoluntaryCtxSwitches }
