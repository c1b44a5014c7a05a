package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// clockTicks is USER_HZ, the unit of /proc/stat and /proc/PID/stat times;
// 100 on every Linux architecture sctrace supports.
const clockTicks = 100

// Machine describes where the figures were measured.
type Machine struct {
	Kernel   string `json:"kernel"`
	CPUModel string `json:"cpu_model"`
	CPUs     int    `json:"cpus"`
	// Affinity is the CPU list the harness (and so every configuration,
	// unless it pins itself) may run on.
	Affinity string `json:"affinity"`
	// Virtual says the CPU reports a hypervisor (the hypervisor flag of
	// /proc/cpuinfo).
	Virtual bool `json:"virtual"`
	// Meltdown is the kernel's state of the Meltdown mitigation
	// (/sys/devices/system/cpu/vulnerabilities/meltdown), "" when unknown:
	// with page-table isolation every syscall switches page tables twice,
	// which makes the bare syscall, native's unit, several times dearer.
	Meltdown string `json:"meltdown,omitempty"`
}

// describeMachine returns the kernel, CPU model and CPU count.
func describeMachine() Machine {
	m := Machine{CPUs: runtime.NumCPU(), CPUModel: "?"}
	var u unix.Utsname
	if unix.Uname(&u) == nil {
		m.Kernel = unix.ByteSliceToString(u.Sysname[:]) + " " + unix.ByteSliceToString(u.Release[:]) + " " + unix.ByteSliceToString(u.Machine[:])
	}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.SplitSeq(string(b), "\n") {
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			switch strings.TrimSpace(k) {
			case "model name":
				if m.CPUModel == "?" {
					m.CPUModel = strings.TrimSpace(v)
				}
			case "flags":
				m.Virtual = m.Virtual || slices.Contains(strings.Fields(v), "hypervisor")
			}
		}
	}
	if b, err := os.ReadFile("/sys/devices/system/cpu/vulnerabilities/meltdown"); err == nil {
		m.Meltdown = strings.TrimSpace(string(b))
	}
	m.Affinity = selfAffinity()
	return m
}

// describe returns the notes on the machine that bear on the ratios to
// native: whether it is a virtual machine and the Meltdown mitigation.
func (m Machine) describe() string {
	var parts []string
	if m.Virtual {
		parts = append(parts, "a virtual machine (the CPU reports a hypervisor)")
	}
	if m.Meltdown != "" {
		parts = append(parts, "Meltdown: "+m.Meltdown)
	}
	return strings.Join(parts, "; ")
}

// selfAffinity returns the harness's Cpus_allowed_list.
func selfAffinity() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?"
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}

// machineSnapshot is the machine's CPU accounting at one instant.
type machineSnapshot struct {
	at time.Time
	// busyTicks and totalTicks are /proc/stat's aggregate cpu line: time
	// not idle (idle and iowait excluded), and all time.
	busyTicks, totalTicks uint64
	// ours is the CPU time of the harness and every child it reaped.
	ours time.Duration
	// procs maps the pid of every other process to its name and CPU ticks.
	procs map[int]procTicks
	load  string
}

// procTicks is one process's name and CPU time so far.
type procTicks struct {
	comm  string
	ticks uint64
}

// snapshotMachine reads the machine's CPU accounting now.
func snapshotMachine() machineSnapshot {
	s := machineSnapshot{at: time.Now(), procs: map[int]procTicks{}}
	if b, err := os.ReadFile("/proc/stat"); err == nil {
		line, _, _ := strings.Cut(string(b), "\n")
		f := strings.Fields(line)
		for i, v := range f[1:] {
			n, _ := strconv.ParseUint(v, 10, 64)
			if i >= 7 { // guest time is already counted in user time
				break
			}
			s.totalTicks += n
			if i != 3 && i != 4 { // idle, iowait
				s.busyTicks += n
			}
		}
	}
	for _, who := range []int{unix.RUSAGE_SELF, unix.RUSAGE_CHILDREN} {
		var ru unix.Rusage
		if unix.Getrusage(who, &ru) == nil {
			s.ours += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	self := os.Getpid()
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil || pid == self {
			continue
		}
		if p, ok := readProcTicks(d); ok {
			s.procs[pid] = p
		}
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		s.load = strings.Join(strings.Fields(string(b))[:3], " ")
	}
	return s
}

// readProcTicks reads a process's name and utime+stime from /proc/PID/stat.
func readProcTicks(dir string) (procTicks, bool) {
	b, err := os.ReadFile(filepath.Join(dir, "stat"))
	if err != nil {
		return procTicks{}, false
	}
	open, end := strings.IndexByte(string(b), '('), strings.LastIndexByte(string(b), ')')
	if open < 0 || end < open {
		return procTicks{}, false
	}
	f := strings.Fields(string(b[end+1:]))
	if len(f) < 13 {
		return procTicks{}, false
	}
	// After "(comm)": state is field 3 of stat(5); utime and stime 14, 15.
	ut, _ := strconv.ParseUint(f[11], 10, 64)
	st, _ := strconv.ParseUint(f[12], 10, 64)
	return procTicks{comm: string(b[open+1 : end]), ticks: ut + st}, true
}

// Busy is how busy the machine was with work other than the harness's
// while it measured.
type Busy struct {
	// Seconds is how long the measurement took.
	Seconds float64 `json:"seconds"`
	// OtherCPUs is the average number of CPUs busy with other work: all
	// busy time (/proc/stat) minus the harness's and its children's.
	OtherCPUs float64 `json:"other_cpus"`
	// LoadBefore and LoadAfter are /proc/loadavg's three averages.
	LoadBefore string `json:"load_before"`
	LoadAfter  string `json:"load_after"`
	// TopOthers names the other processes that used the most CPU.
	TopOthers []string `json:"top_others,omitempty"`
}

// busyThreshold is the share of one CPU that other work may use before the
// report warns that the figures are disturbed.
const busyThreshold = 0.05

// machineBusy compares two snapshots.
func machineBusy(before, after machineSnapshot) Busy {
	b := Busy{Seconds: after.at.Sub(before.at).Seconds(), LoadBefore: before.load, LoadAfter: after.load}
	if b.Seconds <= 0 {
		return b
	}
	busy := float64(after.busyTicks-before.busyTicks) / clockTicks
	other := busy - (after.ours - before.ours).Seconds()
	b.OtherCPUs = max(other, 0) / b.Seconds
	type use struct {
		name string
		secs float64
	}
	var uses []use
	for pid, a := range after.procs {
		p, ok := before.procs[pid]
		if !ok || a.ticks <= p.ticks {
			continue
		}
		uses = append(uses, use{fmt.Sprintf("%s (pid %d)", a.comm, pid), float64(a.ticks-p.ticks) / clockTicks})
	}
	sort.Slice(uses, func(i, j int) bool { return uses[i].secs > uses[j].secs })
	for _, u := range uses[:min(len(uses), 3)] {
		if share := u.secs / b.Seconds; share >= 0.01 {
			b.TopOthers = append(b.TopOthers, fmt.Sprintf("%s %.0f%% of a CPU", u.name, 100*share))
		}
	}
	return b
}

// warnings returns a warning when other work disturbed the measurement.
func (b Busy) warnings() []string {
	if b.OtherCPUs < busyThreshold {
		return nil
	}
	w := fmt.Sprintf("machine busy: other work used %.2f CPUs on average during the measurement (load %s -> %s)",
		b.OtherCPUs, b.LoadBefore, b.LoadAfter)
	if len(b.TopOthers) > 0 {
		w += "; top: " + strings.Join(b.TopOthers, ", ")
	}
	return []string{w + "; figures are not representative"}
}

// maxTracerWarnings bounds the traced processes foreignTracers names.
const maxTracerWarnings = 3

// foreignTracers returns a warning for every process that some other
// tracer is attached to (TracerPid in /proc/PID/status): a concurrent
// tracer slows the whole machine down.
func foreignTracers() []string {
	var out []string
	dirs, _ := filepath.Glob("/proc/[0-9]*/status")
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		var name, tracer string
		for line := range strings.SplitSeq(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "Name:"); ok {
				name = strings.TrimSpace(v)
			}
			if v, ok := strings.CutPrefix(line, "TracerPid:"); ok {
				tracer = strings.TrimSpace(v)
			}
		}
		if tracer != "" && tracer != "0" {
			pid := filepath.Base(filepath.Dir(d))
			out = append(out, fmt.Sprintf("another tracer is running: %s (pid %s) is traced by %s (pid %s)", name, pid, procName(tracer), tracer))
		}
	}
	if len(out) > maxTracerWarnings {
		out = append(out[:maxTracerWarnings], fmt.Sprintf("... and %d more traced processes", len(out)-maxTracerWarnings))
	}
	return out
}

// procName returns the name of process (or thread) pid, or "?".
func procName(pid string) string {
	b, err := os.ReadFile(filepath.Join("/proc", pid, "comm"))
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(b))
}
