package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/trace"
)

// config is the parsed command line.
type config struct {
	// notes are strace's warnings about the command line, said as it is
	// read, before any error in it.
	notes       []string
	follow      bool // -f, -ff or --follow-forks (resolveFollow)
	followShort int  // -f count: 2 or more is -ff
	followLong  bool
	deprecatedF int // -F, strace's old -f
	separately  bool
	output      string
	stringLimit int
	exprs       []string
	// only is the last of -z ("successful") and -Z ("failed");
	// onlyCount counts them.
	only       string
	onlyCount  int
	time       timeFlags // -t, -r, -T and their long forms (timeflags.go)
	hex        int
	hexLong    optionValue // --strings-in-hex
	column     int
	quiet      int
	verbose    bool
	format     formatFlags // -y, -X, --output-format (format.go)
	pids       []int
	tracePaths []string // -P
	// syscallNumbers is -n, appendOutput -A, stackTraces -k.
	syscallNumbers, appendOutput, stackTraces bool
	// frameLimit is --stack-trace-frame-limit; stackSize is
	// --stack-trace-size in bytes.
	frameLimit, stackSize int
	detachOn              []string     // -b, each one given
	detachOnExec          bool         // -b execve
	compat                compatFlags  // -I, -D, -i, --tips, -d (compatflags.go)
	proc                  processFlags // -u, -E, --seccomp-bpf, --cpu-placement (process.go)
	backend               string
	bpf                   backendFlags // --buffer-size, --debug-backend (backend.go)
	tracerStats           string       // --tracer-stats: "", text or json (tracerstats.go)
	help                  bool
	version               bool
	command               []string
	summary               summaryFlags // -c, -C, -w, -S, -U, -O (summary.go)
	scope                 scopeFlags   // --system-wide, --cgroup, --comm, --uid, --tree (scopeflags.go)
}

// maxStringLimit is the largest -s strace accepts (UINT_MAX / 4).
const maxStringLimit = 1<<30 - 1

// parseUint reads a decimal number from 0 to max, as strace's
// string_to_uint_upto does.
func parseUint(s string, max int64) (int, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > max {
		return 0, false
	}
	return int(n), true
}

// spelling returns how the last occurrence of an option was spelled in
// args, as strace names it in errors: "-s" or "--string-limit".
func spelling(args []string, short, long string) string {
	name := "-" + short
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--"+long || strings.HasPrefix(a, "--"+long+"=") {
			name = "--" + long
		} else if strings.HasPrefix(a, "-"+short) && !strings.HasPrefix(a, "--") {
			name = "-" + short
		}
	}
	return name
}

// statusOnly is -z/--successful-only or -Z/--failed-only: the last one
// given applies.
type statusOnly struct {
	cfg  *config
	only string
}

// Set records one more -z or -Z; the option takes no value.
func (s *statusOnly) Set(string) error {
	s.cfg.only = s.only
	s.cfg.onlyCount++
	return nil
}

// String implements pflag.Value.
func (s *statusOnly) String() string { return "false" }

// Type implements pflag.Value.
func (s *statusOnly) Type() string { return "bool" }

// usageError is a command-line mistake: strace prints it followed by a hint
// to run -h.
type usageError struct{ msg string }

// Error returns the message without the program name.
func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// parseArgs parses sctrace's command line (without the program name). The
// config it returns holds the notes said before an error too.
func parseArgs(args []string) (*config, error) {
	cfg := &config{}
	return cfg, cfg.parse(args)
}

// parse reads args into cfg; cfg.notes holds what it said on the way,
// error or not.
func (cfg *config) parse(args []string) error {
	fs := pflag.NewFlagSet("sctrace", pflag.ContinueOnError)
	fs.SetInterspersed(false)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}

	var stringLimit, column, frameLimit, stackSize string
	var pids []string
	fs.CountVarP(&cfg.followShort, "follow-forks-short", "f", "trace child processes and threads (-ff: with -o, one file per process)")
	fs.BoolVar(&cfg.followLong, "follow-forks", false, "trace child processes and threads")
	fs.CountVarP(&cfg.deprecatedF, "F-count", "F", "deprecated: -f")
	fs.BoolVar(&cfg.separately, "output-separately", false, "with -o, write each process's trace to FILE.PID")
	fs.StringVarP(&cfg.output, "output", "o", "", "write the trace to `FILE` instead of stderr")
	fs.StringVarP(&stringLimit, "string-limit", "s", "", "print at most `N` bytes of each string (default 32)")
	fs.VarP(&exprOption{&cfg.exprs}, "expr", "e", "qualifying `EXPR`: trace=, signal=, status=, quiet=")
	addQualifierOptions(fs, &cfg.exprs)
	fs.VarP(&qualifierOption{qual: "decode-pids", exprs: &cfg.exprs}, "decode-pids-comm", "Y", "print the command name of each pid (--decode-pids=comm)")
	fs.Lookup("decode-pids-comm").NoOptDefVal = "comm"
	fs.Var(&qualifierOption{qual: "decode-pids", exprs: &cfg.exprs}, "pidns-translation", "print pids in sctrace's PID namespace too (--decode-pids=pidns)")
	fs.Lookup("pidns-translation").NoOptDefVal = "pidns"
	for _, o := range []struct{ name, short, only, usage string }{
		{"successful-only", "z", "successful", "print only calls that succeeded"},
		{"failed-only", "Z", "failed", "print only calls that failed"},
		{"failing-only", "", "failed", "same as --failed-only"},
	} {
		fs.VarP(&statusOnly{cfg: cfg, only: o.only}, o.name, o.short, o.usage)
		fs.Lookup(o.name).NoOptDefVal = "true"
	}
	fs.BoolVarP(&cfg.syscallNumbers, "syscall-number", "n", false, "print each call's number")
	fs.BoolVarP(&cfg.appendOutput, "output-append-mode", "A", false, "open -o's file to append to it")
	fs.BoolVarP(&cfg.stackTraces, "stack-traces", "k", false, "print the stack of each call and signal")
	fs.StringVar(&frameLimit, "stack-trace-frame-limit", "", "print at most `N` frames of each stack (default 256)")
	fs.StringVar(&stackSize, "stack-trace-size", "", "copy at most `SIZE` bytes of stack, with an optional K or M suffix, for each stack -k prints (default 64K, at most 256K)")
	addCompatFlags(fs, &cfg.compat)
	fs.StringArrayVarP(&cfg.detachOn, "detach-on", "b", nil, "stop tracing a process once it has executed a program: `SYSCALL` is execve")
	addTimeFlags(fs, &cfg.time)
	fs.CountVarP(&cfg.hex, "x-count", "x", "print non-ASCII strings in hex (-xx: all strings)")
	fs.Var(&recorder{name: "strings-in-hex", add: func(v optionValue) { cfg.hexLong = v }}, "strings-in-hex", "print strings in hex: `all`, non-ascii, non-ascii-chars or none")
	fs.Lookup("strings-in-hex").NoOptDefVal = "all"
	fs.StringVarP(&column, "columns", "a", "", "align return values at `COLUMN` (default 40)")
	fs.CountVarP(&cfg.quiet, "q-count", "q", "suppress attach/detach messages (-qq: also exit statuses)")
	fs.VarP(&verboseOption{on: &cfg.verbose, exprs: &cfg.exprs}, "no-abbrev", "v", "print structures and environments in full (-e abbrev=none)")
	fs.Lookup("no-abbrev").NoOptDefVal = "true"
	addFormatFlags(fs, &cfg.format)
	addSummaryFlags(fs, &cfg.summary)
	addSummaryIntervalFlags(fs, &cfg.summary)
	fs.StringArrayVarP(&cfg.tracePaths, "trace-path", "P", nil, "trace only calls that access `PATH` (repeatable)")
	fs.StringArrayVarP(&pids, "attach", "p", nil, "trace the process `PID` (repeatable; \"1,2\" or \"1 2\")")
	fs.StringVar(&cfg.backend, "backend", envBackend(), "tracing backend: auto, ebpf or ptrace")
	addBackendFlags(fs, &cfg.bpf)
	addProcessFlags(fs, &cfg.proc)
	addScopeFlags(fs, &cfg.scope)
	fs.StringVar(&cfg.tracerStats, "tracer-stats", "", "at exit, print the tracer's own cost to stderr as `FORMAT` (text or json)")
	fs.Lookup("tracer-stats").NoOptDefVal = "text"
	fs.BoolVarP(&cfg.help, "help", "h", false, "print this help and exit")
	fs.BoolVarP(&cfg.version, "version", "V", false, "print the version and exit")

	for _, internal := range []string{"expr", "t-count", "x-count", "q-count", "decode-fds-short", "follow-forks-short", "F-count", "decode-pids-comm", "d-count"} {
		fs.Lookup(internal).Hidden = true
	}
	args, err := expandAbbreviations(fs, args)
	if err != nil {
		return err
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			cfg.help = true
			return nil
		}
		return flagError(err)
	}
	cfg.command = fs.Args()
	if cfg.help || cfg.version {
		return nil
	}

	if err := cfg.compat.check(fs, args); err != nil {
		return err
	}
	for _, name := range cfg.detachOn {
		if name != "execve" {
			return plainError(fmt.Sprintf("Syscall '%s' for -b isn't supported", name))
		}
		cfg.detachOnExec = true
	}
	cfg.frameLimit = defaultFrameLimit
	if fs.Changed("stack-trace-frame-limit") {
		n, ok := parseUint(frameLimit, math.MaxInt32)
		if !ok || n == 0 {
			return usageErrorf("invalid --stack-trace-frame-limit argument: '%s'", frameLimit)
		}
		cfg.frameLimit = n
	}
	cfg.stackSize = defaultStackSize
	if fs.Changed("stack-trace-size") {
		n, err := parseSize(stackSize)
		if err != nil || n <= 0 || n > trace.MaxStackSize {
			return usageErrorf("invalid --stack-trace-size argument: '%s' (at most %dK)", stackSize, trace.MaxStackSize>>10)
		}
		cfg.stackSize = n
	}
	if fs.Changed("output") && cfg.output == "" {
		// strace opens the empty name, and fails.
		return plainError("Can't fopen '': No such file or directory")
	}
	cfg.stringLimit = decode.DefaultStringLimit
	if fs.Changed("string-limit") {
		n, ok := parseUint(stringLimit, maxStringLimit)
		if !ok {
			return usageErrorf("invalid %s argument: '%s'", spelling(args, "s", "string-limit"), stringLimit)
		}
		cfg.stringLimit = n
	}
	cfg.column = 40
	if fs.Changed("columns") {
		n, ok := parseUint(column, math.MaxInt32)
		if !ok {
			return usageErrorf("invalid %s argument: '%s'", spelling(args, "a", "columns"), column)
		}
		cfg.column = n
	}
	for _, p := range pids {
		for _, f := range strings.FieldsFunc(p, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
			n, ok := parseUint(f, math.MaxInt32)
			if !ok || n == 0 {
				return plainError(fmt.Sprintf("Invalid process id: '%s'", f))
			}
			cfg.pids = append(cfg.pids, n)
		}
	}
	if err := cfg.time.resolve(); err != nil {
		return err
	}
	if cfg.hex > 2 {
		cfg.hex = 2
	}
	if err := cfg.resolveHex(); err != nil {
		return err
	}
	cfg.proc.seccompWithoutB(cfg)
	if err := cfg.resolveFollow(); err != nil {
		return err
	}
	cfg.proc.seccompWithoutF(cfg)
	if cfg.deprecatedF > 0 {
		if cfg.follow {
			cfg.notes = append(cfg.notes, "deprecated option -F ignored")
		} else {
			cfg.notes = append(cfg.notes, "option -F is deprecated, please use -f/--follow-forks instead")
			cfg.follow = true
		}
	}
	if cfg.separately && isPipe(cfg.output) {
		return usageErrorf("piping the output and -ff/--output-separately are mutually exclusive")
	}
	if cfg.separately && len(cfg.output) >= pathMax-12 {
		// strace's room for a name with ".PID" appended.
		return fmt.Errorf("%s: %s", cfg.output, describe(syscall.ENAMETOOLONG))
	}
	if cfg.separately {
		cfg.follow = true
	}
	if err := cfg.bpf.check(cfg.backend, fs.Changed("backend")); err != nil {
		return err
	}
	cfg.format.fdSetGiven = fs.Changed("decode-fds")
	if err := cfg.format.check(spelling(args, "X", "const-print-style")); err != nil {
		return err
	}
	if err := checkPerfetto(cfg); err != nil {
		return err
	}
	if err := checkTracerStatsMode(cfg.tracerStats); err != nil {
		return err
	}
	if err := cfg.summary.check(fs); err != nil {
		return err
	}
	if err := cfg.scope.check(fs); err != nil {
		return err
	}
	if len(cfg.command) == 0 && len(cfg.pids) == 0 && !cfg.scope.given() {
		// strace has checked every option, -e ones too, by then.
		if _, err := buildSpec(cfg, nil); err != nil {
			return err
		}
		return usageErrorf("must have PROG [ARGS] or -p PID")
	}
	if err := cfg.compat.checkDaemon(cfg.command); err != nil {
		return err
	}
	err = cfg.summary.checkCombination(cfg, fs)
	cfg.notes = append(cfg.notes, cfg.summary.warnings...)
	if err != nil {
		return err
	}
	if cfg.output == "" {
		if cfg.separately && cfg.followShort == 0 && !cfg.followLong && cfg.deprecatedF == 0 {
			cfg.notes = append(cfg.notes, "--output-separately has no effect without -o/--output")
		}
		if cfg.appendOutput {
			cfg.notes = append(cfg.notes, "-A/--output-append-mode has no effect without -o/--output")
		}
	}
	if cfg.onlyCount > 1 {
		cfg.notes = append(cfg.notes, "Only the last of -z/--successful-only/-Z/--failed-only options will take effect. See status qualifier for more complex filters.")
	}
	return cfg.proc.check(cfg)
}

// usageText is what -h prints.
const usageText = `Usage: sctrace [OPTIONS] PROG [ARGS]
       sctrace [OPTIONS] -p PID [-p PID ...] [PROG [ARGS]]
       sctrace [OPTIONS] SCOPE... [PROG [ARGS]]

Trace the system calls and signals of PROG, or of running processes, and
print them as strace does.

Output:
  -o, --output=FILE        write the trace to FILE instead of stderr;
                           "|CMD" or "!CMD" pipes it into the shell
                           command CMD
  -A, --output-append-mode open -o's FILE to append to it
  -f, --follow-forks       trace child processes and threads
  -ff                      with -o, write each process's trace to FILE.PID
  -s, --string-limit=N     print at most N bytes of each string (default 32)
  -x                       print non-ASCII strings in hex; -xx: all strings
  --strings-in-hex[=WHICH] all (the default), non-ascii, non-ascii-chars
                           (only those bytes, as \xNN) or none
  -v, --no-abbrev          print structures and environments in full
  -a, --columns=COLUMN     align return values at COLUMN (default 40)
  -y                       print the paths of file descriptors; -yy: also
                           socket endpoints, device numbers and pidfds
  --decode-fds=SET         what -y shows: path, socket, dev, pidfd, all, none
  -X STYLE                 named constants as raw numbers, abbrev (names,
                           the default) or verbose (both)
  --output-format=FORMAT   text (strace's, the default), json (JSON Lines,
                           one object per call or event; docs/json-output.md)
                           or perfetto (a timeline for ui.perfetto.dev and
                           chrome://tracing; docs/perfetto-output.md)
  -q                       suppress attach/detach messages; -qq: also exits
  -n, --syscall-number     print each call's number before its name
  -k, --stack-traces       print the stack of each call and signal after its
                           line, as strace -k does
  --stack-trace-frame-limit=N
                           at most N frames of each stack (default 256)
  --stack-trace-size=SIZE  bytes of stack copied for each (default 64K, at
                           most 256K; K or M suffix)

Time:
  -t                       prefix lines with the wall-clock time
  -tt                      ... with microseconds
  -ttt                     ... as seconds since the epoch, with microseconds
  --absolute-timestamps[=[format:]none|time|unix,[precision:]s|ms|us|ns]
                           the same, as asked (--timestamps too)
  -r, --relative-timestamps[=PRECISION]
                           prefix lines with the time since the previous
                           one, to s, ms, us (the default) or ns
  -T, --syscall-times[=PRECISION]
                           print the time spent in each system call

Filtering:
  -e trace=SET             trace only SET: names, %CLASS, /REGEX, ?NAME, all,
                           none; !SET negates (e.g. -e trace=%file,close)
  -e signal=SET            print only these signals (e.g. signal=!SIGCHLD)
  -e status=SET            print only calls that ended so: successful,
                           failed, unfinished, unavailable, detached
  -e quiet=SET             suppress messages: attach, exit, superseded...
  -e raw=SET               print the arguments of these calls in raw hex
  -e abbrev=SET            abbreviate structures of these calls only (-v:
                           none)
  -e verbose=SET           decode structures of these calls only; others
                           show addresses
  -P, --trace-path=PATH    trace only the calls that name PATH or take a
                           descriptor of it (repeatable)
  -e read=FDS              hex dump all data read from these descriptors
  -e write=FDS             hex dump all data written to these descriptors
  --trace=SET, --signals=SET, --status=SET, --quiet[=SET], --abbrev=SET,
  --verbose=SET, --raw=SET, --read=FDS, --write=FDS, --inject=...,
  --fault=...              the same as -e QUALIFIER=...
  -e inject=SET:ACTION[:when=FIRST[..LAST][+STEP]]
                           tamper with calls (ptrace backend): ACTION is
                           error=ERRNO, retval=N, signal=SIG,
                           delay_enter=T, delay_exit=T, poke_enter=
                           @argN=HEX, poke_exit=..., syscall=NAME
  -e fault=SET[:error=ERRNO][:when=...]
                           make calls fail (ENOSYS unless error= says)
  -z, --successful-only    print only calls that succeeded
  -Z, --failed-only        print only calls that failed

Statistics:
  -c, --summary-only       count time, calls and errors of each syscall and
                           print only strace's summary table at the end
  -C, --summary            like -c, but also print the trace
  -w, --summary-wall-clock count wall time from entry to exit; without -w,
                           CPU time: with ptrace, the process's system time
                           (wait4 rusage) at the exit stop minus that at
                           the entry stop, in microsecond steps, as strace
                           does; with ebpf, the wall time from sys_enter to
                           sys_exit if the task did not sleep in between,
                           else the growth of its scheduler CPU time
  -S, --summary-sort-by=KEY  sort by time (default), calls, errors, name,
                           avg-time, min-time, max-time, p50, p99, nothing
  -U, --summary-columns=LIST  columns: time-percent, total-time, avg-time,
                           min-time, max-time, calls, errors, name (the
                           default: the first three, calls, errors, name)
                           and p50, p99, max: microseconds per call
                           (percentiles from a log-linear histogram, within
                           25%)
  -O, --summary-syscall-overhead=OVERHEAD[s|ms|us|ns]
                           subtract OVERHEAD from each call's time
  --summary-histogram      also print a log2 histogram of each syscall's
                           times (nanoseconds), as bcc's tools draw them
  --summary-format=FORMAT  text (strace's table, the default) or json
  --summary-interval=SECONDS  also print, on stderr, the table of each
                           interval's calls (at least 0.01 s), headed by
                           "--- interval ending HH:MM:SS.UUUUUU ---";
                           the total is headed "--- total ---"
  -c -ff -o FILE, -C -ff -o FILE
                           a table per process (its threads included) in
                           FILE.PID, then the total table on stderr

Tracing:
  -p, --attach=PID         trace process PID (repeatable, or "PID1,PID2");
                           with -f, all its threads and children too
  -D, --daemonize[=grandchild]
                           PROG keeps sctrace's place (its pid, parent and
                           exit status); the tracer runs as its detached
                           grandchild, ignoring HUP, INT, QUIT, PIPE, TERM
                           and TSTP unless -I says otherwise
  -DD, --daemonize=pgroup  ... in a process group of its own (pgrp too)
  -DDD, --daemonize=session
                           ... in a session of its own
  -I, --interruptible=WHEN with -D, when the tracer may be stopped by a
                           signal: anywhere (1), waiting (2: it detaches
                           first), never (3), never_tstp (4, the default)
  -b, --detach-on=execve   stop tracing a process (and the children it
                           makes later) once an execve of it succeeds,
                           the call shown "<detached ...>"; not at PROG's
                           own first execve
  -u, --user=USER          run PROG as USER (a name, or UID:GID), root only
  -E, --env=VAR=VAL        set VAR in PROG's environment; -E VAR removes it
  --seccomp-bpf            stop PROG only at traced syscalls (with -f and
                           -e trace=; not for processes attached with -p)
  --cpu-placement=any|same ptrace: leave placement to the scheduler (the
                           default: PROG keeps the CPU affinity it has
                           untraced), or run the tracer and PROG on the
                           same CPU while PROG is the only traced task
                           (faster; PROG sees a one-CPU mask meanwhile)
  --backend=NAME           auto (the default: ebpf when it can load here
                           and --seccomp-bpf is not given, else ptrace;
                           -v says which), ebpf (in-kernel BPF
                           programs, no stops; needs root or CAP_BPF and
                           CAP_PERFMON, and BTF), or ptrace (a stop at
                           every syscall); the default is
                           $SCTRACE_BACKEND when it is set
  --buffer-size=SIZE       ebpf: ring buffer size in bytes, with an optional
                           K, M or G suffix (default 64M; 16M for a command
                           without -f whose strings are cut at 32 bytes)
  --debug-backend          say on stderr which backend auto picked, and why
                           (as -v does)
  --always-show-pid        print the pid prefix on every line, even while
                           one process is traced

Scopes (ebpf backend only; traced from a task's first call that matches
every kind of scope given, any value of one kind, until it exits; with
PROG until it exits, else until SIGINT or SIGTERM; lines show
[pid N<comm>]; sctrace and its children are never traced):
  --system-wide            every process
  --cgroup=PATH            the processes of cgroup v2 PATH (absolute, or
                           under the cgroup2 mount) and of its descendants,
                           including those that enter later (repeatable)
  --comm=NAME              tasks whose command name is NAME (repeatable)
  --uid=UID|NAME           processes of that real user id (repeatable or
                           a comma list)
  --tree=PID               PID, its descendants and every future one
                           (repeatable or a comma list)

  --tracer-stats[=FORMAT]  at exit, print on stderr what tracing cost: ptrace
                           stops, ring-buffer records, context switches of
                           tracer and tracee; FORMAT text (default) or json
  --tips[=[[id:]ID][,[format:]FORMAT]]
                           at exit, show sctrace tip ID (a number, or random,
                           the default) as FORMAT: compact (the default),
                           full or none

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

// resolveFollow merges -f/-ff with --follow-forks and
// --output-separately, which strace refuses to see together.
func (cfg *config) resolveFollow() error {
	switch {
	case cfg.followShort == 0:
	case cfg.followLong:
		return errors.New("-f and --follow-forks cannot be provided simultaneously")
	case cfg.followShort >= 2 && cfg.separately:
		return errors.New("-ff and --output-separately cannot be provided simultaneously")
	}
	cfg.follow = cfg.followShort > 0 || cfg.followLong
	if cfg.followShort >= 2 {
		cfg.separately = true
	}
	return nil
}

// resolveHex applies --strings-in-hex, which -x excludes.
func (cfg *config) resolveHex() error {
	if !cfg.hexLong.set {
		return nil
	}
	if cfg.hex > 0 {
		return errors.New("-x and --strings-in-hex cannot be provided simultaneously")
	}
	switch cfg.hexLong.value {
	case "none":
		cfg.hex = int(decode.HexNone)
	case "non-ascii":
		cfg.hex = int(decode.HexNonASCII)
	case "all":
		cfg.hex = int(decode.HexAll)
	case "non-ascii-chars":
		cfg.hex = int(decode.HexNonASCIIChars)
	default:
		return usageErrorf("invalid --strings-in-hex argument: '%s'", cfg.hexLong.value)
	}
	return nil
}
