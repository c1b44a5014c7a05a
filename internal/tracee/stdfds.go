package tracee

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/startfds"
)

// A command sctrace launches must start with the standard descriptors
// that were closed when sctrace started closed too, as after a plain fork
// and execve (and as under strace). The Go runtime opened /dev/null in
// their place in sctrace, and so in the exec stub; package startfds knows
// which they were, and the stub closes them before its execve.

// closeStubEnv passes the descriptors to close to the exec stub, as
// "0,2".
const closeStubEnv = "SCTRACE_STUB_CLOSE"

// closedFDsValue returns the value of closeStubEnv for this process, or
// "" when it started with 0, 1 and 2 open (or cannot tell).
func closedFDsValue() string {
	var s []string
	for _, fd := range startfds.Closed() {
		s = append(s, strconv.Itoa(fd))
	}
	return strings.Join(s, ",")
}

// closeFDs closes the descriptors that value (closeStubEnv's) lists.
func closeFDs(value string) error {
	if value == "" {
		return nil
	}
	for _, f := range strings.Split(value, ",") {
		fd, err := strconv.Atoi(f)
		if err != nil || fd < 0 || fd > 2 {
			return fmt.Errorf("exec stub: bad %s value %q", closeStubEnv, value)
		}
		if err := unix.Close(fd); err != nil && err != unix.EBADF {
			return fmt.Errorf("exec stub: close descriptor %d: %w", fd, err)
		}
	}
	return nil
}
