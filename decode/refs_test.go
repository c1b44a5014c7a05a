package decode

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
)

// TestReferencesResolve walks every signature of every architecture's
// table and checks that each value table, struct printer and
// syscall-specific decoder it names is implemented here.
func TestReferencesResolve(t *testing.T) {
	for _, tbl := range syscalls.Tables() {
		for _, sc := range tbl.All() {
			sig := sc.Sig
			if sig.Decoder != syscalls.DecoderNone {
				if !customs[sig.Decoder].hooked() {
					t.Errorf("%s %s: decoder %d has no hooks", tbl.Name, sc.Name, sig.Decoder)
				}
			}
			for i, a := range sig.Args {
				switch a.Type {
				case syscalls.Flags, syscalls.Flags32, syscalls.Enum:
					if xlats[a.Xlat] == nil {
						t.Errorf("%s %s arg %d (%s): value table %d missing", tbl.Name, sc.Name, i, a.Name, a.Xlat)
					}
				case syscalls.StructIn, syscalls.StructOut, syscalls.StructInOut, syscalls.ArrayIn, syscalls.ArrayInOut:
					if structs[a.Layout] == nil {
						t.Errorf("%s %s arg %d (%s): layout %d has no struct printer", tbl.Name, sc.Name, i, a.Name, a.Layout)
					}
				}
			}
		}
	}
}

// TestEveryIDImplemented checks that each value table and decoder ID has
// an implementation, whether or not a signature uses it yet.
func TestEveryIDImplemented(t *testing.T) {
	if xlats[syscalls.XlatNone] != nil || structs[syscalls.LayoutNone] != nil || customs[syscalls.DecoderNone].hooked() {
		t.Error("a None ID has an implementation")
	}
	for x := syscalls.XlatNone + 1; x < syscalls.NumXlats; x++ {
		if xlats[x] == nil || len(xlats[x].vals) == 0 {
			t.Errorf("value table %d: missing or empty", x)
		}
	}
	for id := syscalls.DecoderNone + 1; id < syscalls.NumDecoders; id++ {
		if !customs[id].hooked() {
			t.Errorf("decoder %d has no hooks", id)
		}
	}
}

// hooked reports whether cd replaces any part of a line.
func (cd custom) hooked() bool { return cd.enter != nil || cd.exit != nil || cd.ret != nil }
