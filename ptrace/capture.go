package ptrace

import (
	"github.com/sctrace/sctrace/capture"
	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/syscalls"
)

// runPlans executes the plans of tk's syscall that are due at when (AtEntry
// or AtExit), storing the captures in tk.Caps. ret is the return value at
// exit. Package capture holds the plans' semantics, shared with the eBPF
// backend; here they read the tracee through tr.mem. Under -c nothing is
// printed, so nothing is read.
func (tr *tracer) runPlans(tk *task, when syscalls.When, ret int64) {
	if tr.opts.CountOnly {
		return
	}
	tr.mem.TID = tk.TID
	// The pages read at another stop may have changed since.
	tr.mem.Forget()
	x := capture.Executor{StringLimit: tr.opts.StringLimit, Verbose: tr.opts.Verbose, KVMVcpu: tr.opts.KVMVcpu,
		FullData: syscalls.Dumped(tk.Sys, &tk.Args, &tr.opts)}
	c := tk.Call()
	if tk.Sys.NetlinkWhen&when != 0 {
		c.Netlink = tracee.SocketProtocol(int32(tk.TID), int32(tk.Args[0])) == "NETLINK"
	}
	x.Run(&tr.mem, &tk.Sys.Plan, when, ret, c)
}
