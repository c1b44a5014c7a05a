//go:build !cgo

package startsigs

// startMask knows nothing without cgo.
func startMask() (uint64, bool) { return 0, false }
