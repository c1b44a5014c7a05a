// Package gcpause keeps the garbage collector off while sctrace starts:
// the start-up allocates much (the BPF objects' specifications, the
// kernel's types) and keeps most of it, so collecting then costs time and
// frees little. The process pauses it first thing; the backend that runs
// resumes it once its tracing has started.
//
// Pause and Resume are safe for concurrent use.
package gcpause

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

var (
	mu     sync.Mutex
	paused bool
	// percent is GOGC's value before the pause.
	percent int
)

// Pause turns the collector off, unless it is paused already.
func Pause() {
	mu.Lock()
	defer mu.Unlock()
	if !paused {
		percent = debug.SetGCPercent(-1)
		paused = true
	}
}

// Resume turns the collector back on as it was before Pause; without a
// pause it does nothing. When the heap the start-up left is over the
// collector's goal, Resume starts that collection in the background at
// once: it then runs while the traced command starts, rather than at the
// next allocation, which may come at the end of a short run, when its
// result is read.
func Resume() {
	mu.Lock()
	defer mu.Unlock()
	if paused {
		debug.SetGCPercent(percent)
		paused = false
		if percent >= 0 && overGoal() {
			go runtime.GC()
		}
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
