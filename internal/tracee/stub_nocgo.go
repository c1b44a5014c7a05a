//go:build !cgo || !linux

package tracee

// cStubs is false: without cgo the Go code (stub.go) serves every stub.
const cStubs = false
