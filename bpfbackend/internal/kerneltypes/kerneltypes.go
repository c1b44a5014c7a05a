// Package kerneltypes makes a small stand-in for the kernel's BTF that
// CO-RE relocation gives the same results with: the kernel's structs and
// unions a BPF object declares, each pruned to the members the object
// declares, read straight from the raw BTF. Decoding and indexing the
// whole of vmlinux's BTF costs 20 to 30 ms; this costs a few.
//
// It serves field offset and type size relocations only: the pruned types
// are not the kernel's types, so their ids mean nothing to the kernel
// (type id relocations, kfuncs and tp_btf targets need the real BTF), and
// the relocations that compare whole types (type matches) would compare
// pruned ones.
//
// Functions here are safe for concurrent use.
package kerneltypes

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cilium/ebpf/btf"
	"golang.org/x/sys/unix"
)

// VMLinux is where the kernel exposes its BTF.
const VMLinux = "/sys/kernel/btf/vmlinux"

// Want is, by struct or union name, the names of the members to keep.
type Want map[string]members

// of is the member set of the composite called name: empty, not nil,
// when want has none.
func (w Want) of(name string) members {
	if m, ok := w[name]; ok {
		return m
	}
	return members{}
}

// WantedBy is what the named structs and unions of local, a BPF object's
// types, declare: every member name, with those of anonymous members
// counted as their enclosing composite's (CO-RE finds a name through
// anonymous members). A name's ___flavour suffix is left out, as CO-RE
// does.
func WantedBy(local *btf.Spec) (Want, error) {
	want := Want{}
	for t, err := range local.All() {
		if err != nil {
			return nil, fmt.Errorf("object types: %w", err)
		}
		name := t.TypeName()
		if name == "" {
			continue
		}
		if i := strings.LastIndex(name, "___"); i > 0 {
			name = name[:i]
		}
		if ms := memberList(t); ms != nil {
			set := want[name]
			if set == nil {
				set = members{}
				want[name] = set
			}
			addNames(set, ms)
		}
	}
	return want, nil
}

// memberList is t's members when t is a struct or union, else nil.
func memberList(t btf.Type) []btf.Member {
	switch c := t.(type) {
	case *btf.Struct:
		return c.Members
	case *btf.Union:
		return c.Members
	}
	return nil
}

// addNames adds the names of ms to set, and those of anonymous members'.
func addNames(set members, ms []btf.Member) {
	for _, m := range ms {
		if m.Name != "" {
			set[m.Name] = struct{}{}
			continue
		}
		addNames(set, memberList(btf.UnderlyingType(m.Type)))
	}
}

// Subset is the structs and unions of blob, a raw little-endian BTF blob
// such as vmlinux's, that want names, pruned to the members want names
// (the types of those members are kept as CO-RE compares them: pointers
// untyped, qualifiers and typedefs left out, named composites pruned
// alike), as a spec of its own.
func Subset(blob []byte, want Want) (*btf.Spec, error) {
	r, err := parseRaw(blob)
	if err != nil {
		return nil, err
	}
	p := &pruner{r: r, want: want, named: map[uint32]btf.Type{}}
	var types []btf.Type
	for id, off := range r.all() {
		h := r.headerAt(off)
		if k := h.kind(); k != kindStruct && k != kindUnion || h.nameOff == 0 {
			continue
		}
		if _, ok := want[string(r.name(h.nameOff))]; !ok {
			continue
		}
		t, err := p.decode(id, nil)
		if err != nil {
			return nil, err
		}
		types = append(types, t)
	}
	b, err := btf.NewBuilder(types, nil)
	if err != nil {
		return nil, err
	}
	return b.Spec()
}

// Kernel is Subset of the running kernel's BTF. The file is mapped (and
// its pages populated at once) where the kernel allows it, which spares
// copying its megabytes.
func Kernel(want Want) (*btf.Spec, error) {
	f, err := os.Open(VMLinux)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	blob, err := unix.Mmap(int(f.Fd()), 0, int(st.Size()), unix.PROT_READ, unix.MAP_PRIVATE|unix.MAP_POPULATE)
	if err == nil {
		defer unix.Munmap(blob)
	} else if blob, err = io.ReadAll(f); err != nil {
		return nil, err
	}
	spec, err := Subset(blob, want)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", VMLinux, err)
	}
	return spec, nil
}
