package bpfbackend

import (
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
	"github.com/cilium/ebpf/link"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// probe is one loaded and attached set of programs and maps. close
// releases all of it; it is safe to call on a partly built probe.
type probe struct {
	objs  sctraceObjects
	links []link.Link
	// switches: sched_switch is attached, for held entries
	// (loadConfig.lone) or group stops, or both.
	switches bool
	// countOnly: -c, which loads and attaches only the programs that
	// count calls and follow tasks.
	countOnly bool
	// lone: the call state of the only traced thread is in the
	// lone_state map (loadConfig.lone); setLoneTID names the thread.
	lone bool
	// forks: -f, under which sched_process_fork adds children to the
	// traced tasks (without it, the program would return at once).
	forks bool
	// attachStops: attach_stop is loaded, to report the group stop a
	// thread -p attaches to is in (loadConfig.attaching, and stops are
	// reported).
	attachStops bool
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
	// testProgram loads hist_bucket_test too, for TestHistBucket.
	testProgram bool
}

// countRingSize is the ring buffer of -c, which carries only task records
// (forks, exits, execs): no call crosses to user space.
const countRingSize = 1 << 20

// load loads the programs and maps and fills the plans map; it attaches
// nothing.
func load(cfg loadConfig) (*probe, error) {
	spec, err := loadSctrace()
	if err != nil {
		return nil, fmt.Errorf("ebpf: %w", err)
	}
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return nil, fmt.Errorf("ebpf: possible CPUs: %w", err)
	}
	spec.Maps[sctraceMapScratch].MaxEntries = uint32(ncpu)
	opts := cfg.opts
	ring := ringSize(cfg.bufferSize)
	if opts.CountOnly {
		ring = min(ring, countRingSize)
	}
	spec.Maps[sctraceMapEvents].MaxEntries = uint32(ring)

	filter := filterBits(opts.Filter)
	// Group stops are printed like signals, and not under -c.
	reportStops := opts.SignalsWanted && !opts.CountOnly
	limit := max(opts.StringLimit, 0)
	vars := map[string]any{
		sctraceVarFollowForks:    boolU32(opts.FollowForks),
		sctraceVarDetachOnExec:   boolU32(opts.DetachOnExec),
		sctraceVarCountOnly:      boolU32(opts.CountOnly),
		sctraceVarWallTime:       boolU32(opts.SummaryWallTime),
		sctraceVarSyscallCpuTime: boolU32(opts.SyscallCPUTime),
		sctraceVarSignalsWanted:  boolU32(opts.SignalsWanted),
		sctraceVarStringLimit:    uint32(limit),
		sctraceVarVerbose:        boolU32(opts.Verbose),
		sctraceVarLone:           boolU32(cfg.lone),
		sctraceVarHoldEntries:    boolU32(cfg.lone && !opts.CountOnly),
		sctraceVarReportStops:    boolU32(reportStops),
		sctraceVarUntimed:        boolU32(opts.Untimed && !opts.CountOnly && !opts.SyscallCPUTime),
		sctraceVarFdNames:        boolU32((opts.NameNewFDs || opts.DescribeSockets) && !opts.CountOnly),
		sctraceVarSockStates:     boolU32(opts.DescribeSockets && !opts.CountOnly),
		sctraceVarWakeupBytes:    uint64(ring / 8),
		sctraceVarFilterBits:     filter,
		sctraceVarFilterBeyond:   filterBeyond(opts.Filter),
		sctraceVarExecNrs:        execNRs(cfg.arch),
		sctraceVarDumpReadBits:   fdBits(opts.DumpRead),
		sctraceVarDumpWriteBits:  fdBits(opts.DumpWrite),
		sctraceVarDumpReadAll:    boolU32(opts.DumpRead.Copied(1 << 20)),
		sctraceVarDumpWriteAll:   boolU32(opts.DumpWrite.Copied(1 << 20)),
		sctraceVarStackSize:      stackSize(&opts),
	}
	for name, v := range vars {
		if err := spec.Variables[name].Set(v); err != nil {
			return nil, fmt.Errorf("ebpf: set %s: %w", name, err)
		}
	}
	p := &probe{switches: (cfg.lone && !opts.CountOnly) || reportStops, countOnly: opts.CountOnly, lone: cfg.lone,
		forks: opts.FollowForks, attachStops: cfg.attaching && reportStops}
	if err := p.loadObjects(spec, cfg.testProgram); err != nil {
		p.close()
		return nil, loadError(err)
	}
	if opts.CountOnly {
		// -c counts in sys_exit and captures nothing.
		return p, nil
	}
	if err := p.fillPlans(cfg.arch); err != nil {
		p.close()
		return nil, err
	}
	return p, nil
}

// loadObjects creates the maps, then loads the programs concurrently (the
// verifier's work on the three that execute capture plans is a large part
// of the backend's start-up time). Each program gets its own copy of the
// read-only constants, which are the same for all. The kernel's BTF (for
// CO-RE and the tp_btf targets) is decoded once and shared by all loads.
func (p *probe) loadObjects(spec *ebpf.CollectionSpec, testProgram bool) error {
	if err := spec.LoadAndAssign(&p.objs.sctraceMaps, nil); err != nil {
		return err
	}
	m := &p.objs.sctraceMaps
	maps := map[string]*ebpf.Map{
		sctraceMapCalls: m.Calls, sctraceMapCounts: m.Counts, sctraceMapEvents: m.Events,
		sctraceMapLost: m.Lost, sctraceMapPlans: m.Plans, sctraceMapScratch: m.Scratch, sctraceMapTraced: m.Traced,
		// A task work is scheduled only on a map user space holds.
		sctraceMapReworks: m.Reworks, sctraceMapLoneState: m.LoneState, sctraceMapAttaching: m.Attaching,
		sctraceMapCompatCounts: m.CompatCounts,
	}
	pr := &p.objs.sctracePrograms
	progs := map[string]**ebpf.Program{
		sctraceProgSysEnter: &pr.SysEnter, sctraceProgSysExit: &pr.SysExit,
		sctraceProgSchedProcessExec: &pr.SchedProcessExec, sctraceProgSchedProcessExit: &pr.SchedProcessExit,
	}
	// Each load costs milliseconds of start-up: leave out the programs
	// that would return at once (see attach).
	if p.forks {
		progs[sctraceProgSchedProcessFork] = &pr.SchedProcessFork
	}
	if !p.countOnly {
		progs[sctraceProgSchedPrepareExec] = &pr.SchedPrepareExec
	}
	if p.switches {
		progs[sctraceProgSchedSwitch] = &pr.SchedSwitch
	}
	if !p.countOnly {
		// -c prints no signals.
		progs[sctraceProgSignalDeliver] = &pr.SignalDeliver
		progs[sctraceProgSignalGenerate] = &pr.SignalGenerate
	}
	if p.attachStops {
		// Run by user space, never attached.
		progs[sctraceProgAttachStop] = &pr.AttachStop
	}
	if testProgram {
		progs[sctraceProgHistBucketTest] = &pr.HistBucketTest
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	for name, dst := range progs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			one := spec.Copy()
			one.Programs = map[string]*ebpf.ProgramSpec{name: spec.Programs[name]}
			coll, err := ebpf.NewCollectionWithOptions(one, ebpf.CollectionOptions{MapReplacements: maps, Cache: kernelTypes})
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			*dst = coll.DetachProgram(name)
			coll.Close()
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// attach attaches every program loaded but those user space runs
// (attach_stop, hist_bucket_test): sched_switch
// only when entries may be held or group stops are reported (it runs at
// every context switch), sched_process_fork only under -f, the signal
// programs and sched_prepare_exec only when not counting.
func (p *probe) attach() error {
	progs := []*ebpf.Program{p.objs.SysEnter, p.objs.SysExit, p.objs.SchedProcessExit, p.objs.SchedProcessExec}
	if p.forks {
		progs = append(progs, p.objs.SchedProcessFork)
	}
	if !p.countOnly {
		// -c needs no execve entry before the old image goes, and
		// prints no signals.
		progs = append(progs, p.objs.SchedPrepareExec, p.objs.SignalDeliver, p.objs.SignalGenerate)
	}
	if p.switches {
		progs = append(progs, p.objs.SchedSwitch)
	}
	for _, prog := range progs {
		l, err := link.AttachTracing(link.TracingOptions{Program: prog})
		if err != nil {
			return attachError(prog, err)
		}
		p.links = append(p.links, l)
	}
	return nil
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
	return errors.Join(p.detach(), p.objs.Close())
}

// fillPlans loads the capture plans of the tables of arch's personalities
// into the plans map: personality p's call nr at p*trace.MaxNR+nr (the
// programs' plan_key).
func (p *probe) fillPlans(arch uint32) error {
	native := syscalls.ForArch(arch)
	if native == nil {
		return fmt.Errorf("ebpf: no syscall table for arch %#x: %w", arch, trace.ErrUnsupported)
	}
	var keys []uint32
	var vals []sctraceSyscallPlans
	for _, pers := range syscalls.Personalities(native) {
		keys, vals = appendPlans(keys, vals, pers.Table, uint32(pers.Pers)*trace.MaxNR)
	}
	if len(keys) == 0 {
		return nil
	}
	if _, err := p.objs.Plans.BatchUpdate(keys, vals, nil); err != nil {
		for i := range keys {
			if err := p.objs.Plans.Update(keys[i], vals[i], ebpf.UpdateAny); err != nil {
				return fmt.Errorf("ebpf: load capture plan of syscall %d: %w", keys[i], err)
			}
		}
	}
	return nil
}

// appendPlans appends the plans of tbl's calls that have any, each
// under base plus its number.
func appendPlans(keys []uint32, vals []sctraceSyscallPlans, tbl *syscalls.Table, base uint32) ([]uint32, []sctraceSyscallPlans) {
	for nr := 0; nr <= tbl.Max() && nr < trace.MaxNR; nr++ {
		sc := tbl.Get(nr)
		if sc == nil {
			continue
		}
		newFDs, fdArgs := newFDsOf(sc), fdArgsOf(sc)
		if !sc.HasPlan && newFDs == sctraceNewFdsNEW_FDS_NONE && fdArgs == 0 && sc.Effects&syscalls.NetlinkData == 0 {
			continue
		}
		var v sctraceSyscallPlans
		v.NewFds, v.FdArgs = newFDs, fdArgs
		if sc.Effects&syscalls.NetlinkData != 0 {
			v.NlArgs = 1
		}
		for i, pl := range sc.Plan {
			v.Arg[i] = sctracePlan{
				Kind:        uint8(pl.Kind),
				When:        uint8(pl.When),
				LenFrom:     uint8(pl.Len),
				LenArg:      pl.LenArg,
				ElemSize:    pl.ElemSize,
				Size:        pl.Size,
				CountOnly:   boolU8(pl.CountOnly),
				FromStack:   boolU8(pl.FromStack),
				PageRest:    boolU8(pl.PageRest),
				MinSize8:    uint8(pl.MinSize / 8),
				Header:      pl.Header,
				StackOffset: pl.StackOffset,
				Fprog:       boolU8(pl.Fprog.On),
				FprogArg:    pl.Fprog.Arg,
				FprogOnly:   boolU8(pl.Fprog.Only),
				FprogKind:   fprogKind(pl.Fprog),
				FprogVals:   pl.Fprog.Vals,
				CloneArgs:   boolU8(pl.CloneArgs),
			}
			if pl.Kind != syscalls.CaptureNone {
				v.When |= uint8(pl.When)
				if pl.When&syscalls.AtEntry != 0 {
					v.EntryArgs |= 1 << i
				}
				if pl.When&syscalls.AtExit != 0 {
					v.ExitArgs |= 1 << i
				}
			}
		}
		v.Dump = dumpKindOf(sc)
		keys = append(keys, base+uint32(nr))
		vals = append(vals, v)
	}
	return keys, vals
}

// newFDsOf says where the descriptors sc creates are: its result (a call
// returning a descriptor), or the two ints an output argument points to
// (pipe2's pipefd, socketpair's sv: NEW_FDS_PAIR plus the argument).
func newFDsOf(sc *syscalls.Syscall) sctraceNewFds {
	switch {
	case sc.Effects&syscalls.NewFD != 0:
		return sctraceNewFdsNEW_FDS_RET
	case sc.Effects&syscalls.NewFDPair != 0:
		return sctraceNewFdsNEW_FDS_PAIR + sctraceNewFds(sc.FDPairArg)
	}
	return sctraceNewFdsNEW_FDS_NONE
}

// dumpKindOf says whether -e read= or -e write= dumps sc's data.
func dumpKindOf(sc *syscalls.Syscall) sctraceDumpKind {
	switch {
	case sc.Effects&syscalls.DumpsRead != 0:
		return sctraceDumpKindDUMP_READ
	case sc.Effects&syscalls.DumpsWrite != 0:
		return sctraceDumpKindDUMP_WRITE
	}
	return sctraceDumpKindDUMP_NONE
}

// fdArgsOf returns the arguments of sc that are descriptors, a bit each.
func fdArgsOf(sc *syscalls.Syscall) uint8 {
	var mask uint8
	if sc.Sig != nil {
		for i, a := range sc.Sig.Args {
			if a.Type == syscalls.FD && i < trace.MaxArgs {
				mask |= 1 << i
			}
		}
	}
	return mask
}

// execNRs are the numbers of the calls that execute a program on arch
// (-1: none).
func execNRs(arch uint32) [2]int32 {
	nrs := [2]int32{-1, -1}
	if tbl := syscalls.ForArch(arch); tbl != nil {
		for i, nr := range tbl.ExecNRs() {
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

// DefaultBufferSize is the ring buffer's size when none is given: room
// for a burst of large captures (strace's printstrn-umoven test, 134 MB of
// 4 KiB strings, loses none with it while three busy processes compete
// for two CPUs; it lost 10,000 to 23,000 records with 16 MiB).
const DefaultBufferSize = 64 << 20

// ringSize rounds a requested ring size to what the kernel accepts: a
// power of two, at least one page.
func ringSize(n int) int {
	if n <= 0 {
		n = DefaultBufferSize
	}
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

// kernelTypes is the kernel's BTF, decoded once per process and shared by
// every load (CO-RE, tp_btf targets, kfuncs): decoding and indexing it is
// the largest part of the backend's start-up, about 20 ms.
var kernelTypes = btf.NewCache()

// warmOnce starts decoding kernelTypes once.
var warmOnce sync.Once

// warmKernelTypes decodes and indexes the kernel's BTF in the background,
// so that it overlaps the rest of the start-up.
func warmKernelTypes() {
	warmOnce.Do(func() {
		go func() {
			spec, err := kernelTypes.Kernel()
			if err != nil {
				return // the loads report it
			}
			var target *btf.Typedef
			_ = spec.TypeByName("btf_trace_sys_enter", &target)
		}()
	})
}

// fprogKind is the plan's fprog_kind: what a FprogCond's object is (see
// events.h).
func fprogKind(f syscalls.FprogCond) uint8 {
	switch {
	case f.Iov:
		return 1
	case f.Plain:
		return 2
	}
	return 0
}

// stackSize is the programs' stack_size for opts: none under -c.
func stackSize(opts *trace.Options) uint32 {
	if opts.CountOnly {
		return 0
	}
	return uint32(min(max(opts.StackSize, 0), trace.MaxStackSize))
}
