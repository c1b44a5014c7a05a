//go:build !cgo || !linux

package tracee

// cStubs is false: without cgo the Go code (stub.go) serves every stub.
const cStubs = false

// cParse has no C parser to run in this build.
func cParse(string, bool) (int, error) { return 0, errNoCStub }
