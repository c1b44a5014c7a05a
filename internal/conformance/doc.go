// Package conformance measures how closely sctrace's output matches strace
// 6.1's. Its test traces the workloads in testdata/workloads (and a few
// system commands) with both tracers under several flag sets, normalizes
// what legitimately differs between two runs (addresses, pids, inode
// numbers, kernel-chosen ports, random bytes, times, the live counters of
// sysinfo and statfs), and counts the lines that are identical. The parity
// test does the same on both backends and counts the runs whose two
// traces are identical.
//
// Both fail on a run that crashed, timed out, exited with another status
// than strace's, lost events or read a capture from the live process
// (--tracer-stats=json), and on a workload below its floors in
// testdata/floors.txt (floors.go says how they compare).
//
// Set SCTRACE_CONFORMANCE_REPORT and SCTRACE_PARITY_REPORT to paths to get
// the tables in files, SCTRACE_FLOORS_MEASURED to a path to merge each
// run's shares into it (the lowest seen becomes the floor), and
// SCTRACE_BIN to test a prebuilt sctrace (or /usr/bin/strace itself, which
// measures how deterministic the workloads are; floors are then not
// checked).
package conformance
