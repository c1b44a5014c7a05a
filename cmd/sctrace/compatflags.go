package main

import (
	"errors"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// compatFlags are strace options that sctrace checks as strace does but
// has no use for (-I: sctrace's own handling of signals is fixed, but for
// a -D tracer's, daemon.go); --tips (tips.go); -i and -d; and -D
// (--daemonize), whose checks need the whole command line (checkDaemon).
type compatFlags struct {
	interruptible             string
	daemonize                 int
	daemonizeLong             optionValue
	tips                      []optionValue
	instructionPointer, debug bool
}

// addCompatFlags declares them.
func addCompatFlags(fs *pflag.FlagSet, c *compatFlags) {
	fs.StringVarP(&c.interruptible, "interruptible", "I", "", "when sctrace can be interrupted by signals: `1`-4, anywhere, waiting, never, never_tstp (applies to a -D tracer; otherwise checked, sctrace's own signal handling being fixed)")
	fs.CountVarP(&c.daemonize, "d-count", "D", "run the tracer as a detached grandchild (-DD: in its own process group, -DDD: session)")
	fs.Lookup("d-count").Hidden = true
	fs.Var(&recorder{name: "daemonize", add: func(v optionValue) { c.daemonizeLong = v }}, "daemonize", "run the tracer as a detached `grandchild` (the default), in its own pgroup (pgrp) or session")
	fs.Lookup("daemonize").NoOptDefVal = noArg
	fs.BoolVarP(&c.instructionPointer, "instruction-pointer", "i", false, "print the instruction pointer at the time of each call, signal and stop")
	fs.Var(&recorder{name: "tips", add: func(v optionValue) { c.tips = append(c.tips, v) }}, "tips", "print a tip at the end: `[[id:]ID][,[format:]FORMAT]` (FORMAT: none, compact, full)")
	fs.Lookup("tips").NoOptDefVal = noArg
	fs.BoolVarP(&c.debug, "debug", "d", false, "print sctrace's own debugging output: which backend it picked, and why; under ptrace, that PTRACE_GET_SYSCALL_INFO works")
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
		switch strings.ToLower(c.daemonizeLong.value) {
		case noArg, "grandchild", "pgroup", "pgrp", "session":
		default:
			return usageErrorf("invalid --daemonize argument: '%s'", c.daemonizeLong.value)
		}
	}
	for _, t := range c.tips {
		if !validTips(t.value) {
			return usageErrorf("invalid --tips argument: '%s'", t.value)
		}
	}
	return nil
}

// validTips reports whether v is a --tips argument strace accepts: comma-
// separated tokens, each an ID (a number or "random") or a FORMAT (none,
// compact, full), either one named by an "id:" or "format:" prefix; the
// words in any case.
func validTips(v string) bool {
	if v == noArg {
		return true
	}
	for _, tok := range strings.Split(v, ",") {
		if tok == "" {
			continue // strtok skips empty tokens
		}
		tok, id, format := tipToken(tok)
		switch word := strings.ToLower(tok); {
		case id && (word == "random" || isUint31(tok)):
		case format && (word == "none" || word == "compact" || word == "full"):
		default:
			return false
		}
	}
	return true
}

// tipToken splits an "id:" or "format:" prefix off a --tips token (in
// any case) and says what the rest may be: an ID, a FORMAT, or, without
// a prefix, either.
func tipToken(tok string) (rest string, id, format bool) {
	switch lower := strings.ToLower(tok); {
	case strings.HasPrefix(lower, "id:"):
		return tok[len("id:"):], true, false
	case strings.HasPrefix(lower, "format:"):
		return tok[len("format:"):], false, true
	}
	return tok, true, true
}

// isUint31 reports whether s is a decimal number from 0 to 2^31-1, as
// strace's string_to_uint takes it.
func isUint31(s string) bool {
	n, err := strconv.ParseInt(s, 10, 64)
	return err == nil && n >= 0 && n <= 1<<31-1 && s != "" && s[0] != '+'
}

// maxDaemonize is the most -D's strace counts: -DDD.
const maxDaemonize = 3

// checkDaemon checks -D and --daemonize against the rest of the command
// line, as strace does once every option is parsed, and sets the level
// (0: no -D).
func (c *compatFlags) checkDaemon(command []string) error {
	if c.daemonizeLong.set {
		if c.daemonize > 0 {
			return errors.New("-D and --daemonize cannot be provided simultaneously")
		}
		// strace matches the names in any case.
		switch strings.ToLower(c.daemonizeLong.value) {
		case noArg, "grandchild":
			c.daemonize = 1
		case "pgroup", "pgrp":
			c.daemonize = 2
		case "session":
			c.daemonize = 3
		}
	}
	if c.daemonize > 0 && len(command) == 0 {
		return usageErrorf("PROG [ARGS] must be specified with -D/--daemonize")
	}
	if c.daemonize > maxDaemonize {
		return usageErrorf("Too many -D's (%d), maximum supported -D count is %d", c.daemonize, maxDaemonize)
	}
	return nil
}
