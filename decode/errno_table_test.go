package decode

import (
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestErrnoTableMatchesXSys cross-checks the table's names and messages with
// golang.org/x/sys's (whose messages are glibc's, lower-cased).
func TestErrnoTableMatchesXSys(t *testing.T) {
	checked := 0
	for n, e := range errnos {
		if e.name == "" || n >= 134 {
			continue
		}
		if x := unix.ErrnoName(unix.Errno(n)); x != "" && x != e.name && !aliases[e.name+"/"+x] {
			t.Errorf("errno %d: name %s, x/sys says %s", n, e.name, x)
		}
		if x := unix.Errno(n).Error(); !strings.EqualFold(x, e.msg) && !strings.HasPrefix(x, "errno ") {
			t.Errorf("errno %d: message %q, x/sys says %q", n, e.msg, x)
		}
		checked++
	}
	if checked < 120 {
		t.Fatalf("only %d errnos checked", checked)
	}
}

// aliases are numbers with two names, where strace prints the other one.
var aliases = map[string]bool{"EWOULDBLOCK/EAGAIN": true, "EDEADLOCK/EDEADLK": true, "EAGAIN/EWOULDBLOCK": true, "EDEADLK/EDEADLOCK": true, "ENOTSUP/EOPNOTSUPP": true, "EOPNOTSUPP/ENOTSUP": true,
	"EUCLEAN/EFSCORRUPTED": true}
