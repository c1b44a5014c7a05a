package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// config is the parsed command line.
type config struct {
	follow      int // -f count: 2 or more is -ff
	separately  bool
	output      string
	stringLimit int
	exprs       []string
	successful  bool
	failed      bool
	syscallTime bool
	timestamps  int
	relative    bool
	hex         int
	column      int
	quiet       int
	verbose     bool
	pids        []int
	backend     string
	help        bool
	version     bool
	command     []string
}

// usageError is a command-line mistake: strace prints it followed by a hint
// to run -h.
type usageError struct{ msg string }

// Error returns the message without the program name.
func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// parseArgs parses sctrace's command line (without the program name).
func parseArgs(args []string) (*config, error) {
	cfg := &config{}
	fs := pflag.NewFlagSet("sctrace", pflag.ContinueOnError)
	fs.SetInterspersed(false)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}

	var stringLimit, column string
	var pids []string
	fs.CountVarP(&cfg.follow, "follow-forks", "f", "trace child processes and threads (-ff: with -o, one file per process)")
	fs.BoolVar(&cfg.separately, "output-separately", false, "with -o, write each process's trace to FILE.PID")
	fs.StringVarP(&cfg.output, "output", "o", "", "write the trace to `FILE` instead of stderr")
	fs.StringVarP(&stringLimit, "string-limit", "s", "", "print at most `N` bytes of each string (default 32)")
	fs.StringArrayVarP(&cfg.exprs, "expr", "e", nil, "qualifying `EXPR`: trace=, signal=, status=, quiet=")
	fs.BoolVarP(&cfg.successful, "successful-only", "z", false, "print only calls that succeeded")
	fs.BoolVarP(&cfg.failed, "failed-only", "Z", false, "print only calls that failed")
	fs.BoolVarP(&cfg.syscallTime, "syscall-times", "T", false, "print the time spent in each call")
	fs.CountVarP(&cfg.timestamps, "timestamps", "t", "print wall-clock time (-tt: microseconds, -ttt: since the epoch)")
	fs.BoolVarP(&cfg.relative, "relative-timestamps", "r", false, "print the time since the previous line")
	fs.CountVarP(&cfg.hex, "hex", "x", "print non-ASCII strings in hex (-xx: all strings)")
	fs.StringVarP(&column, "columns", "a", "", "align return values at `COLUMN` (default 40)")
	fs.CountVarP(&cfg.quiet, "quiet", "q", "suppress attach/detach messages (-qq: also exit statuses)")
	fs.BoolVarP(&cfg.verbose, "no-abbrev", "v", false, "print structures and environments in full")
	fs.StringArrayVarP(&pids, "attach", "p", nil, "trace the process `PID` (repeatable; \"1,2\" or \"1 2\")")
	fs.StringVar(&cfg.backend, "backend", "ptrace", "tracing backend: ptrace")
	fs.BoolVarP(&cfg.help, "help", "h", false, "print this help and exit")
	fs.BoolVarP(&cfg.version, "version", "V", false, "print the version and exit")

	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			cfg.help = true
			return cfg, nil
		}
		return nil, flagError(err)
	}
	cfg.command = fs.Args()
	if cfg.help || cfg.version {
		return cfg, nil
	}

	cfg.stringLimit = 32
	if fs.Changed("string-limit") {
		n, err := strconv.Atoi(stringLimit)
		if err != nil || n < 0 {
			return nil, usageErrorf("invalid -s argument: '%s'", stringLimit)
		}
		cfg.stringLimit = n
	}
	cfg.column = 40
	if fs.Changed("columns") {
		n, err := strconv.Atoi(column)
		if err != nil || n < 0 {
			return nil, usageErrorf("invalid -a argument: '%s'", column)
		}
		cfg.column = n
	}
	for _, p := range pids {
		for _, f := range strings.FieldsFunc(p, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
			n, err := strconv.Atoi(f)
			if err != nil || n <= 0 {
				return nil, usageErrorf("Invalid process id: '%s'", f)
			}
			cfg.pids = append(cfg.pids, n)
		}
	}
	if cfg.timestamps > 3 {
		cfg.timestamps = 3
	}
	if cfg.hex > 2 {
		cfg.hex = 2
	}
	if cfg.follow >= 2 {
		cfg.separately = true
	}
	if cfg.separately && cfg.follow == 0 {
		cfg.follow = 1
	}
	switch cfg.backend {
	case "ptrace", "auto":
	case "ebpf":
		return nil, usageErrorf("--backend=ebpf is not available in this build yet; use --backend=ptrace")
	default:
		return nil, usageErrorf("invalid --backend argument: '%s' (want ptrace or auto)", cfg.backend)
	}
	if len(cfg.command) == 0 && len(cfg.pids) == 0 {
		return nil, usageErrorf("must have PROG [ARGS] or -p PID")
	}
	return cfg, nil
}

// usageText is what -h prints.
const usageText = `Usage: sctrace [OPTIONS] PROG [ARGS]
       sctrace [OPTIONS] -p PID [-p PID ...] [PROG [ARGS]]

Trace the system calls and signals of PROG, or of running processes, and
print them as strace does.

Output:
  -o, --output=FILE        write the trace to FILE instead of stderr
  -f, --follow-forks       trace child processes and threads
  -ff                      with -o, write each process's trace to FILE.PID
  -s, --string-limit=N     print at most N bytes of each string (default 32)
  -x                       print non-ASCII strings in hex; -xx: all strings
  -v, --no-abbrev          print structures and environments in full
  -a, --columns=COLUMN     align return values at COLUMN (default 40)
  -q                       suppress attach/detach messages; -qq: also exits

Time:
  -t                       prefix lines with the wall-clock time
  -tt                      ... with microseconds
  -ttt                     ... as seconds since the epoch, with microseconds
  -r                       prefix lines with the time since the previous one
  -T, --syscall-times      print the time spent in each system call

Filtering:
  -e trace=SET             trace only SET: names, %CLASS, /REGEX, ?NAME, all,
                           none; !SET negates (e.g. -e trace=%file,close)
  -e signal=SET            print only these signals (e.g. signal=!SIGCHLD)
  -e status=SET            print only calls that ended so: successful,
                           failed, unfinished, unavailable, detached
  -e quiet=SET             suppress messages: attach, exit, superseded...
  -z, --successful-only    print only calls that succeeded
  -Z, --failed-only        print only calls that failed

Tracing:
  -p, --attach=PID         trace process PID (repeatable, or "PID1,PID2")
  --backend=NAME           ptrace (the default; "auto" picks it too)

  -h, --help               print this help and exit
  -V, --version            print the version and exit

The exit status is the traced command's; if it was killed by a signal,
sctrace kills itself with the same signal.
`

// flagError rewords pflag's parse errors the way getopt words them.
func flagError(err error) error {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "unknown shorthand flag: '"); ok {
		if i := strings.IndexByte(rest, '\''); i > 0 {
			return usageErrorf("invalid option -- '%s'", rest[:i])
		}
	}
	if rest, ok := strings.CutPrefix(msg, "unknown flag: "); ok {
		return usageErrorf("unrecognized option '%s'", rest)
	}
	if strings.HasPrefix(msg, "flag needs an argument: ") {
		// pflag: "flag needs an argument: 'o' in -o" or "... --output".
		name := strings.TrimPrefix(msg, "flag needs an argument: ")
		if i := strings.Index(name, " in "); i >= 0 {
			name = strings.Trim(name[:i], "'")
			return usageErrorf("option requires an argument -- '%s'", name)
		}
		return usageErrorf("option '%s' requires an argument", name)
	}
	return usageErrorf("%s", msg)
}
