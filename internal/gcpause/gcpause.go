// Package gcpause keeps the garbage collector off while sctrace starts:
// the start-up allocates much (the BPF objects' specifications, the
// kernel's types) and keeps most of it, so collecting then costs time and
// frees little. The process pauses it first thing; the backend that runs
// resumes it once its tracing has started, at once (Resume) or, when its
// start-up left much garbage, after the first moments of tracing
// (ResumeAfter), so that a short run ends before any collection. A pause
// that outlasts the run is kept to the exit: what follows (the summary)
// is short, and a collection then would only delay the end.
//
// Pause, Resume and ResumeAfter are safe for concurrent use.
package gcpause

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

var (
	mu     sync.Mutex
	paused bool
	// percent is GOGC's value before the pause.
	percent int
	// timer is ResumeAfter's, until it fires or Pause or Resume stops it.
	timer *time.Timer
	// afterFunc starts ResumeAfter's timer (replaced in tests).
	afterFunc = time.AfterFunc
)

// Pause turns the collector off, unless it is paused already; it cancels
// a ResumeAfter not yet due. It reports whether it turned the collector
// off: a caller that did resumes it when done, one that did not leaves
// that to whoever paused it first.
func Pause() bool {
	mu.Lock()
	defer mu.Unlock()
	stopTimer()
	if paused {
		return false
	}
	percent = debug.SetGCPercent(-1)
	paused = true
	return true
}

// Resume turns the collector back on as it was before Pause; without a
// pause it does nothing. A collection starts, as usual, at an allocation
// that takes the heap over the collector's goal.
func Resume() {
	mu.Lock()
	defer mu.Unlock()
	stopTimer()
	resume()
}

// ResumeAfter resumes the collector once d has passed, unless Pause or
// Resume comes first. When the heap is then over the collector's goal,
// the collection starts at once, in the background, while the traced
// command runs, rather than at the next allocation, which may come when
// a result is read.
func ResumeAfter(d time.Duration) {
	mu.Lock()
	defer mu.Unlock()
	if !paused || timer != nil {
		return
	}
	timer = afterFunc(d, func() {
		mu.Lock()
		defer mu.Unlock()
		if timer == nil {
			return // stopped after it fired
		}
		timer = nil
		if resume() && overGoal() {
			go runtime.GC()
		}
	})
}

// resume restores GOGC after a pause; it reports whether that turned the
// collector on (there was a pause, and GOGC is not off). The caller holds
// mu.
func resume() bool {
	if !paused {
		return false
	}
	debug.SetGCPercent(percent)
	paused = false
	return percent >= 0
}

// stopTimer cancels ResumeAfter's timer. The caller holds mu.
func stopTimer() {
	if timer != nil {
		timer.Stop()
		timer = nil
	}
}

// overGoal reports whether the heap's objects take more than the
// collector's goal.
func overGoal() bool {
	m := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(m)
	for _, s := range m {
		if s.Value.Kind() != metrics.KindUint64 {
			return false
		}
	}
	return m[1].Value.Uint64() >= m[0].Value.Uint64()
}
