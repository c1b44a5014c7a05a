package syscalls

import (
	"testing"

	"golang.org/x/sys/unix"
)

// sendmsg's message is copied at entry; recvmsg's header at entry and the
// whole message at exit, its iovec bytes limited by the return value.
func TestMsghdrPlans(t *testing.T) {
	send := X86_64.Get(unix.SYS_SENDMSG)
	if p := send.Plan[1]; p.Kind != CaptureMsghdr || p.When != AtEntry || p.Size != MsghdrSize || send.HasExitPlan {
		t.Errorf("sendmsg plan %+v", p)
	}
	recv := X86_64.Get(unix.SYS_RECVMSG)
	if p := recv.Plan[1]; p.Kind != CaptureMsghdr || p.When != AtEntry|AtExit || p.Len != LenRet || !recv.HasExitPlan {
		t.Errorf("recvmsg plan %+v", p)
	}
	if MsghdrSize != LayoutSize(X86_64.Arch, LayoutMsghdr) || MsghdrSize != LayoutSize(ARM64.Arch, LayoutMsghdr) {
		t.Errorf("MsghdrSize %d disagrees with the msghdr layout", MsghdrSize)
	}
	for _, tbl := range Tables() {
		for _, name := range []string{"sendmsg", "recvmsg"} {
			nr, ok := tbl.Lookup(name)
			if !ok || tbl.Get(nr).Sig.Args[2].Xlat != XlatMsgFlags {
				t.Errorf("%s: %s missing or without msg_flags", tbl.Name, name)
			}
		}
	}
}
