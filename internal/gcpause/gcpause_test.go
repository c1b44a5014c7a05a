package gcpause

import (
	"runtime/debug"
	"testing"
	"time"
)

func TestPauseResume(t *testing.T) {
	before := debug.SetGCPercent(137)
	defer debug.SetGCPercent(before)
	if !Pause() {
		t.Fatal("first Pause: reported the collector paused already")
	}
	if Pause() {
		t.Fatal("second Pause: reported turning the collector off again")
	}
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Fatalf("paused twice: GOGC %d, want -1", got)
	}
	Resume()
	if got := debug.SetGCPercent(137); got != 137 {
		t.Fatalf("resumed: GOGC %d, want 137", got)
	}
	Resume()
	if got := debug.SetGCPercent(137); got != 137 {
		t.Fatalf("resumed without a pause: GOGC %d, want 137", got)
	}
}

// TestResumeAfter: the collector stays paused until the delay has passed,
// then is back on; Pause and Resume cancel a resumption not yet due.
func TestResumeAfter(t *testing.T) {
	before := debug.SetGCPercent(137)
	defer debug.SetGCPercent(before)
	Pause()
	ResumeAfter(time.Hour)
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Fatalf("resumption not due: GOGC %d, want -1", got)
	}
	Resume()
	if got := debug.SetGCPercent(137); got != 137 {
		t.Fatalf("resumed before the delay: GOGC %d, want 137", got)
	}
	Pause()
	ResumeAfter(time.Hour)
	Pause()
	mu.Lock()
	pending := timer != nil
	mu.Unlock()
	if pending {
		t.Fatal("Pause left a resumption pending")
	}
	// The delay passes: the timer's function runs.
	var due func()
	afterFunc = func(_ time.Duration, f func()) *time.Timer {
		due = f
		return time.NewTimer(time.Hour)
	}
	defer func() { afterFunc = time.AfterFunc }()
	ResumeAfter(time.Millisecond)
	if due == nil {
		t.Fatal("ResumeAfter started no timer")
	}
	due()
	if got := debug.SetGCPercent(137); got != 137 {
		t.Fatalf("after the delay: GOGC %d, want 137", got)
	}
}
