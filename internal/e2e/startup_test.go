package e2e

import (
	"os/exec"
	"syscall"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// BenchmarkStartup measures what one run of sctrace on `true` costs, per
// backend and kind of run: the wall time of the whole run (ns/op), the
// CPU time of sctrace and its exec stub (cpu-ms/op) and the largest
// resident set among them (maxrss-MB). `make bench-startup` runs it.
// The eBPF rows load and verify the programs on each run: that is their
// start-up. -e trace=none is how strace's test suite runs it hundreds of
// times (qual_signal); the default run reports and captures every call.
func BenchmarkStartup(b *testing.B) {
	sctrace := testutil.BuildSctrace(b)
	truePath := testutil.RequireCommand(b, "true")
	for _, c := range []struct {
		name string
		bpf  bool
		args []string
	}{
		{"ptrace/trace=none", false, []string{"--backend=ptrace", "-e", "trace=none"}},
		{"ptrace/full", false, []string{"--backend=ptrace"}},
		{"ebpf/trace=none", true, []string{"--backend=ebpf", "-e", "trace=none"}},
		{"ebpf/trace=read", true, []string{"--backend=ebpf", "-e", "trace=read"}},
		{"ebpf/full", true, []string{"--backend=ebpf"}},
		{"ebpf/-c", true, []string{"--backend=ebpf", "-c"}},
		{"auto/full", false, nil},
	} {
		b.Run(c.name, func(b *testing.B) {
			testutil.RequirePtrace(b)
			if c.bpf {
				testutil.RequireBPF(b)
			}
			argv := append(append([]string{}, c.args...), "-o", "/dev/null", truePath)
			var cpuNS, maxRSS int64
			for b.Loop() {
				cmd := exec.Command(sctrace, argv...)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("sctrace %v: %v\n%s", argv, err, out)
				}
				ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
				cpuNS += (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Nanoseconds()
				maxRSS = max(maxRSS, ru.Maxrss)
			}
			b.ReportMetric(float64(cpuNS)/1e6/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(maxRSS)/1024, "maxrss-MB")
		})
	}
}
