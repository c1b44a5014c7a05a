package conformance

import (
	"regexp"
	"slices"
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
	// wideAddr is a hex number as wide as a user-space address that ASLR
	// places (12 or 13 digits: the 47- to 52-bit address space of x86_64
	// and arm64; the executable, heap, mappings and stack all sit above
	// 2^44). Narrower addresses (a static program's heap) are masked only
	// where an address stands: see addrArg, pointerField and RetHex.
	wideAddr = regexp.MustCompile(`\b0x[0-9a-f]{12,13}\b`)
	// pointerField is a structure field that holds an address.
	pointerField = regexp.MustCompile(`\b(child_tidptr|child_tid|parent_tid|child_stack|stack|tls|iov_base|sa_handler|sa_restorer|ss_sp|si_addr|si_call_addr|sival_ptr|msg_name|msg_control)=0x[0-9a-f]+\b`)
	// hexValue is an argument or result printed as an address.
	hexValue = regexp.MustCompile(`^0x[0-9a-f]+\b`)
	// Inode numbers and times inside structures.
	inodeField = regexp.MustCompile(`\b((?:st|d)_ino)=\d+`)
	// fdInode matches the inode numbers -y and -yy show: pipe:[N],
	// socket:[N], TCP:[N], UNIX-STREAM:[N->M,"path"].
	fdInode = regexp.MustCompile(`\b(pipe|socket|[A-Z][A-Z-]*(?:v6)?):\[\d+(?:->\d+)?([\],])`)
	// ephemeralPort matches a port the kernel picked (32768 and up) in
	// -yy's socket endpoints: TCP:[127.0.0.1:41234->127.0.0.1:80].
	ephemeralPort = regexp.MustCompile(`:(3[2-9]\d{3}|[4-6]\d{4})(->|\]>)`)
	timeField     = regexp.MustCompile(`\b(st_[amc]time(?:_nsec)?|si_[us]time)=\d+(?: /\* [^*]* \*/)?`)
	// statx's file times, and getrusage's CPU times.
	statxTime  = regexp.MustCompile(`\b(stx_[abcm]time)=\{tv_sec=-?\d+, tv_nsec=\d+\}(?: /\* [^*]* \*/)?`)
	rusageTime = regexp.MustCompile(`\b(ru_[us]time)=\{tv_sec=\d+, tv_usec=\d+\}`)
	// FUTEX_WAIT_BITSET's timeout is a point in time (CLOCK_MONOTONIC,
	// or CLOCK_REALTIME), unlike FUTEX_WAIT's interval.
	futexDeadline = regexp.MustCompile(`^(futex\([^,]+, FUTEX_WAIT_BITSET[A-Z_|]*, -?\d+, )\{tv_sec=\d+, tv_nsec=\d+\}`)
	// getrandom's buffer holds random bytes.
	randomBuf = regexp.MustCompile(`^getrandom\("(?:[^"\\]|\\.)*"(?:\.\.\.)?, `)
	// The counters of a running system that sysinfo and statfs report:
	// time since boot, load averages, free memory and swap, the number
	// of processes; free blocks and inodes of a file system. Their totals
	// (totalram, f_blocks, f_files...) stay.
	sysinfoField = regexp.MustCompile(`\b(uptime|freeram|sharedram|bufferram|freeswap|procs)=\d+|\bloads=\[\d+, \d+, \d+\]`)
	statfsField  = regexp.MustCompile(`\b(f_bfree|f_bavail|f_ffree)=\d+`)
	sysinfoCall  = regexp.MustCompile(`^sysinfo\(`)
	statfsCall   = regexp.MustCompile(`^f?statfs(?:64)?\(`)
	// Calls whose return value is a pid or tid (syscalls.ReturnsPID);
	// clone3's parent_tid, siginfo's si_pid, the personality line's pid
	// and the thread an execve superseded the leader with (whose clone a
	// filter may hide), to learn pids from.
	pidReturn = regexp.MustCompile(`^(?:<\.\.\. )?(?:` + callsWith(syscalls.ReturnsPID) + `)\b.*\) += (\d+)$`)
	parentTID = regexp.MustCompile(`(?:parent_tid=\[|si_pid=|\[ Process PID=|superseded by execve in pid )(\d+)`)
	// pidField is a structure field that holds a pid or tid (si_pid,
	// nl_pid, capget's pid, clone's parent_tid=[N]).
	pidField = regexp.MustCompile(`\b([a-z_]*(?:pid|tid)=\[?)(\d+)\b`)
	// pidText is a pid in the text strace writes around calls: -yy's
	// "<pid:N>", "+++ superseded by execve in pid N +++", "<pid changed
	// to N ...>" and "[ Process PID=N runs in 32 bit mode. ]".
	pidText = regexp.MustCompile(`(<pid:|in pid |<pid changed to |\[ Process PID=)(\d+)\b`)
	// netlinkPort is -yy's "NETLINK:[ROUTE:N]": the port id the kernel
	// chose when it autobound the socket, the process's pid when no
	// socket of the protocol holds that number (one of a process gone,
	// whose pid was reused, may), else another.
	netlinkPort = regexp.MustCompile(`(NETLINK:\[[A-Z_]+:)\d+\]`)
	// callHead is the name of the call a line prints.
	callHead = regexp.MustCompile(`^([a-z_][a-z0-9_]*)\(`)
	// The end of a call's arguments, its padding and its return value.
	retPad = regexp.MustCompile(`^(.*\)) +(= .*)$`)
	// <unfinished ...> / <... NAME resumed> halves of one call.
	unfinished = regexp.MustCompile(`^(.*?) ?<unfinished \.\.\.>$`)
	resumed    = regexp.MustCompile(`^<\.\.\. [a-z0-9_]+ resumed>(.*)$`)
)

// pidArgs lists, for each call that takes a pid (syscalls.TakesPID), the
// arguments that are pids or process group ids; the others are sizes,
// descriptors or flags even when their value equals a pid. Calls whose
// pid travels in a structure (capget's pid, a siginfo's si_pid) have no
// entry here: pidField finds those.
var pidArgs = map[string][]int{
	"pidfd_open": {0}, "getpgid": {0}, "getsid": {0}, "wait4": {0}, "waitid": {1},
	"kill": {0}, "tkill": {0}, "tgkill": {0, 1}, "setpgid": {0, 1}, "prlimit64": {0},
	"process_vm_readv": {0}, "process_vm_writev": {0}, "ptrace": {1},
	"rt_sigqueueinfo": {0}, "rt_tgsigqueueinfo": {0, 1}, "ioprio_get": {1}, "ioprio_set": {1},
	"kcmp": {0, 1}, "get_robust_list": {0}, "move_pages": {0}, "migrate_pages": {0},
	"perf_event_open": {1}, "sched_setparam": {0}, "sched_getparam": {0},
	"sched_setscheduler": {0}, "sched_getscheduler": {0}, "sched_rr_get_interval": {0},
	"sched_setaffinity": {0}, "sched_getaffinity": {0}, "sched_setattr": {0}, "sched_getattr": {0},
	"pidfd_send_signal": nil, "pidfd_getfd": nil, "process_madvise": nil, "capget": nil, "capset": nil,
}

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
// addresses where an address stands (pointer arguments, RetHex results,
// pointer fields) or at the width of one ASLR places, pids where a pid
// stands (numbered PID1, PID2, ... in creation order: see pidNames),
// inode numbers, ports the kernel picked, getrandom's bytes, times, and
// the counters of a running system that sysinfo and statfs report. It also
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

// normalizeText applies the value substitutions to one line (without its pid
// prefix) and re-aligns its return value.
func normalizeText(text string, names map[string]string) string {
	ts := ""
	if strings.HasPrefix(text, "TS ") {
		ts, text = "TS ", text[3:]
	}
	text = normalizeCall(text, names)
	text = wideAddr.ReplaceAllString(text, "0xADDR")
	text = pointerField.ReplaceAllString(text, "${1}=0xADDR")
	text = inodeField.ReplaceAllString(text, "${1}=INO")
	text = fdInode.ReplaceAllString(text, "${1}:[INO${2}")
	text = ephemeralPort.ReplaceAllString(text, ":PORT${2}")
	text = timeField.ReplaceAllString(text, "${1}=TIME")
	text = statxTime.ReplaceAllString(text, "${1}=TIME")
	text = rusageTime.ReplaceAllString(text, "${1}=TIME")
	text = futexDeadline.ReplaceAllString(text, "${1}{tv_sec=TIME, tv_nsec=TIME}")
	text = randomBuf.ReplaceAllString(text, `getrandom("RANDOM", `)
	switch {
	case sysinfoCall.MatchString(text):
		text = sysinfoField.ReplaceAllStringFunc(text, maskValue)
	case statfsCall.MatchString(text):
		text = statfsField.ReplaceAllStringFunc(text, maskValue)
	}
	text = replacePids(text, pidField, names)
	text = replacePids(text, pidText, names)
	text = netlinkPort.ReplaceAllString(text, "${1}PORT]")
	if m := retPad.FindStringSubmatch(text); m != nil {
		head := ts + m[1] + " "
		if pad := alignColumn - len(head); pad > 0 {
			head += strings.Repeat(" ", pad)
		}
		return head + m[2]
	}
	return ts + text
}

// maskValue turns "name=VALUE" into "name=N".
func maskValue(field string) string {
	return field[:strings.IndexByte(field, '=')+1] + "N"
}

// replacePids replaces the number in re's second group by its pid name,
// when it is a pid of the trace.
func replacePids(text string, re *regexp.Regexp, names map[string]string) string {
	return re.ReplaceAllStringFunc(text, func(s string) string {
		m := re.FindStringSubmatch(s)
		if n, ok := names[m[2]]; ok {
			return m[1] + n
		}
		return s
	})
}

// normalizeCall masks what a call's own arguments and result say by their
// position: an address where the signature has one (a pointer or a
// buffer, structure or array the call reads or fills, printed as its
// address when it is NULL, unreadable or not decoded) and where the
// result is one (mmap, brk: RetHex); a pid where the call takes or
// returns one (pidArgs, syscalls.ReturnsPID, and rt_sigreturn, whose
// result is the interrupted code's register).
func normalizeCall(text string, names map[string]string) string {
	m := callHead.FindStringSubmatch(text)
	if m == nil {
		return text
	}
	var sig *syscalls.Signature
	if nr, ok := syscalls.Native().Lookup(m[1]); ok {
		sig = syscalls.Native().Get(nr).Sig
	}
	pids := pidArgs[m[1]]
	open := len(m[0])
	args, end := splitArgs(text, open)
	if end < 0 {
		return text
	}
	var b strings.Builder
	b.WriteString(text[:open])
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		arg := text[a[0]:a[1]]
		switch {
		case sig != nil && i < len(sig.Args) && holdsAddress(sig.Args[i]):
			arg = hexValue.ReplaceAllString(arg, "0xADDR")
		case slices.Contains(pids, i):
			if n, ok := names[strings.TrimPrefix(arg, "-")]; ok {
				arg = arg[:len(arg)-len(strings.TrimPrefix(arg, "-"))] + n
			}
		}
		b.WriteString(arg)
	}
	rest := text[end:]
	if r := retValue.FindStringSubmatchIndex(rest); r != nil {
		val := rest[r[2]:r[3]]
		switch {
		case sig != nil && sig.Ret == syscalls.RetHex && hexValue.MatchString(val):
			val = hexValue.ReplaceAllString(val, "0xADDR")
		case returnsPID(m[1]) || m[1] == "rt_sigreturn" || m[1] == "sigreturn":
			// rt_sigreturn returns the interrupted code's rax: the
			// result of the call a signal came after, a pid after a
			// fork or a wait4.
			if n, ok := names[val]; ok {
				val = n
			}
		}
		rest = rest[:r[2]] + val + rest[r[3]:]
	}
	b.WriteString(rest)
	return b.String()
}

// retValue is the value after a call's closing parenthesis: ") = VALUE".
var retValue = regexp.MustCompile(`^\) += (\S+)`)

// returnsPID reports whether the call named name returns a pid or tid.
func returnsPID(name string) bool {
	n, ok := syscalls.Native().Lookup(name)
	return ok && syscalls.Native().Get(n).Has(syscalls.ReturnsPID)
}

// holdsAddress reports whether an argument is a pointer: of a type the
// printer shows from memory at that address (or as the address), or a
// custom argument whose capture reads memory there.
func holdsAddress(a syscalls.Arg) bool {
	switch a.Type {
	case syscalls.Ptr, syscalls.Path, syscalls.String, syscalls.InBuf, syscalls.OutBuf,
		syscalls.InIovec, syscalls.OutIovec, syscalls.MsghdrIn, syscalls.MsghdrOut, syscalls.MmsgvecIn, syscalls.MmsgvecOut, syscalls.SigsetPair,
		syscalls.StructIn, syscalls.StructOut, syscalls.StructInOut,
		syscalls.ArrayIn, syscalls.ArrayInOut, syscalls.StrArray, syscalls.EnvArray:
		return true
	case syscalls.Custom:
		return a.Layout != syscalls.LayoutNone
	}
	return false
}

// splitArgs returns the spans of the arguments of the call whose argument
// list starts at text[open] (after its '('), split at the commas outside
// strings, comments and brackets (including -y's <...> after a number),
// and the index of the closing parenthesis, or -1 if the line ends first.
func splitArgs(text string, open int) ([][2]int, int) {
	var spans [][2]int
	var stack []byte
	start := open
	for i := open; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '"':
			for i++; i < len(text) && text[i] != '"'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case c == '/' && strings.HasPrefix(text[i:], "/*"):
			j := strings.Index(text[i+2:], "*/")
			if j < 0 {
				return nil, -1
			}
			i += j + 3
		case c == '(':
			stack = append(stack, ')')
		case c == '[':
			stack = append(stack, ']')
		case c == '{':
			stack = append(stack, '}')
		case c == '<' && i > 0 && (isDigit(text[i-1]) || text[i-1] == 'D' || len(stack) > 0 && stack[len(stack)-1] == '>'):
			stack = append(stack, '>')
		case len(stack) > 0 && c == stack[len(stack)-1]:
			stack = stack[:len(stack)-1]
		case len(stack) == 0 && c == ')':
			if i > start || len(spans) > 0 {
				spans = append(spans, [2]int{start, i})
			}
			return spans, i
		case len(stack) == 0 && c == ',' && strings.HasPrefix(text[i:], ", "):
			spans = append(spans, [2]int{start, i})
			start = i + 2
			i++
		}
	}
	return nil, -1
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
