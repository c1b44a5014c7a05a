package main

import (
	"errors"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/fdpath"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/printer"
	"github.com/sctrace/sctrace/trace"
	"github.com/spf13/pflag"
)

// formatFlags are the options that shape how values are shown: -y/-yy
// (--decode-fds), -X and --output-format.
type formatFlags struct {
	// yCount counts -y; fdSet is --decode-fds=SET, fdSetGiven whether
	// the option was given.
	yCount     int
	fdSet      string
	fdSetGiven bool
	// xlat is -X; output is --output-format.
	xlat   string
	output string
	// decodeFDs is what -y, -yy or --decode-fds asked for, set by check.
	decodeFDs decode.FDDecode
}

// addFormatFlags declares the flags formatFlags holds.
func addFormatFlags(fs *pflag.FlagSet, f *formatFlags) {
	fs.CountVarP(&f.yCount, "decode-fds-short", "y", "print paths of file descriptors (-yy: also socket endpoints, devices, pidfds)")
	fs.StringVar(&f.fdSet, "decode-fds", "", "what to print beside file descriptors: `SET` of path, socket, dev, pidfd, all, none")
	fs.Lookup("decode-fds").NoOptDefVal = "path"
	fs.StringVarP(&f.xlat, "const-print-style", "X", "", "print named constants as `STYLE`: raw, abbrev or verbose")
	fs.StringVar(&f.output, "output-format", "text", "output `FORMAT`: text (strace's), json (JSON Lines) or perfetto (a timeline for the Perfetto UI)")
}

// check validates the flags and resolves decodeFDs; xName is -X as the
// command line spells it, for errors.
func (f *formatFlags) check(xName string) error {
	switch {
	case f.fdSetGiven:
		set, err := filter.ParseDecodeFDs(f.fdSet)
		if err != nil {
			return err
		}
		if f.yCount > 0 {
			return errors.New(yAndDecodeFDs)
		}
		f.decodeFDs = set
	case f.yCount == 1:
		f.decodeFDs = decode.FDPath
	case f.yCount >= 2:
		f.decodeFDs = decode.FDAll
	}
	switch f.xlat {
	case "", "raw", "abbrev", "verbose":
	default:
		return usageErrorf("invalid %s argument: '%s'", xName, f.xlat)
	}
	switch f.output {
	case "text", "json", "perfetto":
	default:
		return usageErrorf("invalid --output-format argument: '%s' (want text, json or perfetto)", f.output)
	}
	return nil
}

// yAndDecodeFDs is strace's refusal of -y with --decode-fds or
// -e decode-fds.
const yAndDecodeFDs = "-y and --decode-fds cannot be provided simultaneously"

// applySpec takes -e decode-fds=SET from spec, which -y excludes.
func (f *formatFlags) applySpec(spec *filter.Spec) error {
	if spec.DecodeFDs == "" {
		return nil
	}
	set, err := filter.ParseDecodeFDs(spec.DecodeFDs)
	if err != nil {
		return err
	}
	if f.yCount > 0 {
		return errors.New(yAndDecodeFDs)
	}
	f.decodeFDs = set
	return nil
}

// xlatStyle returns -X's style.
func (f *formatFlags) xlatStyle() decode.XlatStyle {
	switch f.xlat {
	case "raw":
		return decode.XlatRaw
	case "verbose":
		return decode.XlatVerbose
	}
	return decode.XlatAbbrev
}

// fdResolver returns the resolver -y needs for backend, or nil, and
// gives it to dec; launched says a command is started, which inherits
// sctrace's descriptors 0-2. A backend whose events are handled while the
// task is stopped (ptrace) can trust /proc; others learn from events
// first.
func fdResolver(f *formatFlags, backend trace.Backend, dec *decode.Decoder, launched bool) *fdpath.Resolver {
	if f.decodeFDs == 0 {
		return nil
	}
	mode := fdpath.Learned
	if backend.Capabilities().Stops {
		mode = fdpath.Live
	}
	r := fdpath.New(mode, dec.Options().Hex)
	if launched {
		r.InheritFromSelf()
	}
	dec.SetFDResolver(r)
	return r
}

// netlinkResolver gives dec, when -y is off, a resolver that only tells
// which descriptors are netlink sockets and their protocols (the decoder
// shows their data as netlink messages, as strace does without -y). A
// backend that handles events after the fact reports those sockets in
// the events themselves; for one that stops, the resolver keeps what a
// call's entry found (fdpath.Resolver.Learn), for an entry printed at the
// exit.
func netlinkResolver(backend trace.Backend, dec *decode.Decoder) *fdpath.Resolver {
	mode := fdpath.Learned
	if backend.Capabilities().Stops {
		mode = fdpath.Live
	}
	r := fdpath.NewNetlink(mode, dec.Options().Hex)
	dec.SetFDResolver(r)
	return r
}

// observing wraps sink so that the resolver learns from every event: what
// a call's result opened before its line is printed, what it closed after.
func observing(sink func(*trace.Event) error, r *fdpath.Resolver) func(*trace.Event) error {
	if r == nil {
		return sink
	}
	return func(ev *trace.Event) error {
		r.Learn(ev)
		err := sink(ev)
		r.Observe(ev)
		return err
	}
}

// checkPerfetto refuses what a Perfetto trace, one JSON object, cannot be:
// split per process (-ff) or appended to a file (-A).
func checkPerfetto(cfg *config) error {
	if cfg.format.output != "perfetto" {
		return nil
	}
	if cfg.separately {
		return usageErrorf("--output-format=perfetto and -ff/--output-separately are mutually exclusive")
	}
	if cfg.appendOutput {
		return usageErrorf("--output-format=perfetto and -A/--output-append-mode are mutually exclusive")
	}
	return nil
}

// eventPrinter consumes events and writes them out: strace's text
// (printer.Printer), JSON Lines (printer.JSONPrinter) or a Perfetto
// timeline (printer.PerfettoPrinter).
type eventPrinter interface {
	Handle(ev *trace.Event) error
	Close() error
}

// newFormatPrinter returns the printer of --output-format=format.
func newFormatPrinter(format string, dec *decode.Decoder, opts printer.Options) (eventPrinter, error) {
	switch format {
	case "json":
		return printer.NewJSON(dec, opts)
	case "perfetto":
		return printer.NewPerfetto(dec, opts)
	}
	return printer.New(dec, opts)
}
