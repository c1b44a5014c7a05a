package bpfbackend

import (
	"testing"

	"github.com/cilium/ebpf"
	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// callSet is the set of x86_64's calls named.
func callSet(t *testing.T, names ...string) *trace.SyscallSet {
	t.Helper()
	s := trace.NewSyscallSet(false)
	for _, n := range names {
		nr, ok := syscalls.ForArch(trace.ArchX86_64).Lookup(n)
		if !ok {
			t.Fatalf("no syscall %s", n)
		}
		s.Add(nr)
	}
	return s
}

// TestLoadAndAttach loads and attaches the programs with each option set
// that changes what the verifier sees, the syscall filters among them
// (the programs are checked with the capture code the filter's plans use),
// for a lone thread, for several and for -p's.
func TestLoadAndAttach(t *testing.T) {
	testutil.RequireBPF(t)
	for _, opts := range []trace.Options{
		{StringLimit: 32, SignalsWanted: true},
		{StringLimit: 4096, Verbose: true, FollowForks: true},
		{CountOnly: true},
		{CountOnly: true, CountHistograms: true},
		{CountOnly: true, SummaryWallTime: true},
		{CountOnly: true, CountPerProcess: true, CountHistograms: true, FollowForks: true},
		{CountOnly: true, DetachOnExec: true}, // the counting object, not the lean one
		{StringLimit: 32, SignalsWanted: true, Filter: callSet(t)},
		{StringLimit: 32, SignalsWanted: true, Filter: callSet(t, "read")},
		{StringLimit: 32, Filter: callSet(t, "execve", "openat")},
		{StringLimit: 32, Filter: callSet(t, "ioctl", "sendmsg", "recvmmsg", "clone3", "setsockopt")},
		{StringLimit: 32, NameNewFDs: true, DescribeSockets: true, Filter: callSet(t, "socket", "connect")},
		{StringLimit: 32, NameNewFDs: true, DescribeSockets: true, Filter: callSet(t, "sendmsg", "recvmsg")},
		{StringLimit: 32, NameNewFDs: true, DescribeSockets: true, Filter: callSet(t, "poll", "ppoll", "select", "pselect6")},
		{StringLimit: 32, NameNewFDs: true},
		{StringLimit: 32, SignalsWanted: true, StackSize: 64 << 10},
		{StringLimit: 4096, Verbose: true, KVMVcpu: true, NameNewFDs: true, FollowForks: true, Filter: callSet(t, "ioctl")},
		{StringLimit: 32, KVMVcpu: true},
	} {
		// A lone thread's programs hold entries, -p's report group
		// stops: other code.
		cfgs := []loadConfig{{opts: opts, arch: trace.ArchX86_64}, {opts: opts, arch: trace.ArchX86_64, attaching: true}}
		if !opts.FollowForks {
			cfgs = append(cfgs, loadConfig{opts: opts, arch: trace.ArchX86_64, lone: true})
		}
		for _, cfg := range cfgs {
			p, err := load(cfg)
			if err != nil {
				t.Fatalf("load %+v (lone %v, attaching %v): %v", opts, cfg.lone, cfg.attaching, err)
			}
			if err := p.attach(); err != nil {
				p.close()
				t.Fatalf("attach %+v (lone %v, attaching %v): %v", opts, cfg.lone, cfg.attaching, err)
			}
			if err := p.close(); err != nil {
				t.Errorf("close: %v", err)
			}
		}
	}
}

// TestPlansOf: the plans map holds the plans of the reported calls only,
// and what they use is what the programs are specialised for.
func TestPlansOf(t *testing.T) {
	bit := func(k syscalls.CaptureKind) uint32 { return 1 << k }
	for _, c := range []struct {
		calls              []string
		all                bool
		plans              int
		use, entry, exec   uint32
		ioctl, clone, nlnk bool
	}{
		{calls: nil, plans: 0},
		{calls: []string{"getpid"}, plans: 0},
		{calls: []string{"read"}, plans: 1, use: bit(syscalls.CaptureBytes)},
		{calls: []string{"write"}, plans: 1, use: bit(syscalls.CaptureBytes), entry: bit(syscalls.CaptureBytes)},
		{calls: []string{"execve"}, plans: 1,
			use:   bit(syscalls.CaptureCString) | bit(syscalls.CaptureStringArray),
			entry: bit(syscalls.CaptureCString) | bit(syscalls.CaptureStringArray),
			exec:  bit(syscalls.CaptureCString) | bit(syscalls.CaptureStringArray)},
		{calls: []string{"ioctl"}, plans: 1, ioctl: true},
		{calls: []string{"clone3"}, plans: 1, clone: true},
		{calls: []string{"sendmsg"}, plans: 1, nlnk: true},
		{all: true},
	} {
		var wanted *trace.SyscallSet
		if !c.all {
			wanted = callSet(t, c.calls...)
		}
		ps, err := plansOf(trace.ArchX86_64, wanted)
		if err != nil {
			t.Fatal(err)
		}
		if c.all {
			if ps.use.kinds == 0 || ps.exec.kinds == 0 || !ps.use.ioctl || !ps.use.clone || !ps.use.fprog || !ps.use.netlink {
				t.Errorf("all calls: %+v uses too little", ps.use)
			}
			if ps.use.kinds&ps.entry.kinds != ps.entry.kinds || ps.entry.kinds&ps.exec.kinds != ps.exec.kinds {
				t.Errorf("all calls: entry %+v or exec %+v uses more than all %+v", ps.entry, ps.exec, ps.use)
			}
			continue
		}
		if len(ps.keys) != c.plans {
			t.Errorf("%v: %d plans, want %d", c.calls, len(ps.keys), c.plans)
		}
		if c.use != 0 && (ps.use.kinds != c.use || ps.entry.kinds != c.entry || ps.exec.kinds != c.exec) {
			t.Errorf("%v: kinds %#x, entry %#x, exec %#x; want %#x, %#x, %#x", c.calls, ps.use.kinds, ps.entry.kinds, ps.exec.kinds, c.use, c.entry, c.exec)
		}
		if c.plans == 0 && ps.use != (captureUse{}) {
			t.Errorf("%v: no plans, but %+v used", c.calls, ps.use)
		}
		if ps.use.ioctl != c.ioctl || ps.use.clone != c.clone || ps.use.netlink != c.nlnk {
			t.Errorf("%v: %+v; want ioctl %v, clone %v, netlink %v", c.calls, ps.use, c.ioctl, c.clone, c.nlnk)
		}
	}
}

// TestReportsNoCall checks that a filter which keeps only the numbers no
// table names (what -e trace=none leaves) gets the small ring, and one
// with a named call does not.
func TestReportsNoCall(t *testing.T) {
	arch := uint32(unix.AUDIT_ARCH_X86_64)
	unnamed := &trace.SyscallSet{}
	for _, p := range syscalls.Personalities(syscalls.ForArch(arch)) {
		for nr := range trace.MaxNR {
			if p.Table.Get(nr).Name == "" {
				unnamed.AddIn(p.Pers, nr)
			}
		}
		unnamed.AddBeyond(p.Pers)
	}
	if !reportsNoCall(unnamed, arch) {
		t.Errorf("a filter of unnamed numbers only reports calls")
	}
	withRead := *unnamed
	withRead.Add(unix.SYS_READ)
	if reportsNoCall(&withRead, arch) {
		t.Errorf("a filter with read reports no call")
	}
	if reportsNoCall(nil, arch) {
		t.Errorf("no filter (every call) reports no call")
	}
}

// TestDefaultRingSize: a lone thread's run with small records gets the
// smaller default ring; one with large strings, dumps or stacks, or more
// than one thread, gets the large one.
func TestDefaultRingSize(t *testing.T) {
	dumps := &trace.FDSet{}
	dumps.Add(1)
	for _, c := range []struct {
		name string
		cfg  loadConfig
		want int
	}{
		{"lone, -s 32", loadConfig{lone: true, opts: trace.Options{StringLimit: 32}}, loneBufferSize},
		{"lone, -s 0", loadConfig{lone: true}, loneBufferSize},
		{"lone, -s 33", loadConfig{lone: true, opts: trace.Options{StringLimit: 33}}, DefaultBufferSize},
		{"lone, -e read=1", loadConfig{lone: true, opts: trace.Options{StringLimit: 32, DumpRead: dumps}}, DefaultBufferSize},
		{"lone, -e write=1", loadConfig{lone: true, opts: trace.Options{StringLimit: 32, DumpWrite: dumps}}, DefaultBufferSize},
		{"lone, -k", loadConfig{lone: true, opts: trace.Options{StringLimit: 32, StackSize: 1 << 16}}, DefaultBufferSize},
		{"-f", loadConfig{opts: trace.Options{StringLimit: 32, FollowForks: true}}, DefaultBufferSize},
		{"-p", loadConfig{attaching: true, opts: trace.Options{StringLimit: 32}}, DefaultBufferSize},
	} {
		if got := defaultRingSize(c.cfg); got != c.want {
			t.Errorf("%s: ring of %d bytes, want %d", c.name, got, c.want)
		}
	}
}

// TestCountingObject: the object of count_only holds the programs such a
// run loads and no more, and none of them calls the capture functions,
// which only the object of the runs that trace needs.
func TestCountingObject(t *testing.T) {
	counting, err := loadCounting()
	if err != nil {
		t.Fatal(err)
	}
	tracing, err := loadSctrace()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{sctraceProgSysEnter: true, sctraceProgSysExit: true, sctraceProgSchedProcessExit: true,
		sctraceProgSchedProcessExec: true, sctraceProgSchedProcessFork: true, sctraceProgHistBucketTest: true}
	for name := range counting.Programs {
		if !want[name] {
			t.Errorf("the counting object holds %s, which count_only never loads", name)
		}
		if tracing.Programs[name] == nil {
			t.Errorf("the counting object's %s is not in the tracing object", name)
		}
	}
	for name := range want {
		if counting.Programs[name] == nil {
			t.Errorf("the counting object lacks %s", name)
		}
	}
	for _, name := range []string{"capture_arg", "quick_bytes", "seg_read", "send_chunks"} {
		if !calls(tracing.Programs[sctraceProgSysExit], name) {
			t.Fatalf("the tracing sys_exit does not call %s: the check below tests nothing", name)
		}
		for pname, p := range counting.Programs {
			if calls(p, name) {
				t.Errorf("the counting object's %s calls %s", pname, name)
			}
		}
	}
}

// calls says whether p calls the function named.
func calls(p *ebpf.ProgramSpec, name string) bool {
	for _, ins := range p.Instructions {
		if ins.IsFunctionCall() && ins.Reference() == name {
			return true
		}
	}
	return false
}

// TestCountingWithoutScratch: -c's object gets a scratch map of one entry
// (load), which is right only while none of its programs uses the map.
func TestCountingWithoutScratch(t *testing.T) {
	spec, err := loadCounting()
	if err != nil {
		t.Fatal(err)
	}
	used := 0
	for name, prog := range spec.Programs {
		for _, ins := range prog.Instructions {
			if ins.Reference() == sctraceMapScratch {
				t.Errorf("counting's %s uses %s", name, sctraceMapScratch)
			}
			if ins.IsLoadFromMap() {
				used++
			}
		}
	}
	if used == 0 {
		t.Fatal("no map reference found in counting's programs: the check sees nothing")
	}
}
