package bpfbackend

import (
	"bytes"
	"os"
	"testing"

	"github.com/sctrace/sctrace/bpfbackend/internal/goconsts/header"
	"github.com/sctrace/sctrace/bpfbackend/internal/nolines/btfext"
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

// TestGoConstantsFresh fails when bpf/zz_goconsts.h no longer holds the
// values of the Go constants the programs use: run make generate.
func TestGoConstantsFresh(t *testing.T) {
	got, err := os.ReadFile("bpf/zz_goconsts.h")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, header.Render()) {
		t.Error("bpf/zz_goconsts.h is stale: the Go constants it holds changed; run make generate")
	}
}

// TestObjectsHaveNoLines fails when a committed object still holds the
// BTF line information that make generate removes (internal/nolines).
func TestObjectsHaveNoLines(t *testing.T) {
	for name, obj := range map[string][]byte{"sctrace": _SctraceBytes, "counting": _CountingBytes} {
		n, err := btfext.LineInfoLen(obj)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n > 4 {
			t.Errorf("%s_bpfel.o holds %d bytes of line information; run make generate", name, n)
		}
	}
}
