package decode

// SplitArgs splits the argument text of a call, as AppendEnter and
// AppendExit print it between the parentheses, into one span per argument:
// the [start, end) offsets of each. It splits at ", " outside quoted
// strings, brackets, braces, parentheses, comments and -y's "<...>"
// annotations. It works on the finished text, so the text path pays
// nothing for it.
func SplitArgs(text []byte, spans [][2]int) [][2]int {
	var stack []byte // expected closers
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '"':
			for i++; i < len(text) && text[i] != '"'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			for i += 2; i+1 < len(text) && !(text[i] == '*' && text[i+1] == '/'); i++ {
			}
			i++
		case c == '(':
			stack = append(stack, ')')
		case c == '[':
			stack = append(stack, ']')
		case c == '{':
			stack = append(stack, '}')
		case c == '<' && (len(stack) > 0 && stack[len(stack)-1] == '>' || i > 0 && (isDigit(text[i-1]) || text[i-1] == 'D')):
			// A descriptor's annotation: 3</path>, AT_FDCWD</dir>,
			// 1</dev/null<char 1:3>>.
			stack = append(stack, '>')
		case c == ')' || c == ']' || c == '}' || c == '>':
			if n := len(stack); n > 0 && stack[n-1] == c {
				stack = stack[:n-1]
			}
		case c == ',' && len(stack) == 0 && i+1 < len(text) && text[i+1] == ' ':
			spans = append(spans, [2]int{start, i})
			start = i + 2
			i++
		}
	}
	if start < len(text) || len(spans) > 0 {
		spans = append(spans, [2]int{start, len(text)})
	}
	return spans
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
