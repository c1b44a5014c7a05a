package gcpause

import (
	"runtime/debug"
	"testing"
)

func TestPauseResume(t *testing.T) {
	before := debug.SetGCPercent(137)
	defer debug.SetGCPercent(before)
	Pause()
	Pause()
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
