package main

// The summary's run: counting while tracing, the tables of
// --summary-interval while it goes on, and the tables at the end (one per
// process under -c -ff).

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/pidns"
	"github.com/sctrace/sctrace/printer"
	"github.com/sctrace/sctrace/summary"
	"github.com/sctrace/sctrace/trace"
)

// summaryRun counts system calls while tracing and prints the summary.
type summaryRun struct {
	flags *summaryFlags
	agg   *summary.Aggregator
	// output is where the total goes at the end ("" for stderr); under
	// -ff it is the prefix of the processes' files.
	output string
	// appendOutput (-A) keeps what a process's file held before.
	appendOutput bool
	// names reads command names (-c -ff); named says which processes
	// were named already.
	names *pidns.Resolver
	named map[int32]bool
	// dropped counts the calls a backend left out of its per-process
	// aggregates.
	dropped uint64

	// Under --summary-interval, mu serializes the sink (counting and
	// printing) with the interval's tables; live reads the backend's
	// in-place aggregates; prev are the cumulative aggregates at the
	// last interval's end.
	mu      sync.Mutex
	live    func() (map[trace.SyscallKey]*trace.SyscallStats, error)
	prev    summary.Counts
	stderr  io.Writer
	stop    chan struct{}
	stopped chan struct{}
}

// withSummary, under -c or -C, returns sink wrapped to count calls, with
// the run that prints the summary. Under -c the printer sees only what
// strace still prints then: attach and detach notes, and lost events.
// Without -c/-C it returns sink and nil.
func withSummary(cfg *config, spec *filter.Spec, pids *pidns.Resolver, sink func(*trace.Event) error, stderr io.Writer) (func(*trace.Event) error, *summaryRun) {
	if !cfg.summary.active() {
		return sink, nil
	}
	per := cfg.summary.perProcess
	opts := summary.AggregatorOptions{WallTime: cfg.summary.wall, OverheadNS: cfg.summary.overheadNS, PerProcess: per}
	if !spec.TraceAll {
		opts.Filter = spec.Trace
	}
	s := &summaryRun{
		flags: &cfg.summary, agg: summary.NewAggregator(opts), output: cfg.output,
		appendOutput: cfg.appendOutput,
		names:        pids, named: map[int32]bool{}, stderr: stderr,
	}
	if cfg.format.output == "perfetto" {
		// The timeline is one JSON object: the table goes to stderr.
		s.output = ""
	}
	only := cfg.summary.only
	count := func(ev *trace.Event) error {
		s.agg.Handle(ev)
		if per {
			s.name(ev)
		}
		if only {
			switch ev.Kind {
			case trace.NewTask, trace.Detached, trace.Lost, trace.PersonalityChange:
			default:
				return nil
			}
		}
		return sink(ev)
	}
	if cfg.summary.interval == 0 {
		return count, s
	}
	return func(ev *trace.Event) error {
		s.mu.Lock()
		defer s.mu.Unlock()
		return count(ev)
	}, s
}

// name records the command name of ev's process when it is first seen
// and after it executed a program. A backend that reports after the fact
// may report a process /proc no longer has: its name then comes from the
// backend's Result, or stays unknown.
func (s *summaryRun) name(ev *trace.Event) {
	if s.named[ev.PID] && ev.Kind != trace.Exec {
		return
	}
	s.named[ev.PID] = true
	s.agg.Seen(ev.PID)
	if comm, ok := s.names.TaskComm(ev.TID); ok {
		s.agg.SetComm(ev.PID, comm)
	}
}

// start sets what the backend must do for the run and starts printing
// the intervals' tables. A nil run does nothing.
func (s *summaryRun) start(opts *trace.Options) {
	if s == nil || s.flags.interval == 0 {
		return
	}
	if opts.CountOnly {
		opts.LiveCounts = func(read func() (map[trace.SyscallKey]*trace.SyscallStats, error)) {
			s.mu.Lock()
			s.live = read
			s.mu.Unlock()
		}
	}
	s.prev = summary.Counts{}
	s.stop, s.stopped = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(s.stopped)
		t := time.NewTicker(s.flags.interval)
		defer t.Stop()
		for {
			select {
			case <-s.stop:
				return
			case now := <-t.C:
				s.mu.Lock()
				if live, ok := s.liveCounts(); ok {
					s.writeInterval(s.agg.Snapshot(live), now)
				}
				s.mu.Unlock()
			}
		}
	}()
}

// liveCounts reads the backend's in-place aggregates so far (none when it
// counts no calls itself); false when they cannot be read (the run is
// ending): that interval then goes on until the next.
func (s *summaryRun) liveCounts() (summary.Counts, bool) {
	if s.live == nil {
		return nil, true
	}
	counts, err := s.live()
	return counts, err == nil
}

// writeInterval prints the table of the calls made since the last
// interval's end, cur being the cumulative aggregates at now, on stderr in
// one write, so that it does not cut into a line of the trace.
func (s *summaryRun) writeInterval(cur summary.Counts, now time.Time) {
	d := summary.Diff(cur, s.prev)
	s.prev = cur
	var b bytes.Buffer
	if s.flags.format == "json" {
		_ = summary.WriteJSON(&b, d, s.jsonOptions(nil, now.Format(time.RFC3339Nano)))
	} else {
		fmt.Fprintf(&b, "--- interval ending %s ---\n", now.Format("15:04:05.000000"))
		_ = s.writeText(&b, d)
	}
	_, _ = s.stderr.Write(b.Bytes())
}

// endIntervals stops the intervals' tables and prints the last, partial
// interval's. A nil run, or one without intervals, does nothing.
func (s *summaryRun) endIntervals(res trace.Result) {
	if s == nil || s.stop == nil {
		return
	}
	close(s.stop)
	<-s.stopped
	s.mu.Lock()
	defer s.mu.Unlock()
	s.live = nil
	s.writeInterval(s.agg.Snapshot(res.Counts), time.Now())
}

// merge adds the backend's in-place aggregates to the run's.
func (s *summaryRun) merge(res trace.Result) {
	s.agg.Merge(res.Counts)
	for _, pid := range summary.SortedPIDs(res.ProcessCounts) {
		s.agg.MergeProcess(pid, res.ProcessCounts[pid])
	}
	for pid, comm := range res.ProcessComms {
		// The kernel saw the name as the process had it; /proc may have
		// shown it to the event stream late, or not at all.
		s.agg.SetComm(pid, comm)
	}
	s.dropped = res.ProcessCountsDropped
}

// report prints the summary at the end: to the -o file after the trace
// (the printer has closed it), else (and after a Perfetto timeline) to
// stderr, as strace does; under -ff each process's table first, in its
// own file with -o. A nil run prints nothing.
func (s *summaryRun) report(res trace.Result, stderr io.Writer) error {
	if s == nil {
		return nil
	}
	s.endIntervals(res)
	s.merge(res)
	if s.dropped > 0 {
		fmt.Fprintf(stderr, "%s: %d calls are left out of the per-process tables: the table of processes' calls was full\n", progName, s.dropped)
	}
	if s.flags.perProcess {
		return s.reportProcesses(stderr)
	}
	if s.output == "" {
		return s.writeTotal(stderr)
	}
	f, err := os.OpenFile(s.output, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	err = s.write(f, s.agg.Counts())
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("summary: %w", cerr)
	}
	return err
}

// reportTo prints the summary to w (the -o pipe, which -ff cannot have).
// A nil run prints nothing.
func (s *summaryRun) reportTo(res trace.Result, w io.Writer) error {
	if s == nil {
		return nil
	}
	s.endIntervals(res)
	s.merge(res)
	return s.write(w, s.agg.Counts())
}

// reportProcesses prints each process's table (-c -ff -o FILE) in the
// process's file, FILE.PID (after its trace under -C), then the total on
// stderr; or all of them in one JSON document on stderr.
func (s *summaryRun) reportProcesses(stderr io.Writer) error {
	procs := s.agg.Processes()
	if s.flags.format == "json" {
		return s.writeJSON(stderr, s.agg.Counts(), procs, "")
	}
	var errs []error
	for _, p := range procs {
		errs = append(errs, s.writeFile(s.output+"."+strconv.Itoa(int(p.PID)), p.Counts))
	}
	errs = append(errs, s.writeTotal(stderr))
	return errors.Join(errs...)
}

// writeFile writes counts' table to the file name, after what the trace
// wrote there (-C), or in place of what it held (-c without -A).
func (s *summaryRun) writeFile(name string, counts summary.Counts) error {
	flags := os.O_WRONLY | os.O_CREATE | os.O_APPEND
	if s.flags.only && !s.appendOutput {
		flags |= os.O_TRUNC
	}
	f, err := os.OpenFile(name, flags, 0o666)
	if err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	err = s.write(f, counts)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("summary: %w", cerr)
	}
	return err
}

// writeTotal writes the total on stderr: after intervals' tables, headed
// so that it is not read as one of them.
func (s *summaryRun) writeTotal(w io.Writer) error {
	if s.flags.interval > 0 && s.flags.format != "json" {
		if _, err := fmt.Fprintln(w, "--- total ---"); err != nil {
			return fmt.Errorf("write summary: %w", err)
		}
	}
	return s.write(w, s.agg.Counts())
}

// write renders counts in the format asked for; a JSON document has the
// processes under -ff.
func (s *summaryRun) write(w io.Writer, counts summary.Counts) error {
	if s.flags.format == "json" {
		return s.writeJSON(w, counts, nil, "")
	}
	return s.writeText(w, counts)
}

// writeText renders counts as strace's table, and the histograms when
// asked.
func (s *summaryRun) writeText(w io.Writer, counts summary.Counts) error {
	if err := summary.WriteTable(w, counts, summary.TableOptions{Columns: s.flags.cols, Sort: s.flags.sort}); err != nil {
		return err
	}
	if s.flags.histogram {
		return summary.WriteHistograms(w, counts, s.flags.sort)
	}
	return nil
}

// writeJSON writes counts, and procs when not nil, as a JSON document.
func (s *summaryRun) writeJSON(w io.Writer, counts summary.Counts, procs []summary.Process, intervalEnd string) error {
	return summary.WriteJSON(w, counts, s.jsonOptions(procs, intervalEnd))
}

// jsonOptions are the JSON document's options.
func (s *summaryRun) jsonOptions(procs []summary.Process, intervalEnd string) summary.JSONOptions {
	clock := "cpu"
	if s.flags.wall {
		clock = "wall"
	}
	return summary.JSONOptions{Sort: s.flags.sort, Clock: clock, Processes: procs, IntervalEnd: intervalEnd}
}

// isPipe reports whether -o names a pipe into a command ("|CMD", "!CMD").
func isPipe(output string) bool {
	_, ok := printer.PipeCommand(output)
	return ok
}
