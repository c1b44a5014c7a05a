package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

var socketLevels = &xlat{vals: []xv{
	{0, "SOL_IP"}, {1, "SOL_SOCKET"}, {6, "SOL_TCP"}, {17, "SOL_UDP"}, {41, "SOL_IPV6"}, {58, "SOL_ICMPV6"},
	{132, "SOL_SCTP"}, {136, "SOL_UDPLITE"}, {255, "SOL_RAW"}, {256, "SOL_IPX"}, {257, "SOL_AX25"},
	{258, "SOL_ATALK"}, {259, "SOL_NETROM"}, {260, "SOL_ROSE"}, {261, "SOL_DECNET"}, {262, "SOL_X25"},
	{263, "SOL_PACKET"}, {264, "SOL_ATM"}, {265, "SOL_AAL"}, {266, "SOL_IRDA"}, {267, "SOL_NETBEUI"},
	{268, "SOL_LLC"}, {269, "SOL_DCCP"}, {270, "SOL_NETLINK"}, {271, "SOL_TIPC"}, {272, "SOL_RXRPC"},
	{273, "SOL_PPPOL2TP"}, {274, "SOL_BLUETOOTH"}, {275, "SOL_PNPIPE"}, {276, "SOL_RDS"}, {277, "SOL_IUCV"},
	{278, "SOL_CAIF"}, {279, "SOL_ALG"}, {280, "SOL_NFC"}, {281, "SOL_KCM"}, {282, "SOL_TLS"}, {283, "SOL_XDP"},
	{284, "SOL_MPTCP"}, {285, "SOL_MCTP"}, {286, "SOL_SMC"},
}, dflt: "SOL_??"}

var socketOptions = &xlat{vals: []xv{
	{1, "SO_DEBUG"}, {2, "SO_REUSEADDR"}, {3, "SO_TYPE"}, {4, "SO_ERROR"}, {5, "SO_DONTROUTE"},
	{6, "SO_BROADCAST"}, {7, "SO_SNDBUF"}, {8, "SO_RCVBUF"}, {9, "SO_KEEPALIVE"}, {10, "SO_OOBINLINE"},
	{11, "SO_NO_CHECK"}, {12, "SO_PRIORITY"}, {13, "SO_LINGER"}, {14, "SO_BSDCOMPAT"}, {15, "SO_REUSEPORT"},
	{16, "SO_PASSCRED"}, {17, "SO_PEERCRED"}, {18, "SO_RCVLOWAT"}, {19, "SO_SNDLOWAT"},
	{20, "SO_RCVTIMEO_OLD"}, {21, "SO_SNDTIMEO_OLD"}, {22, "SO_SECURITY_AUTHENTICATION"},
	{23, "SO_SECURITY_ENCRYPTION_TRANSPORT"}, {24, "SO_SECURITY_ENCRYPTION_NETWORK"},
	{25, "SO_BINDTODEVICE"}, {27, "SO_DETACH_FILTER"}, {28, "SO_PEERNAME"}, {29, "SO_TIMESTAMP_OLD"},
	{30, "SO_ACCEPTCONN"}, {31, "SO_PEERSEC"}, {32, "SO_SNDBUFFORCE"}, {33, "SO_RCVBUFFORCE"},
	{34, "SO_PASSSEC"}, {35, "SO_TIMESTAMPNS_OLD"}, {36, "SO_MARK"}, {37, "SO_TIMESTAMPING_OLD"},
	{38, "SO_PROTOCOL"}, {39, "SO_DOMAIN"}, {40, "SO_RXQ_OVFL"}, {41, "SO_WIFI_STATUS"},
	{42, "SO_PEEK_OFF"}, {43, "SO_NOFCS"}, {44, "SO_LOCK_FILTER"}, {45, "SO_SELECT_ERR_QUEUE"},
	{46, "SO_BUSY_POLL"}, {47, "SO_MAX_PACING_RATE"}, {48, "SO_BPF_EXTENSIONS"}, {49, "SO_INCOMING_CPU"},
	{50, "SO_ATTACH_BPF"}, {51, "SO_ATTACH_REUSEPORT_CBPF"}, {52, "SO_ATTACH_REUSEPORT_EBPF"},
	{53, "SO_CNX_ADVICE"}, {55, "SO_MEMINFO"}, {56, "SO_INCOMING_NAPI_ID"}, {57, "SO_COOKIE"},
	{59, "SO_PEERGROUPS"}, {60, "SO_ZEROCOPY"}, {61, "SO_TXTIME"}, {62, "SO_BINDTOIFINDEX"},
	{63, "SO_TIMESTAMP_NEW"}, {64, "SO_TIMESTAMPNS_NEW"}, {65, "SO_TIMESTAMPING_NEW"},
	{66, "SO_RCVTIMEO_NEW"}, {67, "SO_SNDTIMEO_NEW"}, {68, "SO_DETACH_REUSEPORT_BPF"},
	{69, "SO_PREFER_BUSY_POLL"}, {70, "SO_BUSY_POLL_BUDGET"}, {71, "SO_NETNS_COOKIE"},
	{72, "SO_BUF_LOCK"}, {73, "SO_RESERVE_MEM"}, {74, "SO_TXREHASH"}, {75, "SO_RCVMARK"},
}, dflt: "SO_???"}

var tcpOptions = &xlat{vals: []xv{
	{1, "TCP_NODELAY"}, {2, "TCP_MAXSEG"}, {3, "TCP_CORK"}, {4, "TCP_KEEPIDLE"}, {5, "TCP_KEEPINTVL"},
	{6, "TCP_KEEPCNT"}, {7, "TCP_SYNCNT"}, {8, "TCP_LINGER2"}, {9, "TCP_DEFER_ACCEPT"},
	{10, "TCP_WINDOW_CLAMP"}, {11, "TCP_INFO"}, {12, "TCP_QUICKACK"}, {13, "TCP_CONGESTION"},
	{14, "TCP_MD5SIG"}, {16, "TCP_THIN_LINEAR_TIMEOUTS"}, {17, "TCP_THIN_DUPACK"},
	{18, "TCP_USER_TIMEOUT"}, {19, "TCP_REPAIR"}, {20, "TCP_REPAIR_QUEUE"}, {21, "TCP_QUEUE_SEQ"},
	{22, "TCP_REPAIR_OPTIONS"}, {23, "TCP_FASTOPEN"}, {24, "TCP_TIMESTAMP"}, {25, "TCP_NOTSENT_LOWAT"},
	{26, "TCP_CC_INFO"}, {27, "TCP_SAVE_SYN"}, {28, "TCP_SAVED_SYN"}, {29, "TCP_REPAIR_WINDOW"},
	{30, "TCP_FASTOPEN_CONNECT"}, {31, "TCP_ULP"}, {32, "TCP_MD5SIG_EXT"}, {33, "TCP_FASTOPEN_KEY"},
	{34, "TCP_FASTOPEN_NO_COOKIE"}, {35, "TCP_ZEROCOPY_RECEIVE"}, {36, "TCP_INQ"},
	{37, "TCP_TX_DELAY"},
}, dflt: "TCP_???"}

var udpOptions = &xlat{vals: []xv{{1, "UDP_CORK"}, {100, "UDP_ENCAP"}, {101, "UDP_NO_CHECK6_TX"},
	{102, "UDP_NO_CHECK6_RX"}, {103, "UDP_SEGMENT"}, {104, "UDP_GRO"}}, dflt: "UDP_???"}

var netlinkOptions = &xlat{vals: []xv{
	{1, "NETLINK_ADD_MEMBERSHIP"}, {2, "NETLINK_DROP_MEMBERSHIP"}, {3, "NETLINK_PKTINFO"},
	{4, "NETLINK_BROADCAST_ERROR"}, {5, "NETLINK_NO_ENOBUFS"}, {6, "NETLINK_RX_RING"}, {7, "NETLINK_TX_RING"},
	{8, "NETLINK_LISTEN_ALL_NSID"}, {9, "NETLINK_LIST_MEMBERSHIPS"}, {10, "NETLINK_CAP_ACK"},
	{11, "NETLINK_EXT_ACK"}, {12, "NETLINK_GET_STRICT_CHK"},
}, dflt: "NETLINK_???"}

// appendSockoptLevelName prints sockfd, level and optname; get says the
// call is getsockopt, whose option 26 strace names SO_GET_FILTER.
func (d *Decoder) appendSockoptLevelName(b []byte, ev *trace.Event, get bool) []byte {
	b = d.appendFD(b, ev, ev.Args[0])
	b = d.sep(b)
	level := uint32(ev.Args[1])
	name := uint64(uint32(ev.Args[2]))
	b = d.enum(b, socketLevels, uint64(level))
	b = d.sep(b)
	var x *xlat
	switch level {
	case solSocket:
		x = socketOptions
		if name == soAttachFilter {
			x = setsockFilterName
			if get {
				x = getsockFilterName
			}
		}
	case 0:
		x = ipOptions[get]
	case 6:
		x = tcpOptions
	case 41:
		x = ipv6Options[get]
	case solPacket:
		x = packetOptions
	case solRaw:
		x = rawOptions
	case 17:
		x = udpOptions
	case 270:
		x = netlinkOptions
	default:
		return appendUint(b, name)
	}
	return d.enum(b, x, name)
}

// getsockFilterName and setsockFilterName name option 26 of SOL_SOCKET as
// getsockopt and setsockopt use it.
var (
	getsockFilterName = &xlat{vals: []xv{{soAttachFilter, "SO_GET_FILTER"}}, dflt: "SO_???"}
	setsockFilterName = &xlat{vals: []xv{{soAttachFilter, "SO_ATTACH_FILTER"}}, dflt: "SO_???"}
)

// appendIntRefData prints the int at the start of p as [N].
func appendIntRefData(b []byte, p []byte) []byte {
	b = append(b, '[')
	b = appendInt(b, int64(int32(le32(p, 0))))
	return append(b, ']')
}

// appendSetsockoptValue prints setsockopt's option value of n bytes as
// strace's print_setsockopt.
func (d *Decoder) appendSetsockoptValue(b []byte, ev *trace.Event, n int32) []byte {
	addr := ev.Args[3]
	cp, ok := capOK(ev, 3)
	if addr == 0 || !ok {
		return appendPtr(b, addr)
	}
	p := cp.Data
	level, name := uint32(ev.Args[1]), uint32(ev.Args[2])
	switch {
	case level == solSocket && name == soLinger:
		if n < 8 || len(p) < 8 {
			return appendPtr(b, addr)
		}
		return appendLinger(b, p)
	case level == solSocket && (name == soAttachFilter || name == soAttachReuseportCBPF):
		if n != syscalls.FprogSize {
			return appendPtr(b, addr)
		}
		return d.appendFprog(b, ev, 3, printSockK)
	case level == solSocket && name == soTxrehash:
		if n < 4 || len(p) < 4 {
			return appendPtr(b, addr)
		}
		return d.appendTxrehash(b, p)
	case level == solSocket && intSockopt(name), level == solNetlink:
		if n < 4 || len(p) < 4 {
			return appendPtr(b, addr)
		}
		return appendIntRefData(b, p)
	case level == solIP && (name == ipAddMember || name == ipDropMemb) && n < 8:
		return appendPtr(b, addr)
	}
	if sb, ok := d.appendSetsockoptStruct(b, addr, level, name, p, n); ok {
		return sb
	}
	if sb, ok := d.appendSockoptStruct(b, level, name, p, n); ok {
		return sb
	}
	if n == 4 && len(p) >= 4 {
		return appendIntRefData(b, p)
	}
	if n < 0 || len(p) < min(int(n), d.opts.StringLimit) {
		return appendPtr(b, addr)
	}
	return d.appendBuf(b, p, uint64(n), false)
}

// appendGetsockoptValue prints getsockopt's option value as strace's
// print_getsockopt: ulen is the length the caller offered, rlen the one
// the kernel stored.
func (d *Decoder) appendGetsockoptValue(b []byte, ev *trace.Event, ulen, rlen int32) []byte {
	addr := ev.Args[3]
	if ulen <= 0 || rlen <= 0 {
		return appendPtr(b, addr)
	}
	cp, ok := capOK(ev, 3)
	if addr == 0 || !ok {
		return appendPtr(b, addr)
	}
	p := cp.Data
	level, name := uint32(ev.Args[1]), uint32(ev.Args[2])
	hexBytes := func(b []byte) []byte {
		if len(p) < int(rlen) {
			return appendPtr(b, addr)
		}
		return d.appendBuf(b, p, uint64(rlen), true)
	}
	switch {
	case level == solSocket && name == soLinger:
		return d.appendFieldsPartial(b, addr, p, int(min(rlen, 8)), lingerFields)
	case level == solSocket && name == soPeercred:
		return d.appendFieldsPartial(b, addr, p, int(min(rlen, 12)), ucredFields)
	case level == solSocket && name == soAttachFilter:
		// The kernel stores the instruction count, a u16; any other
		// was forged.
		if uint32(uint16(rlen)) != uint32(rlen) {
			return appendPtr(b, addr)
		}
		return d.appendBPFProgram(b, addr, uint64(rlen), cp, printSockK)
	case level == solSocket && name == soError:
		if rlen < 4 {
			return hexBytes(b)
		}
		if len(p) < 4 {
			return appendPtr(b, addr)
		}
		b = append(b, '[')
		mark, v := len(b), le32(p, 0)
		if v != 0 {
			b = appendErrnoName(b, int64(v))
		} else {
			b = append(b, '0')
		}
		b = d.restyle(b, mark, uint64(v), numUnsigned)
		return append(b, ']')
	case level == solSocket && name == soTxrehash:
		if rlen < 4 {
			return hexBytes(b)
		}
		if len(p) < 4 {
			return appendPtr(b, addr)
		}
		return d.appendTxrehash(b, p)
	case level == solSocket && intSockopt(name):
		if rlen < 4 {
			return hexBytes(b)
		}
		if len(p) < 4 {
			return appendPtr(b, addr)
		}
		return appendIntRefData(b, p)
	case level == solNetlink:
		if len(p) < 4 {
			return appendPtr(b, addr)
		}
		return appendIntRefData(b, p)
	case level == solPacket && name == packetStatistics:
		return d.appendFieldsPartial(b, addr, p, int(min(rlen, 12)), tpacketStatsFields)
	case level == solRaw && name == icmpFilter:
		return d.appendICMPFilter(b, addr, p, rlen)
	}
	if sb, ok := d.appendSockoptStruct(b, level, name, p, rlen); ok {
		return sb
	}
	if rlen == 4 && len(p) >= 4 {
		return appendIntRefData(b, p)
	}
	if len(p) < min(int(rlen), d.opts.StringLimit) {
		return appendPtr(b, addr)
	}
	return d.appendBuf(b, p, uint64(rlen), false)
}

func enterSetsockopt(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendSockoptLevelName(b, ev, false)
	b = d.sep(b)
	n := int32(ev.Args[4])
	if d.verboseCall(ev) {
		b = d.appendSetsockoptValue(b, ev, n)
	} else {
		// strace shows no option value under -e verbose=none, strings
		// included.
		b = appendPtr(b, ev.Args[3])
	}
	b = d.sep(b)
	return appendInt(b, int64(n))
}

func enterGetsockopt(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendSockoptLevelName(b, ev, true)
	return d.sep(b)
}

// exitGetsockopt prints the value and its length: [OFFERED => STORED]
// when the kernel changed it, the caller's length alone when the call
// failed, addresses when the length could not be read at entry.
func exitGetsockopt(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	lc, lok := capOK(ev, 4)
	if ev.Args[4] == 0 || !lok || len(lc.Data) < 4 {
		b = appendPtr(b, ev.Args[3])
		b = d.sep(b)
		return appendPtr(b, ev.Args[4])
	}
	ulen := int32(le32(lc.Data, 0))
	rlen, stored := ulen, false
	if lc.Aux == 4 && len(lc.Data) >= 8 {
		rlen, stored = int32(le32(lc.Data, 4)), true
	} else if lc.Aux == 0 {
		stored = true
	}
	if failed(ev) || !stored {
		b = appendPtr(b, ev.Args[3])
		b = append(d.sep(b), '[')
		b = appendInt(b, int64(ulen))
		return append(b, ']')
	}
	b = d.appendGetsockoptValue(b, ev, ulen, rlen)
	b = append(d.sep(b), '[')
	if ulen != rlen {
		b = appendInt(b, int64(ulen))
		b = append(b, " => "...)
	}
	b = appendInt(b, int64(rlen))
	return append(b, ']')
}
