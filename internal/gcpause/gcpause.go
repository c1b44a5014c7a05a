// Package gcpause keeps the garbage collector off while sctrace starts:
// the start-up allocates much (the BPF objects' specifications, the
// kernel's types) and keeps most of it, so collecting then costs time and
// frees little. The process pauses it first thing; the backend that runs
// resumes it once its tracing has started.
//
// Pause and Resume are safe for concurrent use.
package gcpause

import (
	"runtime/debug"
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
// pause it does nothing.
func Resume() {
	mu.Lock()
	defer mu.Unlock()
	if paused {
		debug.SetGCPercent(percent)
		paused = false
	}
}
