package syscalls

import "testing"

// TestMinSizeFits checks that every plan's MinSize fits the eBPF plan's
// 8-byte units.
func TestMinSizeFits(t *testing.T) {
	for name, sig := range signatures() {
		for i, a := range sig.Args {
			if a.MinSize%8 != 0 || a.MinSize > MinSizeMax {
				t.Errorf("%s arg %d: MinSize %d is not a multiple of 8 up to %d", name, i, a.MinSize, MinSizeMax)
			}
		}
	}
}
