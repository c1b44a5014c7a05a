package decode

import "testing"

// FuzzSplitArgs: any text splits into ordered, in-range spans.
func FuzzSplitArgs(f *testing.F) {
	for _, s := range []string{`3</a, b>, "x, \"y", 5`, `{a=[1, 2]}, /* c, d */ 0`, `"\`, `<<<>>>, ,`, `1</dev/null<char 1:3>>, 2`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		prev := 0
		for _, s := range SplitArgs(text, nil) {
			if s[0] < prev || s[1] < s[0] || s[1] > len(text) {
				t.Fatalf("bad span %v after %d in %q", s, prev, text)
			}
			prev = s[1]
		}
	})
}
