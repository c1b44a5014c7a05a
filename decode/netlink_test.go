package decode

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// nlSendto formats sendto(3, buf, len(buf), 0, NULL, 0) on a netlink
// socket of protocol family (fd 3), with the buffer at 0x1000.
func nlSendto(t *testing.T, buf []byte, family int) string {
	t.Helper()
	e := sc(t, "sendto", int64(len(buf)), 3, 0x1000, uint64(len(buf)), 0, 0, 0).data(1, buf)
	d := New(Options{StringLimit: DefaultStringLimit})
	d.SetFDResolver(&fakeFDs{netlink: map[int32]int{3: family}})
	b := d.AppendEnter(nil, &e.ev)
	b = d.AppendExit(b, &e.ev)
	return string(d.AppendReturn(b, &e.ev))
}

// nlmsg builds a netlink message of type typ with payload p.
func nlmsg(typ, flags uint16, p []byte) []byte {
	m := make([]byte, 16, 16+len(p))
	binary.LittleEndian.PutUint32(m, uint32(16+len(p)))
	binary.LittleEndian.PutUint16(m[4:], typ)
	binary.LittleEndian.PutUint16(m[6:], flags)
	return append(m, p...)
}

func TestNetlinkMessages(t *testing.T) {
	errMsg := append([]byte{0xf3, 0xff, 0xff, 0xff}, nlmsg(1, 0x301, nil)...)
	for _, tc := range []struct {
		buf    []byte
		family int
		want   string
	}{
		{[]byte("abcd"), 4, `sendto(3, "\x61\x62\x63\x64", 4, 0, NULL, 0)= 4`},
		{nlmsg(1, 0x301, []byte("abcd")), 4,
			`sendto(3, [{nlmsg_len=20, nlmsg_type=NLMSG_NOOP, nlmsg_flags=NLM_F_REQUEST|0x300, nlmsg_seq=0, nlmsg_pid=0}, "\x61\x62\x63\x64"], 20, 0, NULL, 0)= 20`},
		{append(nlmsg(1, 1, nil), nlmsg(1, 1, nil)...), 4,
			`sendto(3, [{nlmsg_len=16, nlmsg_type=NLMSG_NOOP, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}, {nlmsg_len=16, nlmsg_type=NLMSG_NOOP, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}], 32, 0, NULL, 0)= 32`},
		{nlmsg(2, 1, errMsg), 4,
			`sendto(3, [{nlmsg_len=36, nlmsg_type=NLMSG_ERROR, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}, {error=-EACCES, msg={nlmsg_len=16, nlmsg_type=NLMSG_NOOP, nlmsg_flags=NLM_F_REQUEST|0x300, nlmsg_seq=0, nlmsg_pid=0}}], 36, 0, NULL, 0)= 36`},
		{nlmsg(20, 1, []byte{0}), 4,
			`sendto(3, [{nlmsg_len=17, nlmsg_type=SOCK_DIAG_BY_FAMILY, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}, {family=AF_UNSPEC}], 17, 0, NULL, 0)= 17`},
		{nlmsg(1000, 1, nil), 9,
			`sendto(3, {nlmsg_len=16, nlmsg_type=AUDIT_GET, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}, 16, 0, NULL, 0)= 16`},
		{nlmsg(0x10, 1, []byte{4, 0, 0, 0}), 7,
			`sendto(3, [{nlmsg_len=20, nlmsg_type=SELNL_MSG_SETENFORCE, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}, {val=4}], 20, 0, NULL, 0)= 20`},
		{nlmsg(0x0a00, 1, []byte{2, 0, 0, 10}), 12,
			`sendto(3, [{nlmsg_len=20, nlmsg_type=NFNL_SUBSYS_NFTABLES<<8|NFT_MSG_NEWTABLE, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}, {nfgen_family=AF_INET, version=NFNETLINK_V0, res_id=htons(NFNL_SUBSYS_NFTABLES)}], 20, 0, NULL, 0)= 20`},
	} {
		if got := nlSendto(t, tc.buf, tc.family); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

// Bytes beyond the capture (the rest of the buffer was unreadable) print
// as the address strace could not read.
func TestNetlinkUnreadableRest(t *testing.T) {
	buf := append(nlmsg(1, 0x301, []byte("abcd")), nlmsg(1, 0x301, []byte("abcd"))...)
	e := sc(t, "sendto", -14, 3, 0x1000, uint64(len(buf)), 0, 0, 0).data(1, buf[:20])
	d := New(Options{StringLimit: DefaultStringLimit})
	d.SetFDResolver(&fakeFDs{netlink: map[int32]int{3: 4}})
	got := string(d.AppendEnter(nil, &e.ev))
	want := `sendto(3, [[{nlmsg_len=20, nlmsg_type=NLMSG_NOOP, nlmsg_flags=NLM_F_REQUEST|0x300, nlmsg_seq=0, nlmsg_pid=0}, "\x61\x62\x63\x64"], ... /* 0x1014 */], 40, 0, NULL, 0`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestNetlinkMsghdr: the iovecs of a message to or from a netlink address
// hold netlink messages, as strace's print_struct_msghdr decides by the
// name's family, of the socket's protocol when it is known (else -1); any
// other name's print as strings.
func TestNetlinkMsghdr(t *testing.T) {
	req := nlmsg(18, 1, []byte{0, 0, 0, 0})                              // RTM_GETLINK
	reply := nlmsg(2, 0, append([]byte{0xea, 0xff, 0xff, 0xff}, req...)) // NLMSG_ERROR, -EINVAL
	nlName := []byte{16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	inName := []byte{2, 0, 0, 80, 127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0}
	msghdr := func(namelen uint64) []byte {
		return le(nil).u64(0x2000).u64(namelen).u64(0x3000).u64(1).u64(0).u64(0).u64(0)
	}
	iov := func(n uint64) []byte { return le(nil).u64(0x4000).u64(n) }
	ev := func(name string, msg []byte, namelen uint64, family map[int32]int, data []byte, ret int64) string {
		e := sc(t, name, ret, 3, 0x1000, 0).data(1, msghdr(namelen))
		e.ev.Captures[1].Aux = namelen
		e.ev.Captures[1].Elems = []trace.Capture{{Data: msg}, {Data: iov(512), Aux: 1, Elems: []trace.Capture{{Data: data}}}, {}}
		d := New(Options{StringLimit: DefaultStringLimit})
		d.SetFDResolver(&fakeFDs{netlink: family})
		b := d.AppendEnter(nil, &e.ev)
		b = d.AppendExit(b, &e.ev)
		return string(d.AppendReturn(b, &e.ev))
	}
	for _, tc := range []struct {
		got, want string
	}{
		{ev("recvmsg", nlName, 12, map[int32]int{3: 0}, reply, 40),
			`recvmsg(3, {msg_name={sa_family=AF_NETLINK, nl_pid=0, nl_groups=00000000}, msg_namelen=12, msg_iov=[{iov_base=[{nlmsg_len=40, nlmsg_type=NLMSG_ERROR, nlmsg_flags=0, nlmsg_seq=0, nlmsg_pid=0}, {error=-EINVAL, msg=[{nlmsg_len=20, nlmsg_type=RTM_GETLINK, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}, {ifi_family=AF_UNSPEC, ...}]}], iov_len=512}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0)= 40`},
		{ev("recvmsg", nlName, 12, nil, reply, 40),
			`recvmsg(3, {msg_name={sa_family=AF_NETLINK, nl_pid=0, nl_groups=00000000}, msg_namelen=12, msg_iov=[{iov_base=[{nlmsg_len=40, nlmsg_type=NLMSG_ERROR, nlmsg_flags=0, nlmsg_seq=0, nlmsg_pid=0}, {error=-EINVAL, msg=[{nlmsg_len=20, nlmsg_type=0x12 /* NLMSG_??? */, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}, "\x00\x00\x00\x00"]}], iov_len=512}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0)= 40`},
		{ev("recvmsg", inName, 16, map[int32]int{3: 0}, reply[:4], 4),
			`recvmsg(3, {msg_name={sa_family=AF_INET, sin_port=htons(80), sin_addr=inet_addr("127.0.0.1")}, msg_namelen=16, msg_iov=[{iov_base="(\0\0\0", iov_len=512}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0)= 4`},
	} {
		if tc.got != tc.want {
			t.Errorf("\n got %s\nwant %s", tc.got, tc.want)
		}
	}
}

// TestNetlinkRecvfrom: recvfrom on a netlink socket prints what it stored
// as netlink messages, as strace's decode_sockbuf.
func TestNetlinkRecvfrom(t *testing.T) {
	reply := nlmsg(2, 0, append([]byte{0xea, 0xff, 0xff, 0xff}, nlmsg(18, 1, []byte{0, 0, 0, 0})...))
	e := sc(t, "recvfrom", int64(len(reply)), 3, 0x1000, 8192, 0, 0, 0).data(1, reply)
	d := New(Options{StringLimit: DefaultStringLimit})
	d.SetFDResolver(&fakeFDs{netlink: map[int32]int{3: 0}})
	b := d.AppendEnter(nil, &e.ev)
	b = d.AppendExit(b, &e.ev)
	got := string(d.AppendReturn(b, &e.ev))
	want := `recvfrom(3, [{nlmsg_len=40, nlmsg_type=NLMSG_ERROR, nlmsg_flags=0, nlmsg_seq=0, nlmsg_pid=0}, {error=-EINVAL, msg=[{nlmsg_len=20, nlmsg_type=RTM_GETLINK, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}, {ifi_family=AF_UNSPEC, ...}]}], 8192, 0, NULL, NULL)= 40`
	if got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
}
