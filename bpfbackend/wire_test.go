package bpfbackend

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/cilium/ebpf/btf"
)

// generatedGo is the Go file bpf2go wrote from the object's BTF.
const generatedGo = "sctrace_bpfel.go"

// wireStructs are the Go types bpf2go generated for the object's structs.
var wireStructs = []reflect.Type{
	reflect.TypeFor[sctraceAttachStopArgs](), reflect.TypeFor[sctraceCallState](), reflect.TypeFor[sctraceFdName](),
	reflect.TypeFor[sctraceHistArgs](),
	reflect.TypeFor[sctraceLoneState](), reflect.TypeFor[sctracePlan](), reflect.TypeFor[sctraceRec](),
	reflect.TypeFor[sctraceRework](), reflect.TypeFor[sctraceScratch](), reflect.TypeFor[sctraceSeg](),
	reflect.TypeFor[sctraceSigRec](), reflect.TypeFor[sctraceSockState](), reflect.TypeFor[sctraceStackRec](), reflect.TypeFor[sctraceMapEnt](),
	reflect.TypeFor[sctraceSyscallPlans](),
	reflect.TypeFor[sctraceSyscallStats](), reflect.TypeFor[sctraceSyscallTotals](), reflect.TypeFor[sctraceSyscallHist](), reflect.TypeFor[sctraceProcCountKey](), reflect.TypeFor[sctraceProcComm](),
}

// goSource is what the package's Go files declare and use.
type goSource struct {
	// consts are the enumerators bpf2go generated, by name.
	consts map[string]goConst
	// types are the enum and struct types bpf2go generated from C.
	types map[string]bool
	// structs are the struct types among them.
	structs map[string]bool
	// used are the identifiers the package's own non-test code uses.
	used map[string]bool
}

// goConst is a typed constant bpf2go generated.
type goConst struct {
	typ   string
	value uint64
}

// readGoSource parses the package's Go files, but tests.
func readGoSource(t *testing.T) goSource {
	t.Helper()
	src := goSource{consts: map[string]goConst{}, types: map[string]bool{}, structs: map[string]bool{},
		used: map[string]bool{}}
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if name != generatedGo {
			ast.Inspect(f, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					src.used[id.Name] = true
				}
				return true
			})
			continue
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range gd.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					switch st := s.Type.(type) {
					case *ast.StructType:
						if hostLayout(st) {
							src.types[s.Name.Name] = true
							src.structs[s.Name.Name] = true
						}
					case *ast.Ident:
						src.types[s.Name.Name] = true
					}
				case *ast.ValueSpec:
					typ, ok := s.Type.(*ast.Ident)
					if gd.Tok != token.CONST || !ok || len(s.Values) != 1 {
						continue
					}
					lit, ok := s.Values[0].(*ast.BasicLit)
					if !ok || lit.Kind != token.INT {
						continue
					}
					v, err := strconv.ParseUint(lit.Value, 0, 64)
					if err != nil {
						t.Fatalf("%s: %v", s.Names[0].Name, err)
					}
					src.consts[s.Names[0].Name] = goConst{typ.Name, v}
				}
			}
		}
	}
	return src
}

// hostLayout reports whether st starts with a structs.HostLayout field,
// as bpf2go's translations of C structs do.
func hostLayout(st *ast.StructType) bool {
	if len(st.Fields.List) == 0 {
		return false
	}
	sel, ok := st.Fields.List[0].Type.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "HostLayout"
}

// goTypeOf returns the Go type bpf2go names after C type c ("rec_type":
// "sctraceRecType"), or "".
func (src goSource) goTypeOf(c string) string {
	want := "sctrace" + strings.ReplaceAll(c, "_", "")
	for name := range src.types {
		if strings.EqualFold(name, want) {
			return name
		}
	}
	return ""
}

// TestWireTypes checks the Go side of the wire format against the BTF of
// the committed object the programs were compiled into. Every enum there
// (record types, record flags, segment kinds, segment flags, dump kinds,
// where new descriptors are, traced marks) must be a Go type bpf2go
// generated, with constants of the same names and values, each of which
// the package's own code uses: a value added in C that Go does not handle
// fails here. Every struct bpf2go generated must have the object's layout,
// field by field.
func TestWireTypes(t *testing.T) {
	spec, err := btf.LoadSpecFromReader(bytes.NewReader(_SctraceBytes))
	if err != nil {
		t.Fatal(err)
	}
	src := readGoSource(t)
	var enums int
	for typ, err := range spec.All() {
		if err != nil {
			t.Fatal(err)
		}
		e, ok := typ.(*btf.Enum)
		if !ok || e.Name == "" {
			continue
		}
		enums++
		goType := src.goTypeOf(e.Name)
		if goType == "" {
			t.Errorf("enum %s has no Go type: add -type %s to gen.go", e.Name, e.Name)
			continue
		}
		n := 0
		for _, c := range src.consts {
			if c.typ == goType {
				n++
			}
		}
		if n != len(e.Values) {
			t.Errorf("enum %s: %d values in the object, %d constants of %s", e.Name, len(e.Values), n, goType)
		}
		for _, v := range e.Values {
			id := goType + v.Name
			got, ok := src.consts[id]
			switch {
			case !ok || got.typ != goType:
				t.Errorf("%s (enum %s) has no Go constant %s: run make generate", v.Name, e.Name, id)
			case got.value != v.Value:
				t.Errorf("%s = %d in the object, %s = %d in Go: run make generate", v.Name, v.Value, id, got.value)
			case !src.used[id]:
				t.Errorf("%s (enum %s) is not handled in Go: nothing but %s uses %s", v.Name, e.Name, generatedGo, id)
			}
		}
	}
	if enums == 0 {
		t.Error("the object's BTF has no enums: the wire types are gone from bpf/events.h")
	}

	checked := map[string]bool{}
	for _, gt := range wireStructs {
		checked[gt.Name()] = true
		var found *btf.Struct
		for typ, err := range spec.All() {
			if err != nil {
				t.Fatal(err)
			}
			if s, ok := typ.(*btf.Struct); ok && s.Name != "" && src.goTypeOf(s.Name) == gt.Name() {
				found = s
				break
			}
		}
		if found == nil {
			t.Errorf("%s: no struct of the object's BTF is its C type", gt.Name())
			continue
		}
		checkLayout(t, found, gt)
	}
	for name := range src.structs {
		if !checked[name] {
			t.Errorf("%s is generated but not checked: add it to wireStructs", name)
		}
	}
}

// checkLayout compares the members of C struct s with the fields of Go
// struct gt, leaving out Go's blank fields (structs.HostLayout, padding).
func checkLayout(t *testing.T, s *btf.Struct, gt reflect.Type) {
	t.Helper()
	size, err := btf.Sizeof(s)
	if err != nil {
		t.Fatal(err)
	}
	if uintptr(size) != gt.Size() {
		t.Errorf("struct %s: %d bytes in the object, %s %d", s.Name, size, gt.Name(), gt.Size())
	}
	var fields []reflect.StructField
	for i := range gt.NumField() {
		if f := gt.Field(i); f.Name != "_" {
			fields = append(fields, f)
		}
	}
	if len(fields) != len(s.Members) {
		t.Errorf("struct %s: %d members in the object, %s %d fields", s.Name, len(s.Members), gt.Name(), len(fields))
		return
	}
	for i, m := range s.Members {
		f := fields[i]
		msize, err := btf.Sizeof(m.Type)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.EqualFold(strings.ReplaceAll(m.Name, "_", ""), f.Name) {
			t.Errorf("struct %s: member %d is %s in the object, %s.%s in Go", s.Name, i, m.Name, gt.Name(), f.Name)
		}
		if uintptr(m.Offset.Bytes()) != f.Offset || uintptr(msize) != f.Type.Size() {
			t.Errorf("struct %s: %s at %d (%d bytes) in the object, %s.%s at %d (%d bytes)",
				s.Name, m.Name, m.Offset.Bytes(), msize, gt.Name(), f.Name, f.Offset, f.Type.Size())
		}
	}
}
