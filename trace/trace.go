package trace

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
)

// Kind says what an Event reports.
type Kind uint8

// The kinds of Event a backend emits.
const (
	// SyscallEnter: a thread entered a system call. NR, Args and the
	// entry-time Captures are set.
	SyscallEnter Kind = iota + 1
	// SyscallExit: a thread returned from a system call. The event repeats
	// NR and Args from the entry, carries Enter and Exit times, Ret, and all
	// Captures (entry-time ones copied forward, exit-time ones filled in).
	SyscallExit
	// Signal: a signal is being delivered to the thread (Signal is set).
	Signal
	// Exit: the thread exited (Status, and ExitSignal when killed).
	Exit
	// NewTask: a new thread or process is traced (under -f, or attached).
	NewTask
	// Lost: the backend could not deliver Lost events.
	Lost
	// Detached: the tracer let go of the thread, which keeps running.
	Detached
	// Exec: the thread group's program was replaced by execve; when a
	// non-leader thread executed it, OldTID is the thread that called execve.
	Exec
	// PersonalityChange: the thread's call that is entering (reported or
	// not) runs in another personality than its previous call: Pers is
	// the new one. It comes before that call's SyscallEnter.
	PersonalityChange
)

// String returns the kind's name, for diagnostics.
func (k Kind) String() string {
	switch k {
	case SyscallEnter:
		return "enter"
	case SyscallExit:
		return "exit"
	case Signal:
		return "signal"
	case Exit:
		return "exit-task"
	case NewTask:
		return "new-task"
	case Lost:
		return "lost"
	case Detached:
		return "detached"
	case Exec:
		return "exec"
	case PersonalityChange:
		return "personality"
	}
	return "unknown"
}

// Architectures, as the kernel's AUDIT_ARCH_* values name them.
const (
	ArchX86_64  uint32 = 0xc000003e
	ArchAArch64 uint32 = 0xc00000b7
	ArchI386    uint32 = 0x40000003
)

// Personality is the system call convention a call was made in, as
// strace numbers its personalities: x86_64's native calls (0), its i386
// calls (int $0x80, 1) and its x32 calls (2); other architectures have
// the native one only.
type Personality uint8

// The personalities.
const (
	PersNative Personality = iota
	Pers32
	PersX32
	// NumPersonalities is how many there are.
	NumPersonalities
)

// Mode is how strace's "[ Process PID=N runs in MODE mode. ]" names p.
func (p Personality) Mode() string {
	switch p {
	case Pers32:
		return "32 bit"
	case PersX32:
		return "x32"
	}
	return "64 bit"
}

// X32SyscallBit is x86_64's __X32_SYSCALL_BIT: set in an x32 call's
// number. Event.NR never has it.
const X32SyscallBit = 0x40000000

// MaxArgs is the number of arguments a system call takes at most.
const MaxArgs = 6

// Event is one thing a backend observed about one thread.
type Event struct {
	Kind Kind
	// PID is the thread group id, TID the thread id.
	PID, TID int32
	// Arch is the AUDIT_ARCH_* value of the syscall's calling convention.
	Arch uint32
	// Pers is the personality of a syscall event's call (and of a
	// PersonalityChange); an i386 call also has Arch ArchI386.
	Pers Personality
	// NR is the system call number in Pers's table (an x32 call's
	// without X32SyscallBit).
	NR int32
	// Args are the raw argument registers.
	Args [MaxArgs]uint64
	// IP is the instruction pointer (-i): after the syscall instruction
	// for a call, where the signal found the task for a Signal (or a
	// group stop), where the new program starts for an Exec; 0 when the
	// backend could not tell.
	IP uint64
	// Ret is the raw return value: -4095 <= Ret <= -1 is an error.
	Ret int64
	// Enter and Exit are CLOCK_MONOTONIC nanoseconds of the syscall's entry
	// and exit; for other kinds, Enter is when the event happened.
	Enter, Exit int64
	// Captures holds the user memory the capture plan asked for, one slot
	// per argument.
	Captures [MaxArgs]Capture
	// Signal describes the delivered signal, for Kind == Signal.
	Signal *SignalInfo
	// Status is the exit code for Kind == Exit, or 0 when ExitSignal is set.
	Status int
	// ExitSignal is the signal that killed the thread, and CoreDumped tells
	// whether it dumped core.
	ExitSignal int
	CoreDumped bool
	// Lost counts events the backend could not deliver, for Kind == Lost.
	Lost uint64
	// OldTID is the thread that called execve, for Kind == Exec.
	OldTID int32
	// Resumes is, on the events of a call that resumes another
	// (restart_syscall, syscalls.Resumes), 1 + the number in Pers's table
	// of the thread's last call that ended with ERESTART_RESTARTBLOCK; 0
	// when the backend saw none.
	Resumes int32
	// Attached is set on a NewTask event for a task that was attached to
	// (-p), rather than created by a traced task.
	Attached bool
	// Tampered says, on a SyscallExit, what an Options.Inject rule did to
	// the call.
	Tampered Tampering
	// NoReturn is set on a SyscallExit emitted because the thread is
	// exiting (or being detached) inside the call, which therefore has no
	// result: strace prints "= ?". Ret is meaningless then.
	NoReturn bool
	// Unavailable is set on a SyscallExit whose result the backend could
	// not read (under ptrace, the thread was gone, killed, before its exit
	// stop was read); NoReturn is set too. strace prints
	// "= ? <unavailable>", and -e status=unavailable selects it.
	Unavailable bool
	// UnknownCall is set on both events of a call whose entry the
	// backend could not read (under ptrace, the thread was gone before
	// its entry stop was read): NR is -1 and Args are zero. strace prints
	// it as "???(", whatever -e trace= selects.
	UnknownCall bool
	// CPUTime is, on a SyscallExit, the system CPU time in nanoseconds
	// that the call consumed, as strace -c counts it without -w; HasCPUTime
	// says whether the backend measured it.
	CPUTime    int64
	HasCPUTime bool
	// Threads is, on an Attached NewTask of a process attached with all its
	// threads, how many threads were attached, itself included (strace's
	// "Process N attached with K threads"); 0 when not counted.
	Threads int32
	// WithLeader is set on an Attached NewTask of a thread attached along
	// with its process, whose own event announced it: nothing is printed.
	WithLeader bool
	// Scoped is set on the NewTask of a task an Options.Scope took, at its
	// first call: no attach message is printed for it.
	Scoped bool
	// NewFDs names, on a SyscallExit, the descriptors the call created,
	// as the kernel saw them at the call's exit ("pipe:[1234]",
	// "/etc/hostname"), when Options.NameNewFDs asked for it and the
	// backend can tell. Backends reuse the slice like Captures.
	NewFDs []FDName
	// ArgFDs names, on a SyscallEnter, the call's descriptor arguments
	// (and the working directory, as FD AT_FDCWD, for a directory
	// descriptor argument that is AT_FDCWD) as the call found them,
	// Closed ones included, when Options.NameNewFDs asked for it and the
	// backend can tell; nil from a backend whose consumer reads /proc
	// while the task is stopped. Backends reuse the slice like Captures.
	ArgFDs []FDName
	// Sockets holds, when Options.DescribeSockets asked for it and the
	// backend can tell, the state of sockets as the kernel had it: on a
	// SyscallEnter those among the call's arguments, as the call found
	// them; on a SyscallExit those the call created. Such a backend also
	// reports, on both events of a call whose data may be netlink messages
	// (syscalls.NetlinkData), the netlink sockets among its descriptor
	// arguments, with or without DescribeSockets. Backends reuse the
	// slice like Captures.
	Sockets []SocketState
	// Stack is, when Options.StackSize asked for it (-k), the thread's
	// user registers and the top of its stack on a SyscallEnter and on a
	// Signal; nil otherwise. Backends reuse it like Captures.
	Stack *UserStack
	// CapturesKept is set on a SyscallEnter by a backend that leaves the
	// memory of its Captures unchanged until it reports that call's end
	// (the SyscallExit or the thread's Exit): a sink that uses the entry's
	// captures only until then may keep a shallow copy (*ev) instead of
	// CopyTo.
	CapturesKept bool
}

// UserStack is what a thread's user stack looked like at an event: its
// registers and a copy of the stack memory from the stack pointer up, for
// unwinding after the fact (-k).
type UserStack struct {
	// Regs are the user registers in the DWARF numbering of x86-64:
	// 0 rax, 1 rdx, 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp, 8-15 r8-r15,
	// 16 the instruction pointer.
	Regs [UserRegs]uint64
	// Data is the stack from Regs[7] up: as many bytes as were readable,
	// at most Options.StackSize.
	Data []byte
	// Maps are, from a backend that reports events after the fact, the
	// executable file mappings of the process when the sample was taken;
	// nil from one whose consumer reads /proc/PID/maps while the task is
	// stopped. Never modified once set: samples share it.
	Maps []Mapping
}

// Mapping is an executable mapping of a file into a process.
type Mapping struct {
	// Start and End are its addresses; Offset the file offset of Start.
	Start, End, Offset uint64
	// Inode and Path name the file.
	Inode uint64
	Path  string
}

// UserRegs is the number of registers a UserStack holds.
const UserRegs = 17

// MaxStackSize is the most Options.StackSize a backend honours.
const MaxStackSize = 1 << 18

// FDName is what descriptor FD of a task referred to when the kernel
// looked (see Event.NewFDs and Event.ArgFDs).
type FDName struct {
	FD int32
	// Name is the file as /proc/PID/fd/FD names it ("/etc/hostname",
	// "pipe:[45]", "anon_inode:[eventfd]"), without the " (deleted)"
	// mark; "" when the backend could not tell (a path too long).
	Name string
	// Closed says FD was not open: nothing else is set.
	Closed bool
	// Cloexec is its close-on-exec flag.
	Cloexec bool
	// Deleted says the file has no name left (unlinked, or a memfd):
	// /proc marks Name " (deleted)".
	Deleted bool
	// Mode is the inode's st_mode (0: not known) and Rdev its device
	// number (a device's, as unix.Mkdev makes it).
	Mode uint32
	Rdev uint64
}

// SocketState is what sock_diag would have said of the socket at
// descriptor FD at a call's entry or exit (for -yy).
type SocketState struct {
	FD    int32
	Inode uint64
	// Proto is the protocol's name ("TCP", "UNIX-STREAM"), as the socket's
	// system.sockprotoname attribute says.
	Proto  string
	Family uint16
	// Listed says sock_diag would find it: an INET socket bound,
	// listening or connected, a netlink socket with a port id, any UNIX
	// socket.
	Listed bool
	// Src, SPort, Dst and DPort are an INET socket's local and remote
	// addresses and ports.
	Src, Dst     netip.Addr
	SPort, DPort uint16
	// Peer is a UNIX socket's peer's inode (0: none); Path its bound
	// address (nil: none; an abstract one starts with a NUL byte).
	Peer uint64
	Path []byte
	// NetlinkProto and PortID are a netlink socket's protocol (NETLINK_*)
	// and port id.
	NetlinkProto uint16
	PortID       uint32
}

// CopyTo makes dst a deep copy of e, reusing dst's capture buffers. A sink
// that keeps an event past its call must copy it: backends reuse the Event
// and the memory its Captures point to.
func (e *Event) CopyTo(dst *Event) {
	saved, savedFDs, savedArgFDs, savedSockets := dst.Captures, dst.NewFDs, dst.ArgFDs, dst.Sockets
	*dst = *e
	dst.NewFDs = append(savedFDs[:0], e.NewFDs...)
	if e.NewFDs == nil {
		dst.NewFDs = nil
	}
	dst.ArgFDs = append(savedArgFDs[:0], e.ArgFDs...)
	if e.ArgFDs == nil {
		dst.ArgFDs = nil
	}
	dst.Sockets = append(savedSockets[:0], e.Sockets...)
	for i := range dst.Sockets {
		dst.Sockets[i].Path = append([]byte(nil), e.Sockets[i].Path...)
	}
	if e.Sockets == nil {
		dst.Sockets = nil
	}
	for i := range e.Captures {
		dst.Captures[i] = e.Captures[i].copyInto(saved[i].Data[:0])
	}
	if e.Signal != nil {
		si := *e.Signal
		dst.Signal = &si
	}
	if e.Stack != nil {
		st := UserStack{Regs: e.Stack.Regs, Data: append([]byte(nil), e.Stack.Data...), Maps: e.Stack.Maps}
		dst.Stack = &st
	}
}

// copyInto returns a deep copy of c whose Data reuses buf.
func (c Capture) copyInto(buf []byte) Capture {
	out := c
	if c.Data != nil {
		out.Data = append(buf, c.Data...)
		if out.Data == nil {
			out.Data = []byte{}
		}
	}
	if c.Elems != nil {
		out.Elems = make([]Capture, len(c.Elems))
		for i := range c.Elems {
			out.Elems[i] = c.Elems[i].copyInto(nil)
		}
	}
	return out
}

// IsError reports whether Ret is an error number (as a negated errno),
// unless -e inject= made it a successful retval.
func (e *Event) IsError() bool {
	return e.Ret < 0 && e.Ret >= -4095 && e.Tampered&TamperedRetval == 0
}

// Capture is what a backend copied out of the tracee for one argument.
type Capture struct {
	// Data is the bytes read. For strings it excludes the terminating NUL.
	Data []byte
	// Truncated is set when the object in memory was longer than Data;
	// for a pointer array, when a fault ended it before its NULL (Aux
	// then counts the pointers before the fault).
	Truncated bool
	// Faulted is set when the address could not be read at all.
	Faulted bool
	// Aux is plan-specific: the element count of a pointer array (counted
	// even past the elements captured); for a C string that faulted after
	// some bytes were read, how far the read got (capture.ShortRead); for
	// an object found from the stack pointer (syscalls.Plan.FromStack),
	// its address.
	Aux uint64
	// Elems holds one capture per element of a pointer array (argv) or an
	// iovec array; Data then holds the raw array itself.
	Elems []Capture
}

// Present reports whether anything was captured or attempted.
func (c *Capture) Present() bool { return c.Data != nil || c.Faulted || c.Elems != nil }

// SignalInfo describes a signal delivery.
type SignalInfo struct {
	// Signo is the signal number.
	Signo int32
	// Raw is the kernel's siginfo_t as delivered (128 bytes on Linux).
	Raw [128]byte
	// GroupStop is set when the event reports that the thread entered a
	// group-stop (job control) because of Signo, rather than a delivery:
	// strace's "--- stopped by SIGSTOP ---". Raw is then empty.
	GroupStop bool
}

// Target says what to trace: a command to launch or processes to attach to.
type Target struct {
	// Path is the resolved executable, Argv its argument vector and Env its
	// environment, for a launched command.
	Path string
	Argv []string
	Env  []string
	// PIDs are processes to attach to (-p).
	PIDs []int
	// Credentials, when set, are the user and groups the launched command
	// runs as (-u); nil keeps the tracer's.
	Credentials *Credentials
	// DetachStdio asks the backend, once the command has started, to
	// replace the tracer's own standard input and output (tracee.
	// DetachStdio), so that the command alone holds them.
	DetachStdio bool
	// Adopt, when set, is a command that the front end started itself
	// instead of Path (-D: the tracer runs as a detached descendant of
	// the process that becomes the command).
	Adopt *Adoption
}

// Adoption is a command the backend traces without having started it: a
// process that waits, before its execve, until the backend traces it.
// The backend attaches to it as to a -p process (it is reported
// attached), hides it until its first execve, as it hides its own exec
// stub, and then calls Release. The process is not the backend's child:
// its exit status is not the backend's to collect, and when the run is
// stopped it is detached, never killed.
type Adoption struct {
	// PID is the waiting process.
	PID int
	// Release lets the process go on to its execve; seccomp, when not
	// empty, is the --seccomp-bpf filter it must install first (the
	// stub's encoding, from the backend). Release is called once, or
	// not at all when the backend fails before.
	Release func(seccomp string) error
}

// Credentials are the identity a launched command takes before its execve,
// as strace -u sets it: supplementary groups first, then the group, then
// the user. A set-user-ID or set-group-ID executable still gets its owner
// as effective id.
type Credentials struct {
	UID, GID uint32
	// Groups are the supplementary groups; empty clears them.
	Groups []uint32
}

// StopSignal is the cause (context.Cause) a front end gives when it cancels
// a run because it received signal Sig. A backend then forwards Sig to the
// launched command and detaches from every task, as strace does, instead
// of killing the command.
type StopSignal struct{ Sig int }

// Error describes the cause.
func (s StopSignal) Error() string { return fmt.Sprintf("stopped by signal %d", s.Sig) }

// UnknownExit is the warning (Options.Warn) that a child of the tracer
// that it does not trace has exited and was reaped: a child the command
// made with CLONE_PARENT, when children are not followed.
type UnknownExit struct{ PID int }

// Error words it as strace does.
func (u UnknownExit) Error() string { return fmt.Sprintf("Exit of unknown pid %d ignored", u.PID) }

// UnknownDetached is the warning (Options.Warn) that a task the kernel
// made a tracee of the tracer's, when children are not followed, was let
// go at its first stop: a child the command made with CLONE_PTRACE.
type UnknownDetached struct{ PID int }

// Error words it as strace does.
func (u UnknownDetached) Error() string { return fmt.Sprintf("Detached unknown pid %d", u.PID) }

// ErrNothingAttached is returned (wrapped) by Run when no -p process could
// be attached and there is no command; each failure was given to
// Options.Warn.
var ErrNothingAttached = errors.New("no process could be attached")

// Options shape what a backend captures.
type Options struct {
	// FollowForks traces children and threads created by traced tasks (-f).
	FollowForks bool
	// DetachOnExec stops tracing a process when it has executed a program
	// (-b execve): once its execve succeeds, its thread is let go (a
	// Detached event right after the Exec, the call left open) and its
	// future children are not traced. The launched command's first execve,
	// the one that replaces the exec stub, does not count.
	DetachOnExec bool
	// StringLimit is the -s value: how many bytes of a string argument are
	// shown. Backends capture one byte more, to know whether to add "...".
	StringLimit int
	// Verbose captures whole structures and environment arrays (-v).
	Verbose bool
	// KVMVcpu (-e kvm=vcpu) captures a successful KVM_RUN's exit reason
	// (capture.Executor.KVMVcpu).
	KVMVcpu bool
	// Filter selects the syscalls whose events are wanted; nil means all.
	// Events of other syscalls need not be emitted at all.
	Filter *SyscallSet
	// SignalsWanted says whether Signal events are wanted.
	SignalsWanted bool
	// CountOnly asks for per-syscall aggregates (-c) instead of syscall
	// events. A backend that can aggregate in place returns them in
	// Result.Counts and emits no SyscallEnter/SyscallExit events; one that
	// cannot ignores it and emits events as usual (Result.Counts nil).
	CountOnly bool
	// CountPerProcess (-ff with -c or -C) asks a backend that reports
	// after the fact for the command names of the processes it traced
	// (Result.ProcessComms), which /proc may no longer show when their
	// events are handled, and one that honours CountOnly to aggregate
	// each process's calls apart too (Result.ProcessCounts).
	CountPerProcess bool
	// CountHistograms asks a backend that honours CountOnly for the
	// histograms of the calls' times too (SyscallStats.Hist, in
	// Result.Counts and what LiveCounts reads): for the outputs that
	// print them or what is computed from them (histograms, percentiles,
	// JSON, intervals). Without it the histograms may be left empty.
	CountHistograms bool
	// LiveCounts, when set, is called once by a backend that honours
	// CountOnly, when tracing has started, with a function that returns
	// the aggregates so far (cumulative, as Result.Counts will hold them),
	// for --summary-interval. read may be called from any goroutine; after
	// Run has returned it returns an error.
	LiveCounts func(read func() (map[SyscallKey]*SyscallStats, error))
	// SummaryWallTime makes aggregates measure wall time from entry to
	// exit (-w) rather than system CPU time.
	SummaryWallTime bool
	// SyscallCPUTime asks for Event.CPUTime on SyscallExit events: -c/-C
	// without -w count system CPU time. Backends measure it only when
	// asked, so that a plain trace pays nothing for it.
	SyscallCPUTime bool
	// Untimed says that no event's time is printed or measured (no
	// timestamps, no -T, no summary, no JSON or Perfetto output). A backend may then put in a
	// syscall event's Enter and Exit, instead of times, numbers that order
	// each thread's calls and the signals for that thread as times would,
	// and spare the clock reads.
	Untimed bool
	// NameNewFDs (-y) asks a backend whose events are processed after the
	// fact to name the descriptors each call takes (Event.ArgFDs) and
	// creates (Event.NewFDs), which /proc may no longer show by then.
	NameNewFDs bool
	// DescribeSockets (-yy) asks such a backend for the state of the
	// sockets each call takes or makes (Event.Sockets), which sock_diag
	// may no longer know by then. It implies NameNewFDs.
	DescribeSockets bool
	// DumpRead and DumpWrite are the descriptors -e read= and -e write=
	// dump: a call that reads from (writes to) one of them has its data
	// argument captured whole, not cut at StringLimit (syscalls.Dumped
	// says which calls read or write). nil dumps none.
	DumpRead, DumpWrite *FDSet
	// Inject holds the -e inject= and -e fault= rules; nil when there are
	// none. Only a backend whose Capabilities have Tamper may be given
	// rules.
	Inject *Injections
	// Warn, when set, receives problems that do not stop tracing, such as
	// a -p process that could not be attached; each is one line of text.
	// When nil, such problems are dropped.
	Warn func(error)
	// StackSize, when not 0, asks for Event.Stack on each SyscallEnter
	// and Signal of a traced call or signal, with at most StackSize bytes
	// of stack (-k).
	StackSize int
	// Scope, when not nil, traces the tasks it matches besides the
	// target's (scope.go); only a backend that can filter in the kernel
	// takes it.
	Scope *Scope
	// NamePids (-Y) asks a backend whose events are processed after the
	// fact to report through TaskInfo (Named) the names of the processes
	// that calls' pid arguments and results name, as they were at the
	// call: the process may be gone when the line is printed.
	NamePids bool
	// TaskInfo, when set, receives what the backend learns of a task's
	// identity (its command name, and in a scope its cgroup and PID
	// namespace), on Run's goroutine, before the events that follow it.
	TaskInfo func(*TaskInfo)
	// Steps, when set, times the backend's start-up steps and its
	// release of what it set up (--tracer-stats).
	Steps *Steps
}

// Capabilities says how a backend observes its tasks.
type Capabilities struct {
	// Stops says the backend stops a task at each event it reports and
	// calls the sink before resuming it, so /proc shows the task as the
	// event does (ptrace). Otherwise events are reported after the fact.
	Stops bool
	// Tamper says the backend can apply Options.Inject: change a call's
	// number, result and memory at its stops.
	Tamper bool
}

// Backend traces a target and reports what happens as Events.
type Backend interface {
	// Name is the backend's name as --backend spells it.
	Name() string
	// Capabilities says how the backend observes its tasks.
	Capabilities() Capabilities
	// Run traces target until every traced task has exited or ctx is done,
	// calling sink for each event in the order observed. The event and the
	// memory it points to are valid only during the call (see CopyTo). It
	// returns the launched command's wait status summary, or an error.
	// When sink returns an error, Run stops tracing, detaches every task,
	// lets the launched command run to its own end and returns that error
	// with the command's status in the Result.
	Run(ctx context.Context, target Target, opts Options, sink func(*Event) error) (Result, error)
}

// Result is how tracing ended.
type Result struct {
	// ExitCode is the launched command's exit code, or -1 if it was killed.
	ExitCode int
	// Signal is the signal that killed the launched command, if any.
	Signal int
	// Counts holds the per-syscall aggregates of a backend that honoured
	// Options.CountOnly; nil otherwise.
	Counts map[SyscallKey]*SyscallStats
	// ProcessCounts holds, with Options.CountPerProcess and CountOnly
	// honoured, the aggregates of each process (by thread group id) that
	// made a counted call; nil otherwise. ProcessComms has, with
	// CountPerProcess, the processes' command names as the backend last
	// saw them, when it can tell (nil otherwise).
	ProcessCounts map[int32]map[SyscallKey]*SyscallStats
	ProcessComms  map[int32]string
	// ProcessCountsDropped counts the calls left out of ProcessCounts
	// because its table was full (they are in Counts).
	ProcessCountsDropped uint64
	// Stats is what tracing cost the tracer (--tracer-stats).
	Stats TracerStats
}

// ErrUnsupported is returned (wrapped) by a backend that cannot run here.
var ErrUnsupported = errors.New("backend not supported")

// SyscallSet is a set of system call numbers of one architecture, one
// subset per personality: Add, Remove and Has work on the native one.
type SyscallSet struct {
	pers [NumPersonalities]nrBits
}

// nrBits is the set of one personality.
type nrBits struct {
	bits [MaxNR / 64]uint64
	// all says whether numbers beyond the bitmap belong to the set, so that
	// "all" and "!name" sets keep tracing numbers no table knows.
	all bool
}

// NewSyscallSet returns an empty set; with all set, a set of every number
// of every personality.
func NewSyscallSet(all bool) *SyscallSet {
	s := &SyscallSet{}
	if all {
		for p := range s.pers {
			s.pers[p].all = true
			for i := range s.pers[p].bits {
				s.pers[p].bits[i] = ^uint64(0)
			}
		}
	}
	return s
}

// Add puts native call nr in the set.
func (s *SyscallSet) Add(nr int) { s.AddIn(PersNative, nr) }

// AddIn puts call nr of personality p in the set.
func (s *SyscallSet) AddIn(p Personality, nr int) {
	if nr >= 0 && nr < MaxNR && p < NumPersonalities {
		s.pers[p].bits[nr/64] |= 1 << (nr % 64)
	}
}

// Remove takes native call nr out of the set.
func (s *SyscallSet) Remove(nr int) {
	if nr >= 0 && nr < MaxNR {
		s.pers[PersNative].bits[nr/64] &^= 1 << (nr % 64)
	}
}

// Has reports whether native call nr is in the set. Numbers beyond the
// bitmap belong to the set only when it was created with all.
func (s *SyscallSet) Has(nr int) bool { return s.HasIn(PersNative, nr) }

// HasIn reports whether call nr of personality p is in the set; a nil set
// has every call.
func (s *SyscallSet) HasIn(p Personality, nr int) bool {
	if s == nil {
		return true
	}
	if p >= NumPersonalities {
		return false
	}
	if nr < 0 || nr >= MaxNR {
		return s.pers[p].all
	}
	return s.pers[p].bits[nr/64]&(1<<(nr%64)) != 0
}

// AddBeyond puts every number of personality p from MaxNR on in the set.
func (s *SyscallSet) AddBeyond(p Personality) {
	if p < NumPersonalities {
		s.pers[p].all = true
	}
}

// Beyond reports whether the numbers of personality p from MaxNR on are
// in the set.
func (s *SyscallSet) Beyond(p Personality) bool { return s.HasIn(p, MaxNR) }

// Bits returns personality p's bitmap of the numbers below MaxNR.
func (s *SyscallSet) Bits(p Personality) [MaxNR / 64]uint64 { return s.pers[p].bits }

// Invert replaces the set with its complement, in every personality.
func (s *SyscallSet) Invert() {
	for p := range s.pers {
		for i := range s.pers[p].bits {
			s.pers[p].bits[i] = ^s.pers[p].bits[i]
		}
		s.pers[p].all = !s.pers[p].all
	}
}

// Len is how many native numbers below the bitmap's end the set holds.
func (s *SyscallSet) Len() int {
	n := 0
	for nr := 0; nr < MaxNR; nr++ {
		if s.Has(nr) {
			n++
		}
	}
	return n
}

// Full reports whether the set holds every number of every personality.
func (s *SyscallSet) Full() bool {
	for p := range s.pers {
		if !s.pers[p].all {
			return false
		}
		for _, w := range s.pers[p].bits {
			if w != ^uint64(0) {
				return false
			}
		}
	}
	return true
}

// MaxNR is one past the largest number a SyscallSet stores individually.
const MaxNR = 512

// FDSet is a set of file descriptors (-e read=, -e write=).
type FDSet struct {
	bits [16]uint64
	// all says whether descriptors beyond the bitmap belong to the set,
	// but for those in beyond, whose membership is the opposite.
	all    bool
	beyond map[int]bool
}

// NewFDSet returns an empty set; with all set, a set of every descriptor.
func NewFDSet(all bool) *FDSet {
	s := &FDSet{all: all}
	if all {
		for i := range s.bits {
			s.bits[i] = ^uint64(0)
		}
	}
	return s
}

// Add puts fd in the set, and reports whether fd is a descriptor number
// (not negative).
func (s *FDSet) Add(fd int) bool {
	if fd < 0 {
		return false
	}
	if fd >= len(s.bits)*64 {
		if s.all {
			delete(s.beyond, fd)
		} else {
			if s.beyond == nil {
				s.beyond = map[int]bool{}
			}
			s.beyond[fd] = true
		}
		return true
	}
	s.bits[fd/64] |= 1 << (fd % 64)
	return true
}

// Has reports whether fd is in the set; a nil set is empty.
func (s *FDSet) Has(fd int) bool {
	if s == nil || fd < 0 {
		return false
	}
	if fd >= len(s.bits)*64 {
		return s.all != s.beyond[fd]
	}
	return s.bits[fd/64]&(1<<(fd%64)) != 0
}

// Copied reports whether the backends copy whole the data of a call on
// fd (syscalls.Dumped): whether fd is in the set, for the descriptors of
// the bitmap the eBPF programs hold (below 1024); beyond it, whether any
// descriptor there is in the set (the programs know no more, and the
// printer dumps only those in it).
func (s *FDSet) Copied(fd int) bool {
	if s == nil || fd < len(s.bits)*64 {
		return s.Has(fd)
	}
	return s.all || len(s.beyond) > 0
}

// Invert replaces the set with its complement.
func (s *FDSet) Invert() {
	for i := range s.bits {
		s.bits[i] = ^s.bits[i]
	}
	s.all = !s.all
}

// Empty reports whether the set holds no descriptor.
func (s *FDSet) Empty() bool {
	if s == nil {
		return true
	}
	for _, w := range s.bits {
		if w != 0 {
			return false
		}
	}
	return !s.all && len(s.beyond) == 0
}
