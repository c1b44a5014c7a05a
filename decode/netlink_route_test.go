package decode

import (
	"strings"
	"testing"
)

// nla builds a netlink attribute of type typ with data p, padded.
func nla(typ uint16, p []byte) []byte {
	a := []byte{byte(4 + len(p)), byte((4 + len(p)) >> 8), byte(typ), byte(typ >> 8)}
	a = append(a, p...)
	for len(a)%4 != 0 {
		a = append(a, 0)
	}
	return a
}

// nlRouteCase is a NETLINK_ROUTE message and what its payload prints.
type nlRouteCase struct {
	typ  uint16
	p    []byte
	want string
}

func checkNlPayloads(t *testing.T, family int, cases []nlRouteCase) {
	t.Helper()
	for _, tc := range cases {
		got := nlSendto(t, nlmsg(tc.typ, 1, tc.p), family)
		i := strings.Index(got, "}, ")
		j := strings.LastIndex(got, "], ")
		if i < 0 || j < i {
			t.Errorf("type %d: got %s", tc.typ, got)
			continue
		}
		if got = got[i+3 : j]; got != tc.want {
			t.Errorf("type %d:\ngot  %s\nwant %s", tc.typ, got, tc.want)
		}
	}
}

func TestNetlinkRouteSmallStructs(t *testing.T) {
	checkNlPayloads(t, netlinkRoute, []nlRouteCase{
		{90, append([]byte{1, 0, 0, 0}, nla(1, []byte{0xff, 0xff, 0xff, 0xff})...),
			`{rtgen_family=AF_UNIX}, [{nla_len=8, nla_type=NETNSA_NSID}, -1]`},
		{82, append([]byte{2, 0, 0, 0}, nla(2, []byte{1, 0, 0, 0})...),
			`{ncm_family=AF_INET}, [{nla_len=8, nla_type=NETCONFA_FORWARDING}, 1]`},
		{74, append([]byte{2, 0, 24, 0, 0, 0, 0, 0, 7, 0, 0, 0}, nla(1, []byte{127, 0, 0, 1})...),
			`{ifal_family=AF_INET, ifal_prefixlen=24, ifal_flags=0, ifal_index=0, ifal_seq=7}, [{nla_len=8, nla_type=IFAL_ADDRESS}, inet_addr("127.0.0.1")]`},
		{74, []byte{2, 0, 24},
			`{ifal_family=AF_INET, ...}`},
		{78, []byte{0, 2, 0, 0},
			`{dcb_family=AF_UNSPEC, cmd=DCB_CMD_SSTATE}`},
		{66, append([]byte{0, 0, 0, 0}, nla(5, make([]byte, 32))...),
			`{ndtm_family=AF_UNSPEC}, [{nla_len=36, nla_type=NDTA_CONFIG}, {ndtc_key_len=0, ndtc_entry_size=0, ndtc_entries=0, ndtc_last_flush=0, ndtc_last_rand=0, ndtc_hash_rnd=0, ndtc_hash_mask=00000000, ndtc_hash_chain_gc=0, ndtc_proxy_qlen=0}]`},
	})
}

func TestNetlinkRouteMessages(t *testing.T) {
	checkNlPayloads(t, netlinkRoute, []nlRouteCase{
		{20, append([]byte{10, 64, 0x80, 0xfe, 0, 0, 0, 0}, nla(1, []byte{0: 0xfe, 1: 0x80, 15: 1})...),
			`{ifa_family=AF_INET6, ifa_prefixlen=64, ifa_flags=IFA_F_PERMANENT, ifa_scope=RT_SCOPE_HOST, ifa_index=0}, [{nla_len=20, nla_type=IFA_ADDRESS}, inet_pton(AF_INET6, "fe80::1")]`},
		{24, append([]byte{2, 0, 0, 0, 0xfe, 2, 0, 1, 0, 0, 0, 0}, nla(18, []byte{2, 0, 10, 0, 0, 1})...),
			`{rtm_family=AF_INET, rtm_dst_len=0, rtm_src_len=0, rtm_tos=0, rtm_table=RT_TABLE_MAIN, rtm_protocol=RTPROT_KERNEL, rtm_scope=RT_SCOPE_UNIVERSE, rtm_type=RTN_UNICAST, rtm_flags=0}, [{nla_len=10, nla_type=RTA_VIA}, {rtvia_family=AF_INET, rtvia_addr=inet_addr("10.0.0.1")}]`},
		{28, append([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0}, nla(2, []byte{1, 2, 3, 4, 5, 0xab})...),
			`{ndm_family=AF_UNSPEC, ndm_ifindex=0, ndm_state=NUD_PERMANENT, ndm_flags=0, ndm_type=RTN_UNSPEC}, [{nla_len=10, nla_type=NDA_LLADDR}, 01:02:03:04:05:ab]`},
		{32, []byte{2, 0, 0, 0, 0xfe, 0, 0, 1, 0, 0, 0, 0},
			`{family=AF_INET, dst_len=0, src_len=0, tos=0, table=RT_TABLE_MAIN, action=FR_ACT_TO_TBL, flags=0}`},
	})
}

func TestNetlinkRouteTcNexthop(t *testing.T) {
	checkNlPayloads(t, netlinkRoute, []nlRouteCase{
		{36, append(make([]byte, 20), nla(8, nla(2, []byte{1, 0, 2, 0}))...),
			`{tcm_family=AF_UNSPEC, tcm_ifindex=0, tcm_handle=0, tcm_parent=0, tcm_info=0}, [{nla_len=12, nla_type=TCA_STAB}, [{nla_len=8, nla_type=TCA_STAB_DATA}, [1, 2]]]`},
		{48, append([]byte{0, 0, 0, 0}, nla(3, []byte{5, 0, 0, 0})...),
			`{tca_family=AF_UNSPEC}, [{nla_len=8, nla_type=TCA_ACT_INDEX}, 5]`},
		{104, append([]byte{2, 0, 2, 1, 0, 0, 0, 0}, nla(2, []byte{1, 0, 0, 0, 2, 0, 0, 0})...),
			`{nh_family=AF_INET, nh_scope=RT_SCOPE_UNIVERSE, nh_protocol=RTPROT_KERNEL, resvd=0x1, nh_flags=0}, [{nla_len=12, nla_type=NHA_GROUP}, [{id=1, weight=2}]]`},
		{96, append([]byte{0x80, 0, 0, 0}, nla(3, []byte{127, 0, 0, 1})...),
			`{rtgen_family=RTNL_FAMILY_IPMR}, [{nla_len=8, nla_type=IPMRA_CREPORT_SRC_ADDR}, inet_addr("127.0.0.1")]`},
	})
}

func TestNetlinkRouteLink(t *testing.T) {
	lo := []byte{0, 0, 4, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}
	checkNlPayloads(t, netlinkRoute, []nlRouteCase{
		{18, append(append([]byte(nil), lo...), nla(3, []byte("lo\x00"))...),
			`{ifi_family=AF_UNSPEC, ifi_type=ARPHRD_LOOPBACK, ifi_index=0, ifi_flags=IFF_UP, ifi_change=0}, [{nla_len=7, nla_type=IFLA_IFNAME}, "lo"]`},
		{18, append(append([]byte(nil), lo...), nla(18, append(nla(1, []byte("tun\x00")), nla(2, nla(3, []byte{2}))...))...),
			`{ifi_family=AF_UNSPEC, ifi_type=ARPHRD_LOOPBACK, ifi_index=0, ifi_flags=IFF_UP, ifi_change=0}, [{nla_len=24, nla_type=IFLA_LINKINFO}, [[{nla_len=8, nla_type=IFLA_INFO_KIND}, "tun"], [{nla_len=12, nla_type=IFLA_INFO_DATA}, [{nla_len=5, nla_type=IFLA_TUN_TYPE}, IFF_TAP]]]]`},
		{18, append(append([]byte(nil), lo...), nla(26, nla(2, nla(1, []byte{1, 0, 0, 0})))...),
			`{ifi_family=AF_UNSPEC, ifi_type=ARPHRD_LOOPBACK, ifi_index=0, ifi_flags=IFF_UP, ifi_change=0}, [{nla_len=16, nla_type=IFLA_AF_SPEC}, [{nla_len=12, nla_type=AF_INET}, [{nla_len=8, nla_type=IFLA_INET_CONF}, [[IPV4_DEVCONF_FORWARDING-1]=1]]]]`},
		{18, []byte{7, 0, 0},
			`{ifi_family=AF_BRIDGE, ...}`},
	})
}

func TestNetlinkRouteStats(t *testing.T) {
	checkNlPayloads(t, netlinkRoute, []nlRouteCase{
		{92, []byte{1, 0, 0xad, 0xde, 0, 0, 0, 0, 2, 0, 0, 0},
			`{family=AF_UNIX, pad2=0xdead, ifindex=0, filter_mask=1<<IFLA_STATS_LINK_64}`},
		{92, []byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
			`{family=AF_UNIX, ...}`},
	})
}

func TestNetlinkSockDiag(t *testing.T) {
	unixReq := []byte{1, 0, 0, 0, 2, 4, 0, 0, 7, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}
	sockid := make([]byte, 48)
	copy(sockid, []byte{0, 80, 0, 81, 127, 0, 0, 1})
	inetReq := append([]byte{2, 6, 0, 0, 0x80, 0, 0, 0}, sockid...)
	checkNlPayloads(t, netlinkSockDiag, []nlRouteCase{
		{20, unixReq,
			`{sdiag_family=AF_UNIX, sdiag_protocol=0, udiag_states=1<<TCP_ESTABLISHED|1<<TCP_LISTEN, udiag_ino=7, udiag_show=UDIAG_SHOW_NAME, udiag_cookie=[1, 2]}`},
		{20, inetReq,
			`{sdiag_family=AF_INET, sdiag_protocol=IPPROTO_TCP, idiag_ext=0, idiag_states=1<<TCP_CLOSE, id={idiag_sport=htons(80), idiag_dport=htons(81), idiag_src=inet_addr("127.0.0.1"), idiag_dst=inet_addr("0.0.0.0"), idiag_if=0, idiag_cookie=[0, 0]}}`},
		{20, []byte{16, 0xff, 0},
			`{sdiag_family=AF_NETLINK, ...}`},
	})
}

func TestBPFInsn(t *testing.T) {
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, tc := range []struct {
		insn []byte
		want string
	}{
		{[]byte{0x30, 0, 0, 0, 4, 0xf0, 0xff, 0xff}, "BPF_STMT(BPF_LD|BPF_B|BPF_ABS, SKF_AD_OFF+SKF_AD_PKTTYPE)"},
		{[]byte{0x06, 0, 0, 0, 0x2a, 0, 0, 0}, "BPF_STMT(BPF_RET|BPF_K, 0x2a)"},
		{[]byte{0x15, 0, 1, 2, 5, 0, 0, 0}, "BPF_JUMP(BPF_JMP|BPF_K|BPF_JEQ, 0x5, 0x1, 0x2)"},
	} {
		if got := string(d.appendBPFInsn(nil, tc.insn, printSockK)); got != tc.want {
			t.Errorf("got %s, want %s", got, tc.want)
		}
	}
}

func TestAppend0X(t *testing.T) {
	for _, tc := range []struct {
		v     uint64
		width int
		want  string
	}{{0, 8, "00000000"}, {0xab, 8, "0x0000ab"}, {0xdeadbeef, 8, "0xdeadbeef"}} {
		if got := string(append0X(nil, tc.v, tc.width)); got != tc.want {
			t.Errorf("append0X(%#x, %d) = %s, want %s", tc.v, tc.width, got, tc.want)
		}
	}
}

// FuzzNetlinkPayload feeds arbitrary messages to the NETLINK_ROUTE and
// NETLINK_SOCK_DIAG decoders, whole or cut short, under each -X style.
func FuzzNetlinkPayload(f *testing.F) {
	f.Add(uint16(18), uint16(1), []byte{0, 0, 4, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 8, 0, 3, 0, 'l', 'o', 0, 0}, uint8(0), uint8(0))
	f.Add(uint16(20), uint16(1), append([]byte{2, 6, 0, 0, 0x80, 0, 0, 0}, make([]byte, 52)...), uint8(1), uint8(4))
	f.Fuzz(func(t *testing.T, typ, flags uint16, p []byte, style, cut uint8) {
		for _, family := range []int{netlinkRoute, netlinkSockDiag} {
			msg := nlmsg(typ, flags, p)
			e := sc(t, "sendto", int64(len(msg)), 3, 0x1000, uint64(len(msg)), 0, 0, 0).data(1, msg[:len(msg)-min(int(cut), len(msg))])
			d := New(Options{StringLimit: DefaultStringLimit, Xlat: XlatStyle(style % 3), Verbose: style&4 != 0})
			d.SetFDResolver(&fakeFDs{netlink: map[int32]int{3: family}})
			d.AppendEnter(nil, &e.ev)
		}
	})
}
