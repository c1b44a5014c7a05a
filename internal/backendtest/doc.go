// Package backendtest holds the tests that run both backends on the same
// workloads and hold their events to one standard: trace's event contract
// (TestContract), and the signals, group stops and per-syscall counts each
// backend reports for the same program. It is the only package that
// imports both backends; trace/ and each backend know neither.
package backendtest
