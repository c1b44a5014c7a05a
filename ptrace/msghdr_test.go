package ptrace

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// checkRights reports whether control holds one SOL_SOCKET/SCM_RIGHTS
// message (cmsg_len 20) carrying one descriptor.
func checkRights(control []byte) bool {
	le := binary.LittleEndian
	return len(control) >= 20 && le.Uint64(control) == 20 &&
		le.Uint32(control[8:]) == 1 && le.Uint32(control[12:]) == 1
}

// TestMsghdrCaptures checks that sendmsg's and recvmsg's msghdr captures
// carry the header, the iovecs' bytes and the control buffer, recvmsg's
// limited to what was received and carrying the msg_namelen offered.
func TestMsghdrCaptures(t *testing.T) {
	testutil.RequirePtrace(t)
	evs, res := collect(t, selfTarget(t, "msghdr"), defaultOpts())
	if res.ExitCode != 0 {
		t.Fatalf("helper exit code %d", res.ExitCode)
	}
	var sendOK, recvEntryOK, recvOK bool
	for _, ev := range evs {
		c := ev.Captures[1]
		switch {
		case ev.Kind == trace.SyscallExit && ev.NR == nr(t, "sendmsg"):
			if ev.Ret != 9 || len(c.Data) != syscalls.MsghdrSize || len(c.Elems) != 3 {
				t.Errorf("sendmsg ret %d capture %+v", ev.Ret, c)
				continue
			}
			iov := c.Elems[syscalls.MsgIov]
			sendOK = iov.Aux == 2 && len(iov.Data) == 32 && len(iov.Elems) == 2 &&
				string(iov.Elems[0].Data) == "two " && string(iov.Elems[1].Data) == "parts" &&
				len(c.Elems[syscalls.MsgControl].Data) == 24 && checkRights(c.Elems[syscalls.MsgControl].Data) &&
				c.Elems[syscalls.MsgName].Data == nil
		case ev.Kind == trace.SyscallEnter && ev.NR == nr(t, "recvmsg"):
			// The header alone, for the msg_namelen offered.
			recvEntryOK = len(c.Data) == syscalls.MsghdrSize && c.Elems == nil
		case ev.Kind == trace.SyscallExit && ev.NR == nr(t, "recvmsg"):
			if ev.Ret != 9 || len(c.Data) != syscalls.MsghdrSize || len(c.Elems) != 3 {
				t.Errorf("recvmsg ret %d capture %+v", ev.Ret, c)
				continue
			}
			iov := c.Elems[syscalls.MsgIov]
			// Go's RecvmsgBuffers offers a sockaddr buffer of 112 bytes;
			// a stream socketpair stores no address (msg_namelen 0).
			recvOK = c.Aux == 112 && binary.LittleEndian.Uint32(c.Data[8:]) == 0 &&
				iov.Aux == 1 && len(iov.Elems) == 1 && string(iov.Elems[0].Data) == "two parts" &&
				checkRights(c.Elems[syscalls.MsgControl].Data)
		}
	}
	if !sendOK || !recvEntryOK || !recvOK {
		t.Errorf("sendmsg captured %v, recvmsg entry %v, exit %v", sendOK, recvEntryOK, recvOK)
	}
}
