package decode

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// mh describes a msghdr capture for tests: the header's fields, and what
// its pointers name (nil: not captured).
type mh struct {
	name       []byte
	nameAddr   uint64
	namelen    int32
	iovs       []string
	iovLens    []uint64
	iovAddr    uint64
	iovlen     uint64
	control    []byte
	ctlAddr    uint64
	controllen uint64
	flags      uint32
	// entryNamelen is the msg_namelen at entry (recvmsg's Aux).
	entryNamelen uint32
}

// capture builds the syscalls.CaptureMsghdr capture of m.
func (m mh) capture() trace.Capture {
	hdr := le(nil).u64(m.nameAddr).u32(uint32(m.namelen)).pad(4).u64(m.iovAddr).u64(m.iovlen).
		u64(m.ctlAddr).u64(m.controllen).u32(m.flags).pad(4)
	c := trace.Capture{Data: hdr, Aux: uint64(m.entryNamelen), Elems: make([]trace.Capture, 3)}
	c.Elems[syscalls.MsgName].Data = m.name
	if m.iovs != nil {
		iov := trace.Capture{Data: []byte{}, Aux: uint64(len(m.iovs))}
		for k, s := range m.iovs {
			iov.Data = le(iov.Data).u64(0x5000 + uint64(k)*0x100).u64(m.iovLens[k])
			iov.Elems = append(iov.Elems, trace.Capture{Data: []byte(s)})
		}
		c.Elems[syscalls.MsgIov] = iov
	}
	c.Elems[syscalls.MsgControl].Data = m.control
	return c
}

// cmsg builds a control message: its header and data, padded to 8 bytes.
func cmsg(level, typ uint32, data le) le {
	p := le(nil).u64(uint64(16 + len(data))).u32(level).u32(typ)
	p = append(p, data...)
	for len(p)%8 != 0 {
		p = append(p, 0)
	}
	return p
}

func withMsghdr(e *evb, m mh) *evb {
	e.ev.Captures[1] = m.capture()
	return e
}

// Expected strings are from strace 6.1 runs on this machine of small C
// programs: socketpair and UDP sendmsg/recvmsg, SCM_RIGHTS and
// SCM_CREDENTIALS, IP_RECVTTL/IP_RECVTOS, malformed control buffers.
func TestMsghdr(t *testing.T) {
	inet := func(port uint16) []byte {
		return append([]byte{2, 0, byte(port >> 8), byte(port), 127, 0, 0, 1}, make([]byte, 8)...)
	}
	twoParts := mh{iovs: []string{"two ", "parts"}, iovLens: []uint64{4, 5}, iovAddr: 0x2000, iovlen: 2}
	recv64 := mh{iovs: []string{"two parts"}, iovLens: []uint64{64}, iovAddr: 0x2000, iovlen: 1}
	rights := mh{iovs: []string{"two "}, iovLens: []uint64{4}, iovAddr: 0x2000, iovlen: 1,
		control: cmsg(1, 1, le(nil).u32(5)), ctlAddr: 0x3000, controllen: 24}
	creds := mh{iovs: []string{"two "}, iovLens: []uint64{4}, iovAddr: 0x2000, iovlen: 1,
		control: cmsg(1, 2, le(nil).u32(9767).u32(0).u32(0)), ctlAddr: 0x3000, controllen: 32}
	ctrunc := mh{iovs: []string{"two "}, iovLens: []uint64{64}, iovAddr: 0x2000, iovlen: 1,
		control: cmsg(1, 2, le(nil).u32(9767))[:20], ctlAddr: 0x3000, controllen: 20, flags: 0x40000008}
	udpSend := mh{name: inet(35199), nameAddr: 0x4000, namelen: 16,
		iovs: []string{"a long datagram payload that is longer than thirty-two bytes"[:32]}, iovLens: []uint64{60}, iovAddr: 0x2000, iovlen: 1}
	udpRecv := mh{name: inet(38191), nameAddr: 0x4000, namelen: 16, entryNamelen: 128,
		iovs: []string{"a long dat"}, iovLens: []uint64{10}, iovAddr: 0x2000, iovlen: 1, flags: 0x20}
	ttl := mh{iovs: []string{"ping"}, iovLens: []uint64{128}, iovAddr: 0x2000, iovlen: 1, ctlAddr: 0x3000, controllen: 48,
		control: append(cmsg(0, 2, le(nil).u32(64)), cmsg(0, 1, le{0})...)}
	unknownLevel := mh{iovs: []string{"01"}, iovLens: []uint64{2}, iovAddr: 0x2000, iovlen: 1, ctlAddr: 0x3000, controllen: 24,
		control: cmsg(1234, 77, le(nil).u32(0))}
	shortCmsg := mh{iovs: []string{"01"}, iovLens: []uint64{2}, iovAddr: 0x2000, iovlen: 1, ctlAddr: 0x7ffdcb941f80, controllen: 40,
		control: le(nil).u64(4).u32(1).u32(99).pad(24)}
	ctlTooSmall := mh{iovs: []string{"01"}, iovLens: []uint64{2}, iovAddr: 0x2000, iovlen: 1, ctlAddr: 0x7ffdcb941f80, controllen: 8,
		control: le(nil).pad(8)}
	unixName := append(le(nil).u16(1), "/t"...)
	unixRecv := mh{name: unixName, nameAddr: 0x4000, namelen: 13, entryNamelen: 4,
		iovs: []string{"x\n\ty"}, iovLens: []uint64{128}, iovAddr: 0x2000, iovlen: 1}

	cases := []struct {
		name string
		opts Options
		ev   *evb
		want string
	}{
		{"sendmsg two iovecs", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "sendmsg", 9, 3, 0x1000, 0), twoParts),
			`sendmsg(3, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="two ", iov_len=4}, {iov_base="parts", iov_len=5}], msg_iovlen=2, msg_controllen=0, msg_flags=0}, 0) = 9`},
		{"recvmsg one iovec", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "recvmsg", 9, 4, 0x1000, 0), recv64),
			`recvmsg(4, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="two parts", iov_len=64}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0) = 9`},
		{"recvmsg EAGAIN", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "recvmsg", -11, 4, 0x1000, 0x40), mh{}),
			`recvmsg(4, {msg_namelen=0}, MSG_DONTWAIT) = -1 EAGAIN (Resource temporarily unavailable)`},
		{"recvmsg NULL", Options{StringLimit: DefaultStringLimit}, sc(t, "recvmsg", -14, 4, 0, 0x40),
			`recvmsg(4, NULL, MSG_DONTWAIT) = -1 EFAULT (Bad address)`},
		{"sendmsg bad address", Options{StringLimit: DefaultStringLimit}, sc(t, "sendmsg", -14, 3, 8, 0).fault(1),
			`sendmsg(3, 0x8, 0) = -1 EFAULT (Bad address)`},
		{"sendmsg -xx -s 4", Options{Hex: HexAll, StringLimit: 4}, withMsghdr(sc(t, "sendmsg", 9, 3, 0x1000, 0), twoParts),
			`sendmsg(3, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="\x74\x77\x6f\x20", iov_len=4}, {iov_base="\x70\x61\x72\x74"..., iov_len=5}], msg_iovlen=2, msg_controllen=0, msg_flags=0}, 0) = 9`},
		{"SCM_RIGHTS", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "sendmsg", 4, 3, 0x1000, 0), rights),
			`sendmsg(3, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="two ", iov_len=4}], msg_iovlen=1, msg_control=[{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[5]}], msg_controllen=24, msg_flags=0}, 0) = 4`},
		{"SCM_RIGHTS -y", Options{StringLimit: DefaultStringLimit, DecodeFDs: FDPath, FDs: &fakeFDs{paths: map[int32]string{3: "socket:[7]", 5: "/etc/hostname"}}},
			withMsghdr(sc(t, "sendmsg", 4, 3, 0x1000, 0), rights),
			`sendmsg(3<socket:[7]>, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="two ", iov_len=4}], msg_iovlen=1, msg_control=[{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[5</etc/hostname>]}], msg_controllen=24, msg_flags=0}, 0) = 4`},
		{"SCM_CREDENTIALS", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "sendmsg", 4, 3, 0x1000, 0), creds),
			`sendmsg(3, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="two ", iov_len=4}], msg_iovlen=1, msg_control=[{cmsg_len=28, cmsg_level=SOL_SOCKET, cmsg_type=SCM_CREDENTIALS, cmsg_data={pid=9767, uid=0, gid=0}}], msg_controllen=32, msg_flags=0}, 0) = 4`},
		{"MSG_CTRUNC", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "recvmsg", 4, 4, 0x1000, 0x40000000), ctrunc),
			`recvmsg(4, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="two ", iov_len=64}], msg_iovlen=1, msg_control=[{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_CREDENTIALS}], msg_controllen=20, msg_flags=MSG_CTRUNC|MSG_CMSG_CLOEXEC}, MSG_CMSG_CLOEXEC) = 4`},
		{"UDP sendmsg", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "sendmsg", 60, 8, 0x1000, 0), udpSend),
			`sendmsg(8, {msg_name={sa_family=AF_INET, sin_port=htons(35199), sin_addr=inet_addr("127.0.0.1")}, msg_namelen=16, msg_iov=[{iov_base="a long datagram payload that is "..., iov_len=60}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0) = 60`},
		{"UDP recvmsg MSG_TRUNC", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "recvmsg", 10, 7, 0x1000, 0), udpRecv),
			`recvmsg(7, {msg_name={sa_family=AF_INET, sin_port=htons(38191), sin_addr=inet_addr("127.0.0.1")}, msg_namelen=128 => 16, msg_iov=[{iov_base="a long dat", iov_len=10}], msg_iovlen=1, msg_controllen=0, msg_flags=MSG_TRUNC}, 0) = 10`},
		{"UDP recvmsg -xx", Options{Hex: HexAll, StringLimit: 4}, withMsghdr(sc(t, "recvmsg", 10, 7, 0x1000, 0), udpRecv),
			`recvmsg(7, {msg_name={sa_family=AF_INET, sin_port=htons(38191), sin_addr=inet_addr("\x31\x32\x37\x2e\x30\x2e\x30\x2e\x31")}, msg_namelen=128 => 16, msg_iov=[{iov_base="\x61\x20\x6c\x6f"..., iov_len=10}], msg_iovlen=1, msg_controllen=0, msg_flags=MSG_TRUNC}, 0) = 10`},
		{"IP_TTL IP_TOS", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "recvmsg", 4, 7, 0x1000, 0), ttl),
			`recvmsg(7, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="ping", iov_len=128}], msg_iovlen=1, msg_control=[{cmsg_len=20, cmsg_level=SOL_IP, cmsg_type=IP_TTL, cmsg_data=[64]}, {cmsg_len=17, cmsg_level=SOL_IP, cmsg_type=IP_TOS, cmsg_data=[0]}], msg_controllen=48, msg_flags=0}, 0) = 4`},
		{"unknown level", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "sendmsg", 2, 3, 0x1000, 0), unknownLevel),
			`sendmsg(3, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="01", iov_len=2}], msg_iovlen=1, msg_control=[{cmsg_len=20, cmsg_level=0x4d2 /* SOL_??? */, cmsg_type=0x4d}], msg_controllen=24, msg_flags=0}, 0) = 2`},
		{"cmsg_len short", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "sendmsg", -22, 3, 0x1000, 0), shortCmsg),
			`sendmsg(3, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="01", iov_len=2}], msg_iovlen=1, msg_control=[{cmsg_len=4, cmsg_level=SOL_SOCKET, cmsg_type=0x63 /* SCM_??? */}, ... /* 0x7ffdcb941f90 */], msg_controllen=40, msg_flags=0}, 0) = -1 EINVAL (Invalid argument)`},
		{"control too small", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "sendmsg", 2, 3, 0x1000, 0), ctlTooSmall),
			`sendmsg(3, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="01", iov_len=2}], msg_iovlen=1, msg_control=0x7ffdcb941f80, msg_controllen=8, msg_flags=0}, 0) = 2`},
		{"unix name cut to namelen", Options{StringLimit: DefaultStringLimit}, withMsghdr(sc(t, "recvmsg", 4, 6, 0x1000, 0), unixRecv),
			`recvmsg(6, {msg_name={sa_family=AF_UNIX, sun_path="/t"}, msg_namelen=4 => 13, msg_iov=[{iov_base="x\n\ty", iov_len=128}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0) = 4`},
	}
	for _, c := range cases {
		if got := whole(New(c.opts), c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// recvmsg is split at its message, as strace -f prints it while another
// thread's line intervenes (strace -f -s 4).
func TestMsghdrSplit(t *testing.T) {
	d := New(Options{StringLimit: 4})
	m := mh{iovs: []string{"00010203040506070809101112131415"}, iovLens: []uint64{32}, iovAddr: 0x2000, iovlen: 1}
	exit := withMsghdr(sc(t, "recvmsg", 32, 4, 0x1000, 0), m).get()
	entry := *exit
	entry.Kind = trace.SyscallEnter
	entry.Ret = 0
	entry.Captures[1] = trace.Capture{Data: exit.Captures[1].Data}
	if got, want := string(d.AppendEnter(nil, &entry)), "recvmsg(4, "; got != want {
		t.Errorf("enter: got %q, want %q", got, want)
	}
	b := d.AppendExit(nil, exit)
	b = append(b, ' ')
	want := `{msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="0001"..., iov_len=32}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0) = 32`
	if got := string(d.AppendReturn(b, exit)); got != want {
		t.Errorf("exit: got %s, want %s", got, want)
	}
}

// FuzzMsghdr prints arbitrary headers and control buffers without
// panicking.
func FuzzMsghdr(f *testing.F) {
	f.Add(make([]byte, 56), []byte(cmsg(1, 1, le(nil).u32(5))), int64(4), uint8(0))
	f.Add(make([]byte, 56), []byte(le(nil).u64(4).u32(1).u32(99).pad(24)), int64(-11), uint8(3))
	f.Fuzz(func(t *testing.T, hdr, ctl []byte, ret int64, mode uint8) {
		if len(hdr) < syscalls.MsghdrSize {
			hdr = append(hdr, make([]byte, syscalls.MsghdrSize-len(hdr))...)
		}
		c := trace.Capture{Data: hdr, Aux: uint64(mode) * 7, Elems: []trace.Capture{
			{Data: ctl}, {Data: ctl, Elems: []trace.Capture{{Data: ctl}}}, {Data: ctl},
		}}
		d := New(Options{StringLimit: int(mode % 8), Verbose: mode&8 != 0, Hex: HexMode(mode >> 4 % 3)})
		for _, name := range []string{"sendmsg", "recvmsg"} {
			e := sc(t, name, ret, 3, 0x1000, uint64(mode))
			e.ev.Captures[1] = c
			if whole(d, e.get()) == "" {
				t.Fatal("empty line")
			}
		}
	})
}
