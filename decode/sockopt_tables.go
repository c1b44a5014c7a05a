package decode

// Option names of the SOL_IP, SOL_IPV6, SOL_PACKET and SOL_RAW levels, as
// strace 6.1's sock_*_options tables name them.

// ipCommonOptions are the SOL_IP options both getsockopt and setsockopt
// name.
var ipCommonOptions = []xv{
	{1, "IP_TOS"}, {2, "IP_TTL"}, {3, "IP_HDRINCL"}, {4, "IP_OPTIONS"}, {5, "IP_ROUTER_ALERT"},
	{6, "IP_RECVOPTS"}, {7, "IP_RETOPTS"}, {8, "IP_PKTINFO"}, {9, "IP_PKTOPTIONS"}, {10, "IP_MTU_DISCOVER"},
	{11, "IP_RECVERR"}, {12, "IP_RECVTTL"}, {13, "IP_RECVTOS"}, {14, "IP_MTU"}, {15, "IP_FREEBIND"},
	{16, "IP_IPSEC_POLICY"}, {17, "IP_XFRM_POLICY"}, {18, "IP_PASSSEC"}, {19, "IP_TRANSPARENT"},
	{20, "IP_ORIGDSTADDR"}, {21, "IP_MINTTL"}, {22, "IP_NODEFRAG"}, {23, "IP_CHECKSUM"},
	{24, "IP_BIND_ADDRESS_NO_PORT"}, {25, "IP_RECVFRAGSIZE"}, {26, "IP_RECVERR_RFC4884"},
	{32, "IP_MULTICAST_IF"}, {33, "IP_MULTICAST_TTL"}, {34, "IP_MULTICAST_LOOP"},
	{35, "IP_ADD_MEMBERSHIP"}, {36, "IP_DROP_MEMBERSHIP"}, {37, "IP_UNBLOCK_SOURCE"},
	{38, "IP_BLOCK_SOURCE"}, {39, "IP_ADD_SOURCE_MEMBERSHIP"}, {40, "IP_DROP_SOURCE_MEMBERSHIP"},
	{41, "IP_MSFILTER"}, {42, "MCAST_JOIN_GROUP"}, {43, "MCAST_BLOCK_SOURCE"},
	{44, "MCAST_UNBLOCK_SOURCE"}, {45, "MCAST_LEAVE_GROUP"}, {46, "MCAST_JOIN_SOURCE_GROUP"},
	{47, "MCAST_LEAVE_SOURCE_GROUP"}, {48, "MCAST_MSFILTER"}, {49, "IP_MULTICAST_ALL"},
	{50, "IP_UNICAST_IF"},
}

// ipOptions names SOL_IP options, indexed by "is getsockopt": the common
// ones, then those of the netfilter tables each call alone knows.
var ipOptions = map[bool]*xlat{
	true: joinXlat("IP_???", ipCommonOptions, []xv{
		{96, "ARPT_SO_GET_INFO"}, {97, "ARPT_SO_GET_ENTRIES"}, {98, "ARPT_SO_GET_REVISION_MATCH"},
		{99, "ARPT_SO_GET_REVISION_TARGET"}, {128, "EBT_SO_GET_INFO"}, {129, "EBT_SO_GET_ENTRIES"},
		{130, "EBT_SO_GET_INIT_INFO"}, {131, "EBT_SO_GET_INIT_ENTRIES"}, {1152, "IP_VS_SO_GET_VERSION"},
		{1153, "IP_VS_SO_GET_INFO"}, {1154, "IP_VS_SO_GET_SERVICES"}, {1155, "IP_VS_SO_GET_SERVICE"},
		{1156, "IP_VS_SO_GET_DESTS"}, {1157, "IP_VS_SO_GET_DEST"}, {1158, "IP_VS_SO_GET_TIMEOUT"},
		{1159, "IP_VS_SO_GET_DAEMON"}, {64, "IPT_SO_GET_INFO"}, {65, "IPT_SO_GET_ENTRIES"},
		{66, "IPT_SO_GET_REVISION_MATCH"}, {67, "IPT_SO_GET_REVISION_TARGET"},
	}),
	false: joinXlat("IP_???", ipCommonOptions, []xv{
		{96, "ARPT_SO_SET_REPLACE"}, {97, "ARPT_SO_SET_ADD_COUNTERS"}, {128, "EBT_SO_SET_ENTRIES"},
		{129, "EBT_SO_SET_COUNTERS"}, {1152, "IP_VS_SO_SET_NONE"}, {1153, "IP_VS_SO_SET_INSERT"},
		{1154, "IP_VS_SO_SET_ADD"}, {1155, "IP_VS_SO_SET_EDIT"}, {1156, "IP_VS_SO_SET_DEL"},
		{1157, "IP_VS_SO_SET_FLUSH"}, {1158, "IP_VS_SO_SET_LIST"}, {1159, "IP_VS_SO_SET_ADDDEST"},
		{1160, "IP_VS_SO_SET_DELDEST"}, {1161, "IP_VS_SO_SET_EDITDEST"}, {1162, "IP_VS_SO_SET_TIMEOUT"},
		{1163, "IP_VS_SO_SET_STARTDAEMON"}, {1164, "IP_VS_SO_SET_STOPDAEMON"},
		{1165, "IP_VS_SO_SET_RESTORE"}, {1166, "IP_VS_SO_SET_SAVE"}, {1167, "IP_VS_SO_SET_ZERO"},
		{64, "IPT_SO_SET_REPLACE"}, {65, "IPT_SO_SET_ADD_COUNTERS"},
	}),
}

// ipv6CommonOptions are the SOL_IPV6 options both calls name.
var ipv6CommonOptions = []xv{
	{1, "IPV6_ADDRFORM"}, {2, "IPV6_2292PKTINFO"}, {3, "IPV6_2292HOPOPTS"}, {4, "IPV6_2292DSTOPTS"},
	{5, "IPV6_2292RTHDR"}, {6, "IPV6_2292PKTOPTIONS"}, {7, "IPV6_CHECKSUM"}, {8, "IPV6_2292HOPLIMIT"},
	{9, "IPV6_NEXTHOP"}, {10, "IPV6_AUTHHDR"}, {11, "IPV6_FLOWINFO"}, {16, "IPV6_UNICAST_HOPS"},
	{17, "IPV6_MULTICAST_IF"}, {18, "IPV6_MULTICAST_HOPS"}, {19, "IPV6_MULTICAST_LOOP"},
	{20, "IPV6_ADD_MEMBERSHIP"}, {21, "IPV6_DROP_MEMBERSHIP"}, {22, "IPV6_ROUTER_ALERT"},
	{23, "IPV6_MTU_DISCOVER"}, {24, "IPV6_MTU"}, {25, "IPV6_RECVERR"}, {26, "IPV6_V6ONLY"},
	{27, "IPV6_JOIN_ANYCAST"}, {28, "IPV6_LEAVE_ANYCAST"}, {29, "IPV6_MULTICAST_ALL"},
	{30, "IPV6_ROUTER_ALERT_ISOLATE"}, {31, "IPV6_RECVERR_RFC4884"}, {32, "IPV6_FLOWLABEL_MGR"},
	{33, "IPV6_FLOWINFO_SEND"}, {34, "IPV6_IPSEC_POLICY"}, {35, "IPV6_XFRM_POLICY"},
	{36, "IPV6_HDRINCL"}, {42, "MCAST_JOIN_GROUP"}, {43, "MCAST_BLOCK_SOURCE"},
	{44, "MCAST_UNBLOCK_SOURCE"}, {45, "MCAST_LEAVE_GROUP"}, {46, "MCAST_JOIN_SOURCE_GROUP"},
	{47, "MCAST_LEAVE_SOURCE_GROUP"}, {48, "MCAST_MSFILTER"}, {49, "IPV6_RECVPKTINFO"},
	{50, "IPV6_PKTINFO"}, {51, "IPV6_RECVHOPLIMIT"}, {52, "IPV6_HOPLIMIT"}, {53, "IPV6_RECVHOPOPTS"},
	{54, "IPV6_HOPOPTS"}, {55, "IPV6_RTHDRDSTOPTS"}, {56, "IPV6_RECVRTHDR"}, {57, "IPV6_RTHDR"},
	{58, "IPV6_RECVDSTOPTS"}, {59, "IPV6_DSTOPTS"}, {60, "IPV6_RECVPATHMTU"}, {61, "IPV6_PATHMTU"},
	{62, "IPV6_DONTFRAG"}, {63, "IPV6_USE_MIN_MTU"}, {66, "IPV6_RECVTCLASS"}, {67, "IPV6_TCLASS"},
	{70, "IPV6_AUTOFLOWLABEL"}, {72, "IPV6_ADDR_PREFERENCES"}, {73, "IPV6_MINHOPCOUNT"},
	{74, "IPV6_ORIGDSTADDR"}, {75, "IPV6_TRANSPARENT"}, {76, "IPV6_UNICAST_IF"},
	{77, "IPV6_RECVFRAGSIZE"}, {78, "IPV6_FREEBIND"},
}

// ipv6Options names SOL_IPV6 options, indexed by "is getsockopt".
var ipv6Options = map[bool]*xlat{
	true: joinXlat("IPV6_???", ipv6CommonOptions, []xv{
		{64, "IP6T_SO_GET_INFO"}, {65, "IP6T_SO_GET_ENTRIES"}, {66, "IP6T_SO_GET_REVISION_MATCH"},
		{67, "IP6T_SO_GET_REVISION_TARGET"},
	}),
	false: joinXlat("IPV6_???", ipv6CommonOptions, []xv{{64, "IP6T_SO_SET_REPLACE"}, {65, "IP6T_SO_SET_ADD_COUNTERS"}}),
}

// packetOptions names SOL_PACKET options.
var packetOptions = &xlat{vals: []xv{
	{1, "PACKET_ADD_MEMBERSHIP"}, {2, "PACKET_DROP_MEMBERSHIP"}, {3, "PACKET_RECV_OUTPUT"},
	{5, "PACKET_RX_RING"}, {6, "PACKET_STATISTICS"}, {7, "PACKET_COPY_THRESH"}, {8, "PACKET_AUXDATA"},
	{9, "PACKET_ORIGDEV"}, {10, "PACKET_VERSION"}, {11, "PACKET_HDRLEN"}, {12, "PACKET_RESERVE"},
	{13, "PACKET_TX_RING"}, {14, "PACKET_LOSS"}, {15, "PACKET_VNET_HDR"}, {16, "PACKET_TX_TIMESTAMP"},
	{17, "PACKET_TIMESTAMP"}, {18, "PACKET_FANOUT"}, {19, "PACKET_TX_HAS_OFF"},
	{20, "PACKET_QDISC_BYPASS"}, {21, "PACKET_ROLLOVER_STATS"}, {22, "PACKET_FANOUT_DATA"},
	{23, "PACKET_IGNORE_OUTGOING"},
}, dflt: "PACKET_???"}

// rawOptions names SOL_RAW options.
var rawOptions = &xlat{vals: []xv{{1, "ICMP_FILTER"}}, dflt: "RAW_???"}

// packetMreqTypes names struct packet_mreq's mr_type.
var packetMreqTypes = &xlat{vals: []xv{
	{0, "PACKET_MR_MULTICAST"}, {1, "PACKET_MR_PROMISC"}, {2, "PACKET_MR_ALLMULTI"}, {3, "PACKET_MR_UNICAST"},
}, dflt: "PACKET_MR_???"}

// icmpFilterTypes names the ICMP types of ICMP_FILTER's bits.
var icmpFilterTypes = &xlat{vals: []xv{
	{0, "ICMP_ECHOREPLY"}, {3, "ICMP_DEST_UNREACH"}, {4, "ICMP_SOURCE_QUENCH"}, {5, "ICMP_REDIRECT"},
	{8, "ICMP_ECHO"}, {11, "ICMP_TIME_EXCEEDED"}, {12, "ICMP_PARAMETERPROB"}, {13, "ICMP_TIMESTAMP"},
	{14, "ICMP_TIMESTAMPREPLY"}, {15, "ICMP_INFO_REQUEST"}, {16, "ICMP_INFO_REPLY"}, {17, "ICMP_ADDRESS"},
	{18, "ICMP_ADDRESSREPLY"},
}, dflt: "ICMP_???"}

// joinXlat makes a table of the entries of a, then those of b, named dflt
// when neither has a value (strace's printxvals over two tables).
func joinXlat(dflt string, a, b []xv) *xlat {
	vals := make([]xv, 0, len(a)+len(b))
	return &xlat{vals: append(append(vals, a...), b...), dflt: dflt}
}
