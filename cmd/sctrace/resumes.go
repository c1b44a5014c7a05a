package main

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// withInterruptibleCalls returns filter widened, when it holds a call that
// resumes another (restart_syscall), to the calls of table that may be
// resumed (syscalls.Interruptible): a backend that sees only the calls of
// its filter then still knows which call restart_syscall resumes. The
// printer and the summary show the traced calls only.
func withInterruptibleCalls(filter *trace.SyscallSet, table *syscalls.Table) *trace.SyscallSet {
	for _, sc := range table.All() {
		if sc.Effects&syscalls.Resumes != 0 && filter.Has(sc.NR) {
			return table.Widen(filter, syscalls.Interruptible)
		}
	}
	return filter
}
