// Package conformance measures how closely sctrace's output matches strace
// 6.1's. Its test traces the workloads in testdata/workloads (and a few
// system commands) with both tracers under several flag sets, normalizes
// what legitimately differs between two runs (addresses, pids, inode
// numbers, random bytes, times), and counts the lines that are identical.
//
// Set SCTRACE_CONFORMANCE_REPORT to a path to get the per-workload table in
// a file, and SCTRACE_BIN to test a prebuilt sctrace (or /usr/bin/strace
// itself, which measures how deterministic the workloads are).
package conformance
