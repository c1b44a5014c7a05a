package filter

import (
	"errors"
	"testing"
)

// TestCompileEREErrors: a pattern glibc's regcomp refuses with
// REG_EXTENDED gets its message, as strace 6.1 prints them after
// "regcomp: PATTERN: "; one it takes compiles.
func TestCompileEREErrors(t *testing.T) {
	for pat, want := range map[string]error{
		"+id": regBadRpt, "*id": regBadRpt, "?id": regBadRpt, "{id": regBadRpt, "{1}": regBadRpt, "{": regBadRpt,
		"(*a)": regBadRpt, "a|*b": regBadRpt, "^*a": regBadRpt, "a$+": regBadRpt,
		"(id": regEParen, "((a)": regEParen,
		"[id": regEBrack, "[]": regEBrack, "[a": regEBrack, "[[:alpha:]": regEBrack, "[[.": regEBrack, "[a-": regEBrack,
		"a{": regEBrace, "a{1": regEBrace, "a{1\\": regEBrace,
		"a{x}": regBadBR, "a{}": regBadBR, "a{2}{1x}": regBadBR,
		"[z-a]": regERange, "[a-z-0]": regERange, "[[:alpha:]-z]": regERange,
		"[[:foo:]]": regECType, "[[::]]": regECType,
		"a\\": regEEscape,
		"\\1": regESubReg, "(a)\\2": regESubReg, "(a\\1)": regESubReg,
		"[[.foo.]]": regECollate, "[[=ab=]]": regECollate,
		"a{99999}": regESize, "a{32768}": regESize,
		"": nil, "a)": nil, ")": nil, "}": nil, "a|": nil, "|a": nil, "()": nil, "()*": nil, "(|a)": nil,
		"a**": nil, "a+*": nil, "a{1}{2}": nil, "a{1}*": nil, "x{2}": nil, "a{2,}": nil, "$a": nil, "a^": nil,
		"\\(": nil, "\\{": nil, "\\w+": nil, "\\<read\\>": nil, "[]a]": nil, "[a-]": nil, "[-a]": nil, "[%--]": nil,
		"[[.a.]]": nil, "[[=a=]]": nil, "[[:digit:]]": nil, "[^a-z_0-9]": nil, "a{32767}": nil,
	} {
		_, err := compileERE(pat)
		var rerr regcompError
		switch {
		case want == nil && errors.As(err, &rerr):
			t.Errorf("compileERE(%q): %v, want no regcomp error", pat, err)
		case want != nil && err != want:
			t.Errorf("compileERE(%q): %v, want %v", pat, err, want)
		}
	}
}

// TestCompileEREMatches: what a pattern matches, as POSIX says.
func TestCompileEREMatches(t *testing.T) {
	for _, c := range []struct {
		pat, name string
		match     bool
	}{
		{"^read$", "read", true},
		{"^read$", "readv", false},
		{"chd.r", "chdir", true},
		{"a)", "a)", true},
		{"}", "}", true},
		{"[]a]", "]", true},
		{"[]a]", "b", false},
		{"[^]a]", "b", true},
		{"[a-]", "-", true},
		{"[%--]", ",", true},
		{"[[:digit:]]", "a1", true},
		{"[[.a.]]", "a", true},
		{"[[=a=]]", "b", false},
		{"x{2}", "xx", true},
		{"x{2}", "x", false},
		{"^x{1,2}$", "xxx", false},
		{"^x{2,}$", "xxx", true},
		{"^a**$", "aaa", true},
		{"^(ab){2}$", "abab", true},
		{"^()*$", "", true},
		{"\\.", ".", true},
		{"\\.", "a", false},
		{"\\d", "d", true},
		{"\\d", "1", false},
		{"\\<read", "pread", false},
		{"\\<read", "read64", true},
		{"", "anything", true},
		{"^ge|ll$", "getpid", true},
		{"^ge|ll$", "poll", true},
		{"^a{1,32767}$", "aaa", true},
		{"^a{2000}$", "aaa", false},
		{"^(a|){32767}$", "aa", true},
	} {
		re, err := compileERE(c.pat)
		if err != nil {
			t.Errorf("compileERE(%q): %v", c.pat, err)
			continue
		}
		if got := re.MatchString(c.name); got != c.match {
			t.Errorf("compileERE(%q) matches %q: %v, want %v", c.pat, c.name, got, c.match)
		}
	}
}

// FuzzCompileERE: any pattern compiles or gets an error; none panics.
func FuzzCompileERE(f *testing.F) {
	for _, seed := range []string{"^read$", "a{1,2}", "[[:alpha:]-z]", "(a)\\1", "[[.a.]-b]", "a{", "\\"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, pat string) {
		_, _ = compileERE(pat)
	})
}
