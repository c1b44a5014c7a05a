package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/printer"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

func TestParseArgs(t *testing.T) {
	cfg, err := parseArgs([]string{"-ff", "-o", "out", "-s", "64", "-tt", "-T", "-xx", "-e", "trace=open", "-e", "signal=none", "ls", "-l", "-a"})
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.follow || cfg.followShort != 2 || !cfg.separately || cfg.output != "out" || cfg.stringLimit != 64 ||
		cfg.time.format != printer.WallClock || cfg.time.digits != 6 || cfg.time.syscallDigits != 6 || cfg.hex != 2 || len(cfg.exprs) != 2 {
		t.Errorf("parsed %+v", cfg)
	}
	if strings.Join(cfg.command, " ") != "ls -l -a" {
		t.Errorf("command %q: flags after PROG must belong to PROG", cfg.command)
	}
	cfg, err = parseArgs([]string{"-p", "1,2", "-p", "3 4"})
	if err != nil || len(cfg.pids) != 4 || cfg.pids[3] != 4 {
		t.Errorf("pids %v, %v", cfg.pids, err)
	}
	for _, args := range [][]string{{"-b", "execve", "true"}, {"-bexecve", "true"}, {"--detach-on=execve", "true"}, {"--detach=execve", "true"}} {
		if cfg, err := parseArgs(args); err != nil || !cfg.detachOnExec {
			t.Errorf("parseArgs(%q): detach on exec %v, %v", args, cfg != nil && cfg.detachOnExec, err)
		}
	}
	cfg, err = parseArgs([]string{"true"})
	if err != nil || cfg.detachOnExec || cfg.stringLimit != 32 || cfg.column != 40 || cfg.backend != "auto" {
		t.Errorf("defaults %+v, %v", cfg, err)
	}
}

func TestParseArgsErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "must have PROG [ARGS] or -p PID"},
		{[]string{"-s", "abc", "true"}, "invalid -s argument: 'abc'"},
		{[]string{"-s", "-1", "true"}, "invalid -s argument: '-1'"},
		{[]string{"-a", "x", "true"}, "invalid -a argument: 'x'"},
		{[]string{"-p", "abc"}, "Invalid process id: 'abc'"},
		{[]string{"-p", "0"}, "Invalid process id: '0'"},
		{[]string{"-p", "4294967297"}, "Invalid process id: '4294967297'"},
		{[]string{"-s", "1073741824", "true"}, "invalid -s argument: '1073741824'"},
		{[]string{"--string-limit=99999999999", "true"}, "invalid --string-limit argument: '99999999999'"},
		{[]string{"-a", "99999999999", "true"}, "invalid -a argument: '99999999999'"},
		{[]string{"-o", "", "true"}, "Can't fopen '': No such file or directory"},
		{[]string{"-Q", "true"}, "invalid option -- 'Q'"},
		{[]string{"--nope", "true"}, "unrecognized option '--nope'"},
		{[]string{"-o"}, "option requires an argument -- 'o'"},
		{[]string{"--buffer-size=x", "true"}, "invalid --buffer-size argument: 'x'"},
		{[]string{"--backend=x", "true"}, "invalid --backend argument: 'x'"},
		{[]string{"-b", "chdir", "true"}, "Syscall 'chdir' for -b isn't supported"},
		{[]string{"--detach-on=chdir", "true"}, "Syscall 'chdir' for -b isn't supported"},
		{[]string{"-b", "execve", "-b", "chdir", "true"}, "Syscall 'chdir' for -b isn't supported"},
		{[]string{"-b", "chdir", "-b", "execve", "true"}, "Syscall 'chdir' for -b isn't supported"},
		{[]string{"--detach-on=execve", "--detach-on=chdir", "true"}, "Syscall 'chdir' for -b isn't supported"},
		{[]string{"-b", "", "true"}, "Syscall '' for -b isn't supported"},
	} {
		_, err := parseArgs(tc.args)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("parseArgs(%q) = %v, want %q", tc.args, err, tc.want)
		}
	}
}

func TestRunUsageAndVersion(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-h"}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "Usage: sctrace") {
		t.Errorf("-h: exit %d, %q", code, out.String())
	}
	out.Reset()
	if code := run([]string{"-V"}, &out, &errb); code != 0 || out.String() != "sctrace -- version "+version+"\n" {
		t.Errorf("-V: exit %d, %q", code, out.String())
	}
	errb.Reset()
	if code := run([]string{"-e", "trace=nosuch", "true"}, &out, &errb); code != 1 || errb.String() != "sctrace: invalid system call 'nosuch'\n" {
		t.Errorf("bad -e: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"/nonexistent/prog"}, &out, &errb); code != 1 || errb.String() != "sctrace: Can't stat '/nonexistent/prog': No such file or directory\n" {
		t.Errorf("missing program: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"-q", "-e", "quiet=attach", "true"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "cannot be provided simultaneously") {
		t.Errorf("-q with quiet=: exit %d, %q", code, errb.String())
	}
}

// TestBadPidHasNoUsageHint: strace words a bad -p in one line, without
// the "Try 'strace -h'" line its option errors carry.
func TestBadPidHasNoUsageHint(t *testing.T) {
	_, err := parseArgs([]string{"-p", "4294967297"})
	var usage *usageError
	if err == nil || errors.As(err, &usage) {
		t.Errorf("parseArgs(-p 4294967297) = %#v, want a plain error", err)
	}
	_, err = parseArgs([]string{"-s", "x", "true"})
	if !errors.As(err, &usage) {
		t.Errorf("parseArgs(-s x) = %#v, want a usage error", err)
	}
}

func TestBackendEnv(t *testing.T) {
	for _, tc := range []struct {
		env  string
		args []string
		want string // the backend, or the start of the error
	}{
		{"", []string{"true"}, "auto"},
		{"ptrace", []string{"true"}, "ptrace"},
		{"ebpf", []string{"true"}, "ebpf"},
		{"ebpf", []string{"--backend=ptrace", "true"}, "ptrace"},
		{"nope", []string{"--backend=auto", "true"}, "auto"},
		{"nope", []string{"true"}, "invalid SCTRACE_BACKEND value: 'nope'"},
		{"ptrace", []string{"--backend=nope", "true"}, "invalid --backend argument: 'nope'"},
	} {
		t.Setenv("SCTRACE_BACKEND", tc.env)
		cfg, err := parseArgs(tc.args)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = cfg.backend
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("SCTRACE_BACKEND=%q %q: got %q, want %q", tc.env, tc.args, got, tc.want)
		}
	}
}

// TestLongOptions: strace's long options, abbreviated as getopt_long
// allows, and their errors.
func TestLongOptions(t *testing.T) {
	cfg, err := parseArgs([]string{"--trace=open", "--signal=none", "-e", "status=failed", "--quiet", "--abs=format:unix,precision:ms", "-r", "--relative-timestamps=ms", "--syscall-times=ns", "--strings-in-hex=non-ascii", "--", "ls"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(cfg.exprs, " ") != "trace=open signal=none status=failed quiet=attach,personality" {
		t.Errorf("exprs %q", cfg.exprs)
	}
	if cfg.time.format != printer.Epoch || cfg.time.digits != 3 || cfg.time.relativeDigits != 3 || cfg.time.syscallDigits != 9 || cfg.hex != 1 {
		t.Errorf("time %+v, hex %d", cfg.time, cfg.hex)
	}
	// An option only sctrace has does not make strace's abbreviation
	// ambiguous: --u is --user, as in strace, though --uid begins so too.
	if cfg, err := parseArgs([]string{"--u", "nobody", "ls"}); err != nil {
		t.Errorf("--u nobody: %v", err)
	} else if cfg.proc.user != "nobody" {
		t.Errorf("--u nobody: user %q", cfg.proc.user)
	}
	for args, want := range map[string]string{
		"--s=x ls":                   "option '--s=x' is ambiguous",
		"--tr=open ls":               "option '--tr=open' is ambiguous",
		"--bogus ls":                 "unrecognized option '--bogus'",
		"--q-count ls":               "unrecognized option '--q-count'",
		"--timestamps=bogus ls":      "invalid --timestamps argument: 'bogus'",
		"-t --timestamps ls":         "-t and --absolute-timestamps cannot be provided simultaneously",
		"--relative-timestamps=m ls": "invalid --relative-timestamps argument: 'm'",
		"-x --strings-in-hex ls":     "-x and --strings-in-hex cannot be provided simultaneously",
		"-f --follow-forks ls":       "-f and --follow-forks cannot be provided simultaneously",
		"--follow -f ls":             "-f and --follow-forks cannot be provided simultaneously",
		"--output-sep -ff ls":        "-ff and --output-separately cannot be provided simultaneously",
		"--follow-forks-short ls":    "unrecognized option '--follow-forks-short'",
		"-I=never ls":                "invalid -I argument: '=never'",
		"-f=1 ls":                    "invalid option -- '='",
	} {
		_, err := parseArgs(strings.Fields(args))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %q", args, err, want)
		}
	}
}

// TestNotes: strace's warnings about the command line come in its order,
// before an error found after them, and -z/-Z's last one applies.
func TestNotes(t *testing.T) {
	for args, want := range map[string]string{
		"--seccomp-bpf -w ls": "--seccomp-bpf cannot be used without -f/--follow-forks, disabling",
		"-F -w ls":            "option -F is deprecated, please use -f/--follow-forks instead",
		"-fF -c ls":           "deprecated option -F ignored",
		"--output-sep -A ls":  "--output-separately has no effect without -o/--output|-A/--output-append-mode has no effect without -o/--output",
		"-c -i -zZ ls":        "-i/--instruction-pointer has no effect with -c/--summary-only|Only the last of -z/--successful-only/-Z/--failed-only options will take effect. See status qualifier for more complex filters.",
	} {
		cfg, _ := parseArgs(strings.Fields(args))
		if got := strings.Join(cfg.notes, "|"); got != want {
			t.Errorf("%s: notes %q, want %q", args, got, want)
		}
	}
	for args, want := range map[string]string{"-z -Z ls": "failed", "-Z -z ls": "successful", "--failing-only ls": "failed"} {
		if cfg, err := parseArgs(strings.Fields(args)); err != nil || cfg.only != want {
			t.Errorf("%s: %v, only %q, want %q", args, err, cfg.only, want)
		}
	}
}

// TestTips: --tips's arguments apply in order, as strace's do, and the
// tip asked for is printed whole, in its frame.
func TestTips(t *testing.T) {
	for args, want := range map[string]tipChoice{
		"--tips ls":                         {tipRandom, tipsCompact},
		"--tips=full,5 ls":                  {5, tipsFull},
		"--tips=id:3 --tips=format:none ls": {3, tipsNone},
		"--tips=none --tips ls":             {tipRandom, tipsCompact},
		"--tips=none --tips=7 ls":           {7, tipsCompact},
		"ls":                                {tipRandom, tipsNone},
	} {
		cfg, err := parseArgs(strings.Fields(args))
		if err != nil {
			t.Fatalf("%s: %v", args, err)
		}
		if got := parseTips(cfg.compat.tips); got != want {
			t.Errorf("%s: %+v, want %+v", args, got, want)
		}
	}
	for id := range len(tips) + 1 {
		var b bytes.Buffer
		tipChoice{id, tipsFull}.print(&b)
		text := strings.Join(strings.Fields(strings.ReplaceAll(b.String(), "|", " ")), " ")
		if n := id % len(tips); !strings.Contains(text, strings.Join(strings.Fields(tips[n]), " ")) || !strings.Contains(text, fmt.Sprintf("--tips=id:%d ", n)) {
			t.Errorf("tip %d printed as:\n%s", id, b.String())
		}
		for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			if len(l) != tipWidth+4 {
				t.Errorf("tip %d: line %q is %d bytes wide, want %d", id, l, len(l), tipWidth+4)
			}
		}
	}
	var b bytes.Buffer
	tipChoice{1, tipsNone}.print(&b)
	if b.Len() != 0 {
		t.Errorf("format none printed %q", b.String())
	}
}

// TestTipsAndLongNames: --tips's argument is checked as strace checks it
// before sctrace refuses the option, and names past PATH_MAX get strace's
// errors.
func TestTipsAndLongNames(t *testing.T) {
	for _, v := range []string{"", "0", "1,id:42", "random", "id:random,23", "format:none", "full,3,none,id:42,compact", "ID:7,FORMAT:Full"} {
		if !validTips(v) {
			t.Errorf("--tips=%s refused", v)
		}
	}
	for _, v := range []string{"id", "id:", "-1", "2147483648", "id:rand", "format", "format:", "id:format", "format:id:0", "+1"} {
		if validTips(v) {
			t.Errorf("--tips=%s accepted", v)
		}
	}
	long := strings.Repeat("x", 4096)
	var out, errb bytes.Buffer
	if code := run([]string{long}, &out, &errb); code != 1 || !strings.HasSuffix(errb.String(), ": exec: File name too long\n") {
		t.Errorf("a 4096-byte program name: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	name := strings.Repeat("y", 4084)
	if code := run([]string{"-ff", "-o", name, "true"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), name+": File name too long") {
		t.Errorf("-ff -o with a 4084-byte name: exit %d, %q", code, errb.String())
	}
}

// TestVerboseIsAbbrevNone: -v is strace's -e abbrev=none in its place
// among the -e expressions, so the last of them decides which calls
// print in full, and the capture reads what any call may print.
func TestVerboseIsAbbrevNone(t *testing.T) {
	bpf, _ := syscalls.X86_64.Lookup("bpf")
	read, _ := syscalls.X86_64.Lookup("read")
	for _, tc := range []struct {
		args               []string
		abbrevBPF, abbrevR bool
	}{
		{[]string{"-v", "true"}, false, false},
		{[]string{"-v", "-e", "abbrev=bpf", "true"}, true, false},
		{[]string{"-e", "abbrev=bpf", "-v", "true"}, false, false},
		{[]string{"--no-abbrev", "--abbrev=read", "true"}, false, true},
		{[]string{"-fv", "-e", "abbrev=read", "true"}, false, true},
	} {
		cfg, err := parseArgs(tc.args)
		if err != nil {
			t.Fatalf("parseArgs(%q): %v", tc.args, err)
		}
		spec, err := buildSpec(cfg, nil)
		if err != nil {
			t.Fatalf("buildSpec(%q): %v", tc.args, err)
		}
		if spec.Abbrev == nil {
			t.Fatalf("%q: no abbrev= set", tc.args)
		}
		if got := spec.Abbrev.HasIn(trace.PersNative, bpf); got != tc.abbrevBPF {
			t.Errorf("%q: bpf abbreviated %v, want %v", tc.args, got, tc.abbrevBPF)
		}
		if got := spec.Abbrev.HasIn(trace.PersNative, read); got != tc.abbrevR {
			t.Errorf("%q: read abbreviated %v, want %v", tc.args, got, tc.abbrevR)
		}
		if opts := backendOptions(cfg, spec); !opts.Verbose {
			t.Errorf("%q: the capture is not -v's", tc.args)
		}
	}
}

// TestKVMVcpuOption: -e kvm=vcpu and --kvm=vcpu reach the backend.
func TestKVMVcpuOption(t *testing.T) {
	for _, args := range [][]string{{"-e", "kvm=vcpu", "true"}, {"--kvm=vcpu", "true"}, {"true"}} {
		cfg, err := parseArgs(args)
		if err != nil {
			t.Fatalf("parseArgs(%q): %v", args, err)
		}
		spec, err := buildSpec(cfg, nil)
		if err != nil {
			t.Fatalf("buildSpec(%q): %v", args, err)
		}
		if got, want := backendOptions(cfg, spec).KVMVcpu, len(args) > 1; got != want {
			t.Errorf("%q: KVMVcpu %v, want %v", args, got, want)
		}
	}
}
