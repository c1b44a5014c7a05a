// Package e2e runs the sctrace binary the way a user does and checks what the
// user sees: exit statuses, messages, the shape of trace lines and files,
// filters and options. Where strace 6.1 has the same feature, the test runs
// /usr/bin/strace on the same input and holds sctrace to what it prints.
package e2e
