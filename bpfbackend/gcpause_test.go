package bpfbackend

import (
	"runtime/debug"
	"testing"
	"time"

	"github.com/sctrace/sctrace/internal/gcpause"
	"github.com/sctrace/sctrace/internal/testutil"
)

// TestCollectorPause: a run pauses the garbage collector for its
// start-up and resumes it by its end, unless its caller had paused it:
// that pause is the caller's, and a run that ends before collectAfter
// leaves it on (sctrace then exits without a collection).
func TestCollectorPause(t *testing.T) {
	testutil.RequireBPF(t)
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	collect(t, New(), command(t, "true"), defaultOpts())
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("after a run with no pause before it: GOGC %d, want 100", got)
	}

	saved := collectAfter
	collectAfter = time.Hour
	defer func() { collectAfter = saved }()
	gcpause.Pause()
	defer gcpause.Resume()
	collect(t, New(), command(t, "true"), defaultOpts())
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Fatalf("after a run shorter than collectAfter, paused before it: GOGC %d, want -1 (still paused)", got)
	}
}
