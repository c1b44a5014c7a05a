package bpfbackend

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
	"github.com/cilium/ebpf/link"

	"github.com/sctrace/sctrace/capture"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// probe is one loaded and attached set of programs and maps. close
// releases all of it; it is safe to call on a partly built probe.
type probe struct {
	// kind is the object loaded: a counting one (kind.counting) for -c,
	// which loads and attaches only the programs that count calls and
	// follow tasks.
	kind  objectKind
	objs  sctraceObjects
	links []link.Link
	// ring reads the ring buffer (mapped while the programs load).
	ring *ring
	// switches: sched_switch is attached, for held entries
	// (loadConfig.lone) or group stops, or both.
	switches bool
	// histograms: count_hists holds the histograms of counts'
	// aggregates (trace.Options.CountHistograms).
	histograms bool
	// lone: the call state of the only traced thread is in the
	// lone_state map (loadConfig.lone); setLoneTID names the thread.
	lone bool
	// forks: -f, under which sched_process_fork adds children to the
	// traced tasks, or --tree, whose processes' children it adds to the
	// tree (without either, the program would return at once).
	forks bool
	// attachStops: attach_stop is loaded, to report the group stop a
	// thread -p attaches to is in (loadConfig.attaching, and stops are
	// reported).
	attachStops bool
	// prepareExec: sched_prepare_exec is attached, to send an execve
	// entry held back because a read faulted (not under -c, nor when
	// no plan reads anything).
	prepareExec bool
}

// setLoneTID names the lone traced thread (loadConfig.lone).
func (p *probe) setLoneTID(tid int) error {
	v := sctraceLoneState{Tid: uint32(tid)}
	if err := p.objs.LoneState.Update(uint32(0), &v, ebpf.UpdateAny); err != nil {
		return fmt.Errorf("ebpf: register thread %d: %w", tid, err)
	}
	return nil
}

// loadConfig is what the programs are specialised for at load time.
type loadConfig struct {
	// opts are the run's options; the programs report the calls of
	// opts.Filter and the calls that execute a program (kernelFilter).
	opts       trace.Options
	bufferSize int
	arch       uint32
	// lone: the launched command's thread is the only task traced (no -f,
	// no -p): its call state is one map value (bpf/tasks.h: lone), and
	// a call's entry may travel with its exit as one record
	// (hold_entries).
	lone bool
	// attaching: -p names processes to attach to.
	attaching bool
	// scopeOnly: a scope is the only source of traced tasks (no command,
	// no -p, no -f), so a task without call state is traced only if it is
	// in the scope (bpf/scope.h: scope_only).
	scopeOnly bool
	// testProgram loads hist_bucket_test too, for TestHistBucket.
	testProgram bool
}

// smallRingSize is the ring buffer of a run that reports no call: -c,
// whose programs count calls in place, or -e trace=none. Its records are
// those of tasks (forks, exits, execs), signals and the calls that end the
// exec stub's hiding, without captures. A larger ring costs start-up time:
// the kernel allocates its pages when it is created and maps them twice
// into sctrace when it is read.
const smallRingSize = 1 << 20

// loneTasks is how many entries a lone thread's run gives the maps kept
// by task (traced, reworks): it has one traced task, two for a moment.
const loneTasks = 8

// reportsNoCall says whether filter (nil: all calls) selects none of the
// calls arch's tables name. The numbers a table does not name, which a
// filter always keeps (as strace traces them), are too rare to need a
// large ring.
func reportsNoCall(filter *trace.SyscallSet, arch uint32) bool {
	if filter == nil {
		return false
	}
	tbl := syscalls.ForArch(arch)
	if tbl == nil {
		return filter.Len() == 0
	}
	for _, pers := range syscalls.Personalities(tbl) {
		for nr := 0; nr <= pers.Table.Max() && nr < trace.MaxNR; nr++ {
			if pers.Table.Known(nr) && filter.HasIn(pers.Pers, nr) {
				return false
			}
		}
	}
	return true
}

// load loads the programs and maps and fills the plans map; it attaches
// nothing.
func load(cfg loadConfig) (*probe, error) {
	kind := objectFor(&cfg.opts)
	spec, err := parseObject(kind)
	if err != nil {
		return nil, fmt.Errorf("ebpf: %w", err)
	}
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return nil, fmt.Errorf("ebpf: possible CPUs: %w", err)
	}
	spec.Maps[sctraceMapScratch].MaxEntries = uint32(ncpu)
	if cfg.opts.CountOnly {
		// -c's programs build no record in it: 576 KiB a CPU saved.
		spec.Maps[sctraceMapScratch].MaxEntries = 1
	}
	opts := cfg.opts
	// -c captures nothing: its programs count in sys_exit.
	var plans planSet
	if !opts.CountOnly {
		if plans, err = plansOf(cfg.arch, opts.Filter); err != nil {
			return nil, err
		}
	}
	ring := cfg.bufferSize
	if ring <= 0 {
		ring = defaultRingSize(cfg)
	}
	ring = ringSize(ring)
	if opts.CountOnly || reportsNoCall(opts.Filter, cfg.arch) {
		ring = min(ring, smallRingSize)
	}
	spec.Maps[sctraceMapEvents].MaxEntries = uint32(ring)
	// Maps a run does not use get one entry: creating one costs in
	// proportion to its size (counts: -c's aggregates; count_hists: their
	// histograms, which only some outputs print; attaching: -p's
	// threads; reworks: the task works of exits whose reads faulted;
	// plans: the capture plans, which -c has none of; tree: --tree's
	// processes).
	if !opts.CountOnly {
		spec.Maps[sctraceMapCounts].MaxEntries = 1
	}
	histograms := countsHistograms(&opts)
	if !histograms {
		spec.Maps[sctraceMapCountHists].MaxEntries = 1
	}
	// proc_counts (-c -ff) and proc_comms (-ff with -c or -C): entries
	// are made as processes call, up to maxProcCounts; unused, the maps
	// keep their one entry.
	if opts.CountPerProcess {
		spec.Maps[sctraceMapProcComms].MaxEntries = maxProcCounts
		if opts.CountOnly {
			spec.Maps[sctraceMapProcCounts].MaxEntries = maxProcCounts
		}
	}
	if !cfg.attaching {
		spec.Maps[sctraceMapAttaching].MaxEntries = 1
	}
	if plans.use.kinds == 0 {
		spec.Maps[sctraceMapReworks].MaxEntries = 1
	}
	if opts.CountOnly {
		spec.Maps[sctraceMapPlans].MaxEntries = 1
	}
	if opts.Scope == nil || len(opts.Scope.Trees) == 0 {
		spec.Maps[sctraceMapTree].MaxEntries = 1
	}
	// A lone thread's run has one traced task (two while an execve in
	// another of its group's threads takes the group over): traced and
	// reworks, hash maps whose creation costs in proportion to their
	// buckets (3.5 ms each for 65536 on a virtual machine), need a few
	// entries.
	if cfg.lone {
		for _, name := range []string{sctraceMapTraced, sctraceMapReworks} {
			spec.Maps[name].MaxEntries = min(spec.Maps[name].MaxEntries, loneTasks)
		}
	}

	vars, err := runVars(cfg, plans, ring)
	if err != nil {
		return nil, err
	}
	if err := setVars(spec, kind, vars); err != nil {
		return nil, err
	}
	reportStops := reportsStops(&opts)
	p := &probe{kind: kind, histograms: histograms, switches: (cfg.lone && !opts.CountOnly) || reportStops, lone: cfg.lone,
		forks: opts.FollowForks || (opts.Scope != nil && len(opts.Scope.Trees) > 0), attachStops: cfg.attaching && reportStops,
		// Only a read that faults defers an entry.
		prepareExec: !opts.CountOnly && plans.exec.kinds != 0}
	// sys_enter runs only the plans due at an entry, sched_prepare_exec
	// only an execve's: each is checked with the code of those alone.
	progVars := map[string]map[string]any{
		sctraceProgSysEnter:         plans.entry.vars(),
		sctraceProgSchedPrepareExec: plans.exec.vars(),
	}
	if err := p.loadObjects(spec, cfg.testProgram, progVars, opts.Steps); err != nil {
		p.close()
		return nil, loadError(err)
	}
	if err := p.fillPlans(plans); err != nil {
		p.close()
		return nil, err
	}
	return p, nil
}

// runVars are the programs' load-time constants for a run of cfg with
// plans and a ring buffer of ring bytes: all but the capture ones of each
// program (planUse.vars).
func runVars(cfg loadConfig, plans planSet, ring int) (map[string]any, error) {
	opts := &cfg.opts
	filter := filterBits(kernelFilter(opts.Filter, cfg.arch))
	loud := loudBits(filter)
	limit := max(opts.StringLimit, 0)
	dumpRead, dumpWrite := dumpSet(opts, opts.DumpRead), dumpSet(opts, opts.DumpWrite)
	vars := map[string]any{
		sctraceVarFollowForks:    boolU32(opts.FollowForks),
		sctraceVarDetachOnExec:   boolU32(opts.DetachOnExec),
		sctraceVarWallTime:       boolU32(opts.SummaryWallTime),
		sctraceVarSyscallCpuTime: boolU32(opts.SyscallCPUTime),
		sctraceVarPerProcess:     boolU32(opts.CountPerProcess),
		sctraceVarHistograms:     boolU32(countsHistograms(opts)),
		sctraceVarSignalsWanted:  boolU32(opts.SignalsWanted),
		sctraceVarStringLimit:    uint32(limit),
		sctraceVarVerbose:        boolU32(opts.Verbose),
		sctraceVarKvmVcpu:        boolU32(opts.KVMVcpu && !opts.CountOnly),
		sctraceVarLone:           boolU32(cfg.lone),
		sctraceVarHoldEntries:    boolU32(cfg.lone && !opts.CountOnly),
		sctraceVarReportStops:    boolU32(reportsStops(opts)),
		// A scope's run ends at a time (session.finishScope): its
		// records carry times.
		sctraceVarUntimed:       boolU32(opts.Untimed && !opts.CountOnly && !opts.SyscallCPUTime && opts.Scope == nil),
		sctraceVarFdNames:       boolU32((opts.NameNewFDs || opts.DescribeSockets) && !opts.CountOnly),
		sctraceVarSockStates:    boolU32(opts.DescribeSockets && !opts.CountOnly),
		sctraceVarWakeupBytes:   uint64(ring / 8),
		sctraceVarFilterBits:    filter,
		sctraceVarLoudBits:      loud,
		sctraceVarSomeQuiet:     boolU32(someQuiet(loud)),
		sctraceVarFilterBeyond:  filterBeyond(opts.Filter),
		sctraceVarExecNrs:       execNRs(cfg.arch),
		sctraceVarDumpReadBits:  fdBits(dumpRead),
		sctraceVarDumpWriteBits: fdBits(dumpWrite),
		sctraceVarDumpReadAll:   boolU32(dumpRead.Copied(1 << 20)),
		sctraceVarDumpWriteAll:  boolU32(dumpWrite.Copied(1 << 20)),
		sctraceVarStackSize:     stackSize(opts),
		sctraceVarMsgControlMax: uint32(min(capture.ControlMax(), math.MaxUint32)),
		sctraceVarMapNrs:        nrsWith(cfg.arch, syscalls.MapsCode),
	}
	for name, v := range plans.use.vars() {
		vars[name] = v
	}
	svars, err := scopeVars(opts, cfg.arch)
	if err != nil {
		return nil, err
	}
	for name, v := range svars {
		vars[name] = v
	}
	vars[sctraceVarScopeOnly] = boolU32(cfg.scopeOnly)
	return vars, nil
}

// dumpSet is the descriptor set s of -e read= or -e write= the programs
// capture whole: none under -c, which captures nothing.
func dumpSet(opts *trace.Options, s *trace.FDSet) *trace.FDSet {
	if opts.CountOnly {
		return nil
	}
	return s
}

// reportsStops says whether the programs report group stops: they are
// printed like signals, and not under -c.
func reportsStops(opts *trace.Options) bool { return opts.SignalsWanted && !opts.CountOnly }

// countsHistograms says whether -c's programs keep latency histograms.
func countsHistograms(opts *trace.Options) bool { return opts.CountOnly && opts.CountHistograms }

// loadObjects creates the maps, then loads the programs concurrently (the
// verifier's work on the ones that execute capture plans is a large part
// of the backend's start-up time), the longest to check first and, for
// the tracing object, at most one per CPU, while the ring buffer's reader
// maps it (p.ring). Each
// collection gets its own copy of the read-only constants, which are the
// same for all but the capture ones (progVars, by program). The kernel's
// BTF (for CO-RE and the tp_btf targets) is decoded once and shared by all
// loads. steps times the maps' creation, the ring's mapping and each load.
func (p *probe) loadObjects(spec *ebpf.CollectionSpec, testProgram bool, progVars map[string]map[string]any, steps *trace.Steps) error {
	created := steps.Begin("create maps")
	err := spec.LoadAndAssign(&p.objs.sctraceMaps, nil)
	created()
	if err != nil {
		return err
	}
	m := &p.objs.sctraceMaps
	// Mapping a large ring costs milliseconds: it overlaps the loads.
	ringErr := make(chan error, 1)
	go func() {
		defer steps.Begin("map ring buffer")()
		var err error
		if p.ring, err = newRing(m.Events); err != nil {
			err = fmt.Errorf("ebpf: ring buffer reader: %w", err)
		}
		ringErr <- err
	}()
	maps := map[string]*ebpf.Map{
		sctraceMapCalls: m.Calls, sctraceMapCounts: m.Counts, sctraceMapCountHists: m.CountHists, sctraceMapEvents: m.Events,
		sctraceMapLost: m.Lost, sctraceMapPlans: m.Plans, sctraceMapScratch: m.Scratch, sctraceMapCpuKey: m.CpuKey, sctraceMapTraced: m.Traced,
		// A task work is scheduled only on a map user space holds.
		sctraceMapReworks: m.Reworks, sctraceMapLoneState: m.LoneState, sctraceMapAttaching: m.Attaching,
		sctraceMapCompatCounts: m.CompatCounts, sctraceMapProcCounts: m.ProcCounts, sctraceMapProcComms: m.ProcComms,
		sctraceMapProcCountsDropped: m.ProcCountsDropped,
		sctraceMapTree:              m.Tree,
		sctraceMapDueTasks:          m.DueTasks,
	}
	type program struct {
		name string
		dst  **ebpf.Program
	}
	pr := &p.objs.sctracePrograms
	progs := []program{{sctraceProgSysExit, &pr.SysExit}, {sctraceProgSysEnter, &pr.SysEnter}}
	// Each load costs milliseconds of start-up: leave out the programs
	// that would return at once (see attach).
	if p.prepareExec {
		progs = append(progs, program{sctraceProgSchedPrepareExec, &pr.SchedPrepareExec})
	}
	progs = append(progs, program{sctraceProgSchedProcessExit, &pr.SchedProcessExit}, program{sctraceProgSchedProcessExec, &pr.SchedProcessExec})
	if p.forks {
		progs = append(progs, program{sctraceProgSchedProcessFork, &pr.SchedProcessFork})
	}
	if p.switches {
		progs = append(progs, program{sctraceProgSchedSwitch, &pr.SchedSwitch})
	}
	if !p.kind.counting() {
		// -c prints no signals.
		progs = append(progs, program{sctraceProgSignalDeliver, &pr.SignalDeliver}, program{sctraceProgSignalGenerate, &pr.SignalGenerate})
	}
	if p.attachStops {
		// Run by user space, never attached.
		progs = append(progs, program{sctraceProgAttachStop, &pr.AttachStop})
	}
	if testProgram {
		progs = append(progs, program{sctraceProgHistBucketTest, &pr.HistBucketTest})
	}
	// A load is the programs of one collection. The tracing object's
	// syscall programs, and those with variables of their own, load one
	// to a collection; its other programs, small, share one, so that
	// their constants' maps, BTF and relocations are made once rather
	// than once a program. Counting's programs are small and alike: one
	// to a collection, loaded all at once, their preparations overlap
	// (2 ms less than one per CPU).
	type load struct {
		progs []program
		insns int
	}
	var loads []load
	var shared load
	for _, pg := range progs {
		n := len(spec.Programs[pg.name].Instructions)
		if p.kind.counting() || progVars[pg.name] != nil || pg.name == sctraceProgSysEnter || pg.name == sctraceProgSysExit {
			loads = append(loads, load{[]program{pg}, n})
			continue
		}
		shared.progs = append(shared.progs, pg)
		shared.insns += n
	}
	if len(shared.progs) > 0 {
		loads = append(loads, shared)
	}
	// Each load gets its own copy of the maps and variables, but not of
	// the programs nor of the object's types, which loading only reads
	// (copying them cost a millisecond per program).
	tmpl := *spec
	tmpl.Programs, tmpl.Types = nil, nil
	var kernel *btf.Spec
	if p.kind.counting() {
		if kernel = countingKernelTypes(p.kind); kernel == nil {
			warmKernelTypes()
		}
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	// The longest to check first. The tracing object's two syscall
	// programs take most of the verifier's time: loaded at most one per
	// CPU, they start at once and are not time-sliced against the small
	// ones (on 2 CPUs: 6 ms less start-up, the median of six sets of 40
	// runs).
	slices.SortStableFunc(loads, func(a, b load) int { return b.insns - a.insns })
	next := make(chan load, len(loads))
	for _, l := range loads {
		next <- l
	}
	close(next)
	workers := len(loads)
	if !p.kind.counting() {
		workers = min(runtime.NumCPU(), workers)
	}
	for range workers {
		wg.Go(func() {
			for l := range next {
				names := make([]string, len(l.progs))
				for i, pg := range l.progs {
					names[i] = pg.name
				}
				loaded := steps.Begin("load " + strings.Join(names, ", "))
				progs, err := loadPrograms(&tmpl, spec.Programs, names, progVars[names[0]], maps, kernel)
				loaded()
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else {
					for _, pg := range l.progs {
						*pg.dst = progs[pg.name]
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return errors.Join(append(errs, <-ringErr)...)
}

// loadPrograms loads the programs names of all in a collection of their
// own made from tmpl, with the maps given and the variables vars changed;
// their CO-RE relocations are made against kernel, or when nil the
// kernel's BTF (kernelTypes).
func loadPrograms(tmpl *ebpf.CollectionSpec, all map[string]*ebpf.ProgramSpec, names []string, vars map[string]any, maps map[string]*ebpf.Map, kernel *btf.Spec) (map[string]*ebpf.Program, error) {
	one := tmpl.Copy()
	one.Programs = make(map[string]*ebpf.ProgramSpec, len(names))
	for _, name := range names {
		one.Programs[name] = all[name]
	}
	for name, v := range vars {
		if err := one.Variables[name].Set(v); err != nil {
			return nil, fmt.Errorf("ebpf: set %s for %s: %w", name, strings.Join(names, ", "), err)
		}
	}
	coll, err := ebpf.NewCollectionWithOptions(one, ebpf.CollectionOptions{MapReplacements: maps, Cache: kernelTypes,
		Programs: ebpf.ProgramOptions{KernelTypes: kernel}})
	if err != nil {
		return nil, err
	}
	defer coll.Close()
	out := make(map[string]*ebpf.Program, len(names))
	for _, name := range names {
		out[name] = coll.DetachProgram(name)
	}
	return out, nil
}

// attach attaches every program loaded but those user space runs
// (attach_stop, hist_bucket_test): sched_switch
// only when entries may be held or group stops are reported (it runs at
// every context switch), sched_process_fork only under -f, the signal
// programs and sched_prepare_exec only when not counting. Each program is
// named after its tracepoint.
func (p *probe) attach() error {
	type tracepoint struct {
		name string
		prog *ebpf.Program
	}
	o := &p.objs.sctracePrograms
	progs := []tracepoint{{sctraceProgSysEnter, o.SysEnter}, {sctraceProgSysExit, o.SysExit},
		{sctraceProgSchedProcessExit, o.SchedProcessExit}, {sctraceProgSchedProcessExec, o.SchedProcessExec}}
	if p.forks {
		progs = append(progs, tracepoint{sctraceProgSchedProcessFork, o.SchedProcessFork})
	}
	if p.prepareExec {
		progs = append(progs, tracepoint{sctraceProgSchedPrepareExec, o.SchedPrepareExec})
	}
	if !p.kind.counting() {
		// -c prints no signals.
		progs = append(progs, tracepoint{sctraceProgSignalDeliver, o.SignalDeliver}, tracepoint{sctraceProgSignalGenerate, o.SignalGenerate})
	}
	if p.switches {
		progs = append(progs, tracepoint{sctraceProgSchedSwitch, o.SchedSwitch})
	}
	for _, tp := range progs {
		l, err := attachTracepoint(tp.name, tp.prog)
		if err != nil {
			return attachError(tp.prog, err)
		}
		p.links = append(p.links, l)
	}
	return nil
}

// attachTracepoint attaches prog to the tracepoint name: a tp_btf
// program knows its target, a raw_tp program (counting's) is given it.
func attachTracepoint(name string, prog *ebpf.Program) (link.Link, error) {
	if prog.Type() == ebpf.RawTracepoint {
		return link.AttachRawTracepoint(link.RawTracepointOptions{Name: name, Program: prog})
	}
	return link.AttachTracing(link.TracingOptions{Program: prog})
}

// detach detaches the programs: from then on no task pays for them.
func (p *probe) detach() error {
	var errs []error
	for _, l := range p.links {
		errs = append(errs, l.Close())
	}
	p.links = nil
	return errors.Join(errs...)
}

// close detaches and releases everything.
func (p *probe) close() error {
	errs := []error{p.detach()}
	if p.ring != nil {
		errs = append(errs, p.ring.Close())
	}
	return errors.Join(append(errs, p.objs.Close())...)
}

// execNRs are the numbers of the calls that execute a program on arch
// (-1: none).
func execNRs(arch uint32) [2]int32 { return nrsWith(arch, syscalls.Execs) }

// nrsWith are the numbers of the (at most two) calls of arch with
// effect e; -1 where there are fewer.
func nrsWith(arch uint32, e syscalls.Effect) [2]int32 {
	nrs := [2]int32{-1, -1}
	if tbl := syscalls.ForArch(arch); tbl != nil {
		for i, nr := range tbl.NRsWith(e) {
			if i < len(nrs) {
				nrs[i] = int32(nr)
			}
		}
	}
	return nrs
}

// fdBits is the kernel's copy of the first 1024 descriptors of a set.
func fdBits(s *trace.FDSet) [16]uint64 {
	var bits [16]uint64
	for fd := range 1024 {
		if s.Has(fd) {
			bits[fd/64] |= 1 << (fd % 64)
		}
	}
	return bits
}

// filterBits is the kernel's copy of a syscall filter (nil: all): the
// bitmap of each personality, one after the other.
func filterBits(s *trace.SyscallSet) [int(trace.NumPersonalities) * trace.MaxNR / 64]uint64 {
	var bits [int(trace.NumPersonalities) * trace.MaxNR / 64]uint64
	for p := range trace.NumPersonalities {
		for nr := range trace.MaxNR {
			if s.HasIn(p, nr) {
				i := int(p)*trace.MaxNR + nr
				bits[i/64] |= 1 << (i % 64)
			}
		}
	}
	return bits
}

// loudBits is the kernel's loud_bits: bits (filterBits) with its
// personalities' bitmaps or-ed into one, so that a call's exit tests its
// number in one word whatever the personality of its entry.
func loudBits(bits [int(trace.NumPersonalities) * trace.MaxNR / 64]uint64) [trace.MaxNR / 64]uint64 {
	var loud [trace.MaxNR / 64]uint64
	for p := range int(trace.NumPersonalities) {
		for w := range loud {
			loud[w] |= bits[p*trace.MaxNR/64+w]
		}
	}
	return loud
}

// someQuiet says whether a number below trace.MaxNR is not in loud
// (loudBits): a call the programs may let go at once (bpf/filter.h:
// some_quiet).
func someQuiet(loud [trace.MaxNR / 64]uint64) bool {
	for _, w := range loud {
		if w != ^uint64(0) {
			return true
		}
	}
	return false
}

// filterBeyond is the kernel's filter_beyond: bit p says the numbers of
// personality p from trace.MaxNR on are in s (nil: all).
func filterBeyond(s *trace.SyscallSet) uint32 {
	var bits uint32
	for p := range trace.NumPersonalities {
		if s.Beyond(p) {
			bits |= 1 << p
		}
	}
	return bits
}

// DefaultBufferSize is the ring buffer's size when none is given, but for
// a lone thread's small records (loneBufferSize): room
// for a burst of large captures (strace's printstrn-umoven test, 134 MB of
// 4 KiB strings, loses none with it while three busy processes compete
// for two CPUs; it lost 10,000 to 23,000 records with 16 MiB).
const DefaultBufferSize = 64 << 20

// loneBufferSize is the default ring buffer of a run whose records come
// from one thread and are small (smallRecords): its one writer runs on one
// CPU at a time, and a traced dd (bs=1, a million calls) lost no record
// with 8 MiB while two busy loops shared the two CPUs with it and
// sctrace. Creating and mapping 64 MiB instead costs about 30 ms of
// start-up.
const loneBufferSize = 16 << 20

// smallStringLimit is the largest -s whose records are small: strace's
// default, 32.
const smallStringLimit = 32

// defaultRingSize is the ring buffer's size when none is asked for:
// loneBufferSize for a lone thread (loadConfig.lone) whose records are
// small, DefaultBufferSize otherwise.
func defaultRingSize(cfg loadConfig) int {
	if cfg.lone && smallRecords(&cfg.opts) {
		return loneBufferSize
	}
	return DefaultBufferSize
}

// smallRecords says whether opts keep every record small: strings cut at
// most at smallStringLimit, no data dumped whole (-e read=, -e write=),
// no stacks (-k).
func smallRecords(opts *trace.Options) bool {
	return opts.StringLimit <= smallStringLimit && opts.DumpRead.Empty() && opts.DumpWrite.Empty() && opts.StackSize == 0
}

// ringSize rounds a requested ring size to what the kernel accepts: a
// power of two, at least one page.
func ringSize(n int) int {
	size := os.Getpagesize()
	for size < n && size < 1<<30 {
		size <<= 1
	}
	return size
}

func boolU32(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func boolU8(b bool) uint8 { return uint8(boolU32(b)) }

// stackSize is the programs' stack_size for opts: none under -c.
func stackSize(opts *trace.Options) uint32 {
	if opts.CountOnly {
		return 0
	}
	return uint32(min(max(opts.StackSize, 0), trace.MaxStackSize))
}
