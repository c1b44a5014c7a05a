package trace

import "testing"

func TestFDSet(t *testing.T) {
	var nilSet *FDSet
	if nilSet.Has(0) || !nilSet.Empty() {
		t.Errorf("a nil set is not empty")
	}
	s := NewFDSet(false)
	if !s.Empty() || !s.Add(3) || s.Add(-1) || !s.Add(19998) {
		t.Errorf("Add")
	}
	if !s.Has(3) || s.Has(4) || !s.Has(19998) || s.Has(19999) || s.Empty() {
		t.Errorf("Has after Add(3), Add(19998)")
	}
	// The eBPF programs know descriptors from 1024 up only as a whole.
	if !s.Copied(3) || s.Copied(4) || !s.Copied(19999) || NewFDSet(false).Copied(19999) {
		t.Errorf("Copied")
	}
	s.Invert()
	if s.Has(3) || !s.Has(4) || s.Has(19998) || !s.Has(19999) || s.Has(-1) {
		t.Errorf("Has after Invert")
	}
	if s.Add(19998); !s.Has(19998) {
		t.Errorf("Add to an inverted set")
	}
	if all := NewFDSet(true); !all.Has(0) || !all.Has(1<<20) {
		t.Errorf("NewFDSet(true) misses descriptors")
	}
}
