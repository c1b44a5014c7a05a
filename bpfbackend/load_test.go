package bpfbackend

import (
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/trace"
)

// TestLoadAndAttach loads and attaches the programs with each option set
// that changes what the verifier sees.
func TestLoadAndAttach(t *testing.T) {
	testutil.RequireBPF(t)
	for _, opts := range []trace.Options{
		{StringLimit: 32, SignalsWanted: true},
		{StringLimit: 4096, Verbose: true, FollowForks: true},
		{CountOnly: true},
		{CountOnly: true, SummaryWallTime: true},
	} {
		p, err := load(loadConfig{opts: opts, arch: trace.ArchX86_64})
		if err != nil {
			t.Fatalf("load %+v: %v", opts, err)
		}
		if err := p.attach(); err != nil {
			p.close()
			t.Fatalf("attach %+v: %v", opts, err)
		}
		if err := p.close(); err != nil {
			t.Errorf("close: %v", err)
		}
	}
}
