// Package reliability holds end-to-end tests of how sctrace treats the
// programs it traces in hard cases: a tracee killed inside a call, sctrace
// itself terminated while tracing, execve from a thread, vfork, many
// threads, zombies and orphans, and attach requests that must fail. Each
// case runs the sctrace binary on every backend it applies to and asserts
// what a user would see; the test log ends with a pass/fail table per
// backend.
package reliability
