package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
)

// tipFormat is how --tips shows a tip: not at all, the tip alone, or the
// tip with how to choose another.
type tipFormat int

const (
	tipsNone tipFormat = iota
	tipsCompact
	tipsFull
)

// tipRandom is the ID of a tip picked at random at exit.
const tipRandom = -1

// tips are sctrace's tips; --tips=id:N shows tips[N % len(tips)].
var tips = []string{
	"-e trace=%file shows only the calls that take a file name; %net, %process, %signal, %ipc, %memory and %desc select the other classes.",
	"-y names the file behind every descriptor; -yy adds socket endpoints, device numbers and the process behind a pidfd.",
	"-c counts calls, errors and time per call instead of printing them; -C prints the calls too, and -w counts wall-clock time.",
	"-f follows every process and thread the command starts; with -ff and -o FILE each process gets its own FILE.PID.",
	"-P PATH keeps only the calls that touch PATH, including those made through a descriptor of it.",
	"-e inject=CALL:error=ENOSPC:when=3 makes the third CALL fail with ENOSPC, to see how a program copes with it.",
	"-T shows the time spent in each call and -r the time since the previous one; -tt and -ttt stamp each line with the time of day.",
	"-s 200 prints up to 200 bytes of each string; -v prints structures, arrays and environments in full.",
	"-e read=3 and -e write=3 dump in hex and ASCII all the data read from or written to descriptor 3.",
	"-p PID attaches to a running process and detaches from it on ^C, leaving it running.",
	"-z prints only the calls that succeeded, -Z only those that failed: -Z is a quick way to find the ENOENT among thousands of lines.",
	"--backend=ebpf traces in the kernel, without stopping the program at each call: the same text for much less overhead.",
}

// tipChoice is what --tips asked for.
type tipChoice struct {
	id     int // tipRandom, or a tip number
	format tipFormat
}

// parseTips applies the --tips arguments in order, as strace does: each
// sets the ID, the format or both; a --tips without a format shows tips
// compact. The arguments were validated (validTips).
func parseTips(values []optionValue) tipChoice {
	c := tipChoice{id: tipRandom}
	for _, v := range values {
		if c.format == tipsNone {
			c.format = tipsCompact
		}
		if v.value == noArg {
			continue
		}
		for _, tok := range strings.Split(v.value, ",") {
			tok, id, format := tipToken(tok)
			switch word := strings.ToLower(tok); {
			case tok == "":
			case id && word == "random":
				c.id = tipRandom
			case id && isUint31(tok):
				c.id, _ = strconv.Atoi(tok)
			case format && word == "none":
				c.format = tipsNone
			case format && word == "compact":
				c.format = tipsCompact
			case format && word == "full":
				c.format = tipsFull
			}
		}
	}
	return c
}

// tipWidth is the width of a tip's text in its frame.
const tipWidth = 66

// print writes the chosen tip, framed, to w; nothing under format none.
func (c tipChoice) print(w io.Writer) {
	if c.format == tipsNone {
		return
	}
	id := c.id
	if id == tipRandom {
		id = rand.IntN(len(tips))
	}
	id %= len(tips)
	var b strings.Builder
	rule := strings.Repeat("-", tipWidth+2)
	fmt.Fprintf(&b, "+%s+\n", rule)
	line := func(s string) { fmt.Fprintf(&b, "| %-*s |\n", tipWidth, s) }
	line(fmt.Sprintf("sctrace tip #%d", id))
	line("")
	for _, l := range wrap(tips[id], tipWidth) {
		line(l)
	}
	if c.format == tipsFull {
		line("")
		line(fmt.Sprintf("--tips=id:%d shows this tip again, --tips=id:N tip N,", id))
		line("--tips=format:none none.")
	}
	fmt.Fprintf(&b, "+%s+\n", rule)
	_, _ = io.WriteString(w, b.String())
}

// wrap breaks text into lines of at most width bytes at spaces.
func wrap(text string, width int) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(text) {
		switch {
		case cur == "":
			cur = word
		case len(cur)+1+len(word) <= width:
			cur += " " + word
		default:
			lines = append(lines, cur)
			cur = word
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
