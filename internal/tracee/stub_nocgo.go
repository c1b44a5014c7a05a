//go:build !cgo || !linux

package tracee

import "errors"

// cStubs is false: without cgo the Go code (stub.go) serves every stub.
const cStubs = false

// errNoCStub: this build runs no C stub.
var errNoCStub = errors.New("no C stub in this build")

// cParse has no C parser to run in this build.
func cParse(string, bool) (int, error) { return 0, errNoCStub }
