//go:build !cgo || !linux || !(amd64 || arm64)

package tracee

import "errors"

// cloneSentinel is unavailable in this build: StartSentinel executes the
// wake sentinel instead.
func cloneSentinel(int) (int, error) { return 0, errors.ErrUnsupported }

// SentinelReaped releases what the sentinel pid held, once it has been
// reaped: nothing in this build.
func SentinelReaped(int) {}

// sentinelClones says whether StartSentinel clones the sentinel (where the
// clone succeeds) rather than executing it.
func sentinelClones() bool { return false }
