package trace

import "testing"

func TestFDSet(t *testing.T) {
	var nilSet *FDSet
	if nilSet.Has(0) || !nilSet.Empty() {
		t.Errorf("a nil set is not empty")
	}
	s := NewFDSet(false)
	if !s.Empty() || !s.Add(3) || s.Add(-1) || s.Add(5000) {
		t.Errorf("Add")
	}
	if !s.Has(3) || s.Has(4) || s.Has(5000) || s.Empty() {
		t.Errorf("Has after Add(3)")
	}
	s.Invert()
	if s.Has(3) || !s.Has(4) || !s.Has(5000) || s.Has(-1) {
		t.Errorf("Has after Invert")
	}
	if all := NewFDSet(true); !all.Has(0) || !all.Has(1<<20) {
		t.Errorf("NewFDSet(true) misses descriptors")
	}
}
