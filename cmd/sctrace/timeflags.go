package main

import (
	"errors"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sctrace/sctrace/printer"
)

// timeFlags are the time options: -t/-tt/-ttt and their long form
// --absolute-timestamps (--timestamps) with format: and precision:,
// -r/--relative-timestamps and -T/--syscall-times with a precision.
type timeFlags struct {
	tCount int
	// long holds each --absolute-timestamps/--timestamps, in order.
	long []optionValue
	// relative and syscallTimes are the last -r and -T; set says given.
	relative, syscallTimes optionValue

	// The result (resolve): the absolute timestamps' format and digits,
	// and the digits of -r and -T (-1: not asked for).
	format                                printer.TimestampMode
	digits, relativeDigits, syscallDigits int
}

// optionValue is one occurrence of an option: how it was spelled, and
// its argument (noArg when it had none).
type optionValue struct {
	name, value string
	set         bool
}

// recorder is a pflag.Value that keeps its occurrences.
type recorder struct {
	name string
	add  func(optionValue)
}

func (r *recorder) String() string { return "" }
func (r *recorder) Type() string   { return "string" }

// Set records one occurrence.
func (r *recorder) Set(v string) error {
	r.add(optionValue{name: r.name, value: v, set: true})
	return nil
}

// addTimeFlags declares the time options.
func addTimeFlags(fs *pflag.FlagSet, f *timeFlags) {
	fs.CountVarP(&f.tCount, "t-count", "t", "prefix lines with the time of day (-tt: with microseconds, -ttt: since the epoch)")
	fs.Lookup("t-count").Hidden = true
	for _, name := range []string{"absolute-timestamps", "timestamps"} {
		fs.Var(&recorder{name: name, add: func(v optionValue) { f.long = append(f.long, v) }}, name,
			"prefix lines with the time: `[format:]none|time|unix,[precision:]s|ms|us|ns`")
		fs.Lookup(name).NoOptDefVal = noArg
	}
	fs.VarP(&recorder{name: "relative-timestamps", add: func(v optionValue) { f.relative = v }}, "relative-timestamps", "r",
		"prefix lines with the time since the previous one, in `PRECISION` s, ms, us (default) or ns")
	fs.Lookup("relative-timestamps").NoOptDefVal = noArg
	fs.VarP(&recorder{name: "syscall-times", add: func(v optionValue) { f.syscallTimes = v }}, "syscall-times", "T",
		"print the time spent in each call, in `PRECISION` s, ms, us (default) or ns")
	fs.Lookup("syscall-times").NoOptDefVal = noArg
}

// resolve checks the time options and works out their result, with
// strace's errors.
func (f *timeFlags) resolve() error {
	f.format, f.digits = printer.NoTimestamps, 0
	for _, v := range f.long {
		arg := v.value
		if arg == noArg {
			arg = "format:time"
		}
		if !f.parseTS(arg) {
			return usageErrorf("invalid --%s argument: '%s'", v.name, v.value)
		}
	}
	if f.tCount > 0 {
		if len(f.long) > 0 {
			return errors.New("-t and --absolute-timestamps cannot be provided simultaneously")
		}
		f.parseTS([...]string{"format:time", "precision:us,format:time", "format:unix,precision:us"}[min(f.tCount, 3)-1])
	}
	var ok bool
	if f.relativeDigits, ok = precisionOf(f.relative); !ok {
		return usageErrorf("invalid --%s argument: '%s'", f.relative.name, f.relative.value)
	}
	if f.syscallDigits, ok = precisionOf(f.syscallTimes); !ok {
		return usageErrorf("invalid --%s argument: '%s'", f.syscallTimes.name, f.syscallTimes.value)
	}
	return nil
}

// parseTS applies one --absolute-timestamps argument, as strace's
// parse_ts_arg: comma-separated tokens, each "format:F", "precision:P",
// or a bare F or P; a format not given stays time (or what an earlier
// option chose).
func (f *timeFlags) parseTS(arg string) bool {
	format, formatSet, digits, digitsSet := printer.WallClock, false, 0, false
	for _, tok := range strings.Split(arg, ",") {
		if tok == "" {
			continue
		}
		kind := "both"
		if len(tok) >= 7 && strings.EqualFold(tok[:7], "format:") {
			tok, kind = tok[7:], "format"
		} else if len(tok) >= 10 && strings.EqualFold(tok[:10], "precision:") {
			tok, kind = tok[10:], "precision"
		}
		if kind != "precision" {
			switch strings.ToLower(tok) {
			case "none":
				format, formatSet = printer.NoTimestamps, true
				continue
			case "time":
				format, formatSet = printer.WallClock, true
				continue
			case "unix":
				format, formatSet = printer.Epoch, true
				continue
			}
		}
		if kind != "format" {
			if d, ok := timeScaleDigits(tok); ok {
				digits, digitsSet = d, true
				continue
			}
		}
		return false
	}
	if formatSet {
		f.format = format
	} else if f.format == printer.NoTimestamps {
		f.format = printer.WallClock
	}
	if digitsSet {
		f.digits = digits
	}
	return true
}

// precisionOf is the digits -r or -T prints: 6 without an argument, -1
// when not given; false for a bad precision.
func precisionOf(v optionValue) (int, bool) {
	switch {
	case !v.set:
		return -1, true
	case v.value == noArg:
		return 6, true
	}
	return timeScaleDigits(v.value)
}

// timeScaleDigits is how many decimals a time unit's precision prints.
func timeScaleDigits(unit string) (int, bool) {
	switch unit {
	case "s":
		return 0, true
	case "ms":
		return 3, true
	case "us":
		return 6, true
	case "ns":
		return 9, true
	}
	return 0, false
}
