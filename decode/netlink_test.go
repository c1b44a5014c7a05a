package decode

import (
	"encoding/binary"
	"testing"
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
