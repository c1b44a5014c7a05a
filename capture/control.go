package capture

import (
	"os"
	"strconv"
	"strings"
	"sync"
)

// optmemMaxFile is where the kernel says how large a socket's ancillary
// data may be.
const optmemMaxFile = "/proc/sys/net/core/optmem_max"

// ControlMax is the most bytes of a struct msghdr's control buffer
// (msg_control) a capture copies: the kernel's optmem_max rounded up to 8
// bytes, as strace reads it, or 8 × (2 × IOV_MAX + 512) when that cannot
// be read. It is read once; safe for concurrent use.
var ControlMax = sync.OnceValue(func() uint64 {
	b, err := os.ReadFile(optmemMaxFile)
	if err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 32); err == nil && n > 0 {
			return (uint64(n) + 7) &^ 7
		}
	}
	return 8 * (2*1024 + 512)
})
