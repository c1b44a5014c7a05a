package kerneltypes

import (
	"encoding/binary"
	"fmt"

	"github.com/cilium/ebpf/btf"
)

// pruner decodes kernel types from a raw blob, each named struct or
// union with only the members want names. Not safe for concurrent use.
type pruner struct {
	r    *raw
	want Want
	// named are the named composites decoded, by id: each is decoded
	// once, with its own member set.
	named map[uint32]btf.Type
}

// members is the set of member names a composite keeps; nil keeps all.
type members map[string]struct{}

// decode is type id with qualifiers and typedefs left out (CO-RE looks
// through them), pointers made untyped (CO-RE never follows one), and
// composites pruned: a named one to the members want gives its name, an
// anonymous one to keep, which is its enclosing composite's set when it
// is an anonymous member (CO-RE looks for names through those) and nil
// (all) when it is a named member's type.
func (p *pruner) decode(id uint32, keep members) (btf.Type, error) {
	if id == 0 {
		return &btf.Void{}, nil
	}
	h, ok := p.r.header(id)
	if !ok {
		return nil, fmt.Errorf("type id %d out of range", id)
	}
	name := string(p.r.name(h.nameOff))
	switch h.kind() {
	case kindTypedef, kindVolatile, kindConst, kindRestrict, kindTypeTag:
		return p.decode(h.sizeOrType, keep)
	case kindPtr:
		return &btf.Pointer{Target: &btf.Void{}}, nil
	case kindInt:
		v := binary.LittleEndian.Uint32(p.r.extra(id))
		if off := (v >> 16) & 0xff; off != 0 {
			return nil, fmt.Errorf("int %q at bit offset %d", name, off)
		}
		return &btf.Int{Name: name, Size: h.sizeOrType, Encoding: btf.IntEncoding((v >> 24) & 0xf)}, nil
	case kindFloat:
		return &btf.Float{Name: name, Size: h.sizeOrType}, nil
	case kindEnum, kindEnum64:
		return p.enum(id, h, name), nil
	case kindFwd:
		kind := btf.FwdStruct
		if h.kindFlag() {
			kind = btf.FwdUnion
		}
		return &btf.Fwd{Name: name, Kind: kind}, nil
	case kindArray:
		le := binary.LittleEndian
		x := p.r.extra(id)
		elem, err := p.decode(le.Uint32(x), nil)
		if err != nil {
			return nil, err
		}
		index, err := p.decode(le.Uint32(x[4:]), nil)
		if err != nil {
			return nil, err
		}
		return &btf.Array{Type: elem, Index: index, Nelems: le.Uint32(x[8:])}, nil
	case kindStruct, kindUnion:
		if name == "" {
			return p.composite(id, h, name, keep)
		}
		if t, ok := p.named[id]; ok {
			return t, nil
		}
		t, err := p.composite(id, h, name, p.want.of(name))
		if err != nil {
			return nil, err
		}
		p.named[id] = t
		return t, nil
	}
	return nil, fmt.Errorf("type %d %q: kind %d is not a member's", id, name, h.kind())
}

// composite is struct or union id with the members keep names, and the
// anonymous members that hold some of them.
func (p *pruner) composite(id uint32, h header, name string, keep members) (btf.Type, error) {
	le := binary.LittleEndian
	x := p.r.extra(id)
	var ms []btf.Member
	for i := range h.vlen() {
		m := x[12*i:]
		mname := string(p.r.name(le.Uint32(m)))
		m = m[4:]
		if _, want := keep[mname]; keep != nil && mname != "" && !want {
			continue
		}
		sub := keep
		if mname != "" {
			sub = nil
		}
		t, err := p.decode(le.Uint32(m), sub)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %w", name, mname, err)
		}
		if mname == "" && keep != nil && empty(t) {
			continue
		}
		off := le.Uint32(m[4:])
		member := btf.Member{Name: mname, Type: t, Offset: btf.Bits(off)}
		if h.kindFlag() {
			member.Offset, member.BitfieldSize = btf.Bits(off&0xffffff), btf.Bits(off>>24)
		}
		ms = append(ms, member)
	}
	if h.kind() == kindUnion {
		return &btf.Union{Name: name, Size: h.sizeOrType, Members: ms}, nil
	}
	return &btf.Struct{Name: name, Size: h.sizeOrType, Members: ms}, nil
}

// empty reports whether t is a composite without members.
func empty(t btf.Type) bool {
	switch c := t.(type) {
	case *btf.Struct:
		return len(c.Members) == 0
	case *btf.Union:
		return len(c.Members) == 0
	}
	return false
}

// enum is enum or enum64 id with its values.
func (p *pruner) enum(id uint32, h header, name string) *btf.Enum {
	le := binary.LittleEndian
	x := p.r.extra(id)
	e := &btf.Enum{Name: name, Size: h.sizeOrType, Signed: h.kindFlag()}
	for i := range h.vlen() {
		var v btf.EnumValue
		if h.kind() == kindEnum64 {
			m := x[12*i:]
			v = btf.EnumValue{Name: string(p.r.name(le.Uint32(m))), Value: uint64(le.Uint32(m[4:])) | uint64(le.Uint32(m[8:]))<<32}
		} else {
			m := x[8*i:]
			val := le.Uint32(m[4:])
			if e.Signed {
				v = btf.EnumValue{Name: string(p.r.name(le.Uint32(m))), Value: uint64(int64(int32(val)))}
			} else {
				v = btf.EnumValue{Name: string(p.r.name(le.Uint32(m))), Value: uint64(val)}
			}
		}
		e.Values = append(e.Values, v)
	}
	return e
}
