package bpfbackend

import (
	"testing"

	"github.com/sctrace/sctrace/bpfbackend/internal/srchash/hash"
)

// TestObjectsFresh fails when bpf/*.c or bpf/*.h changed since the
// committed objects were generated: run make generate.
func TestObjectsFresh(t *testing.T) {
	sum, err := hash.Dir("bpf")
	if err != nil {
		t.Fatal(err)
	}
	if sum != bpfSourceHash {
		t.Errorf("the committed BPF objects are stale: bpf/ hashes to %s, the objects were built from %s; run make generate", sum, bpfSourceHash)
	}
}
