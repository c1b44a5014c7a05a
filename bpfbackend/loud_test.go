package bpfbackend

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// TestLoudBits: loud_bits holds a number traced in any personality, and
// some_quiet says whether any number is left out.
func TestLoudBits(t *testing.T) {
	if someQuiet(loudBits(filterBits(nil))) {
		t.Error("with every call traced, a number is quiet")
	}
	s := trace.NewSyscallSet(false)
	s.AddIn(trace.PersNative, 43)
	s.AddIn(trace.Pers32, 200)
	loud := loudBits(filterBits(s))
	if !someQuiet(loud) {
		t.Error("with two calls traced, no number is quiet")
	}
	for nr := range trace.MaxNR {
		want := nr == 43 || nr == 200
		if got := loud[nr/64]>>(nr%64)&1 == 1; got != want {
			t.Errorf("number %d: loud %v, want %v", nr, got, want)
		}
	}
}
