package bench

import (
	"fmt"
	"path"
	"strings"
)

// Tool names the program a configuration runs the workload under.
type Tool string

// The tools the harness knows.
const (
	Native  Tool = ""        // the workload alone
	Sctrace Tool = "sctrace" // sctrace, any backend
	Strace  Tool = "strace"  // /usr/bin/strace
	Perf    Tool = "perf"    // perf trace
	// EmptyHooks runs the workload alone while the harness holds BPF
	// programs that do nothing on sys_enter and sys_exit: the floor of
	// any tracer on the raw_syscalls tracepoints.
	EmptyHooks Tool = "empty-hooks"
	// ClockHooks is EmptyHooks with programs that read the clock once
	// each (bpf_ktime_get_ns): the floor of a tracer that times every
	// call, as -c does.
	ClockHooks Tool = "clock-hooks"
	// SctraceAside runs the workload alone while sctrace runs beside it,
	// started first with Args and no command (a scope says what it
	// traces), and stopped with SIGTERM after the workload: what a
	// tracer of other processes costs the workload.
	SctraceAside Tool = "sctrace-aside"
)

// Config is one way of running the workload.
type Config struct {
	// Name identifies the configuration in reports and in --configs.
	Name string
	// Tool runs the workload; Native runs it alone.
	Tool Tool
	// Args go between the tool and the workload. The word OutFile stands
	// for a fresh file on a tmpfs, whose lines are counted after each run;
	// OutPrefix for the same name, to which -ff appends .PID.
	Args []string
	// Describe says in a few words what the configuration measures.
	Describe string
	// Prefix runs before the tool, e.g. taskset to pin it.
	Prefix []string
	// Placement describes the CPU placement the configuration imposes;
	// empty when it leaves it to the tool (sctrace reports its own).
	Placement string
}

// OutFile is the placeholder in Config.Args for a trace file on a tmpfs.
const OutFile = "{outfile}"

// OutPrefix is the placeholder in Config.Args for the name of files on a
// tmpfs that -ff appends .PID to; their lines are not counted.
const OutPrefix = "{outprefix}"

// WritesFile reports whether the configuration writes a trace file whose
// lines the harness counts.
func (c Config) WritesFile() bool {
	for _, a := range c.Args {
		if a == OutFile {
			return true
		}
	}
	return false
}

// CommandLine returns the argument vector of one run: the tool, its
// arguments (OutFile replaced by outFile), extra tool arguments, then the
// workload.
func (c Config) CommandLine(toolPath, outFile string, extra, workload []string) []string {
	if c.Tool == Native || hookBody(c.Tool) != nil || c.Tool == SctraceAside {
		return append([]string(nil), workload...)
	}
	argv := append(append([]string(nil), c.Prefix...), toolPath)
	if c.Tool == Perf {
		argv = append(argv, "trace")
	}
	for _, a := range c.Args {
		if a == OutFile || a == OutPrefix {
			a = outFile
		}
		argv = append(argv, a)
	}
	argv = append(argv, extra...)
	argv = append(argv, "--")
	return append(argv, workload...)
}

// AsideCommandLine returns, for a SctraceAside configuration, the
// argument vector of the tracer that runs beside the workload.
func (c Config) AsideCommandLine(toolPath string, extra []string) []string {
	argv := append([]string{toolPath}, c.Args...)
	return append(argv, extra...)
}

// AllConfigs returns every configuration the harness knows, in report
// order.
func AllConfigs() []Config {
	devnull := []string{"-o", "/dev/null"}
	modes := []struct {
		suffix, describe string
		args             []string
	}{
		{"full", "full decoded trace", devnull},
		{"c", "-c counts only", append([]string{"-c"}, devnull...)},
		{"accept", "-e trace=accept: nothing matches", append([]string{"-e", "trace=accept"}, devnull...)},
		{"seccomp", "--seccomp-bpf -f -e trace=accept", append([]string{"--seccomp-bpf", "-f", "-e", "trace=accept"}, devnull...)},
		{"k", "-k: the stack of every call", append([]string{"-k"}, devnull...)},
	}
	cs := []Config{
		{Name: "native", Tool: Native, Describe: "the workload alone"},
		{Name: "ebpf-empty-hooks", Tool: EmptyHooks,
			Describe: "the workload alone, with BPF programs that do nothing on sys_enter and sys_exit"},
		{Name: "ebpf-clock-hooks", Tool: ClockHooks,
			Describe: "the workload alone, with BPF programs on sys_enter and sys_exit that only read the clock: the floor of a tracer that times every call"},
	}
	for _, m := range modes {
		cs = append(cs, Config{Name: "sctrace-ptrace-" + m.suffix, Tool: Sctrace,
			Args: append([]string{"--backend=ptrace"}, m.args...), Describe: "sctrace ptrace, " + m.describe})
	}
	cs = append(cs, Config{Name: "sctrace-ptrace-full-same", Tool: Sctrace,
		Args:      []string{"--backend=ptrace", "--cpu-placement=same", "-o", "/dev/null"},
		Placement: "--cpu-placement=same: tracer and tracee on the tracer's CPU",
		Describe:  "sctrace ptrace, full trace, tracer and command pinned to one CPU"})
	for _, m := range modes[:3] {
		args := m.args
		describe := m.describe
		if m.suffix == "full" {
			args = []string{"-o", OutFile}
			describe = "full decoded trace to a tmpfs file"
		}
		cs = append(cs, Config{Name: "sctrace-ebpf-" + m.suffix, Tool: Sctrace,
			Args: append([]string{"--backend=ebpf"}, args...), Describe: "sctrace eBPF, " + describe})
	}
	// -c -ff: per-process counts in the kernel too; the tables go to a
	// FILE.PID each on the tmpfs.
	cs = append(cs, Config{Name: "sctrace-ebpf-c-ff", Tool: Sctrace,
		Args: []string{"--backend=ebpf", "-c", "-ff", "-o", OutPrefix}, Describe: "sctrace eBPF, -c -ff -o: counts per process too"})
	k := modes[len(modes)-1]
	cs = append(cs, Config{Name: "sctrace-ebpf-" + k.suffix, Tool: Sctrace,
		Args: append([]string{"--backend=ebpf"}, k.args...), Describe: "sctrace eBPF, " + k.describe})
	cs = append(cs,
		Config{Name: "sctrace-ebpf-system-wide", Tool: Sctrace,
			Args:     []string{"--backend=ebpf", "--system-wide", "-o", OutFile},
			Describe: "sctrace eBPF, --system-wide with the workload as its command: every call of every process, to a tmpfs file"},
		Config{Name: "sctrace-ebpf-system-wide-aside", Tool: SctraceAside,
			Args:     []string{"--backend=ebpf", "--system-wide", "-e", "trace=accept", "-o", "/dev/null"},
			Describe: "the workload alone, beside sctrace eBPF --system-wide -e trace=accept (none of its calls selected)"},
		Config{Name: "sctrace-ebpf-comm-aside", Tool: SctraceAside,
			Args:     []string{"--backend=ebpf", "--comm=sctrace-none", "-o", "/dev/null"},
			Describe: "the workload alone, beside sctrace eBPF --comm=sctrace-none (the workload outside its scope)"},
	)
	cs = append(cs, Config{Name: "sctrace-ebpf-y", Tool: Sctrace,
		Args:     []string{"--backend=ebpf", "-y", "-o", OutFile},
		Describe: "sctrace eBPF, -y: every call's descriptors named by the kernel, to a tmpfs file"})
	for _, m := range modes {
		cs = append(cs, Config{Name: "strace-" + m.suffix, Tool: Strace, Args: m.args, Describe: "strace, " + m.describe})
	}
	cs = append(cs, Config{Name: "strace-full-pinned", Tool: Strace, Args: devnull,
		Prefix: []string{"taskset", "-c", "0"}, Placement: "taskset -c 0: tracer and tracee on CPU 0",
		Describe: "strace, full trace, pinned to one CPU with taskset"})
	cs = append(cs,
		Config{Name: "perf-trace-s", Tool: Perf, Args: []string{"-s", "-o", "/dev/null"}, Describe: "perf trace -s: summary only"},
		Config{Name: "perf-trace-full", Tool: Perf, Args: devnull, Describe: "perf trace, every call"},
	)
	return cs
}

// SelectConfigs returns the configurations whose names match one of the
// patterns (path.Match globs, e.g. "sctrace-*"); all of them when patterns
// is empty. native is always kept: every ratio is relative to it. A pattern
// that matches nothing is an error.
func SelectConfigs(all []Config, patterns []string) ([]Config, error) {
	if len(patterns) == 0 {
		return all, nil
	}
	used := make([]bool, len(patterns))
	var out []Config
	for _, c := range all {
		keep := c.Tool == Native
		for i, p := range patterns {
			ok, err := path.Match(p, c.Name)
			if err != nil {
				return nil, fmt.Errorf("--configs pattern %q: %w", p, err)
			}
			if ok {
				keep, used[i] = true, true
			}
		}
		if keep {
			out = append(out, c)
		}
	}
	for i, p := range patterns {
		if !used[i] && p != "native" {
			return nil, fmt.Errorf("--configs pattern %q matches no configuration (known: %s)", p, strings.Join(names(all), ", "))
		}
	}
	return out, nil
}

// names returns the configurations' names.
func names(cs []Config) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}
