package kerneltypes

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"

	"github.com/sctrace/sctrace/internal/testutil"
)

// objects are bpfbackend's two objects, as bpf2go wrote them.
var objects = []string{"../../counting_bpfel.o", "../../countinglean_bpfel.o", "../../sctrace_bpfel.o"}

// TestSameRelocations checks that CO-RE computes the same field offsets
// and type sizes against the subset of the running kernel's BTF as
// against the whole of it, for every relocation of both objects' programs
// but the type id ones, which the subset does not serve.
func TestSameRelocations(t *testing.T) {
	testutil.RequireKernelBTF(t)
	full, err := btf.LoadKernelSpec()
	if err != nil {
		t.Fatal(err)
	}
	for _, obj := range objects {
		spec, err := ebpf.LoadCollectionSpec(obj)
		if err != nil {
			t.Fatal(err)
		}
		want, err := WantedBy(spec.Types)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := Kernel(want)
		if err != nil {
			t.Fatal(err)
		}
		compared := 0
		for name, prog := range spec.Programs {
			var relos []*btf.CORERelocation
			for i := range prog.Instructions {
				r := btf.CORERelocationMetadata(&prog.Instructions[i])
				if r != nil && !strings.Contains(r.String(), "type_id,") {
					relos = append(relos, r)
				}
			}
			if len(relos) == 0 {
				continue
			}
			noLocal := func(btf.Type) (btf.TypeID, error) { t.Fatal("a local type id relocation"); return 0, nil }
			fromFull, err := btf.CORERelocate(relos, []*btf.Spec{full}, binary.LittleEndian, noLocal)
			if err != nil {
				t.Fatalf("%s %s, whole BTF: %v", obj, name, err)
			}
			fromSub, err := btf.CORERelocate(relos, []*btf.Spec{sub}, binary.LittleEndian, noLocal)
			if err != nil {
				t.Fatalf("%s %s, subset: %v", obj, name, err)
			}
			for i := range relos {
				if got, want := fromSub[i].String(), fromFull[i].String(); got != want {
					t.Errorf("%s %s: %s: subset %s, whole BTF %s", obj, name, relos[i], got, want)
				}
				compared++
			}
		}
		if compared == 0 {
			t.Errorf("%s: no relocation compared", obj)
		}
		t.Logf("%s: %d relocations", obj, compared)
	}
}

// BenchmarkKernel measures the subset of the running kernel's BTF that
// counting's object relocates against.
func BenchmarkKernel(b *testing.B) {
	testutil.RequireKernelBTF(b)
	spec, err := ebpf.LoadCollectionSpec(objects[0])
	if err != nil {
		b.Fatal(err)
	}
	want, err := WantedBy(spec.Types)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Kernel(want); err != nil {
			b.Fatal(err)
		}
	}
}
