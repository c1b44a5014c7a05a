package reliability

import (
	"testing"
)

// TestSpawnStorm: children and threads that live and die between their
// creator's clone and the tracer's handling of its fork event are not
// registered again by that late event (which left a task that never
// exits, and sctrace waiting forever). 20 runs under -f per backend, each
// must end with the command's status.
func TestSpawnStorm(t *testing.T) {
	eachBackend(t, "short-lived children under -f", func(t *testing.T, backend, sctrace string) {
		bin := workload(t, "spawnstorm")
		for i := 0; i < 20; i++ {
			code, out := run(t, sctrace, "--backend="+backend, "-f", "-qq", "-o", "/dev/null", bin)
			if code != 0 {
				t.Fatalf("run %d: exit %d, stderr:\n%s", i, code, tail(out))
			}
		}
	})
}
