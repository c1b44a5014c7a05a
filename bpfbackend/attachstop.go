package bpfbackend

import (
	"fmt"
	"runtime"
	"time"

	"github.com/cilium/ebpf"

	"github.com/sctrace/sctrace/trace"
)

// A process -p attaches to may sit in a group stop already (kill -STOP,
// ^Z): a ptrace attach reports it as "--- stopped by SIGSTOP ---", and
// tools wait for that line. sched_switch reports only the stops a traced
// thread enters; attach_stop (bpf/sctrace.c) tells of the one it was in,
// and the attaching map makes sure that one stop is not reported twice.

// attachStopPatience bounds how long reportAttachStop asks again about a
// thread that is switching out: microseconds, unless its CPU is taken
// from it.
const attachStopPatience = 100 * time.Millisecond

// markAttaching enters tid in the attaching map; attachProcess does it
// before it traces tid.
func (s *session) markAttaching(tid int) error {
	if !s.p.attachStops {
		return nil
	}
	if err := s.p.objs.Attaching.Put(uint32(tid), uint64(1)); err != nil {
		return fmt.Errorf("ebpf: attach thread %d: %w", tid, err)
	}
	return nil
}

// reportAttachStop reports the group stop thread tid was in when it was
// attached, if no stop of it has been reported since, and removes it from
// the attaching map. If the program cannot tell, no stop is reported.
func (s *session) reportAttachStop(tid int) {
	if !s.p.attachStops {
		return
	}
	defer func() { _ = s.p.objs.Attaching.Delete(uint32(tid)) }()
	a := sctraceAttachStopArgs{Tid: uint32(tid)}
	deadline := time.Now().Add(attachStopPatience)
	for {
		if _, err := s.p.objs.AttachStop.Run(&ebpf.RunOptions{Context: &a, ContextOut: &a}); err != nil {
			return
		}
		if a.Busy == 0 || time.Now().After(deadline) {
			break
		}
		runtime.Gosched()
	}
	tk := s.tasks.Get(tid)
	if a.Sig == 0 || a.Busy != 0 || tk == nil {
		return
	}
	s.sig = trace.SignalInfo{Signo: int32(a.Sig), GroupStop: true}
	s.tasks.ReportSignal(&tk.Task, monotonicNow(), 0, &s.sig)
}
