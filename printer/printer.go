// Package printer assembles decoded events into strace's output stream: the
// pid prefixes, timestamps, "<unfinished ...>" and "<... NAME resumed>"
// splits when threads interleave, the "=" column, -T durations, status
// filtering, and the -o / -ff output files.
//
// It consumes trace.Events in the order a backend observed them and asks
// package decode for the text of each part; it never looks at a process.
package printer

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// TimestampMode is the format of the -t family's timestamps.
type TimestampMode uint8

// Timestamp formats.
const (
	// NoTimestamps prints none.
	NoTimestamps TimestampMode = iota
	// WallClock is the time of day, 15:04:05 (-t, -tt).
	WallClock
	// Epoch is the seconds since the epoch, 1700000000 (-ttt).
	Epoch
)

// Options configure a Printer.
type Options struct {
	// Timestamps is the format of -t, -tt, -ttt or --absolute-timestamps,
	// with TimestampDigits decimals (0 for -t, 6 for -tt and -ttt).
	Timestamps      TimestampMode
	TimestampDigits int
	// Relative is -r: the time since the previous line, with
	// RelativeDigits decimals.
	Relative       bool
	RelativeDigits int
	// SyscallTimes is -T: the time spent in each call, with
	// SyscallTimeDigits decimals.
	SyscallTimes      bool
	SyscallTimeDigits int
	// SyscallNumbers is -n: each call's number before its name.
	SyscallNumbers bool
	// InstructionPointer is -i: each line starts with the event's
	// instruction pointer, "[????????????????]" when there is none.
	InstructionPointer bool
	// Column is -a: where "=" goes (default 40).
	Column int
	// Output is -o's file name ("|COMMAND" or "!COMMAND": a pipe into the
	// shell command); "" writes to Stderr.
	Output string
	// Append opens Output to append to it (-A).
	Append bool
	// Separate is -ff: one file per thread, Output.TID.
	Separate bool
	// FollowForks is -f: it decides the pid prefix of -o files.
	FollowForks bool
	// Stderr is where output goes without -o (os.Stderr by default).
	Stderr io.Writer
	// Prog names sctrace in the attach and detach notes, as strace names
	// itself by its argv[0]; "sctrace" when empty.
	Prog string
	// Comm, set under -Y (--decode-pids=comm), returns the command name of
	// a thread, printed after its pid in each line's prefix: 123<sh>.
	// It is asked when the thread becomes known and for each of its
	// lines, whose prefix keeps the last name found (a thread that is
	// gone from /proc, or changed its name in a call not traced). The
	// Perfetto printer asks it once per thread, for the tracks the
	// events do not name.
	Comm func(tid int32) (string, bool)
	// AlwaysShowPID prints the pid prefix on every line, even while one
	// process is traced (--always-show-pid; scopes imply it).
	AlwaysShowPID bool
	// TaskScope, set in scopes, returns the scope's view of a thread for
	// JSON records: its cgroup and PID namespace.
	TaskScope func(tid int32) (TaskScope, bool)
	// Spec holds the signal, status and quiet selections.
	Spec *filter.Spec
	// Initial is how many processes are traced from the start (1 for a
	// command, the number of -p pids otherwise).
	Initial int
	// Unbuffered writes each part of a line as soon as it is made, to
	// any output, as to a terminal: for a tracer that may be killed at
	// any moment.
	Unbuffered bool
	// StackFrames, when set (-k), appends to b the lines of the stack of
	// ev (ev.Stack), " > ...\n" each. queued says the stack was taken at
	// the entry of a call that ends its task and is printed once the
	// task has ended, which strace formats a little differently.
	StackFrames func(b []byte, ev *trace.Event, queued bool) []byte
}

// TaskScope is what a scope knows of a thread, for JSON records.
type TaskScope struct {
	// CgroupPath is its cgroup v2 path ("" when unknown), CgroupID the
	// cgroup's id, PidNS the inode of its PID namespace (0: unknown).
	CgroupPath string
	CgroupID   uint64
	PidNS      uint64
}

// task is what the printer remembers of one traced thread.
type task struct {
	tid int32
	// pending is the entry event of the call the thread is in, if any: a
	// copy in entry, which the task owns (backends reuse their events).
	pending *trace.Event
	entry   trace.Event
	// out is the thread's own writer under -ff.
	out  *bufio.Writer
	file *os.File
	// curcol is the length of the thread's open line under -ff.
	curcol int
	// reprint forces the next exit to start a "<... NAME resumed>" line
	// (the thread took over its leader's pid in an execve).
	reprint bool
	// comm is the thread's command name under -Y.
	comm string
	// endStack is the call that ended the thread (exit, exit_group),
	// whose stack -k prints after the thread's end.
	endStack *trace.Event
	// nr is the number of the thread's last traced call, which -n
	// prints before each of its lines, signals' and its end's too (0
	// before its first, as strace's true_scno).
	nr uint32
}

// Printer writes strace's text for a stream of events.
type Printer struct {
	opts Options
	dec  *decode.Decoder
	// ip32 says the last call seen (of any thread) was of a personality
	// with 32-bit words, whose -i addresses strace prints with 8 digits.
	ip32 bool

	shared     *bufio.Writer
	sharedFile *os.File
	// waitPipe waits for the command of an -o "|COMMAND" output.
	waitPipe func() error
	// interactive output (a terminal, a pipe, stderr) is flushed after
	// every part of a line.
	interactive bool
	// pidPrefix is set when -o with -f (or several -p) prefixes every line
	// with "PID  ".
	pidPrefix bool

	tasks map[int32]*task
	// printing is the thread whose line is open in the shared output, and
	// curcol that line's length (0: no open line).
	printing *task
	curcol   int

	line []byte
	// wallOffset converts CLOCK_MONOTONIC to CLOCK_REALTIME nanoseconds.
	wallOffset int64
	lastRel    int64
	err        error
}

// New returns a Printer writing with dec's decoding and opts' layout.
func New(dec *decode.Decoder, opts Options) (*Printer, error) {
	if opts.Column <= 0 {
		opts.Column = 40
	}
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	p := &Printer{opts: opts, dec: dec, tasks: make(map[int32]*task), line: make([]byte, 0, 512)}
	p.wallOffset = wallOffset()
	switch {
	case opts.Output == "":
		p.shared = bufio.NewWriterSize(opts.Stderr, 64<<10)
		p.interactive = true
	case opts.Separate:
		// Files are opened per thread, on first output.
	default:
		f, wait, err := openOutput(opts.Output, opts.Append)
		if err != nil {
			return nil, err
		}
		p.sharedFile, p.waitPipe = f, wait
		p.shared = bufio.NewWriterSize(f, 256<<10)
		p.interactive = isInteractive(f)
	}
	p.interactive = p.interactive || opts.Unbuffered
	p.pidPrefix = opts.Output != "" && !opts.Separate && (opts.FollowForks || opts.Initial > 1 || opts.AlwaysShowPID)
	return p, nil
}

// openError is strace's message for an output file it cannot create:
// "Can't fopen 'NAME': No such file or directory".
type openError struct {
	name string
	err  error
}

// Error returns strace's wording, with glibc's capitalized strerror.
func (e *openError) Error() string {
	reason := e.err.Error()
	var errno syscall.Errno
	if errors.As(e.err, &errno) {
		reason = errno.Error()
		reason = strings.ToUpper(reason[:1]) + reason[1:]
	}
	return fmt.Sprintf("Can't fopen '%s': %s", e.name, reason)
}

// Unwrap returns the error of the open call.
func (e *openError) Unwrap() error { return e.err }

// wallOffset is CLOCK_REALTIME minus CLOCK_MONOTONIC, in nanoseconds.
func wallOffset() int64 {
	var mono unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &mono)
	return time.Now().UnixNano() - mono.Nano()
}

// isInteractive reports whether f is a terminal or a pipe, whose reader
// wants each line as soon as it is complete.
func isInteractive(f *os.File) bool {
	if _, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS); err == nil {
		return true
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeNamedPipe != 0
}

// Handle formats one event. It returns the first write error seen.
func (p *Printer) Handle(ev *trace.Event) error {
	if p.err != nil {
		return p.err
	}
	if ev.Kind == trace.SyscallEnter || ev.Kind == trace.SyscallExit || ev.Kind == trace.PersonalityChange {
		p.ip32 = ev.Pers != trace.PersNative
	}
	switch ev.Kind {
	case trace.SyscallEnter:
		p.enter(ev)
	case trace.SyscallExit:
		if ev.NoReturn {
			if p.traced(ev) {
				p.noReturn(p.task(ev.TID), ev)
			}
		} else {
			p.exit(ev)
		}
	case trace.Signal:
		p.signal(ev)
	case trace.Exit:
		p.taskExit(ev)
	case trace.NewTask:
		if _, known := p.tasks[ev.TID]; !known {
			p.task(ev.TID)
			switch {
			case ev.WithLeader, ev.Scoped: // announced by its leader's event; taken by a scope
			case ev.Threads > 1:
				p.message("Process %d attached with %d threads", ev.TID, ev.Threads)
			default:
				p.message("Process %d attached", ev.TID)
			}
		}
	case trace.Detached:
		p.detached(ev)
	case trace.Lost:
		p.lost(ev)
	case trace.Exec:
		p.exec(ev)
	case trace.PersonalityChange:
		p.personality(ev)
	}
	return p.err
}

// personality prints strace's note that a thread's call runs in another
// personality than its previous one, unless -e quiet=personality (which
// -q, and -o FILE with a command, imply).
func (p *Printer) personality(ev *trace.Event) {
	if p.opts.Spec != nil && p.opts.Spec.Quiet&filter.QuietPersonality != 0 {
		return
	}
	t := p.task(ev.TID)
	t.nr = uint32(ev.NR)
	b := p.leader(p.line[:0], t, ev.Enter, ev.IP)
	b = append(b, "[ Process PID="...)
	b = strconv.AppendInt(b, int64(ev.TID), 10)
	b = append(b, " runs in "...)
	b = append(b, ev.Pers.Mode()...)
	b = append(b, " mode. ]\n"...)
	p.emit(t, b, 0)
	p.line = b
}

// loadComm reads t's command name under -Y, keeping the last one found
// when it cannot.
func (p *Printer) loadComm(t *task) {
	if p.opts.Comm == nil {
		return
	}
	if name, ok := p.opts.Comm(t.tid); ok {
		t.comm = name
	}
}

// appendComm appends "<comm>" for t under -Y.
func (p *Printer) appendComm(b []byte, t *task) []byte {
	if p.opts.Comm == nil {
		return b
	}
	p.loadComm(t)
	if t.comm == "" {
		return b
	}
	b = append(b, '<')
	b = decode.AppendAngled(b, []byte(t.comm), p.dec.Options().Hex)
	return append(b, '>')
}

func (p *Printer) task(tid int32) *task {
	t, ok := p.tasks[tid]
	if !ok {
		t = &task{tid: tid}
		p.tasks[tid] = t
		p.loadComm(t)
	}
	return t
}

// staged reports whether lines are held until the call's outcome is known
// (status filtering), which also means no line is ever left open.
func (p *Printer) staged() bool { return p.opts.Spec != nil && p.opts.Spec.Status != filter.StatusAll }

// writer returns the output for t and the length of its open line.
func (p *Printer) writerOf(t *task) (*bufio.Writer, *int) {
	if !p.opts.Separate {
		return p.shared, &p.curcol
	}
	if t.out == nil {
		name := p.opts.Output + "." + strconv.Itoa(int(t.tid))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
		if err != nil {
			p.err = &openError{name: name, err: err}
			t.out = bufio.NewWriter(io.Discard)
		} else {
			t.file = f
			t.out = bufio.NewWriterSize(f, 64<<10)
		}
	}
	return t.out, &t.curcol
}

// leader ends any open line that is not t's own continuation and starts a
// new line for t: the pid prefix, timestamps and, with -i, the
// instruction pointer ip. ns is the event's CLOCK_MONOTONIC time.
func (p *Printer) leader(b []byte, t *task, ns int64, ip uint64) []byte {
	// An open line, the thread's own or another's, can no longer continue.
	if w, curcol := p.writerOf(t); *curcol != 0 {
		p.write(w, []byte(" <unfinished ...>\n"))
		*curcol = 0
	}
	if !p.opts.Separate {
		p.printing = t
	}
	if t.tid == 0 {
		// No task's line (lost events in a scope's run).
	} else if p.pidPrefix {
		mark := len(b)
		b = strconv.AppendInt(b, int64(t.tid), 10)
		if withComm := p.appendComm(b, t); len(withComm) > len(b) {
			b = withComm
		} else {
			for n := len(b) - mark; n < 5; n++ {
				b = append(b, ' ')
			}
		}
		b = append(b, ' ')
	} else if !p.opts.Separate && p.opts.Output == "" && (len(p.tasks) > 1 || p.opts.AlwaysShowPID) {
		b = append(b, "[pid "...)
		s := strconv.Itoa(int(t.tid))
		for n := len(s); n < 5; n++ {
			b = append(b, ' ')
		}
		b = append(b, s...)
		b = p.appendComm(b, t)
		b = append(b, "] "...)
	}
	b = p.appendTimestamps(b, ns)
	if p.opts.SyscallNumbers && t.tid != 0 {
		b = append(b, '[')
		s := strconv.FormatUint(uint64(t.nr), 10)
		for n := len(s); n < 4; n++ {
			b = append(b, ' ')
		}
		b = append(b, s...)
		b = append(b, "] "...)
	}
	if p.opts.InstructionPointer {
		b = appendIP(b, ip, p.ip32)
	}
	return b
}

// appendIP prints an instruction pointer as strace's -i: 16 hex digits in
// brackets (8 when the current personality's words are 32 bits), question
// marks when it is unknown (0).
func appendIP(b []byte, ip uint64, narrow bool) []byte {
	top := 60
	if narrow {
		top = 28
	}
	b = append(b, '[')
	if ip == 0 {
		b = append(b, "????????????????"[:top/4+1]...)
	} else {
		const digits = "0123456789abcdef"
		for shift := top; shift >= 0; shift -= 4 {
			b = append(b, digits[ip>>uint(shift)&15])
		}
	}
	return append(b, "] "...)
}

// callLeader is leader for a system call's line: with -n, the call's
// number follows, as "[  39] ".
func (p *Printer) callLeader(b []byte, t *task, ns int64, ev *trace.Event) []byte {
	t.nr = uint32(ev.NR)
	return p.leader(b, t, ns, ev.IP)
}

func (p *Printer) appendTimestamps(b []byte, ns int64) []byte {
	if p.opts.Timestamps != NoTimestamps {
		wall := ns + p.wallOffset
		sec, nsec := wall/1e9, wall%1e9
		switch p.opts.Timestamps {
		case Epoch:
			b = strconv.AppendInt(b, sec, 10)
		default:
			b = time.Unix(sec, 0).AppendFormat(b, "15:04:05")
		}
		b = appendFraction(b, nsec, p.opts.TimestampDigits)
		b = append(b, ' ')
	}
	if p.opts.Relative {
		if p.lastRel == 0 {
			p.lastRel = ns
		}
		d := ns - p.lastRel
		p.lastRel = ns
		if p.opts.Timestamps != NoTimestamps {
			b = append(b, "(+"...)
		}
		s := strconv.FormatInt(d/1e9, 10)
		for n := len(s); n < 6; n++ {
			b = append(b, ' ')
		}
		b = append(b, s...)
		b = appendFraction(b, d%1e9, p.opts.RelativeDigits)
		if p.opts.Timestamps != NoTimestamps {
			b = append(b, ") "...)
		} else {
			b = append(b, ' ')
		}
	}
	return b
}

// appendFraction appends ".DIGITS" of nsec nanoseconds, cut to digits
// decimals, as strace prints "%0*ld" of nsec / scale; nothing for 0.
func appendFraction(b []byte, nsec int64, digits int) []byte {
	if digits <= 0 {
		return b
	}
	scale := int64(1)
	for i := digits; i < 9; i++ {
		scale *= 10
	}
	b = append(b, '.')
	return appendPadded(b, nsec/scale, digits)
}

func appendPadded(b []byte, v int64, width int) []byte {
	s := strconv.FormatInt(v, 10)
	for n := len(s); n < width; n++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// tabTo pads b to the "=" column; col is the length of the line so far.
func (p *Printer) tabTo(b []byte, col int) []byte {
	for col < p.opts.Column {
		n := min(p.opts.Column-col, len(spaces))
		b = append(b, spaces[:n]...)
		col += n
	}
	return b
}

// spaces pads lines, a run of them at a time.
const spaces = "                                                                "

func (p *Printer) write(w *bufio.Writer, b []byte) {
	if _, err := w.Write(b); err != nil && p.err == nil {
		p.err = err
	}
}

// emit writes b for t: a finished line when it ends in '\n', else an open
// line of which *curcol records the length.
func (p *Printer) emit(t *task, b []byte, startCol int) {
	w, curcol := p.writerOf(t)
	p.write(w, b)
	if n := len(b); n > 0 && b[n-1] == '\n' {
		*curcol = 0
	} else {
		*curcol = startCol + len(b)
	}
	// A reader watching a terminal or a pipe sees a call as soon as it is
	// entered ("read(0, " while the read blocks), as with strace.
	if p.interactive {
		if err := w.Flush(); err != nil && p.err == nil {
			p.err = err
		}
	}
}

// traced reports whether ev's syscall passes -e trace=. Backends filter
// too, but need not.
func (p *Printer) traced(ev *trace.Event) bool { return tracedBy(p.opts.Spec, ev) }

// tracedBy reports whether ev's syscall passes spec's -e trace= (all do
// without spec). A call the backend could not read passes whatever it
// selects, as strace traces a call of unknown number.
func tracedBy(spec *filter.Spec, ev *trace.Event) bool {
	return spec == nil || spec.TraceAll || ev.UnknownCall || spec.Trace.HasIn(ev.Pers, int(ev.NR))
}

func (p *Printer) enter(ev *trace.Event) {
	if !p.traced(ev) {
		return
	}
	t := p.task(ev.TID)
	t.nr = uint32(ev.NR)
	if ev.CapturesKept && !p.staged() {
		// Printed now; only the call's end looks at it again, while
		// the backend keeps its captures.
		t.entry = *ev
	} else {
		ev.CopyTo(&t.entry)
	}
	t.pending = &t.entry
	if p.staged() {
		return
	}
	b := p.callLeader(p.line[:0], t, ev.Enter, ev)
	b = p.dec.AppendEnter(b, ev)
	p.emit(t, b, 0)
	p.line = b
}

// resumeHeader reports whether t's exit must start a new line with
// "<... NAME resumed>": another thread's output came in between.
func (p *Printer) resumeHeader(t *task) bool {
	if t.reprint {
		t.reprint = false
		return true
	}
	if p.opts.Separate {
		return t.curcol == 0
	}
	return p.printing != t || p.curcol == 0
}

func (p *Printer) exit(ev *trace.Event) {
	if !p.traced(ev) {
		return
	}
	t := p.task(ev.TID)
	enter := t.pending
	t.pending = nil
	var b []byte
	col := 0
	if p.staged() {
		failed := ev.IsError()
		if failed && p.opts.Spec.Status&filter.StatusFailed == 0 || !failed && p.opts.Spec.Status&filter.StatusSuccessful == 0 {
			return
		}
		b = p.callLeader(p.line[:0], t, ev.Enter, ev)
		if enter != nil {
			// The entry's copies of arguments the call overwrites.
			b = p.dec.AppendEnter(b, enter)
		} else {
			b = p.dec.AppendEnter(b, ev)
		}
	} else if enter == nil || p.resumeHeader(t) {
		b = p.callLeader(p.line[:0], t, ev.Exit, ev)
		b = append(b, "<... "...)
		b = append(b, p.syscallName(ev)...)
		b = append(b, " resumed>"...)
	} else {
		_, curcol := p.writerOf(t)
		col = *curcol
		b = p.line[:0]
	}
	b = p.dec.AppendExit(b, ev)
	b = append(b, ' ')
	b = p.tabTo(b, col+len(b))
	b = p.dec.AppendReturn(b, ev)
	if p.opts.SyscallTimes {
		d := ev.Exit - ev.Enter
		if d < 0 {
			d = 0
		}
		b = append(b, " <"...)
		b = strconv.AppendInt(b, d/1e9, 10)
		b = appendFraction(b, d%1e9, p.opts.SyscallTimeDigits)
		b = append(b, '>')
	}
	b = append(b, '\n')
	b = p.dec.AppendDumps(b, ev)
	b = p.appendStack(b, ev, endsTask(ev))
	p.emit(t, b, col)
	p.line = b
}

// appendStack appends ev's stack frames under -k.
func (p *Printer) appendStack(b []byte, ev *trace.Event, queued bool) []byte {
	if p.opts.StackFrames == nil || ev.Stack == nil {
		return b
	}
	return p.opts.StackFrames(b, ev, queued)
}

// endsTask reports whether ev's call ends its task (exit, exit_group).
func endsTask(ev *trace.Event) bool {
	t := syscalls.ForArch(ev.Arch)
	return t != nil && t.Get(int(ev.NR)).Effects&syscalls.EndsTask != 0
}

// syscallName is the name ev's call prints under, as its entry line has it.
func (p *Printer) syscallName(ev *trace.Event) string { return p.dec.CallName(ev) }

// noReturn finishes the line of a call the thread will never return from
// (it is exiting): "exit_group(0) = ?", or "read(0,  <unfinished ...>) = ?";
// or, when its result could not be read, "read(0, ) = ? <unavailable>",
// where strace prints no argument of the exit either.
func (p *Printer) noReturn(t *task, ev *trace.Event) {
	enter := t.pending
	t.pending = nil
	if enter == nil {
		enter = ev
	}
	status := filter.StatusUnfinished
	if ev.Unavailable {
		status = filter.StatusUnavailable
	}
	if p.staged() && p.opts.Spec.Status&status == 0 {
		return
	}
	var b []byte
	col := 0
	if p.staged() {
		b = p.callLeader(p.line[:0], t, enter.Enter, enter)
		b = p.dec.AppendEnter(b, enter)
	} else if p.resumeHeader(t) {
		b = p.callLeader(p.line[:0], t, ev.Exit, ev)
		b = append(b, "<... "...)
		b = append(b, p.syscallName(enter)...)
		b = append(b, " resumed>"...)
	} else {
		_, curcol := p.writerOf(t)
		col = *curcol
		b = p.line[:0]
	}
	if rest := p.dec.AppendExit(nil, enter); len(rest) != 1 && !ev.Unavailable {
		// The call prints arguments at exit that it will never have.
		b = append(b, " <unfinished ...>"...)
	}
	b = append(b, ") "...)
	b = p.tabTo(b, col+len(b))
	if ev.Unavailable {
		b = append(b, "= ? <unavailable>\n"...)
	} else {
		b = append(b, "= ?\n"...)
	}
	p.emit(t, b, col)
	p.line = b
	if p.opts.StackFrames != nil && enter.Stack != nil && endsTask(enter) && !ev.Unavailable {
		// strace prints the stack of exit_group once the task is gone.
		t.endStack = new(trace.Event)
		enter.CopyTo(t.endStack)
	}
}

func (p *Printer) signal(ev *trace.Event) {
	if ev.Signal == nil || p.opts.Spec != nil && !p.opts.Spec.Signals.Has(int(ev.Signal.Signo)) {
		return
	}
	t := p.task(ev.TID)
	b := p.leader(p.line[:0], t, ev.Enter, ev.IP)
	b = p.dec.AppendSignal(b, ev)
	b = append(b, '\n')
	b = p.appendStack(b, ev, false)
	p.emit(t, b, 0)
	p.line = b
}

func (p *Printer) taskExit(ev *trace.Event) {
	t := p.task(ev.TID)
	if t.pending != nil {
		p.noReturn(t, t.pending)
	}
	show := true
	if ev.ExitSignal != 0 {
		show = p.opts.Spec == nil || p.opts.Spec.Signals.Has(ev.ExitSignal)
	} else {
		show = p.opts.Spec == nil || p.opts.Spec.Quiet&filter.QuietExit == 0
	}
	if show {
		b := p.leader(p.line[:0], t, ev.Enter, 0)
		b = p.dec.AppendTaskExit(b, ev)
		b = append(b, '\n')
		p.emit(t, b, 0)
		p.line = b
	}
	if t.endStack != nil {
		b := p.appendStack(p.line[:0], t.endStack, true)
		p.emit(t, b, 0)
		p.line = b
		t.endStack = nil
	}
	p.drop(t, false)
}

// exec handles an execve, traced or not: under -Y it reads the new
// program's name while the process is there to say it (a line printed
// once it is gone keeps the last name found). By a thread other than the
// leader, the thread takes over the leader's pid (and, under -ff, its
// file); the leader is gone without an exit of its own. strace prints
// "+++ superseded by execve in pid OLD +++" under the new pid.
func (p *Printer) exec(ev *trace.Event) {
	p.loadComm(p.task(ev.TID))
	if ev.OldTID == 0 || ev.OldTID == ev.TID {
		return
	}
	thread, ok := p.tasks[ev.OldTID]
	if !ok {
		return
	}
	leader := p.task(ev.TID)
	if leader.pending != nil {
		// The execve killed the leader inside its call.
		p.noReturn(leader, leader.pending)
	}
	if p.opts.Separate {
		if thread.out != nil && thread.curcol != 0 {
			p.write(thread.out, []byte(" <pid changed to "+strconv.Itoa(int(ev.TID))+" ...>\n"))
		}
		thread.out, leader.out = leader.out, thread.out
		thread.file, leader.file = leader.file, thread.file
		thread.curcol, leader.curcol = leader.curcol, 0
		if leader.out != nil {
			if err := leader.out.Flush(); err != nil && p.err == nil {
				p.err = err
			}
			if leader.file != nil {
				leader.file.Close()
			}
		}
	} else if p.printing == thread && p.curcol != 0 {
		p.write(p.shared, []byte(" <pid changed to "+strconv.Itoa(int(ev.TID))+" ...>\n"))
		p.curcol = 0
	}
	if p.printing == leader || p.printing == thread {
		p.printing = nil
	}
	delete(p.tasks, ev.OldTID)
	thread.tid = ev.TID
	thread.reprint = true
	p.tasks[ev.TID] = thread
	if p.opts.Spec == nil || p.opts.Spec.Quiet&filter.QuietThreadExecve == 0 {
		b := p.leader(p.line[:0], thread, ev.Enter, ev.IP)
		b = append(b, "+++ superseded by execve in pid "...)
		b = strconv.AppendInt(b, int64(ev.OldTID), 10)
		b = append(b, " +++\n"...)
		p.emit(thread, b, 0)
		p.line = b
	}
}

func (p *Printer) detached(ev *trace.Event) {
	// strace says so first (of a thread nothing was printed about too),
	// then ends the thread's open line.
	p.message("Process %d detached", ev.TID)
	t, ok := p.tasks[ev.TID]
	if !ok {
		return
	}
	if e := t.pending; e != nil && p.staged() && p.opts.Spec.Status&filter.StatusDetached != 0 {
		// -e status=detached: the call held back is shown as it was left.
		b := p.callLeader(p.line[:0], t, e.Enter, e)
		b = p.dec.AppendEnter(b, e)
		b = append(b, " <detached ...>\n"...)
		p.emit(t, b, 0)
		p.line = b
	}
	p.drop(t, true)
}

// message writes one of strace's "Process N attached" notes to stderr,
// unless -e quiet=attach (or -q) suppresses them.
func (p *Printer) message(format string, args ...any) {
	if p.opts.Spec != nil && p.opts.Spec.Quiet&filter.QuietAttach != 0 {
		return
	}
	if p.shared != nil && p.sharedFile == nil {
		// Keep the order of the trace and the note on a shared stderr.
		if err := p.shared.Flush(); err != nil && p.err == nil {
			p.err = err
		}
	}
	prog := p.opts.Prog
	if prog == "" {
		prog = "sctrace"
	}
	fmt.Fprintf(p.opts.Stderr, "%s: %s\n", prog, fmt.Sprintf(format, args...))
}

// drop forgets a thread; a line it left open ends with " <detached ...>".
func (p *Printer) drop(t *task, detached bool) {
	if p.opts.Separate {
		if t.out != nil {
			if t.curcol != 0 && detached {
				p.write(t.out, []byte(" <detached ...>\n"))
			}
			if err := t.out.Flush(); err != nil && p.err == nil {
				p.err = err
			}
			if t.file != nil {
				t.file.Close()
			}
		}
	} else if p.printing == t {
		if p.curcol != 0 && detached {
			p.write(p.shared, []byte(" <detached ...>\n"))
			p.curcol = 0
		}
		p.printing = nil
	}
	delete(p.tasks, t.tid)
}

func (p *Printer) lost(ev *trace.Event) {
	t := p.task(ev.TID)
	if ev.TID == 0 {
		// A scope's run without a command: the loss is no task's, and
		// its line has no pid prefix (nor a file of its own under -ff,
		// where the count on stderr says it).
		delete(p.tasks, 0)
		if p.opts.Separate {
			return
		}
	}
	b := p.leader(p.line[:0], t, ev.Enter, 0)
	b = append(b, "--- lost "...)
	b = strconv.AppendUint(b, ev.Lost, 10)
	b = append(b, " events ---\n"...)
	p.emit(t, b, 0)
	p.line = b
}

// Close ends any open line and flushes and closes the outputs.
func (p *Printer) Close() error {
	for _, t := range p.tasks {
		if p.opts.Separate && t.out != nil {
			if t.curcol != 0 {
				p.write(t.out, []byte(" <unfinished ...>\n"))
			}
			if err := t.out.Flush(); err != nil && p.err == nil {
				p.err = err
			}
			if t.file != nil {
				t.file.Close()
			}
		}
	}
	if p.shared != nil {
		if p.curcol != 0 {
			p.write(p.shared, []byte(" <unfinished ...>\n"))
			p.curcol = 0
		}
		if err := p.shared.Flush(); err != nil && p.err == nil {
			p.err = err
		}
	}
	if p.sharedFile != nil {
		if err := p.sharedFile.Close(); err != nil && p.err == nil {
			p.err = err
		}
	}
	if p.waitPipe != nil {
		_ = p.waitPipe() // its own status is not sctrace's
	}
	return p.err
}
