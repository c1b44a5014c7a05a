package bpfbackend

import (
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/sctrace/sctrace/trace"
)

// TestLeanObject: each lean object is its full object less the constants
// of leanOff, with the same maps and programs, none longer and together
// shorter (the code of those features is not in them).
func TestLeanObject(t *testing.T) {
	for _, pair := range [][2]objectKind{{objectLean, objectTracing}, {objectCountingLean, objectCounting}} {
		lean, err := parseSpec(pair[0])
		if err != nil {
			t.Fatal(err)
		}
		full, err := parseSpec(pair[1])
		if err != nil {
			t.Fatal(err)
		}
		want := maps.Clone(full.Variables)
		for _, name := range leanOff {
			if want[name] == nil {
				t.Errorf("leanOff names %s, which the %v object does not have", name, pair[1])
			}
			delete(want, name)
		}
		if got, want := slices.Sorted(maps.Keys(lean.Variables)), slices.Sorted(maps.Keys(want)); !slices.Equal(got, want) {
			t.Errorf("the %v object's constants are\n%v\nwant the %v object's but leanOff's:\n%v", pair[0], got, pair[1], want)
		}
		if got, want := slices.Sorted(maps.Keys(lean.Maps)), slices.Sorted(maps.Keys(full.Maps)); !slices.Equal(got, want) {
			t.Errorf("the %v object's maps are %v, the %v object's %v", pair[0], got, pair[1], want)
		}
		if got, want := slices.Sorted(maps.Keys(lean.Programs)), slices.Sorted(maps.Keys(full.Programs)); !slices.Equal(got, want) {
			t.Errorf("the %v object's programs are %v, the %v object's %v", pair[0], got, pair[1], want)
		}
		var leanTotal, fullTotal int
		for name, p := range full.Programs {
			if lean.Programs[name] == nil {
				continue
			}
			l, f := len(lean.Programs[name].Instructions), len(p.Instructions)
			if l > f {
				t.Errorf("%v %s has %d instructions, the %v object's %d", pair[0], name, l, pair[1], f)
			}
			leanTotal, fullTotal = leanTotal+l, fullTotal+f
		}
		if leanTotal >= fullTotal {
			t.Errorf("the %v object's programs have %d instructions, the %v object's %d", pair[0], leanTotal, pair[1], fullTotal)
		}
		t.Logf("%v %d instructions, %v %d", pair[0], leanTotal, pair[1], fullTotal)
	}
}

// TestObjectFor: a run gets a lean object exactly when every constant of
// leanOff is 0 in the constants its load sets (runVars), a counting one
// exactly under -c.
func TestObjectFor(t *testing.T) {
	var read3, writeAll trace.FDSet
	read3.Add(3)
	writeAll.Invert()
	taskInfo := func(*trace.TaskInfo) {}
	for _, tc := range []struct {
		name string
		opts trace.Options
		cfg  loadConfig
	}{
		{name: "default", opts: trace.Options{StringLimit: 32, SignalsWanted: true}},
		{name: "-f -v -s 100", opts: trace.Options{StringLimit: 100, Verbose: true, FollowForks: true, SignalsWanted: true}},
		{name: "-e trace=read", opts: trace.Options{StringLimit: 32, Filter: callSet(t, "read")}},
		{name: "-c", opts: trace.Options{CountOnly: true}},
		{name: "-c -y -k -e read=3 -Y", opts: trace.Options{CountOnly: true, NameNewFDs: true, StackSize: 4096, DumpRead: &read3, TaskInfo: taskInfo, NamePids: true}},
		{name: "-c -b execve", opts: trace.Options{CountOnly: true, DetachOnExec: true}},
		{name: "-c --comm", opts: trace.Options{CountOnly: true, Scope: &trace.Scope{Comms: []string{"cat"}}}},
		{name: "-y", opts: trace.Options{StringLimit: 32, NameNewFDs: true}},
		{name: "-yy", opts: trace.Options{StringLimit: 32, NameNewFDs: true, DescribeSockets: true}},
		{name: "-k", opts: trace.Options{StringLimit: 32, StackSize: 64 << 10}},
		{name: "-b execve", opts: trace.Options{StringLimit: 32, DetachOnExec: true}},
		{name: "-e read=3", opts: trace.Options{StringLimit: 32, DumpRead: &read3}},
		{name: "-e write=all", opts: trace.Options{StringLimit: 32, DumpWrite: &writeAll}},
		{name: "-e kvm=vcpu", opts: trace.Options{StringLimit: 32, KVMVcpu: true}},
		{name: "command names", opts: trace.Options{StringLimit: 32, TaskInfo: taskInfo}},
		{name: "-Y", opts: trace.Options{StringLimit: 32, TaskInfo: taskInfo, NamePids: true}},
		{name: "--system-wide", opts: trace.Options{StringLimit: 32, Scope: &trace.Scope{SystemWide: true}}, cfg: loadConfig{scopeOnly: true}},
		{name: "--comm", opts: trace.Options{StringLimit: 32, Scope: &trace.Scope{Comms: []string{"cat"}}}},
	} {
		for _, lone := range []bool{false, true} {
			cfg := tc.cfg
			cfg.opts, cfg.arch, cfg.lone = tc.opts, trace.ArchX86_64, lone
			var plans planSet
			if !tc.opts.CountOnly {
				var err error
				if plans, err = plansOf(cfg.arch, tc.opts.Filter); err != nil {
					t.Fatal(err)
				}
			}
			vars, err := runVars(cfg, plans, 1<<20)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			var set []string
			for _, name := range leanOff {
				if v, ok := vars[name]; ok && !reflect.ValueOf(v).IsZero() {
					set = append(set, name)
				}
			}
			want := objectLean
			switch {
			case tc.opts.CountOnly && len(set) > 0:
				want = objectCounting
			case tc.opts.CountOnly:
				want = objectCountingLean
			case len(set) > 0:
				want = objectTracing
			}
			if got := objectFor(&cfg.opts); got != want {
				t.Errorf("%s (lone %v): objectFor is the %v object, want the %v one (leanOff set: %v)", tc.name, lone, got, want, set)
			}
		}
	}
}

// TestScratchOutOfLine: in the lean object, only scratch_buf reads the
// CPU number; the rest of each program calls it. The verifier inlines
// each bpf_get_smp_processor_id and array lookup it finds, and each
// inlining moves the whole program: the seventy places that take the
// record buffer cost a third of sys_enter's verification time when they
// inline it.
func TestScratchOutOfLine(t *testing.T) {
	spec, err := parseSpec(objectLean)
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range spec.Programs {
		fn, calls := "", 0
		for _, ins := range p.Instructions {
			if sym := ins.Symbol(); sym != "" {
				fn = sym
			}
			if ins.IsBuiltinCall() && asm.BuiltinFunc(ins.Constant) == asm.FnGetSmpProcessorId {
				if fn != "scratch_buf" {
					t.Errorf("%s: %s reads the CPU number itself, not through scratch_buf", name, fn)
				}
			}
			if ins.IsFunctionCall() && ins.Reference() == "scratch_buf" {
				calls++
			}
		}
		if name == sctraceProgSysEnter || name == sctraceProgSysExit {
			if calls == 0 {
				t.Errorf("%s never calls scratch_buf", name)
			}
			t.Logf("%s calls scratch_buf at %d places", name, calls)
		}
	}
}
