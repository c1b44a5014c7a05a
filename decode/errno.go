package decode

import (
	"strconv"
	"strings"
)

// errnoInfo is an errno value's name and message.
type errnoInfo struct {
	name, msg string
}

// The kernel-internal restart codes strace prints as "= ?".
const (
	errRestartSys          = 512
	errRestartNoIntr       = 513
	errRestartNoHand       = 514
	errRestartRestartBlock = 516
)

// ErrnoName returns the name strace gives errno value n ("ENOENT"), or ""
// for a value it does not name.
func ErrnoName(n int) string {
	if n > 0 && n < len(errnos) {
		return errnos[n].name
	}
	return ""
}

// ErrnoNumber returns the value of an errno name ("ENOENT") or of a
// decimal number.
func ErrnoNumber(name string) (int, bool) {
	if n, err := strconv.Atoi(name); err == nil {
		return n, n > 0 && n <= 4095
	}
	name = strings.ToUpper(name)
	for i := range errnos {
		if errnos[i].name == name {
			return i, true
		}
	}
	switch name {
	case "EWOULDBLOCK":
		return 11, true
	case "EDEADLOCK":
		return 35, true
	case "ENOTSUP":
		return 95, true
	}
	return 0, false
}

// appendErrorReturn appends "-1 ENOENT (No such file or directory)" for
// error number e, or strace's "? ERESTARTSYS (...)" for a restart code.
func appendErrorReturn(b []byte, e int) []byte {
	switch e {
	case errRestartSys:
		return append(b, "? ERESTARTSYS (To be restarted if SA_RESTART is set)"...)
	case errRestartNoIntr:
		return append(b, "? ERESTARTNOINTR (To be restarted)"...)
	case errRestartNoHand:
		return append(b, "? ERESTARTNOHAND (To be restarted if no handler)"...)
	case errRestartRestartBlock:
		return append(b, "? ERESTART_RESTARTBLOCK (Interrupted by signal)"...)
	}
	b = append(b, "-1 "...)
	if name := ErrnoName(e); name != "" {
		b = append(b, name...)
		b = append(b, " ("...)
		b = append(b, errnos[e].msg...)
		return append(b, ')')
	}
	b = append(b, "(errno "...)
	b = strconv.AppendInt(b, int64(e), 10)
	return append(b, ')')
}

// appendErrnoName appends errno e's name, or its number.
func appendErrnoName(b []byte, e int64) []byte {
	if e > 0 && e < int64(len(errnos)) && errnos[e].name != "" {
		return append(b, errnos[e].name...)
	}
	return strconv.AppendInt(b, e, 10)
}
