//go:build cgo

package startfds

/*
#include <errno.h>
#include <fcntl.h>

// sctrace_closed_at_start has bit fd set for each of the descriptors 0, 1
// and 2 that was closed when the process started.
static int sctrace_closed_at_start;

// sctrace_record_closed runs as a constructor: before the C library calls
// the Go runtime, so before the runtime opens /dev/null in their place.
__attribute__((constructor)) static void sctrace_record_closed(void)
{
	int saved = errno;
	for (int fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF)
			sctrace_closed_at_start |= 1 << fd;
	errno = saved;
}

static int sctrace_closed(void)
{
	return sctrace_closed_at_start;
}
*/
import "C"

import "sync"

// closedAtStart returns the constructor's record: bit fd for each closed
// standard descriptor.
var closedAtStart = sync.OnceValues(func() (uint8, bool) {
	return uint8(C.sctrace_closed()), true
})
