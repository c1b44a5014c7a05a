package main

import (
	"github.com/sctrace/sctrace/trace"
	"github.com/sctrace/sctrace/unwind"
)

// stackTracer prints -k's frames: it unwinds each stack sample with the
// mappings the backend recorded with it (trace.UserStack.Maps) or, when
// there are none (ptrace, whose tasks are stopped while their events are
// handled), with those of its process read from /proc/PID/maps when the
// process is first seen, again after it executes a program, and again
// when a sample's instruction pointer lies outside what was read (a
// library mapped since). Not safe for concurrent use: the sink chain and
// the printer call it from the event loop.
type stackTracer struct {
	u    *unwind.Unwinder
	maps map[int32][]unwind.Mapping
	// last is lastFrom, a backend's mappings, converted.
	last     []unwind.Mapping
	lastFrom []trace.Mapping
}

// defaultFrameLimit is strace's limit on the frames of a stack.
const defaultFrameLimit = 256

func newStackTracer(frameLimit int) *stackTracer {
	return &stackTracer{u: unwind.New(frameLimit), maps: map[int32][]unwind.Mapping{}}
}

// converted returns maps as unwind's: executable mappings of files.
func (s *stackTracer) converted(maps []trace.Mapping) []unwind.Mapping {
	if len(maps) > 0 && len(s.last) == len(maps) && &s.lastFrom[0] == &maps[0] {
		return s.last
	}
	s.last = s.last[:0]
	for _, m := range maps {
		s.last = append(s.last, unwind.Mapping{Start: m.Start, End: m.End, Offset: m.Offset, Inode: m.Inode, Perms: "r-xp", Path: m.Path})
	}
	s.lastFrom = maps
	return s.last
}

// observe reads a process's mappings when it is first seen, after it
// executes a program, and when a stack sample's instruction pointer lies
// outside them.
func (s *stackTracer) observe(ev *trace.Event) {
	switch {
	case ev.Kind == trace.Exec:
		s.read(ev.PID)
	case ev.Stack != nil && ev.Stack.Maps == nil:
		// While the sample is fresh: the stack may be printed only
		// once the process is gone (exit_group's).
		s.mapsFor(ev.PID, ev.Stack.Regs[16])
	case ev.Kind != trace.Exit:
		if _, ok := s.maps[ev.PID]; !ok {
			s.read(ev.PID)
		}
	}
}

// read reads pid's mappings; an error (the process is gone) keeps what
// was read before.
func (s *stackTracer) read(pid int32) {
	if maps, err := unwind.ReadMaps(int(pid)); err == nil {
		s.maps[pid] = maps
	} else if _, ok := s.maps[pid]; !ok {
		s.maps[pid] = nil
	}
}

// mapsFor returns the mappings to unwind a sample of pid at ip with.
func (s *stackTracer) mapsFor(pid int32, ip uint64) []unwind.Mapping {
	maps := s.maps[pid]
	for i := range maps {
		if maps[i].Start <= ip && ip < maps[i].End {
			return maps
		}
	}
	s.read(pid)
	return s.maps[pid]
}

// frames appends the frame lines of ev's stack, as strace prints them:
// queued says the stack was taken at the entry of a call that ended its
// task and printed after the task's end, where strace shows a frame
// without a symbol as "PATH(+0x0) [OFFSET]" rather than "PATH() [OFFSET]".
func (s *stackTracer) frames(b []byte, ev *trace.Event, queued bool) []byte {
	if ev.Pers != trace.PersNative {
		// strace unwinds only the native personality's calls.
		return b
	}
	st := ev.Stack
	maps := s.mapsFor(ev.PID, st.Regs[16])
	if st.Maps != nil {
		// The backend says what was mapped when it took the sample.
		maps = s.converted(st.Maps)
	}
	for _, f := range s.u.Unwind(maps, st) {
		if queued {
			b = f.AppendQueued(b)
		} else {
			b = f.Append(b)
		}
		b = append(b, '\n')
	}
	return b
}

// observing wraps sink so that s sees each event first, and forgets a
// process's mappings after its end.
func (s *stackTracer) observing(sink func(*trace.Event) error) func(*trace.Event) error {
	return func(ev *trace.Event) error {
		s.observe(ev)
		err := sink(ev)
		if ev.Kind == trace.Exit && ev.TID == ev.PID {
			// After the printer, which prints exit_group's stack
			// after the process's end.
			delete(s.maps, ev.PID)
		}
		return err
	}
}

// defaultStackSize is how much stack -k copies at each call and signal.
const defaultStackSize = 64 << 10

// framesFunc returns the printer's StackFrames: nil without -k.
func (s *stackTracer) framesFunc() func([]byte, *trace.Event, bool) []byte {
	if s == nil {
		return nil
	}
	return s.frames
}
