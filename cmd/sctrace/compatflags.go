package main

import (
	"errors"
	"strconv"

	"github.com/spf13/pflag"
)

// compatFlags are strace options that sctrace checks as strace does but
// either has no use for (-I: sctrace's own handling of signals is fixed)
// or does not support yet (-D, --tips), which it says in one line, and -i
// and -d.
type compatFlags struct {
	interruptible             string
	daemonize                 int
	daemonizeLong             optionValue
	tips                      optionValue
	instructionPointer, debug bool
}

// addCompatFlags declares them.
func addCompatFlags(fs *pflag.FlagSet, c *compatFlags) {
	fs.StringVarP(&c.interruptible, "interruptible", "I", "", "when sctrace can be interrupted by signals: `1`-4, anywhere, waiting, never, never_tstp (checked; sctrace's own signal handling is fixed)")
	fs.CountVarP(&c.daemonize, "d-count", "D", "run the tracer as a detached grandchild (not supported yet)")
	fs.Lookup("d-count").Hidden = true
	fs.Var(&recorder{name: "daemonize", add: func(v optionValue) { c.daemonizeLong = v }}, "daemonize", "run the tracer as a detached grandchild, process group or session (not supported yet)")
	fs.Lookup("daemonize").NoOptDefVal = noArg
	fs.BoolVarP(&c.instructionPointer, "instruction-pointer", "i", false, "print the instruction pointer at the time of each call, signal and stop")
	fs.Var(&recorder{name: "tips", add: func(v optionValue) { c.tips = v }}, "tips", "print a tip at the end (not supported yet)")
	fs.Lookup("tips").NoOptDefVal = noArg
	fs.BoolVarP(&c.debug, "debug", "d", false, "print sctrace's own debugging output: which backend it picked, and why")
}

// check validates the values as strace does and refuses what is not
// supported yet.
func (c *compatFlags) check(fs *pflag.FlagSet, args []string) error {
	if fs.Changed("interruptible") {
		switch c.interruptible {
		case "anywhere", "always", "waiting", "never", "never_tstp":
		default:
			if n, err := strconv.Atoi(c.interruptible); err != nil || n < 1 || n > 4 {
				return usageErrorf("invalid %s argument: '%s'", spelling(args, "I", "interruptible"), c.interruptible)
			}
		}
	}
	if c.daemonizeLong.set {
		switch c.daemonizeLong.value {
		case noArg, "grandchild", "pgroup", "pgrp", "session":
		default:
			return usageErrorf("invalid --daemonize argument: '%s'", c.daemonizeLong.value)
		}
	}
	switch {
	case c.daemonize > 0 || c.daemonizeLong.set:
		return errors.New("-D (--daemonize) is not supported yet")
	case c.tips.set:
		return errors.New("--tips is not supported yet")
	}
	return nil
}
