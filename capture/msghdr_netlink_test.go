package capture

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestMsghdrNetlink: the iovecs of a message whose name is a netlink
// address are copied up to MsgNetlinkMax bytes each, past the string
// limit, since strace prints them as netlink messages; any other name's
// (or a name too short to hold a family) up to the limit and one byte.
func TestMsghdrNetlink(t *testing.T) {
	const base = 0x10000
	mem := newLayoutMem(base, 8192)
	data := make([]byte, 1000)
	for i := range data {
		data[i] = byte(i)
	}
	buf := mem.put(data)
	iov := make([]byte, IovecSize)
	binary.LittleEndian.PutUint64(iov, buf)
	binary.LittleEndian.PutUint64(iov[8:], uint64(len(data)))
	iovAt := mem.put(iov)
	netlink := mem.put([]byte{syscalls.AFNetlink, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	inet := mem.put([]byte{2, 0, 0, 80, 127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0})
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("sendmsg")
	for _, tc := range []struct {
		name    string
		addr    uint64
		namelen uint32
		want    int
	}{
		{"netlink", netlink, 12, len(data)},
		{"inet", inet, 16, 9},
		{"one byte of netlink", netlink, 1, 9},
		{"no name", 0, 0, 9},
	} {
		hdr := make([]byte, syscalls.MsghdrSize)
		binary.LittleEndian.PutUint64(hdr[MsgNameOff:], tc.addr)
		binary.LittleEndian.PutUint32(hdr[MsgNamelenOff:], tc.namelen)
		binary.LittleEndian.PutUint64(hdr[MsgIovOff:], iovAt)
		binary.LittleEndian.PutUint64(hdr[MsgIovlenOff:], 1)
		args := [trace.MaxArgs]uint64{3, mem.put(hdr)}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x := Executor{StringLimit: 8}
		x.Run(&mem.flatMem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		c := caps[1]
		if len(c.Elems) != 3 || len(c.Elems[syscalls.MsgIov].Elems) != 1 {
			t.Errorf("%s: captured %+v", tc.name, c)
			continue
		}
		if got := c.Elems[syscalls.MsgIov].Elems[0].Data; len(got) != tc.want {
			t.Errorf("%s: %d bytes of the iovec, want %d", tc.name, len(got), tc.want)
		}
	}
}

// TestNetlinkBuffers: sendto's buffer at its entry and recvfrom's at
// its exit are copied up to MsgNetlinkMax bytes when their socket is a
// netlink one (Call.Netlink), else up to the string limit and one byte.
func TestNetlinkBuffers(t *testing.T) {
	const base = 0x10000
	mem := newLayoutMem(base, 8192)
	buf := mem.put(make([]byte, 1000))
	tbl := syscalls.X86_64
	for _, tc := range []struct {
		call string
		when syscalls.When
	}{{"sendto", syscalls.AtEntry}, {"recvfrom", syscalls.AtExit}} {
		nr, _ := tbl.Lookup(tc.call)
		if tbl.Get(nr).NetlinkWhen != tc.when {
			t.Fatalf("%s has no Netlink plan", tc.call)
		}
		for _, netlink := range []bool{true, false} {
			args := [trace.MaxArgs]uint64{3, buf, 1000}
			var caps [trace.MaxArgs]trace.Capture
			var bufs [trace.MaxArgs][]byte
			x := Executor{StringLimit: 8}
			x.Run(&mem.flatMem, &tbl.Get(nr).Plan, tc.when, 1000, Call{Args: &args, Caps: &caps, Bufs: &bufs, Netlink: netlink})
			want := 9
			if netlink {
				want = 1000
			}
			if got := len(caps[1].Data); got != want {
				t.Errorf("%s, netlink %v: %d bytes, want %d", tc.call, netlink, got, want)
			}
		}
	}
}
