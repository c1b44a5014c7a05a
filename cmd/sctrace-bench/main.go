// Command sctrace-bench measures what tracing costs: it runs a workload
// natively and under sctrace (each backend and mode), strace and perf
// trace, interleaving the runs, and reports wall and CPU time, the ratio to
// native, the time and context switches added per syscall and the tracer's
// own counters, as a table, Markdown, JSON or an SVG chart.
//
//	sctrace-bench [--count N] [--runs N] [--configs GLOB,...] [-- COMMAND...]
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/sctrace/sctrace/bench"
	"github.com/spf13/pflag"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options is the parsed command line.
type options struct {
	count      string
	runs       int
	configs    []string
	sctrace    string
	strace     string
	perf       string
	jsonOut    bool
	markdown   bool
	svg        string
	timeout    time.Duration
	tmpDir     string
	list       bool
	from       string
	workload   []string
	countGiven bool
}

// run executes the harness and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseArgs(args, stderr)
	if err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "sctrace-bench: %v\n", err)
		return 2
	}
	if o.list {
		for _, c := range bench.AllConfigs() {
			fmt.Fprintf(stdout, "%-22s %s\n", c.Name, c.Describe)
		}
		return 0
	}
	if o.from != "" {
		rep, err := bench.ReadJSON(o.from)
		if err != nil {
			fmt.Fprintf(stderr, "sctrace-bench: %v\n", err)
			return 1
		}
		return output(o, rep, stdout, stderr)
	}
	configs, err := bench.SelectConfigs(bench.AllConfigs(), o.configs)
	if err != nil {
		fmt.Fprintf(stderr, "sctrace-bench: %v\n", err)
		return 2
	}
	tools, err := findTools(o, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "sctrace-bench: %v\n", err)
		return 1
	}
	workload := o.workload
	if len(workload) == 0 {
		workload = []string{"dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=" + o.count}
	} else if o.countGiven {
		fmt.Fprintln(stderr, "sctrace-bench: note: --count applies to the default workload only; ignored")
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := bench.Run(ctx, bench.Options{
		Tools: tools, Workload: workload, Runs: o.runs, Configs: configs,
		Timeout: o.timeout, TmpDir: o.tmpDir, Progress: stderr,
	})
	if err != nil {
		fmt.Fprintf(stderr, "sctrace-bench: %v\n", err)
		return 1
	}
	return output(o, rep, stdout, stderr)
}

// output writes the report in the forms the flags ask for and returns the
// exit status.
func output(o *options, rep *bench.Report, stdout, stderr io.Writer) int {
	if o.svg != "" {
		if err := writeFile(o.svg, rep.WriteSVG); err != nil {
			fmt.Fprintf(stderr, "sctrace-bench: %v\n", err)
			return 1
		}
	}
	var err error
	switch {
	case o.jsonOut:
		err = rep.WriteJSON(stdout)
	case o.markdown:
		err = rep.WriteMarkdown(stdout)
	default:
		err = rep.WriteTable(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "sctrace-bench: %v\n", err)
		return 1
	}
	return 0
}

// parseArgs parses the flags; the workload follows "--".
func parseArgs(args []string, stderr io.Writer) (*options, error) {
	o := &options{}
	fs := pflag.NewFlagSet("sctrace-bench", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.count, "count", "500k", "dd's count= for the default workload (dd if=/dev/zero of=/dev/null bs=1)")
	fs.IntVar(&o.runs, "runs", 5, "runs of each configuration, interleaved")
	fs.StringSliceVar(&o.configs, "configs", nil, "run only these configurations (names or globs, comma-separated; see --list)")
	fs.StringVar(&o.sctrace, "sctrace", "", "sctrace binary (default: the one beside sctrace-bench, else built from this repository)")
	fs.StringVar(&o.strace, "strace", "", "strace binary (default: strace in PATH)")
	fs.StringVar(&o.perf, "perf", "", "perf binary (default: perf in PATH)")
	fs.BoolVar(&o.jsonOut, "json", false, "print the report as JSON")
	fs.BoolVar(&o.markdown, "markdown", false, "print the report as a Markdown table")
	fs.StringVar(&o.svg, "svg", "", "also write a bar chart of the ratios to native to `FILE`")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "give up on a run after this long")
	fs.StringVar(&o.tmpDir, "tmpdir", "/dev/shm", "tmpfs directory for trace files")
	fs.BoolVar(&o.list, "list", false, "list the configurations and exit")
	fs.StringVar(&o.from, "from", "", "measure nothing: render the report saved by --json in `FILE`")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: sctrace-bench [OPTIONS] [-- COMMAND [ARGS]]\n\n")
		fmt.Fprintf(stderr, "Measure the cost of tracing COMMAND (default: dd if=/dev/zero of=/dev/null bs=1 count=500k)\nunder sctrace, strace and perf trace, relative to running it alone.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	o.workload = fs.Args()
	o.countGiven = fs.Changed("count")
	if o.jsonOut && o.markdown {
		return nil, errors.New("--json and --markdown are exclusive")
	}
	if strings.ContainsAny(o.count, " \t") || o.count == "" {
		return nil, fmt.Errorf("invalid --count %q", o.count)
	}
	return o, nil
}

// findTools resolves the tracers' paths: explicit flags must exist; the
// defaults may be missing (their configurations are then skipped).
func findTools(o *options, stderr io.Writer) (bench.Tools, error) {
	var t bench.Tools
	var err error
	if t.Sctrace, err = sctracePath(o.sctrace, stderr); err != nil {
		return t, err
	}
	for _, tool := range []struct {
		flag, name string
		dst        *string
	}{{o.strace, "strace", &t.Strace}, {o.perf, "perf", &t.Perf}} {
		if tool.flag != "" {
			if *tool.dst, err = exec.LookPath(tool.flag); err != nil {
				return t, fmt.Errorf("--%s: %w", tool.name, err)
			}
			continue
		}
		*tool.dst, _ = exec.LookPath(tool.name) // missing: its configurations are skipped with a note
	}
	return t, nil
}

// sctracePath returns the sctrace to measure: --sctrace, else the binary
// beside this one, else one built from the repository in the working
// directory (go build into a temporary directory).
func sctracePath(flag string, stderr io.Writer) (string, error) {
	if flag != "" {
		p, err := exec.LookPath(flag)
		if err != nil {
			return "", fmt.Errorf("--sctrace: %w", err)
		}
		return filepath.Abs(p)
	}
	if self, err := os.Executable(); err == nil {
		sibling := filepath.Join(filepath.Dir(self), "sctrace")
		if st, err := os.Stat(sibling); err == nil && st.Mode().IsRegular() {
			return sibling, nil
		}
	}
	dir, err := os.MkdirTemp("", "sctrace-bench-")
	if err != nil {
		return "", fmt.Errorf("build sctrace: %w", err)
	}
	out := filepath.Join(dir, "sctrace")
	fmt.Fprintln(stderr, "sctrace-bench: building sctrace (go build ./cmd/sctrace)")
	cmd := exec.Command("go", "build", "-o", out, "./cmd/sctrace")
	cmd.Stderr = stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("no sctrace beside sctrace-bench and building one failed (run from the repository, or pass --sctrace): %w", err)
	}
	return out, nil
}

// writeFile creates path and fills it with write.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", path, err)
	}
	return nil
}
