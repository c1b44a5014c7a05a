package conformance

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/sctrace/sctrace/syscalls"
)

// Line is one normalized trace line and the task that printed it.
type Line struct {
	// Task is the normalized pid prefix ("PID1", "PID2", ...), or "" when
	// the trace has no pid prefixes (one task, no -f).
	Task string
	// Text is the line without its pid prefix, normalized.
	Text string
}

// alignColumn is the column at which strace aligns " = RETVAL" (counting the
// pid prefix, which normalization strips and replaces).
const alignColumn = 40

var (
	// pidPrefix matches the "PID  " prefix strace writes in -o files when it
	// follows more than one task. Timestamps never match: they contain a
	// '.' or ':' right after the first digits.
	pidPrefix = regexp.MustCompile(`^(\d+) +(.*)$`)
	// Leading timestamps: -ttt, -tt, -t, -r.
	tsPrefix = regexp.MustCompile(`^(?:\d+\.\d{6}|\d\d:\d\d:\d\d\.\d{6}|\d\d:\d\d:\d\d| *\d+\.\d{6}) `)
	// -T's time spent in the call, at the end of a line.
	durSuffix = regexp.MustCompile(` <\d+\.\d{6}>$`)
	// Hex numbers of six digits or more are taken for addresses that ASLR
	// moves (a static program's randomized heap can start as low as
	// 0x800000); smaller ones are flags, sizes and offsets.
	hexAddr = regexp.MustCompile(`\b0x[0-9a-f]{6,}\b`)
	// Inode numbers and times inside structures.
	inodeField = regexp.MustCompile(`\b((?:st|d)_ino)=\d+`)
	// fdInode matches the inode numbers -y and -yy show: pipe:[N],
	// socket:[N], TCP:[N], UNIX-STREAM:[N->M,"path"].
	fdInode = regexp.MustCompile(`\b(pipe|socket|[A-Z][A-Z-]*(?:v6)?):\[\d+(?:->\d+)?([\],])`)
	// ephemeralPort matches a port the kernel picked (32768 and up) in
	// -yy's socket endpoints: TCP:[127.0.0.1:41234->127.0.0.1:80].
	ephemeralPort = regexp.MustCompile(`:(3[2-9]\d{3}|[4-6]\d{4})(->|\]>)`)
	timeField     = regexp.MustCompile(`\b(st_[amc]time(?:_nsec)?|si_[us]time)=\d+(?: /\* [^*]* \*/)?`)
	// getrandom's buffer holds random bytes.
	randomBuf = regexp.MustCompile(`^getrandom\("(?:[^"\\]|\\.)*"(?:\.\.\.)?, `)
	// Calls whose return value is a pid or tid (syscalls.ReturnsPID);
	// clone3's parent_tid and siginfo's si_pid.
	pidReturn = regexp.MustCompile(`^(?:<\.\.\. )?(?:` + callsWith(syscalls.ReturnsPID) + `)\b.*\) += (\d+)$`)
	parentTID = regexp.MustCompile(`(?:parent_tid=\[|si_pid=)(\d+)`)
	// pidCall matches the calls whose plain arguments or return value may
	// be pids (syscalls.TakesPID, syscalls.ReturnsPID). Elsewhere a number
	// that happens to equal a pid is a size, a count or an offset (mmap's
	// length of 24576, say), and stays.
	pidCall = regexp.MustCompile(`^(?:<\.\.\. )?(?:` + callsWith(syscalls.TakesPID|syscalls.ReturnsPID) + `)\b`)
	// A decimal number, with the name of the structure field it is the
	// value of, if any: only fields named *pid or *tid hold pids.
	number = regexp.MustCompile(`\b(?:([a-z_]+)=)?(\d+)\b`)
	// The end of a call's arguments, its padding and its return value.
	retPad = regexp.MustCompile(`^(.*\)) +(= .*)$`)
	// <unfinished ...> / <... NAME resumed> halves of one call.
	unfinished = regexp.MustCompile(`^(.*?) ?<unfinished \.\.\.>$`)
	resumed    = regexp.MustCompile(`^<\.\.\. [a-z0-9_]+ resumed>(.*)$`)
)

// callsWith returns a regular expression alternation of the names of the
// native table's calls with any of effects.
func callsWith(effects syscalls.Effect) string {
	var names []string
	for _, sc := range syscalls.Native().All() {
		if sc.Effects&effects != 0 {
			names = append(names, regexp.QuoteMeta(sc.Name))
		}
	}
	return strings.Join(names, "|")
}

// Normalize turns the text of a trace file into normalized lines. It
// replaces only what differs between two runs of the same program:
// addresses, pids (numbered PID1, PID2, ... in creation order: see
// pidNames), inode numbers, getrandom's bytes and times. It also
// joins each "<unfinished ...>" line with its "<... resumed>" line, since
// where a call is split depends on scheduling, and re-aligns " = RETVAL" by
// strace's rule because the substitutions change line lengths.
func Normalize(text string) []Line {
	raw := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(raw) == 1 && raw[0] == "" {
		return nil
	}
	type entry struct{ pid, text string }
	entries := make([]entry, 0, len(raw))
	pids := map[string]int{} // pid -> order of first appearance
	see := func(p string) {
		if _, ok := pids[p]; !ok {
			pids[p] = len(pids)
		}
	}
	for _, l := range raw {
		e := entry{text: l}
		if m := pidPrefix.FindStringSubmatch(l); m != nil {
			e.pid, e.text = m[1], m[2]
			see(m[1])
		}
		e.text = tsPrefix.ReplaceAllString(e.text, "TS ")
		e.text = durSuffix.ReplaceAllString(e.text, " <T>")
		body := strings.TrimPrefix(e.text, "TS ")
		if m := pidReturn.FindStringSubmatch(strings.TrimSuffix(body, " <T>")); m != nil {
			see(m[1])
		}
		for _, m := range parentTID.FindAllStringSubmatch(body, -1) {
			see(m[1])
		}
		entries = append(entries, e)
	}
	names := pidNames(pids)

	// Join split calls, task by task, keeping the position of the first half.
	out := make([]Line, 0, len(entries))
	pending := map[string]int{} // task -> index in out of its unfinished line
	for _, e := range entries {
		text := e.text
		if m := resumed.FindStringSubmatch(strings.TrimPrefix(text, "TS ")); m != nil {
			if i, ok := pending[e.pid]; ok {
				delete(pending, e.pid)
				out[i].Text = unfinished.FindStringSubmatch(out[i].Text)[1] + m[1]
				continue
			}
		}
		if unfinished.MatchString(text) {
			pending[e.pid] = len(out)
		}
		out = append(out, Line{Task: e.pid, Text: text})
	}

	for i := range out {
		if out[i].Task != "" {
			out[i].Task = names[out[i].Task]
		}
		out[i].Text = normalizeText(out[i].Text, names)
	}
	return out
}

// pidNames maps each pid to PID1, PID2, ... in creation order. pids maps
// each pid to the order in which the trace first shows it; the first one
// shown is the traced command, created before the others. Pids grow in
// creation order but wrap at pid_max (32768 on many systems), so they are
// sorted by their distance from that first pid modulo 2^32, which keeps
// creation order across one wrap.
func pidNames(pids map[string]int) map[string]string {
	list := make([]int, 0, len(pids))
	ref, refOrder := 0, -1
	for p, order := range pids {
		n, err := strconv.Atoi(p)
		if err == nil && n > 1 {
			list = append(list, n)
			if refOrder < 0 || order < refOrder {
				ref, refOrder = n, order
			}
		}
	}
	sort.Slice(list, func(i, j int) bool { return uint32(list[i]-ref) < uint32(list[j]-ref) })
	names := make(map[string]string, len(list))
	for i, n := range list {
		names[strconv.Itoa(n)] = "PID" + strconv.Itoa(i+1)
	}
	return names
}

// replaceNumbers replaces each match of number in text by repl's result,
// except a number that is part of a product ("8192*1024", a size strace
// prints factored): that is never a pid.
func replaceNumbers(text string, repl func(string) string) string {
	var b strings.Builder
	last := 0
	for _, m := range number.FindAllStringIndex(text, -1) {
		if (m[0] > 0 && text[m[0]-1] == '*') || (m[1] < len(text) && text[m[1]] == '*') {
			continue
		}
		b.WriteString(text[last:m[0]])
		b.WriteString(repl(text[m[0]:m[1]]))
		last = m[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// normalizeText applies the value substitutions to one line (without its pid
// prefix) and re-aligns its return value.
func normalizeText(text string, names map[string]string) string {
	ts := ""
	if strings.HasPrefix(text, "TS ") {
		ts, text = "TS ", text[3:]
	}
	text = hexAddr.ReplaceAllString(text, "0xADDR")
	text = inodeField.ReplaceAllString(text, "${1}=INO")
	text = fdInode.ReplaceAllString(text, "${1}:[INO${2}")
	text = ephemeralPort.ReplaceAllString(text, ":PORT${2}")
	text = timeField.ReplaceAllString(text, "${1}=TIME")
	text = randomBuf.ReplaceAllString(text, `getrandom("RANDOM", `)
	// Plain numbers are pids only in calls that take or return pids, or
	// where the line speaks of one (-yy's "<pid:N>", "+++ superseded by
	// execve in pid N +++", "<pid changed to N ...>", and -yy's
	// "NETLINK:[ROUTE:N]": an autobound netlink socket's port id is its
	// process's pid).
	plainPids := pidCall.MatchString(text) || strings.Contains(text, "pid") || strings.Contains(text, "NETLINK:[")
	text = replaceNumbers(text, func(s string) string {
		field, num := "", s
		if i := strings.IndexByte(s, '='); i >= 0 {
			field, num = s[:i+1], s[i+1:]
			if !strings.HasSuffix(field, "pid=") && !strings.HasSuffix(field, "tid=") {
				return s
			}
		} else if !plainPids {
			return s
		}
		if n, ok := names[num]; ok {
			return field + n
		}
		return s
	})
	if m := retPad.FindStringSubmatch(text); m != nil {
		head := ts + m[1] + " "
		if pad := alignColumn - len(head); pad > 0 {
			head += strings.Repeat(" ", pad)
		}
		return head + m[2]
	}
	return ts + text
}
