package printer

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// JSONPrinter writes one JSON object per line (JSON Lines) for a stream of
// events: --output-format=json. docs/json-output.md describes the records
// and docs/json-schema.json their schema.
//
// A system call is one "syscall" object, written when it returns. A call
// that never returns (exit_group, a thread killed inside a call, the end
// of tracing) is written when that is known, with "unfinished": true and
// no return value. The text of each argument is what strace prints for
// it, as the decoder delimits it while formatting the call.
type JSONPrinter struct {
	opts Options
	dec  *decode.Decoder
	out  *bufio.Writer
	file *os.File
	// waitPipe waits for the command of an -o "|COMMAND" output.
	waitPipe func() error
	pendingEntries
	wallOff int64
	line    []byte
	text    []byte
	frames  []byte // -k's frame lines of the record being written
	call    decode.CallText
	err     error
	// comms caches each thread's command name (Options.Comm) until it
	// may change: an exec, a prctl, its end.
	comms map[int32]string
}

// NewJSON returns a JSONPrinter writing with dec's decoding to opts.Output
// (a file, or an "|COMMAND" pipe) or opts.Stderr; of opts it honours
// Output, Stderr, Spec and StackFrames.
func NewJSON(dec *decode.Decoder, opts Options) (*JSONPrinter, error) {
	p := &JSONPrinter{opts: opts, dec: dec, pendingEntries: newPendingEntries(), wallOff: wallOffset()}
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
	return p, nil
}

// Handle writes the records of one event. It returns the first write
// error seen.
func (p *JSONPrinter) Handle(ev *trace.Event) error {
	if p.err != nil {
		return p.err
	}
	if ev.Kind == trace.Exec {
		delete(p.comms, ev.TID)
		delete(p.comms, ev.OldTID)
	}
	switch ev.Kind {
	case trace.SyscallEnter:
		if p.traced(ev) {
			p.enter(ev)
		}
	case trace.SyscallExit:
		if p.comms != nil && syscalls.ForCall(ev.Arch, ev.Pers).Get(int(ev.NR)).Name == "prctl" {
			delete(p.comms, ev.TID) // PR_SET_NAME: the record has the name it left
		}
		if p.traced(ev) {
			p.syscall(ev)
		}
	case trace.Signal:
		p.signal(ev)
	case trace.Exit:
		p.flushPending(ev.TID)
		p.taskExit(ev)
		delete(p.comms, ev.TID)
	case trace.Detached:
		p.flushPending(ev.TID)
		p.simple("detach", ev)
	case trace.NewTask:
		p.simple("attach", ev)
	case trace.Lost:
		b := p.head(p.line[:0], "lost", ev, ev.Enter)
		b = append(b, `,"count":`...)
		b = strconv.AppendUint(b, ev.Lost, 10)
		p.finish(b)
	case trace.Exec:
		if ev.OldTID != 0 && ev.OldTID != ev.TID {
			p.flushPending(ev.TID)
			b := p.head(p.line[:0], "superseded", ev, ev.Enter)
			b = append(b, `,"old_tid":`...)
			b = strconv.AppendInt(b, int64(ev.OldTID), 10)
			p.finish(b)
		}
	}
	return p.err
}

// traced says whether -e trace= selects ev's call.
func (p *JSONPrinter) traced(ev *trace.Event) bool { return tracedBy(p.opts.Spec, ev) }

func (p *JSONPrinter) enter(ev *trace.Event) { p.keep(ev) }

// flushPending writes the call tid is inside as unfinished.
func (p *JSONPrinter) flushPending(tid int32) {
	if e := p.pending[tid]; e != nil {
		p.syscall(e)
	}
}

// syscall writes the record of a call: ev is its exit, or its entry (or a
// NoReturn exit) when it never returned.
func (p *JSONPrinter) syscall(ev *trace.Event) {
	enter := p.pending[ev.TID]
	if enter != nil {
		delete(p.pending, ev.TID)
		p.free = append(p.free, enter)
	} else {
		enter = ev
	}
	returned := ev.Kind == trace.SyscallExit && !ev.NoReturn
	if s := p.opts.Spec; s != nil && s.Status != filter.StatusAll {
		switch {
		case ev.Unavailable && s.Status&filter.StatusUnavailable == 0,
			!returned && !ev.Unavailable && s.Status&filter.StatusUnfinished == 0,
			returned && ev.IsError() && s.Status&filter.StatusFailed == 0,
			returned && !ev.IsError() && s.Status&filter.StatusSuccessful == 0:
			return
		}
	}
	var exit *trace.Event
	if returned {
		exit = ev
	}
	ct := &p.call
	t := p.dec.AppendCall(p.text[:0], enter, exit, ct)

	b := p.head(p.line[:0], "syscall", ev, enter.Enter)
	tbl := syscalls.ForCall(ev.Arch, ev.Pers)
	if tbl == nil {
		tbl = syscalls.Native()
	}
	sc := tbl.Get(int(ev.NR))
	b = append(b, `,"syscall":`...)
	b = appendJSONString(b, t[ct.Name.Start:ct.Name.End])
	b = append(b, `,"nr":`...)
	b = strconv.AppendInt(b, int64(ev.NR), 10)
	switch ev.Pers {
	case trace.Pers32:
		b = append(b, `,"personality":"32"`...)
	case trace.PersX32:
		b = append(b, `,"personality":"x32"`...)
	}
	b = append(b, `,"enter_ns":`...)
	b = strconv.AppendInt(b, enter.Enter, 10)
	if returned {
		b = append(b, `,"exit_ns":`...)
		b = strconv.AppendInt(b, ev.Exit, 10)
		b = append(b, `,"duration_ns":`...)
		b = strconv.AppendInt(b, max(ev.Exit-enter.Enter, 0), 10)
	}
	b = append(b, `,"args":[`...)
	nargs := min(sc.NArgs, trace.MaxArgs)
	if sc.Sig != nil && len(sc.Sig.Args) < nargs {
		nargs = len(sc.Sig.Args)
	}
	if ev.UnknownCall {
		nargs = 0
	}
	n := max(nargs, len(ct.Args))
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		sep := false
		if sc.Sig != nil && i < len(sc.Sig.Args) {
			b = append(b, `"name":`...)
			b = appendJSONString(b, []byte(sc.Sig.Args[i].Name))
			sep = true
		}
		if i < nargs {
			if sep {
				b = append(b, ',')
			}
			b = append(b, `"raw":`...)
			b = strconv.AppendUint(b, enter.Args[i], 10)
			sep = true
		}
		if i < len(ct.Args) {
			if sep {
				b = append(b, ',')
			}
			b = append(b, `"text":`...)
			b = appendJSONString(b, t[ct.Args[i].Start:ct.Args[i].End])
		}
		b = append(b, '}')
	}
	b = append(b, ']')
	if ev.Unavailable {
		b = append(b, `,"unavailable":true`...)
	} else if !returned {
		b = append(b, `,"unfinished":true`...)
	} else {
		b = append(b, `,"ret":{"raw":`...)
		b = strconv.AppendInt(b, ev.Ret, 10)
		b = append(b, `,"text":`...)
		b = appendJSONString(b, t[ct.Ret.Start:ct.Ret.End])
		b = append(b, '}')
		if ev.IsError() {
			b = append(b, `,"errno":`...)
			b = appendJSONString(b, []byte(decode.ErrnoName(int(-ev.Ret))))
		}
		b = appendTampered(b, ev.Tampered)
	}
	if ev.Stack != nil {
		b = p.appendStack(b, ev)
	} else {
		b = p.appendStack(b, enter)
	}
	p.text = t
	p.finish(b)
}

// appendStack appends ev's stack frames under -k: "stack", each frame as
// the text printer prints it, without its " > ".
func (p *JSONPrinter) appendStack(b []byte, ev *trace.Event) []byte {
	if p.opts.StackFrames == nil || ev.Stack == nil {
		return b
	}
	p.frames = p.opts.StackFrames(p.frames[:0], ev, false)
	b = append(b, `,"stack":[`...)
	for i, l := range bytes.Split(bytes.TrimSuffix(p.frames, []byte{'\n'}), []byte{'\n'}) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, bytes.TrimPrefix(l, []byte(" > ")))
	}
	return append(b, ']')
}

func (p *JSONPrinter) signal(ev *trace.Event) {
	if ev.Signal == nil || p.opts.Spec != nil && !p.opts.Spec.Signals.Has(int(ev.Signal.Signo)) {
		return
	}
	b := p.head(p.line[:0], "signal", ev, ev.Enter)
	b = append(b, `,"signal":`...)
	b = appendJSONString(b, []byte(decode.SignalName(int(ev.Signal.Signo))))
	b = append(b, `,"signo":`...)
	b = strconv.AppendInt(b, int64(ev.Signal.Signo), 10)
	if ev.Signal.GroupStop {
		b = append(b, `,"stopped":true`...)
	}
	text := p.dec.AppendSignal(p.text[:0], ev)
	b = append(b, `,"text":`...)
	b = appendJSONString(b, text)
	b = p.appendStack(b, ev)
	p.text = text
	p.finish(b)
}

func (p *JSONPrinter) taskExit(ev *trace.Event) {
	b := p.head(p.line[:0], "exit", ev, ev.Enter)
	if ev.ExitSignal != 0 {
		if p.opts.Spec != nil && !p.opts.Spec.Signals.Has(ev.ExitSignal) {
			return
		}
		b = append(b, `,"killed_by":`...)
		b = appendJSONString(b, []byte(decode.SignalName(ev.ExitSignal)))
		if ev.CoreDumped {
			b = append(b, `,"core_dumped":true`...)
		}
	} else {
		b = append(b, `,"status":`...)
		b = strconv.AppendInt(b, int64(ev.Status), 10)
	}
	p.finish(b)
}

func (p *JSONPrinter) simple(kind string, ev *trace.Event) {
	p.finish(p.head(p.line[:0], kind, ev, ev.Enter))
}

// head starts a record: its type, pid, tid and wall-clock time of ns (a
// CLOCK_MONOTONIC time).
func (p *JSONPrinter) head(b []byte, kind string, ev *trace.Event, ns int64) []byte {
	b = append(b, `{"type":"`...)
	b = append(b, kind...)
	b = append(b, `","pid":`...)
	b = strconv.AppendInt(b, int64(ev.PID), 10)
	b = append(b, `,"tid":`...)
	b = strconv.AppendInt(b, int64(ev.TID), 10)
	b = p.appendTask(b, ev.TID)
	b = append(b, `,"time":"`...)
	b = time.Unix(0, ns+p.wallOff).UTC().AppendFormat(b, "2006-01-02T15:04:05.000000000Z")
	b = append(b, '"')
	if ev.Kind != trace.SyscallEnter && ev.Kind != trace.SyscallExit {
		b = append(b, `,"mono_ns":`...)
		b = strconv.AppendInt(b, ns, 10)
	}
	return b
}

// appendTask appends the thread's command name (Options.Comm) and, in a
// scope, its cgroup and PID namespace (Options.TaskScope).
func (p *JSONPrinter) appendTask(b []byte, tid int32) []byte {
	if p.opts.Comm != nil {
		if name, ok := p.comm(tid); ok {
			b = append(b, `,"comm":`...)
			b = appendJSONString(b, []byte(name))
		}
	}
	if p.opts.TaskScope == nil {
		return b
	}
	sc, ok := p.opts.TaskScope(tid)
	if !ok {
		return b
	}
	if sc.CgroupPath != "" {
		b = append(b, `,"cgroup":`...)
		b = appendJSONString(b, []byte(sc.CgroupPath))
	}
	b = append(b, `,"cgroup_id":`...)
	b = strconv.AppendUint(b, sc.CgroupID, 10)
	if sc.PidNS != 0 {
		b = append(b, `,"pidns":`...)
		b = strconv.AppendUint(b, sc.PidNS, 10)
	}
	return b
}

// comm returns thread tid's command name, from the cache or Options.Comm.
func (p *JSONPrinter) comm(tid int32) (string, bool) {
	if name, ok := p.comms[tid]; ok {
		return name, true
	}
	name, ok := p.opts.Comm(tid)
	if ok {
		if p.comms == nil {
			p.comms = map[int32]string{}
		}
		p.comms[tid] = name
	}
	return name, ok
}

func (p *JSONPrinter) finish(b []byte) {
	b = append(b, "}\n"...)
	if _, err := p.out.Write(b); err != nil && p.err == nil {
		p.err = err
	}
	p.line = b
}

// Close writes the calls still pending as unfinished, and flushes and
// closes the output.
func (p *JSONPrinter) Close() error {
	for tid := range p.pending {
		p.flushPending(tid)
	}
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

// appendJSONString appends s as a JSON string; bytes that are not valid
// UTF-8 (strace's text is ASCII, but paths need not be) become U+FFFD.
func appendJSONString(b []byte, s []byte) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				b = append(b, `\u00`...)
				b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// appendTampered appends what -e inject= did to a call: "injected" lists
// "retval" (its result was replaced), "args" (its memory was poked) and
// "delay" (it was held).
func appendTampered(b []byte, t trace.Tampering) []byte {
	if t == 0 {
		return b
	}
	b = append(b, `,"injected":[`...)
	sep := ""
	for _, k := range []struct {
		bit  trace.Tampering
		name string
	}{{trace.TamperedResult, "retval"}, {trace.TamperedArgs, "args"}, {trace.TamperedDelayed, "delay"}} {
		if t&k.bit != 0 {
			b = append(b, sep...)
			b = append(b, '"')
			b = append(b, k.name...)
			b = append(b, '"')
			sep = ","
		}
	}
	return append(b, ']')
}
