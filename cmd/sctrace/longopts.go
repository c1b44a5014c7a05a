package main

import (
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// qualifierOption is a long option that is another spelling of an -e
// qualifier: --trace=SET is -e trace=SET. Each occurrence is appended to
// the -e list, so that options and -e expressions apply in order.
type qualifierOption struct {
	qual  string
	exprs *[]string
}

func (q *qualifierOption) String() string { return "" }
func (q *qualifierOption) Type() string   { return "string" }

// Set appends the qualifier's expression.
func (q *qualifierOption) Set(v string) error {
	*q.exprs = append(*q.exprs, q.qual+"="+v)
	return nil
}

// verboseOption is -v: strace's -e abbrev=none, in its place among the
// -e expressions (the last abbrev= of them wins); on sets it as well.
type verboseOption struct {
	on    *bool
	exprs *[]string
}

func (v *verboseOption) String() string   { return "false" }
func (v *verboseOption) Type() string     { return "bool" }
func (v *verboseOption) IsBoolFlag() bool { return true }

// Set appends abbrev=none for a true value.
func (v *verboseOption) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*v.on = on
	if on {
		*v.exprs = append(*v.exprs, "abbrev=none")
	}
	return nil
}

// exprOption is -e: each expression is appended to the list the long
// qualifier options append to.
type exprOption struct{ exprs *[]string }

func (e *exprOption) String() string { return "" }
func (e *exprOption) Type() string   { return "string" }

// Set appends the expression.
func (e *exprOption) Set(v string) error {
	*e.exprs = append(*e.exprs, v)
	return nil
}

// noArg marks an optional-argument option given without one (pflag's
// NoOptDefVal); the option's own default applies.
const noArg = "\x00"

// addQualifierOptions declares strace's long spellings of the -e
// qualifiers. The optional ones take strace's defaults without an
// argument: --quiet is -q's "attach,personality", --decode-fds is
// -y's "path".
func addQualifierOptions(fs *pflag.FlagSet, exprs *[]string) {
	for _, o := range []struct{ name, qual, dflt, usage string }{
		{"trace", "trace", "", "trace only the system calls in `SET` (-e trace=)"},
		{"abbrev", "abbrev", "", "abbreviate the structures of the calls in `SET`"},
		{"verbose", "verbose", "", "print the structures of the calls in `SET` in full"},
		{"raw", "raw", "", "print the arguments of the calls in `SET` raw"},
		{"signals", "signal", "", "print only the signals in `SET`"},
		{"status", "status", "", "print only the calls that ended as `SET` says"},
		{"read", "read", "", "dump the data read from the descriptors in `SET`"},
		{"write", "write", "", "dump the data written to the descriptors in `SET`"},
		{"fault", "fault", "", "make calls fail: `SET[:error=ERRNO][:when=WHEN]`"},
		{"inject", "inject", "", "tamper with calls: `SET:ACTION[:when=WHEN]`"},
		{"kvm", "kvm", "", "print the exit reason of KVM vcpus (`vcpu`)"},
		{"quiet", "quiet", "attach,personality", "suppress the messages in `SET`"},
		{"silent", "quiet", "attach,personality", "same as --quiet"},
		{"silence", "quiet", "attach,personality", "same as --quiet"},
		{"decode-pids", "decode-pids", "", "print beside pids what `SET` asks: comm, pidns"},
		{"secontext", "secontext", "!full,mismatch", "print SELinux contexts"},
	} {
		fs.Var(&qualifierOption{qual: o.qual, exprs: exprs}, o.name, o.usage)
		if o.dflt != "" {
			fs.Lookup(o.name).NoOptDefVal = o.dflt
		}
	}
}

// expandAbbreviations rewrites the long options of args abbreviated as
// getopt_long allows (--sig=... for --signals=...) to their full names,
// up to the command, and reports the first error getopt_long would:
// an ambiguous abbreviation, or an unknown option. Hidden flags are
// sctrace's internal long names of short options: never matched.
func expandAbbreviations(fs *pflag.FlagSet, args []string) ([]string, error) {
	// The sorted names, listed once, when a long option first needs them.
	var listed []string
	names := func() []string {
		if listed == nil {
			fs.VisitAll(func(f *pflag.Flag) {
				if !f.Hidden {
					listed = append(listed, f.Name)
				}
			})
			sort.Strings(listed)
		}
		return listed
	}
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		out = append(out, a)
		switch {
		case a == "--":
			return append(out, args[i+1:]...), nil
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a[2:], "=")
			full, err := matchLong(fs, names, name, a[2:])
			if err != nil {
				return nil, err
			}
			if hasVal {
				out[len(out)-1] = "--" + full + "=" + val
			} else {
				out[len(out)-1] = "--" + full
				if f := fs.Lookup(full); f.NoOptDefVal == "" && i+1 < len(args) {
					i++
					out = append(out, args[i])
				}
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			// A cluster of short options: the first that takes an
			// argument ends it, and takes the next word when nothing
			// follows it.
			for k := 1; k < len(a); k++ {
				f := fs.ShorthandLookup(a[k : k+1])
				if f == nil {
					break // pflag reports it
				}
				eq := k+1 < len(a) && a[k+1] == '='
				if f.NoOptDefVal == "" {
					if eq {
						// getopt keeps the "=" of -I=never in the
						// argument, which pflag would drop.
						out[len(out)-1] = a[:k+1]
						out = append(out, a[k+1:])
					} else if k == len(a)-1 && i+1 < len(args) {
						i++
						out = append(out, args[i])
					}
					break
				}
				if eq {
					// getopt reads "=" as one more option letter.
					return nil, usageErrorf("invalid option -- '='")
				}
			}
		default:
			// The command: the rest is its own.
			return append(out, args[i+1:]...), nil
		}
	}
	return out, nil
}

// longAliases are strace's other spellings of long options, by the name
// sctrace declares.
var longAliases = map[string]string{
	"daemonised": "daemonize",
	"daemonized": "daemonize",
	// strace 6.1 has no other option beginning so: --stack-trace, an
	// abbreviation there, stays one beside --stack-trace-frame-limit.
	"stack-trace": "stack-traces",
}

// beyondStrace are the long options strace 6.1 does not have.
var beyondStrace = map[string]bool{
	"always-show-pid": true, "backend": true, "buffer-size": true, "cgroup": true, "comm": true,
	"cpu-placement": true, "debug-backend": true, "output-format": true, "stack-trace-frame-limit": true,
	"stack-trace-size": true, "summary-format": true, "summary-histogram": true, "summary-interval": true,
	"system-wide": true, "tracer-stats": true, "tree": true, "uid": true,
}

// matchLong returns the long option name abbreviates, as getopt_long
// resolves it: an exact name, else the only option it begins (names that
// spell one option, as an alias does, count once).
func matchLong(fs *pflag.FlagSet, names func() []string, name, given string) (string, error) {
	if f := fs.Lookup(name); f != nil && !f.Hidden {
		return name, nil
	}
	if full, ok := longAliases[name]; ok {
		return full, nil
	}
	var found []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			found = append(found, n)
		}
	}
	for _, n := range names() {
		if strings.HasPrefix(n, name) && name != "" {
			add(n)
		}
	}
	for alias, full := range longAliases {
		if strings.HasPrefix(alias, name) && name != "" && fs.Lookup(full) != nil {
			add(full)
		}
	}
	sort.Strings(found)
	if len(found) > 1 {
		// strace 6.1's abbreviations keep their meaning: an option only
		// sctrace has does not make one ambiguous (--u is --user, not
		// also --uid).
		var strace []string
		for _, n := range found {
			if !beyondStrace[n] {
				strace = append(strace, n)
			}
		}
		if len(strace) == 1 {
			return strace[0], nil
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return "", usageErrorf("unrecognized option '--%s'", given)
	}
	return "", usageErrorf("option '--%s' is ambiguous; possibilities: '--%s'", given, strings.Join(found, "' '--"))
}
