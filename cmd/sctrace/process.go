package main

// This file holds the flags that shape the traced process rather than the
// trace: -u, -E, --seccomp-bpf and --cpu-placement, and how -p failures are
// reported.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/user"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/trace"
)

// processFlags are the parsed process-control flags.
type processFlags struct {
	// user is -u: a user name, or UID:GID.
	user string
	// env holds the -E arguments in order: VAR=VAL sets, VAR removes.
	env []string
	// seccompBPF is --seccomp-bpf; seccompActive says it applies (-f and a
	// syscall filter given: see setOptions).
	seccompBPF, seccompActive bool
	// cpuPlacement is --cpu-placement: "same" or "any".
	cpuPlacement string
}

// addProcessFlags registers the process-control flags on fs.
func addProcessFlags(fs *pflag.FlagSet, p *processFlags) {
	fs.StringVarP(&p.user, "user", "u", "", "run the command as `USER` (a name, or UID:GID)")
	fs.StringArrayVarP(&p.env, "env", "E", nil, "set `VAR=VAL` in the command's environment, or remove VAR")
	fs.BoolVar(&p.seccompBPF, "seccomp-bpf", false, "stop the command only at traced syscalls (needs -f)")
	fs.StringVar(&p.cpuPlacement, "cpu-placement", "any", "ptrace backend: leave placement to the scheduler (`any`), or pin the tracer and command to the same CPU")
}

// check validates the process-control flags once the rest is parsed.
func (p *processFlags) check(cfg *config) error {
	switch p.cpuPlacement {
	case "same", "any":
	default:
		return usageErrorf("invalid --cpu-placement argument: '%s' (want same or any)", p.cpuPlacement)
	}
	for _, kv := range p.env {
		if kv == "" || strings.HasPrefix(kv, "=") {
			return usageErrorf("invalid -E argument: '%s'", kv)
		}
	}
	self := os.Getpid()
	for _, pid := range cfg.pids {
		if pid == self {
			return plainError("I'm sorry, I can't let you do that, Dave.")
		}
	}
	return nil
}

// sameCPU reports whether the ptrace backend should pin (--cpu-placement).
func (p *processFlags) sameCPU() bool { return p.cpuPlacement == "same" }

// applyTo sets the launched command's environment (-E) and identity (-u)
// in target. Its errors read as strace's.
func (p *processFlags) applyTo(target *trace.Target) error {
	if p.user != "" {
		if os.Getuid() != 0 || os.Geteuid() != 0 {
			return plainError("You must be root to use the -u/--username option")
		}
		creds, err := lookupCredentials(p.user)
		if err != nil {
			return err
		}
		target.Credentials = creds
	}
	target.Env = editEnv(target.Env, p.env)
	return nil
}

// lookupCredentials resolves -u's argument: UID:GID as numbers (no
// supplementary groups, as strace 7 does), or a user name with its groups
// as initgroups(3) computes them.
func lookupCredentials(name string) (*trace.Credentials, error) {
	if u, g, ok := strings.Cut(name, ":"); ok {
		uid, err1 := strconv.ParseUint(u, 10, 32)
		gid, err2 := strconv.ParseUint(g, 10, 32)
		if err1 == nil && err2 == nil {
			return &trace.Credentials{UID: uint32(uid), GID: uint32(gid)}, nil
		}
	}
	notFound := plainError(fmt.Sprintf("Cannot find user '%s'", name))
	u, err := user.Lookup(name)
	if err != nil {
		return nil, notFound
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err1 != nil || err2 != nil {
		return nil, notFound
	}
	c := &trace.Credentials{UID: uint32(uid), GID: uint32(gid)}
	ids, err := u.GroupIds()
	if err != nil {
		return nil, fmt.Errorf("initgroups: %s: %v", name, err)
	}
	seen := map[uint32]bool{}
	for _, s := range append([]string{u.Gid}, ids...) {
		g, err := strconv.ParseUint(s, 10, 32)
		if err != nil || seen[uint32(g)] {
			continue
		}
		seen[uint32(g)] = true
		c.Groups = append(c.Groups, uint32(g))
	}
	return c, nil
}

// editEnv applies -E edits to env, as putenv and unsetenv would: VAR=VAL
// replaces VAR's entry in place, or is appended; VAR removes every entry
// of VAR.
func editEnv(env []string, edits []string) []string {
	if len(edits) == 0 {
		return env
	}
	out := append([]string(nil), env...)
	for _, e := range edits {
		name, _, set := strings.Cut(e, "=")
		kept := out[:0]
		replaced := false
		for _, kv := range out {
			if n, _, _ := strings.Cut(kv, "="); n == name {
				if set && !replaced {
					kept = append(kept, e)
					replaced = true
				}
				continue
			}
			kept = append(kept, kv)
		}
		out = kept
		if set && !replaced {
			out = append(out, e)
		}
	}
	return out
}

// seccompWithoutB turns --seccomp-bpf off where strace does, with its
// notes, as the command line is read: with -b (before -f is checked, as
// strace).
func (p *processFlags) seccompWithoutB(cfg *config) {
	if p.seccompBPF && cfg.detachOnExec {
		cfg.notes = append(cfg.notes, "--seccomp-bpf is not enabled because it is not compatible with -b")
		p.seccompBPF = false
	}
}

// seccompWithoutF says that --seccomp-bpf does not apply to -p processes
// and turns it off without -f, with strace's notes.
func (p *processFlags) seccompWithoutF(cfg *config) {
	if !p.seccompBPF {
		return
	}
	if len(cfg.pids) > 0 && len(cfg.command) == 0 {
		cfg.notes = append(cfg.notes, "--seccomp-bpf is not enabled for processes attached with -p")
	}
	if !cfg.follow {
		cfg.notes = append(cfg.notes, "--seccomp-bpf cannot be used without -f/--follow-forks, disabling")
		p.seccompBPF = false
	}
}

// setOptions adds the process-control choices to the backend options,
// printing strace's notes about --seccomp-bpf, and routes problems that
// do not stop tracing (a -p process that cannot be attached) to stderr.
func (p *processFlags) setOptions(opts *trace.Options, cfg *config, spec *filter.Spec, stderr io.Writer) {
	opts.Warn = func(err error) {
		var ue trace.UnknownExit
		if errors.As(err, &ue) && spec.Quiet&filter.QuietExit != 0 {
			return
		}
		var ud trace.UnknownDetached
		if errors.As(err, &ud) && spec.Quiet&filter.QuietAttach != 0 {
			return
		}
		fmt.Fprintf(stderr, "%s: %v\n", progName, err)
	}
	if !p.seccompBPF {
		return
	}
	if spec.TraceAll {
		fmt.Fprintf(stderr, "%s: Seccomp filter is requested but there are no syscalls to filter.  See -e trace to filter syscalls.\n", progName)
		return
	}
	p.seccompActive = true
}

// nothingAttached reports whether err says that no -p process could be
// attached: each failure was printed already.
func nothingAttached(err error) bool { return errors.Is(err, trace.ErrNothingAttached) }

// plainError is a message printed as strace words it, capitals and all.
type plainError string

// Error returns the message.
func (e plainError) Error() string { return string(e) }
