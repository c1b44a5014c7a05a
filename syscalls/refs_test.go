package syscalls

import "testing"

// TestLayoutSizes checks that every layout has a size on every
// architecture.
func TestLayoutSizes(t *testing.T) {
	for _, tbl := range Tables() {
		if s := LayoutSize(tbl.Arch, LayoutNone); s != 0 {
			t.Errorf("%s: LayoutNone has size %d", tbl.Name, s)
		}
		for l := LayoutNone + 1; l < NumLayouts; l++ {
			if LayoutSize(tbl.Arch, l) == 0 {
				t.Errorf("%s: layout %d has no size", tbl.Name, l)
			}
		}
	}
}

// TestSignatureReferences walks every signature of every table and checks
// that each argument names a value table or a layout exactly where its
// type uses one, and that every reference is in range.
func TestSignatureReferences(t *testing.T) {
	for _, tbl := range Tables() {
		for _, sc := range tbl.All() {
			if sc.Sig.Decoder >= NumDecoders {
				t.Errorf("%s %s: decoder %d out of range", tbl.Name, sc.Name, sc.Sig.Decoder)
			}
			for i, a := range sc.Sig.Args {
				where := func() string { return tbl.Name + " " + sc.Name + " " + a.Name }
				switch a.Type {
				case Flags, Flags32, Enum:
					if a.Xlat == XlatNone || a.Xlat >= NumXlats {
						t.Errorf("%s (arg %d): value table %d", where(), i, a.Xlat)
					}
				default:
					if a.Xlat != XlatNone {
						t.Errorf("%s (arg %d): type %d takes no value table", where(), i, a.Type)
					}
				}
				switch a.Type {
				case StructIn, StructOut, StructInOut, ArrayIn, ArrayInOut:
					if a.Layout == LayoutNone || a.Layout >= NumLayouts {
						t.Errorf("%s (arg %d): layout %d", where(), i, a.Layout)
					}
				case InBuf, OutBuf, Custom:
					if a.Layout >= NumLayouts {
						t.Errorf("%s (arg %d): layout %d out of range", where(), i, a.Layout)
					}
				default:
					if a.Layout != LayoutNone {
						t.Errorf("%s (arg %d): type %d takes no layout", where(), i, a.Type)
					}
				}
			}
		}
	}
}
