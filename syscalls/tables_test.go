package syscalls

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// newerThanTables lists x/sys names that are not 6.18 system calls: calls
// added later, and arm64's marker for the start of the architecture-private
// range.
var newerThanTables = map[string]bool{"rseq_slice_yield": true, "arch_specific_syscall": true}

// xsysNumbers parses x/sys/unix's zsysnum_linux_ARCH.go for SYS_* constants.
func xsysNumbers(t *testing.T, arch string) map[string]int {
	t.Helper()
	// Locate the x/sys module directory from a file of the package.
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/sys").Output()
	if err != nil {
		t.Fatalf("go list golang.org/x/sys: %v", err)
	}
	path := filepath.Join(strings.TrimSpace(string(out)), "unix", "zsysnum_linux_"+arch+".go")
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	nums := map[string]int{}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok {
					continue
				}
				n, err := strconv.Atoi(lit.Value)
				if err != nil {
					continue
				}
				nums[strings.ToLower(strings.TrimPrefix(name.Name, "SYS_"))] = n
			}
		}
	}
	if len(nums) < 250 {
		t.Fatalf("%s: only %d SYS_ constants found", path, len(nums))
	}
	return nums
}

// TestTablesMatchXSys cross-checks every table against golang.org/x/sys.
func TestTablesMatchXSys(t *testing.T) {
	for _, tc := range []struct {
		table *Table
		arch  string
	}{{X86_64, "amd64"}, {ARM64, "arm64"}} {
		t.Run(tc.table.Name, func(t *testing.T) {
			xs := xsysNumbers(t, tc.arch)
			ours := map[string]int{}
			for _, sc := range tc.table.All() {
				ours[sc.Name] = sc.NR
			}
			for name, nr := range ours {
				want, ok := xs[name]
				if !ok {
					t.Errorf("%s (%d): not in x/sys", name, nr)
					continue
				}
				if want != nr {
					t.Errorf("%s: number %d, x/sys says %d", name, nr, want)
				}
			}
			unnamed := unnamedCalls(t, tc.table.Name)
			for name, nr := range xs {
				if _, ok := ours[name]; !ok && !newerThanTables[name] && unnamed[name] != nr {
					t.Errorf("x/sys has %s (%d), the table does not", name, nr)
				}
			}
		})
	}
}

// unnamedCalls returns the calls data/ARCH.tbl marks unnamed (strace 6.1
// does not know them; the table leaves their numbers unnamed), by name.
func unnamedCalls(t *testing.T, arch string) map[string]int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("data", arch+".tbl"))
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]int{}
	for line := range strings.SplitSeq(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 4 && f[3] == "unnamed" {
			nr, err := strconv.Atoi(f[0])
			if err != nil {
				t.Fatalf("%s.tbl: %q", arch, line)
			}
			calls[f[1]] = nr
		}
	}
	return calls
}

// TestUnnamedAsStrace61 checks that a call strace 6.1 does not know has
// no name: cachestat (Linux 6.5) prints as strace 6.1 prints it, and
// -e trace= does not take its name.
func TestUnnamedAsStrace61(t *testing.T) {
	if got := X86_64.DisplayName(451); got != "syscall_0x1c3" {
		t.Errorf("x86_64 451: %q, want syscall_0x1c3", got)
	}
	if _, ok := X86_64.Lookup("cachestat"); ok {
		t.Error("x86_64 names cachestat")
	}
	if got := ARM64.DisplayName(462); got != "syscall_0x1ce" {
		t.Errorf("arm64 462 (mseal): %q, want syscall_0x1ce", got)
	}
	if got := X86_64.DisplayName(450); got != "set_mempolicy_home_node" {
		t.Errorf("x86_64 450: %q", got)
	}
}

// TestNativeMatchesUnix spot-checks the native table with the constants the
// build itself uses.
func TestNativeMatchesUnix(t *testing.T) {
	n := Native()
	for name, nr := range map[string]int{
		"read": unix.SYS_READ, "openat": unix.SYS_OPENAT, "execve": unix.SYS_EXECVE,
		"exit_group": unix.SYS_EXIT_GROUP, "clone3": unix.SYS_CLONE3, "statx": unix.SYS_STATX,
	} {
		if got, ok := n.Lookup(name); !ok || got != nr {
			t.Errorf("%s on %s: %d, %v; want %d", name, runtime.GOARCH, got, ok, nr)
		}
	}
}

// TestGeneratedTablesFresh regenerates zz_tables.go with the arguments of
// the generate directive in syscalls.go, and compares.
func TestGeneratedTablesFresh(t *testing.T) {
	src, err := os.ReadFile("syscalls.go")
	if err != nil {
		t.Fatal(err)
	}
	const directive = "//go:generate go run ./internal/gentables -out zz_tables.go "
	i := bytes.Index(src, []byte(directive))
	if i < 0 {
		t.Fatal("no gentables go:generate line in syscalls.go")
	}
	line, _, _ := bytes.Cut(src[i+len(directive):], []byte("\n"))
	tmp := filepath.Join(t.TempDir(), "zz_tables.go")
	args := append([]string{"run", "./internal/gentables", "-out", tmp}, strings.Fields(string(line))...)
	cmd := exec.Command("go", args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gentables: %v\n%s", err, out)
	}
	want, err := os.ReadFile(tmp)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("zz_tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, have) {
		t.Fatal("zz_tables.go is stale: run make generate")
	}
}

func TestUnknownNames(t *testing.T) {
	if got := X86_64.DisplayName(0x1c8 + 100); got != "syscall_0x22c" {
		t.Errorf("DisplayName(0x22c) = %q", got)
	}
	if got := X86_64.DisplayName(-1); got != "syscall_0xffffffffffffffff" {
		t.Errorf("DisplayName(-1) = %q", got)
	}
	if got := I386.DisplayName(-1); got != "syscall_0xffffffff" {
		t.Errorf("i386 DisplayName(-1) = %q", got)
	}
	if nr, ok := ParseUnknownName("syscall_0x1c8"); !ok || nr != 0x1c8 {
		t.Errorf("ParseUnknownName = %d, %v", nr, ok)
	}
	sc := X86_64.Get(400)
	if sc.Name != "" || len(sc.Sig.Args) != 6 {
		t.Errorf("Get(400) = %+v", sc)
	}
}

func TestClassesAndPlans(t *testing.T) {
	openat := X86_64.Get(unix.SYS_OPENAT)
	if openat.Classes&ClassFile == 0 || openat.Classes&ClassDesc == 0 {
		t.Errorf("openat classes %b", openat.Classes)
	}
	if p := openat.Plan[1]; p.Kind != CaptureCString || p.When != AtEntry || p.Size != PathMax-1 {
		t.Errorf("openat path plan %+v", p)
	}
	read := X86_64.Get(unix.SYS_READ)
	if p := read.Plan[1]; p.Kind != CaptureBytes || p.When != AtExit || p.Len != LenRet || !read.HasExitPlan {
		t.Errorf("read buffer plan %+v", p)
	}
	write := X86_64.Get(unix.SYS_WRITE)
	if p := write.Plan[1]; p.Kind != CaptureBytes || p.When != AtEntry || p.Len != LenArg || p.LenArg != 2 || write.HasExitPlan {
		t.Errorf("write buffer plan %+v", p)
	}
	fstat := ARM64.Get(80)
	if fstat.Name != "fstat" || fstat.Plan[1].Size != 128 {
		t.Errorf("arm64 fstat %s plan %+v", fstat.Name, fstat.Plan[1])
	}
	if X86_64.Get(unix.SYS_FSTAT).Plan[1].Size != 144 {
		t.Errorf("x86_64 stat size %d", X86_64.Get(unix.SYS_FSTAT).Plan[1].Size)
	}
	if X86_64.Get(unix.SYS_GETPID).Classes&ClassPure == 0 {
		t.Error("getpid is not in the pure class")
	}
}

// TestSignatureNamesUnique: signatureList names each call once (a second
// row would be shadowed by the first in signatures' index).
func TestSignatureNamesUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, ns := range signatureList {
		if seen[ns.name] {
			t.Errorf("%s has two rows", ns.name)
		}
		seen[ns.name] = true
	}
	if len(signatures()) != len(signatureList) {
		t.Errorf("signatures indexes %d calls of signatureList's %d", len(signatures()), len(signatureList))
	}
}

// TestSignaturesNameRealCalls catches typos in signatures.go.
func TestSignaturesNameRealCalls(t *testing.T) {
	for name, sig := range signatures() {
		_, x := X86_64.Lookup(name)
		_, a := ARM64.Lookup(name)
		if !x && !a {
			t.Errorf("signature for unknown syscall %q", name)
		}
		if len(sig.Args) > 6 {
			t.Errorf("%s: %d arguments", name, len(sig.Args))
		}
		for i, arg := range sig.Args {
			if arg.Len >= int8(len(sig.Args)) {
				t.Errorf("%s arg %d: length argument %d out of range", name, i, arg.Len)
			}
		}
	}
}

// TestKeepEntryPlans: every plan that keeps its entry copy is a fixed
// copy taken at entry and at exit, small enough for the executor.
func TestKeepEntryPlans(t *testing.T) {
	n := 0
	for _, tbl := range Tables() {
		for nr := 0; nr <= tbl.Max(); nr++ {
			sc := tbl.Get(nr)
			for i, p := range sc.Plan {
				if !p.KeepEntry {
					continue
				}
				n++
				if p.Kind != CaptureBytes || p.When != AtEntry|AtExit || p.Len != LenFixed || p.Size == 0 || p.Size > KeepEntryMax {
					t.Errorf("%s argument %d: KeepEntry plan %+v", sc.Name, i, p)
				}
			}
		}
	}
	if accept := X86_64.Get(unix.SYS_ACCEPT4); !accept.Plan[2].KeepEntry {
		t.Errorf("accept4's addrlen does not keep its entry copy: %+v", accept.Plan[2])
	}
	if n == 0 {
		t.Error("no plan keeps its entry copy")
	}
}

// TestArrayPlans: a byte plan has an element size only as an array
// (IsArrayPlan): the programs take any elem_size for one. mincore's
// vector is one, counted in pages.
func TestArrayPlans(t *testing.T) {
	n := 0
	for _, tbl := range Tables() {
		for nr := 0; nr <= tbl.Max(); nr++ {
			sc := tbl.Get(nr)
			for i, p := range sc.Plan {
				if p.Kind != CaptureBytes || p.ElemSize == 0 {
					continue
				}
				n++
				if !IsArrayPlan(&p) {
					t.Errorf("%s argument %d: a plan with an element size is no array: %+v", sc.Name, i, p)
				}
			}
		}
	}
	if p := X86_64.Get(unix.SYS_MINCORE).Plan[2]; p.Len != LenArgPages || p.ElemSize != 1 || p.When != AtExit {
		t.Errorf("mincore's vector: plan %+v", p)
	}
	if n == 0 {
		t.Error("no array plan")
	}
}
