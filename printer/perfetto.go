package printer

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/trace"
)

// PerfettoPrinter writes a stream of events as one trace in the Chrome
// Trace Event Format's JSON object form (--output-format=perfetto), which
// the Perfetto UI and chrome://tracing open: docs/perfetto-output.md
// describes what it holds and docs/perfetto-schema.json its schema.
//
// Each process is a process track and each thread a thread track. A
// system call is a complete slice ("X") on its thread's track, written
// when it returns; signals, exits, attaches and detaches are instants
// ("i"). The tracks' names ("M" events) and the closing brackets are
// written by Close, so the file is whole once Close has returned.
type PerfettoPrinter struct {
	opts     Options
	dec      *decode.Decoder
	out      *bufio.Writer
	file     *os.File
	waitPipe func() error
	tracks   *tracks
	// pendingEntries holds the entry of the call each thread is in, by
	// the tid whose exit will end it.
	pendingEntries
	// events counts the events written, for the separating commas.
	events int
	line   []byte
	text   []byte
	call   decode.CallText
	err    error
}

// NewPerfetto returns a PerfettoPrinter writing with dec's decoding to
// opts.Output (a file, or an "|COMMAND" pipe) or opts.Stderr; of opts it
// honours Output, Stderr, Spec and Comm (which names the tasks whose
// creation or execve the trace does not show).
func NewPerfetto(dec *decode.Decoder, opts Options) (*PerfettoPrinter, error) {
	p := &PerfettoPrinter{opts: opts, dec: dec, tracks: newTracks(opts.Comm), pendingEntries: newPendingEntries()}
	if opts.Output == "" {
		w := opts.Stderr
		if w == nil {
			w = os.Stderr
		}
		p.out = bufio.NewWriterSize(w, 64<<10)
	} else {
		f, wait, err := openOutput(opts.Output, false)
		if err != nil {
			return nil, err
		}
		p.file, p.waitPipe = f, wait
		p.out = bufio.NewWriterSize(f, 256<<10)
	}
	p.write([]byte(`{"traceEvents":[`))
	return p, nil
}

// Handle writes what one event adds to the trace. It returns the first
// write error seen.
func (p *PerfettoPrinter) Handle(ev *trace.Event) error {
	if p.err != nil {
		return p.err
	}
	at := ev.Enter
	if ev.Kind != trace.Lost {
		th := p.tracks.see(ev)
		if at == 0 {
			// A backend that could not tell when: the thread's last
			// known time.
			at = th.last
		}
		th.last = max(th.last, ev.Enter, ev.Exit)
	}
	switch ev.Kind {
	case trace.SyscallEnter:
		p.enter(ev)
	case trace.SyscallExit:
		p.exit(ev)
	case trace.Signal:
		p.signal(ev)
	case trace.Exit:
		p.endPending(ev.TID, at)
		p.taskExit(ev, at)
	case trace.Detached:
		p.note("Process %d detached", ev.TID)
		p.endPending(ev.TID, at)
		p.instant(ev, "detached", at)
	case trace.NewTask:
		switch {
		case ev.WithLeader: // announced by its leader's event
		case ev.Threads > 1:
			p.note("Process %d attached with %d threads", ev.TID, ev.Threads)
		default:
			p.note("Process %d attached", ev.TID)
		}
		if ev.Attached && !ev.WithLeader {
			p.instant(ev, "attached", at)
		}
	case trace.Lost:
		b := p.eventHead(p.line[:0], "i", []byte("lost events"), "trace", ev.PID, ev.TID, ev.Enter)
		b = append(b, `,"s":"g","args":{"count":`...)
		b = strconv.AppendUint(b, ev.Lost, 10)
		p.finish(append(b, '}'))
	case trace.Exec:
		p.exec(ev)
	}
	return p.err
}

// traced says whether -e trace= selects ev's call.
func (p *PerfettoPrinter) traced(ev *trace.Event) bool { return tracedBy(p.opts.Spec, ev) }

// enter keeps a copy of a call's entry until its end.
func (p *PerfettoPrinter) enter(ev *trace.Event) { p.keep(ev) }

// take removes and returns the entry pending for tid, or nil; the caller
// hands it back with release.
func (p *PerfettoPrinter) take(tid int32) *trace.Event {
	e := p.pending[tid]
	if e != nil {
		delete(p.pending, tid)
	}
	return e
}

func (p *PerfettoPrinter) release(e *trace.Event) {
	if e != nil {
		p.free = append(p.free, e)
	}
}

// exit ends a call: a slice to its return, or, for a call that never
// returned (NoReturn), to the moment its thread ended inside it.
func (p *PerfettoPrinter) exit(ev *trace.Event) {
	enter := p.take(ev.TID)
	defer p.release(enter)
	if !ev.NoReturn {
		p.tracks.callEnded(ev, lookupSyscall(ev))
	}
	if enter == nil {
		enter = ev
	}
	if !p.traced(ev) {
		return
	}
	if ev.NoReturn {
		p.syscall(enter, nil, ev.Exit, ev.Unavailable)
		return
	}
	p.syscall(enter, ev, ev.Exit, false)
}

// endPending ends the call tid is in, if any, at ns without a result: its
// thread exited or was let go inside it. A call with no known end (ns 0,
// or not after its entry) is an instant at its entry.
func (p *PerfettoPrinter) endPending(tid int32, ns int64) {
	if e := p.take(tid); e != nil {
		if ns <= e.Enter {
			ns = 0
		}
		if p.traced(e) {
			p.syscall(e, nil, ns, false)
		}
		p.release(e)
	}
}

// exec renames the process after the program its execve runs. When a
// thread other than the leader executed, the leader's own call ends there
// and the execve, whose exit comes under the leader's id, stays the
// calling thread's slice.
func (p *PerfettoPrinter) exec(ev *trace.Event) {
	if ev.OldTID == 0 || ev.OldTID == ev.TID {
		p.tracks.execed(ev.PID, ev.TID, p.pending[ev.TID])
		return
	}
	p.endPending(ev.TID, ev.Enter)
	call := p.take(ev.OldTID)
	p.tracks.execed(ev.PID, ev.TID, call)
	if call != nil {
		p.pending[ev.TID] = call
	}
	b := p.eventHead(p.line[:0], "i", []byte("superseded"), "task", ev.PID, ev.OldTID, ev.Enter)
	b = append(b, `,"s":"t","args":{"by_pid":`...)
	b = strconv.AppendInt(b, int64(ev.TID), 10)
	p.finish(append(b, '}'))
}

// syscall writes the slice of a call: enter is its entry, exit its exit
// (nil when it never returned, or its result could not be read:
// unavailable), end when it ended (0 when unknown: the call is then an
// instant at its entry).
func (p *PerfettoPrinter) syscall(enter, exit *trace.Event, end int64, unavailable bool) {
	if s := p.opts.Spec; s != nil && s.Status != filter.StatusAll {
		switch {
		case unavailable && s.Status&filter.StatusUnavailable == 0,
			exit == nil && !unavailable && s.Status&filter.StatusUnfinished == 0,
			exit != nil && exit.IsError() && s.Status&filter.StatusFailed == 0,
			exit != nil && !exit.IsError() && s.Status&filter.StatusSuccessful == 0:
			return
		}
	}
	ct := &p.call
	t := p.dec.AppendCall(p.text[:0], enter, exit, ct)
	p.text = t
	name := t[ct.Name.Start:ct.Name.End]
	var b []byte
	if end > 0 {
		b = p.eventHead(p.line[:0], "X", name, "syscall", enter.PID, enter.TID, enter.Enter)
		b = append(b, `,"dur":`...)
		b = appendMicros(b, max(end-enter.Enter, 0))
	} else {
		b = p.eventHead(p.line[:0], "i", name, "syscall", enter.PID, enter.TID, enter.Enter)
		b = append(b, `,"s":"t"`...)
	}
	b = append(b, `,"args":{"args":`...)
	var args []byte
	if n := len(ct.Args); n > 0 {
		args = t[ct.Args[0].Start:ct.Args[n-1].End]
	}
	b = appendPerfettoString(b, args)
	b = append(b, `,"ret":`...)
	if unavailable {
		b = append(b, `"? <unavailable>","unavailable":true`...)
	} else if exit == nil {
		b = append(b, `"?","unfinished":true`...)
	} else {
		b = appendPerfettoString(b, t[ct.Ret.Start:ct.Ret.End])
		if name := decode.ErrnoName(int(-exit.Ret)); exit.IsError() && name != "" {
			b = append(b, `,"errno":`...)
			b = appendPerfettoString(b, []byte(name))
		}
		if note := bytes.TrimPrefix(t[ct.Ret.End:], []byte(" ")); len(note) > 0 {
			b = append(b, `,"note":`...)
			b = appendPerfettoString(b, note)
		}
	}
	p.finish(append(b, '}'))
}

// signal writes a signal's delivery (or a group stop) as an instant named
// after the signal, with its siginfo as strace prints it.
func (p *PerfettoPrinter) signal(ev *trace.Event) {
	if ev.Signal == nil || p.opts.Spec != nil && !p.opts.Spec.Signals.Has(int(ev.Signal.Signo)) {
		return
	}
	name := signalName(int(ev.Signal.Signo))
	b := p.eventHead(p.line[:0], "i", []byte(name), "signal", ev.PID, ev.TID, ev.Enter)
	b = append(b, `,"s":"t","args":{`...)
	if ev.Signal.GroupStop {
		b = append(b, `"stopped":true`...)
	} else {
		// "--- SIGNAME {...} ---": the siginfo follows the name.
		text := p.dec.AppendSignal(p.text[:0], ev)
		p.text = text
		info := bytes.TrimSuffix(bytes.TrimPrefix(text, []byte("--- ")), []byte(" ---"))
		if i := bytes.IndexByte(info, ' '); i >= 0 {
			info = info[i+1:]
		}
		b = append(b, `"siginfo":`...)
		b = appendPerfettoString(b, info)
	}
	p.finish(append(b, '}'))
}

// signalName is signal n's name as strace prints it, or its number.
func signalName(n int) string {
	if name := decode.SignalName(n); name != "" {
		return name
	}
	return strconv.Itoa(n)
}

// taskExit writes a thread's end as an instant named as strace's
// "+++ ... +++" line says it.
func (p *PerfettoPrinter) taskExit(ev *trace.Event, at int64) {
	if ev.ExitSignal != 0 && p.opts.Spec != nil && !p.opts.Spec.Signals.Has(ev.ExitSignal) {
		return
	}
	text := p.dec.AppendTaskExit(p.text[:0], ev)
	p.text = text
	name := bytes.TrimSuffix(bytes.TrimPrefix(text, []byte("+++ ")), []byte(" +++"))
	b := p.eventHead(p.line[:0], "i", name, "task", ev.PID, ev.TID, at)
	b = append(b, `,"s":"t","args":{`...)
	if ev.ExitSignal != 0 {
		b = append(b, `"signal":`...)
		b = appendPerfettoString(b, []byte(signalName(ev.ExitSignal)))
		if ev.CoreDumped {
			b = append(b, `,"core_dumped":true`...)
		}
	} else {
		b = append(b, `"status":`...)
		b = strconv.AppendInt(b, int64(ev.Status), 10)
	}
	p.finish(append(b, '}'))
}

// instant writes a thread-scoped instant of the task category with no
// arguments.
func (p *PerfettoPrinter) instant(ev *trace.Event, name string, at int64) {
	b := p.eventHead(p.line[:0], "i", []byte(name), "task", ev.PID, ev.TID, at)
	p.finish(append(b, `,"s":"t"`...))
}

// note writes one of strace's "Process N attached" notes to stderr when
// the trace goes elsewhere, unless -e quiet=attach (or -q) suppresses them.
func (p *PerfettoPrinter) note(format string, args ...any) {
	if p.file == nil || p.opts.Spec != nil && p.opts.Spec.Quiet&filter.QuietAttach != 0 {
		return
	}
	w := p.opts.Stderr
	if w == nil {
		w = os.Stderr
	}
	prog := p.opts.Prog
	if prog == "" {
		prog = "sctrace"
	}
	fmt.Fprintf(w, "%s: %s\n", prog, fmt.Sprintf(format, args...))
}

// eventHead starts an event: its phase, name, category, ids and time.
func (p *PerfettoPrinter) eventHead(b []byte, ph string, name []byte, cat string, pid, tid int32, ns int64) []byte {
	b = append(b, `{"ph":"`...)
	b = append(b, ph...)
	b = append(b, `","name":`...)
	b = appendPerfettoString(b, name)
	b = append(b, `,"cat":"`...)
	b = append(b, cat...)
	b = append(b, `","pid":`...)
	b = strconv.AppendInt(b, int64(pid), 10)
	b = append(b, `,"tid":`...)
	b = strconv.AppendInt(b, int64(tid), 10)
	b = append(b, `,"ts":`...)
	return appendMicros(b, ns)
}

// finish ends an event and writes it after a separator.
func (p *PerfettoPrinter) finish(b []byte) {
	b = append(b, '}')
	p.line = b
	if p.events > 0 {
		p.write([]byte(",\n"))
	} else {
		p.write([]byte("\n"))
	}
	p.events++
	p.write(b)
}

func (p *PerfettoPrinter) write(b []byte) {
	if _, err := p.out.Write(b); err != nil && p.err == nil {
		p.err = err
	}
}

// Close ends the calls still pending as instants (the trace ended inside
// them), writes the tracks' names and the end of the JSON object, and
// flushes and closes the output.
func (p *PerfettoPrinter) Close() error {
	for _, tid := range p.tracks.tids {
		p.endPending(tid, 0)
	}
	p.metadata()
	p.write([]byte("\n],\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"sctrace\",\"clock\":\"CLOCK_MONOTONIC\"}}\n"))
	if err := p.out.Flush(); err != nil && p.err == nil {
		p.err = err
	}
	if p.file != nil {
		if err := p.file.Close(); err != nil && p.err == nil {
			p.err = err
		}
	}
	if p.waitPipe != nil {
		_ = p.waitPipe()
	}
	return p.err
}

// metadata writes the name of every process and thread track, and the
// processes' order of appearance.
func (p *PerfettoPrinter) metadata() {
	for _, pid := range p.tracks.pids {
		pr := p.tracks.procs[pid]
		if pr.name.name != "" {
			p.meta("process_name", pid, pid, "name", pr.name.name)
		}
		b := p.metaHead(p.line[:0], "process_sort_index", pid, pid)
		b = append(b, `"sort_index":`...)
		b = strconv.AppendInt(b, int64(pr.order), 10)
		p.finish(append(b, '}'))
	}
	for _, tid := range p.tracks.tids {
		th := p.tracks.threads[tid]
		if th.name.name != "" {
			p.meta("thread_name", th.pid, tid, "name", th.name.name)
		}
	}
}

func (p *PerfettoPrinter) meta(kind string, pid, tid int32, key, value string) {
	b := p.metaHead(p.line[:0], kind, pid, tid)
	b = appendPerfettoString(b, []byte(key))
	b = append(b, ':')
	b = appendPerfettoString(b, []byte(value))
	p.finish(append(b, '}'))
}

// metaHead starts a metadata event, up to the inside of its args.
func (p *PerfettoPrinter) metaHead(b []byte, kind string, pid, tid int32) []byte {
	b = append(b, `{"ph":"M","name":"`...)
	b = append(b, kind...)
	b = append(b, `","pid":`...)
	b = strconv.AppendInt(b, int64(pid), 10)
	b = append(b, `,"tid":`...)
	b = strconv.AppendInt(b, int64(tid), 10)
	return append(b, `,"args":{`...)
}

// appendMicros appends ns nanoseconds as microseconds with three
// decimals, the trace format's unit at the events' precision.
func appendMicros(b []byte, ns int64) []byte {
	if ns < 0 {
		b = append(b, '-')
		ns = -ns
	}
	b = strconv.AppendInt(b, ns/1000, 10)
	frac := ns % 1000
	return append(b, '.', byte('0'+frac/100), byte('0'+frac/10%10), byte('0'+frac%10))
}

// appendPerfettoString appends s as a JSON string, as appendJSONString
// does, with DEL escaped too: Perfetto's JSON reader refuses control
// characters in strings.
func appendPerfettoString(b []byte, s []byte) []byte {
	if bytes.IndexByte(s, 0x7f) < 0 {
		return appendJSONString(b, s)
	}
	start := len(b)
	b = appendJSONString(b, s)
	return append(b[:start], bytes.ReplaceAll(b[start:], []byte{0x7f}, []byte(`\u007f`))...)
}
