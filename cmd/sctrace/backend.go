package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sctrace/sctrace/bpfbackend"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/ptrace"
	"github.com/sctrace/sctrace/trace"
)

// backendFlags are --backend's companions: the eBPF ring buffer's size and
// whether to say which backend auto picked.
type backendFlags struct {
	bufferSize string
	// size is bufferSize in bytes (0: the default).
	size int
	// debug prints the backend auto picks, and why, on stderr.
	debug bool
}

func addBackendFlags(fs *pflag.FlagSet, b *backendFlags) {
	fs.StringVar(&b.bufferSize, "buffer-size", "", "ebpf backend: ring buffer `SIZE` in bytes, with an optional K, M or G suffix (default 64M, or 16M for a lone thread's small records)")
	fs.BoolVar(&b.debug, "debug-backend", false, "say on stderr which backend --backend=auto picked, and why")
}

// backendEnv names the environment variable that sets the default of
// --backend, for a harness that can only name the program (strace's test
// suite runs $STRACE).
const backendEnv = "SCTRACE_BACKEND"

// envBackend is --backend's default: $SCTRACE_BACKEND unless unset or
// empty, else auto.
func envBackend() string {
	if v := os.Getenv(backendEnv); v != "" {
		return v
	}
	return "auto"
}

// check validates the flags once parsed; flag says whether the backend
// came from --backend rather than $SCTRACE_BACKEND.
func (b *backendFlags) check(backend string, flag bool) error {
	switch backend {
	case "ptrace", "ebpf", "auto":
	default:
		if !flag {
			return usageErrorf("invalid %s value: '%s' (want ebpf, ptrace or auto)", backendEnv, backend)
		}
		return usageErrorf("invalid --backend argument: '%s' (want ebpf, ptrace or auto)", backend)
	}
	if b.bufferSize == "" {
		return nil
	}
	n, err := parseSize(b.bufferSize)
	if err != nil || n <= 0 || n > 1<<30 {
		return usageErrorf("invalid --buffer-size argument: '%s'", b.bufferSize)
	}
	b.size = n
	return nil
}

// parseSize reads a byte count with an optional K, M or G suffix.
func parseSize(s string) (int, error) {
	mult := 1
	switch {
	case strings.HasSuffix(s, "K"), strings.HasSuffix(s, "k"):
		mult = 1 << 10
	case strings.HasSuffix(s, "M"), strings.HasSuffix(s, "m"):
		mult = 1 << 20
	case strings.HasSuffix(s, "G"), strings.HasSuffix(s, "g"):
		mult = 1 << 30
	}
	if mult != 1 {
		s = s[:len(s)-1]
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, err
	}
	return n * mult, nil
}

// chooseBackend returns the backend --backend names. auto (the default)
// picks ebpf when a scope is given (--system-wide, ...: eBPF only), or
// when its programs can load here and nothing asked for needs the command
// stopped at each call (--seccomp-bpf, -e inject=,
// --decode-pids=pidns) or attached without delay (-p with -k, whose
// programs take longer to load than the others), and ptrace otherwise; -v or --debug-backend says on stderr which, and why.
// opts are the run's options, for which the eBPF probe parses the object
// meanwhile.
func chooseBackend(cfg *config, spec *filter.Spec, opts *trace.Options, stderr io.Writer) (trace.Backend, error) {
	ebpf := &bpfbackend.Backend{BufferSize: cfg.bpf.size}
	// main runs on the main thread (main.go's init): tracing from it, as
	// strace does, makes sctrace's pid the tracees' TracerPid.
	pt := &ptrace.Backend{SameCPU: cfg.proc.sameCPU(), SeccompBPF: cfg.proc.seccompActive, CallerThread: true}
	if cfg.compat.debug {
		// -d: the backend's notes, as strace's debug_msg words them.
		pt.Debug = func(msg string) { fmt.Fprintf(stderr, "%s: %s\n", progName, msg) }
	}
	say := func(format string, args ...any) {
		if cfg.bpf.debug || cfg.verbose || cfg.compat.debug {
			fmt.Fprintf(stderr, "%s: backend auto: "+format+"\n", append([]any{progName}, args...)...)
		}
	}
	inject := spec.Inject.Len() > 0
	pids := spec.DecodePIDs&filter.DecodePIDNS != 0
	if name := cfg.scope.first; name != "" {
		// Scopes filter in the kernel: eBPF alone has them.
		switch cfg.backend {
		case "ptrace":
			return nil, fmt.Errorf("%s needs the ebpf backend", name)
		case "auto":
			if err := bpfbackend.Probe(opts); err != nil {
				return nil, fmt.Errorf("%s needs the ebpf backend: %v", name, err)
			}
			say("ebpf (%s)", name)
		}
		if pids {
			return nil, fmt.Errorf("--pidns-translation needs --backend=ptrace; %s needs the ebpf backend", name)
		}
		if inject {
			return nil, fmt.Errorf("-e inject= and -e fault= need --backend=ptrace; %s needs the ebpf backend", name)
		}
		return ebpf, nil
	}
	switch cfg.backend {
	case "ebpf":
		if inject {
			return nil, errors.New("-e inject= and -e fault= need --backend=ptrace: the ebpf backend observes calls and cannot change them")
		}
		if pids {
			return nil, errors.New("--decode-pids=pidns (--pidns-translation) needs --backend=ptrace: the ebpf backend prints a call after it returned, when the processes it names may be gone from /proc")
		}
		return ebpf, nil
	case "auto":
		if cfg.proc.seccompBPF {
			say("ptrace (--seccomp-bpf is a ptrace mechanism)")
			return pt, nil
		}
		if inject {
			say("ptrace (-e inject= and -e fault= change calls at ptrace stops)")
			return pt, nil
		}
		if pids {
			say("ptrace (--decode-pids=pidns reads /proc while the call's processes exist)")
			return pt, nil
		}
		if len(cfg.pids) > 0 && cfg.stackTraces {
			// A -p process runs untraced until the programs are attached,
			// and -k's take longer to load; ptrace attaches at once.
			say("ptrace (-p with -k: the ebpf backend's -k programs take longer to load, and ptrace attaches at once)")
			return pt, nil
		}
		if err := bpfbackend.Probe(opts); err != nil {
			say("ptrace (%v)", err)
			return pt, nil
		}
		say("ebpf")
		return ebpf, nil
	}
	return pt, nil
}

// advice is what the CLI adds to an error of backend's Run: a backend that
// cannot run here points to the one that can run anywhere.
func advice(err error, backend trace.Backend) string {
	if errors.Is(err, trace.ErrUnsupported) && !backend.Capabilities().Stops {
		return "; use --backend=ptrace"
	}
	return ""
}

// reportLost says on stderr how many events the backend could not deliver
// (the trace holds a "--- lost N events ---" line where it noticed).
func reportLost(res trace.Result, stderr io.Writer) {
	if res.Stats.Lost > 0 {
		fmt.Fprintf(stderr, "%s: %d events lost\n", progName, res.Stats.Lost)
	}
	if res.Stats.CaptureCut > 0 {
		fmt.Fprintf(stderr, "%s: %d reads of tracee memory did not fit in their call's record and show as unreadable\n", progName, res.Stats.CaptureCut)
	}
}
