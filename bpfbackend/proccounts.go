package bpfbackend

import (
	"errors"
	"fmt"
	"sync"

	"github.com/sctrace/sctrace/trace"
)

// maxProcCounts bounds proc_counts (-c -ff): processes times the syscalls
// each made. An entry holds a trace.SyscallStats (about 2 KiB), made at
// its first call, so the map costs at most 32 MiB, and only as it fills.
// A variable so that a test can fill it.
var maxProcCounts uint32 = 16384

// statsOf converts the programs' aggregate into trace's.
func statsOf(v *sctraceSyscallStats) trace.SyscallStats {
	return trace.SyscallStats{Calls: v.Calls, Errors: v.Errors, TotalNS: v.TotalNs, MinNS: v.MinNs, MaxNS: v.MaxNs, Hist: v.Hist}
}

// keyOf is the SyscallKey of a plan_key (personality times trace.MaxNR
// plus number) on arch.
func keyOf(arch, key uint32) trace.SyscallKey {
	pers := trace.Personality(key / trace.MaxNR)
	a := arch
	if pers == trace.Pers32 {
		a = trace.ArchI386
	}
	return trace.SyscallKey{Arch: a, NR: int32(key % trace.MaxNR), Pers: pers}
}

// readProcessCounts reads the processes' command names (-ff with -c or
// -C) and, when counted, each one's aggregates and the count of calls the
// full map left out (-c -ff).
func (p *probe) readProcessCounts(arch uint32, counted bool, res *trace.Result) error {
	err := p.readProcessComms(res)
	if !counted {
		return err
	}
	counts := map[int32]map[trace.SyscallKey]*trace.SyscallStats{}
	var (
		k sctraceProcCountKey
		v sctraceSyscallStats
	)
	it := p.objs.ProcCounts.Iterate()
	for it.Next(&k, &v) {
		if v.Calls == 0 {
			continue
		}
		pid := int32(k.Tgid)
		if counts[pid] == nil {
			counts[pid] = map[trace.SyscallKey]*trace.SyscallStats{}
		}
		s := statsOf(&v)
		counts[pid][keyOf(arch, k.Key)] = &s
	}
	if ierr := it.Err(); ierr != nil && err == nil {
		err = fmt.Errorf("ebpf: read per-process counts: %w", ierr)
	}
	var per []uint64
	if derr := p.objs.ProcCountsDropped.Lookup(uint32(0), &per); derr != nil && err == nil {
		err = fmt.Errorf("ebpf: read per-process overflow: %w", derr)
	}
	for _, n := range per {
		res.ProcessCountsDropped += n
	}
	res.ProcessCounts = counts
	return err
}

// readProcessComms reads the processes' command names.
func (p *probe) readProcessComms(res *trace.Result) error {
	comms := map[int32]string{}
	var (
		tgid uint32
		c    sctraceProcComm
	)
	cit := p.objs.ProcComms.Iterate()
	for cit.Next(&tgid, &c) {
		comms[int32(tgid)] = commString(c.Comm[:])
	}
	res.ProcessComms = comms
	if err := cit.Err(); err != nil {
		return fmt.Errorf("ebpf: read process names: %w", err)
	}
	return nil
}

// liveCounts lets Options.LiveCounts's reader read the aggregates while
// the run goes on, and never after its maps are closed.
type liveCounts struct {
	mu     sync.Mutex
	p      *probe
	arch   uint32
	closed bool
}

// errRunOver is read's error once the run is over.
var errRunOver = errors.New("ebpf: the run is over")

// read returns the cumulative aggregates so far.
func (l *liveCounts) read() (map[trace.SyscallKey]*trace.SyscallStats, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil, errRunOver
	}
	return l.p.readCounts(l.arch)
}

// close ends reading, before the maps are closed.
func (l *liveCounts) close() {
	l.mu.Lock()
	l.closed = true
	l.mu.Unlock()
}

// commString is the NUL-terminated command name in c.
func commString(c []int8) string {
	b := make([]byte, 0, len(c))
	for _, ch := range c {
		if ch == 0 {
			break
		}
		b = append(b, byte(ch))
	}
	return string(b)
}
