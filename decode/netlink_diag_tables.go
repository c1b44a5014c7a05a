package decode

// NETLINK_SOCK_DIAG value tables (strace 6.1's xlat/*.in, with the kernel
// headers' values).

// unixDiagAttrs is strace's unix_diag_attrs table.
var unixDiagAttrs = &xlat{vals: []xv{
	{0, "UNIX_DIAG_NAME"}, {0x1, "UNIX_DIAG_VFS"}, {0x2, "UNIX_DIAG_PEER"}, {0x3, "UNIX_DIAG_ICONS"},
	{0x4, "UNIX_DIAG_RQLEN"}, {0x5, "UNIX_DIAG_MEMINFO"}, {0x6, "UNIX_DIAG_SHUTDOWN"}, {0x7, "UNIX_DIAG_UID"},
}, dflt: "UNIX_DIAG_???"}

// unixDiagShow is strace's unix_diag_show table.
var unixDiagShow = &xlat{vals: []xv{
	{0x1, "UDIAG_SHOW_NAME"}, {0x2, "UDIAG_SHOW_VFS"}, {0x4, "UDIAG_SHOW_PEER"}, {0x8, "UDIAG_SHOW_ICONS"},
	{0x10, "UDIAG_SHOW_RQLEN"}, {0x20, "UDIAG_SHOW_MEMINFO"}, {0x40, "UDIAG_SHOW_UID"},
}, dflt: "UDIAG_SHOW_???"}

// tcpStateFlags are the TCP states as a mask: 1<<TCP_ESTABLISHED...
var tcpStateFlags = func() *xlat {
	x := &xlat{dflt: "1<<TCP_???"}
	for _, e := range tcpStates.vals {
		x.vals = append(x.vals, xv{1 << e.v, "1<<" + e.s})
	}
	return x
}()

// tcpStates is strace's tcp_states table.
var tcpStates = &xlat{vals: []xv{
	{0x1, "TCP_ESTABLISHED"}, {0x2, "TCP_SYN_SENT"}, {0x3, "TCP_SYN_RECV"}, {0x4, "TCP_FIN_WAIT1"},
	{0x5, "TCP_FIN_WAIT2"}, {0x6, "TCP_TIME_WAIT"}, {0x7, "TCP_CLOSE"}, {0x8, "TCP_CLOSE_WAIT"},
	{0x9, "TCP_LAST_ACK"}, {0xa, "TCP_LISTEN"}, {0xb, "TCP_CLOSING"}, {0xc, "TCP_NEW_SYN_RECV"},
}, dflt: "TCP_???"}

// netlinkDiagAttrs is strace's netlink_diag_attrs table.
var netlinkDiagAttrs = &xlat{vals: []xv{
	{0, "NETLINK_DIAG_MEMINFO"}, {0x1, "NETLINK_DIAG_GROUPS"}, {0x2, "NETLINK_DIAG_RX_RING"},
	{0x3, "NETLINK_DIAG_TX_RING"}, {0x4, "NETLINK_DIAG_FLAGS"},
}, dflt: "NETLINK_DIAG_???"}

// netlinkDiagShow is strace's netlink_diag_show table.
var netlinkDiagShow = &xlat{vals: []xv{
	{0x1, "NDIAG_SHOW_MEMINFO"}, {0x2, "NDIAG_SHOW_GROUPS"}, {0x4, "NDIAG_SHOW_RING_CFG"},
	{0x8, "NDIAG_SHOW_FLAGS"},
}, dflt: "NDIAG_SHOW_???"}

// netlinkSocketFlags is strace's netlink_socket_flags table.
var netlinkSocketFlags = &xlat{vals: []xv{
	{0x1, "NDIAG_FLAG_CB_RUNNING"}, {0x2, "NDIAG_FLAG_PKTINFO"}, {0x4, "NDIAG_FLAG_BROADCAST_ERROR"},
	{0x8, "NDIAG_FLAG_NO_ENOBUFS"}, {0x10, "NDIAG_FLAG_LISTEN_ALL_NSID"}, {0x20, "NDIAG_FLAG_CAP_ACK"},
}, dflt: "NDIAG_FLAG_???"}

// netlinkStates is strace's netlink_states table.
var netlinkStates = &xlat{vals: []xv{
	{0, "NETLINK_UNCONNECTED"}, {0x1, "NETLINK_CONNECTED"}, {0x7, "TCP_CLOSE"},
}, dflt: "NETLINK_???"}

// skMeminfoIndices is strace's netlink_sk_meminfo_indices table.
var skMeminfoIndices = &xlat{vals: []xv{
	{0, "SK_MEMINFO_RMEM_ALLOC"}, {0x1, "SK_MEMINFO_RCVBUF"}, {0x2, "SK_MEMINFO_WMEM_ALLOC"},
	{0x3, "SK_MEMINFO_SNDBUF"}, {0x4, "SK_MEMINFO_FWD_ALLOC"}, {0x5, "SK_MEMINFO_WMEM_QUEUED"},
	{0x6, "SK_MEMINFO_OPTMEM"}, {0x7, "SK_MEMINFO_BACKLOG"}, {0x8, "SK_MEMINFO_DROPS"},
}, dflt: "SK_MEMINFO_???", decimal: true}

// afPacketVersions is strace's af_packet_versions table.
var afPacketVersions = &xlat{vals: []xv{
	{0, "TPACKET_V1"}, {0x1, "TPACKET_V2"}, {0x2, "TPACKET_V3"},
}, dflt: "TPACKET_???"}

// packetDiagAttrs is strace's packet_diag_attrs table.
var packetDiagAttrs = &xlat{vals: []xv{
	{0, "PACKET_DIAG_INFO"}, {0x1, "PACKET_DIAG_MCLIST"}, {0x2, "PACKET_DIAG_RX_RING"},
	{0x3, "PACKET_DIAG_TX_RING"}, {0x4, "PACKET_DIAG_FANOUT"}, {0x5, "PACKET_DIAG_UID"},
	{0x6, "PACKET_DIAG_MEMINFO"}, {0x7, "PACKET_DIAG_FILTER"},
}, dflt: "PACKET_DIAG_???"}

// packetDiagInfoFlags is strace's packet_diag_info_flags table.
var packetDiagInfoFlags = &xlat{vals: []xv{
	{0x1, "PDI_RUNNING"}, {0x2, "PDI_AUXDATA"}, {0x4, "PDI_ORIGDEV"}, {0x8, "PDI_VNETHDR"}, {0x10, "PDI_LOSS"},
}, dflt: "PDI_???"}

// packetDiagShow is strace's packet_diag_show table.
var packetDiagShow = &xlat{vals: []xv{
	{0x1, "PACKET_SHOW_INFO"}, {0x2, "PACKET_SHOW_MCLIST"}, {0x4, "PACKET_SHOW_RING_CFG"},
	{0x8, "PACKET_SHOW_FANOUT"}, {0x10, "PACKET_SHOW_MEMINFO"}, {0x20, "PACKET_SHOW_FILTER"},
}, dflt: "PACKET_SHOW_???"}

// inetDiagAttrs is strace's inet_diag_attrs table.
var inetDiagAttrs = &xlat{vals: []xv{
	{0, "INET_DIAG_NONE"}, {0x1, "INET_DIAG_MEMINFO"}, {0x2, "INET_DIAG_INFO"}, {0x3, "INET_DIAG_VEGASINFO"},
	{0x4, "INET_DIAG_CONG"}, {0x5, "INET_DIAG_TOS"}, {0x6, "INET_DIAG_TCLASS"}, {0x7, "INET_DIAG_SKMEMINFO"},
	{0x8, "INET_DIAG_SHUTDOWN"}, {0x9, "INET_DIAG_DCTCPINFO"}, {0xa, "INET_DIAG_PROTOCOL"},
	{0xb, "INET_DIAG_SKV6ONLY"}, {0xc, "INET_DIAG_LOCALS"}, {0xd, "INET_DIAG_PEERS"}, {0xe, "INET_DIAG_PAD"},
	{0xf, "INET_DIAG_MARK"}, {0x10, "INET_DIAG_BBRINFO"}, {0x11, "INET_DIAG_CLASS_ID"},
	{0x12, "INET_DIAG_MD5SIG"}, {0x13, "INET_DIAG_ULP_INFO"}, {0x14, "INET_DIAG_SK_BPF_STORAGES"},
	{0x15, "INET_DIAG_CGROUP_ID"}, {0x16, "INET_DIAG_SOCKOPT"},
}, dflt: "INET_DIAG_???"}

// inetDiagBpfStorageAttrs is strace's inet_diag_bpf_storage_attrs table.
var inetDiagBpfStorageAttrs = &xlat{vals: []xv{
	{0, "SK_DIAG_BPF_STORAGE_NONE"}, {0x1, "SK_DIAG_BPF_STORAGE_PAD"}, {0x2, "SK_DIAG_BPF_STORAGE_MAP_ID"},
	{0x3, "SK_DIAG_BPF_STORAGE_MAP_VALUE"},
}, dflt: "SK_DIAG_BPF_STORAGE_???"}

// inetDiagBpfStoragesAttrs is strace's inet_diag_bpf_storages_attrs table.
var inetDiagBpfStoragesAttrs = &xlat{vals: []xv{
	{0, "SK_DIAG_BPF_STORAGE_REP_NONE"}, {0x1, "SK_DIAG_BPF_STORAGE"},
}, dflt: "SK_DIAG_BPF_STORAGE_???"}

// inetDiagBytecodes is strace's inet_diag_bytecodes table.
var inetDiagBytecodes = &xlat{vals: []xv{
	{0, "INET_DIAG_BC_NOP"}, {0x1, "INET_DIAG_BC_JMP"}, {0x2, "INET_DIAG_BC_S_GE"}, {0x3, "INET_DIAG_BC_S_LE"},
	{0x4, "INET_DIAG_BC_D_GE"}, {0x5, "INET_DIAG_BC_D_LE"}, {0x6, "INET_DIAG_BC_AUTO"},
	{0x7, "INET_DIAG_BC_S_COND"}, {0x8, "INET_DIAG_BC_D_COND"}, {0x9, "INET_DIAG_BC_DEV_COND"},
	{0xa, "INET_DIAG_BC_MARK_COND"}, {0xb, "INET_DIAG_BC_S_EQ"}, {0xc, "INET_DIAG_BC_D_EQ"},
	{0xd, "INET_DIAG_BC_CGROUP_COND"},
}, dflt: "INET_DIAG_BC_???"}

// inetDiagExtendedFlags is strace's inet_diag_extended_flags table.
var inetDiagExtendedFlags = &xlat{vals: []xv{
	{0x1, "1<<(INET_DIAG_MEMINFO-1)"}, {0x2, "1<<(INET_DIAG_INFO-1)"}, {0x4, "1<<(INET_DIAG_VEGASINFO-1)"},
	{0x8, "1<<(INET_DIAG_CONG-1)"}, {0x10, "1<<(INET_DIAG_TOS-1)"}, {0x20, "1<<(INET_DIAG_TCLASS-1)"},
	{0x40, "1<<(INET_DIAG_SKMEMINFO-1)"}, {0x80, "1<<(INET_DIAG_SHUTDOWN-1)"},
	{0x100, "1<<(INET_DIAG_DCTCPINFO-1)"}, {0x200, "1<<(INET_DIAG_PROTOCOL-1)"},
	{0x400, "1<<(INET_DIAG_SKV6ONLY-1)"}, {0x800, "1<<(INET_DIAG_LOCALS-1)"}, {0x1000, "1<<(INET_DIAG_PEERS-1)"},
	{0x2000, "1<<(INET_DIAG_PAD-1)"}, {0x4000, "1<<(INET_DIAG_MARK-1)"}, {0x8000, "1<<(INET_DIAG_BBRINFO-1)"},
	{0x10000, "1<<(INET_DIAG_CLASS_ID-1)"}, {0x20000, "1<<(INET_DIAG_MD5SIG-1)"},
	{0x40000, "1<<(INET_DIAG_ULP_INFO-1)"}, {0x80000, "1<<(INET_DIAG_SK_BPF_STORAGES-1)"},
	{0x100000, "1<<(INET_DIAG_CGROUP_ID-1)"}, {0x200000, "1<<(INET_DIAG_SOCKOPT-1)"},
}, dflt: "1<<INET_DIAG_???-1"}

// inetDiagReqAttrNames is strace's inet_diag_req_attrs table.
var inetDiagReqAttrNames = &xlat{vals: []xv{
	{0, "INET_DIAG_REQ_NONE"}, {0x1, "INET_DIAG_REQ_BYTECODE"}, {0x2, "INET_DIAG_REQ_SK_BPF_STORAGES"},
	{0x3, "INET_DIAG_REQ_PROTOCOL"},
}, dflt: "INET_DIAG_REQ_???"}

// inetDiagShutdownFlags is strace's inet_diag_shutdown_flags table.
var inetDiagShutdownFlags = &xlat{vals: []xv{
	{0x1, "RCV_SHUTDOWN"}, {0x2, "SEND_SHUTDOWN"},
}, dflt: "???_SHUTDOWN"}

// inetDiagUlpInfoAttrs is strace's inet_diag_ulp_info_attrs table.
var inetDiagUlpInfoAttrs = &xlat{vals: []xv{
	{0, "INET_ULP_INFO_UNSPEC"}, {0x1, "INET_ULP_INFO_NAME"}, {0x2, "INET_ULP_INFO_TLS"},
	{0x3, "INET_ULP_INFO_MPTCP"},
}, dflt: "INET_ULP_INFO_???"}

// inetDiagUlpInfoMptcpAttrs is strace's inet_diag_ulp_info_mptcp_attrs table.
var inetDiagUlpInfoMptcpAttrs = &xlat{vals: []xv{
	{0, "MPTCP_SUBFLOW_ATTR_UNSPEC"}, {0x1, "MPTCP_SUBFLOW_ATTR_TOKEN_REM"},
	{0x2, "MPTCP_SUBFLOW_ATTR_TOKEN_LOC"}, {0x3, "MPTCP_SUBFLOW_ATTR_RELWRITE_SEQ"},
	{0x4, "MPTCP_SUBFLOW_ATTR_MAP_SEQ"}, {0x5, "MPTCP_SUBFLOW_ATTR_MAP_SFSEQ"},
	{0x6, "MPTCP_SUBFLOW_ATTR_SSN_OFFSET"}, {0x7, "MPTCP_SUBFLOW_ATTR_MAP_DATALEN"},
	{0x8, "MPTCP_SUBFLOW_ATTR_FLAGS"}, {0x9, "MPTCP_SUBFLOW_ATTR_ID_REM"}, {0xa, "MPTCP_SUBFLOW_ATTR_ID_LOC"},
	{0xb, "MPTCP_SUBFLOW_ATTR_PAD"},
}, dflt: "MPTCP_SUBFLOW_ATTR_???"}

// inetDiagUlpInfoTLSAttrs is strace's inet_diag_ulp_info_tls_attrs table.
var inetDiagUlpInfoTLSAttrs = &xlat{vals: []xv{
	{0, "TLS_INFO_UNSPEC"}, {0x1, "TLS_INFO_VERSION"}, {0x2, "TLS_INFO_CIPHER"}, {0x3, "TLS_INFO_TXCONF"},
	{0x4, "TLS_INFO_RXCONF"}, {0x5, "TLS_INFO_ZC_RO_TX"}, {0x6, "TLS_INFO_RX_NO_PAD"},
}, dflt: "TLS_INFO_???"}

// mptcpSubflowFlags is strace's mptcp_subflow_flags table.
var mptcpSubflowFlags = &xlat{vals: []xv{
	{0x1, "MPTCP_SUBFLOW_FLAG_MCAP_REM"}, {0x2, "MPTCP_SUBFLOW_FLAG_MCAP_LOC"},
	{0x4, "MPTCP_SUBFLOW_FLAG_JOIN_REM"}, {0x8, "MPTCP_SUBFLOW_FLAG_JOIN_LOC"},
	{0x10, "MPTCP_SUBFLOW_FLAG_BKUP_REM"}, {0x20, "MPTCP_SUBFLOW_FLAG_BKUP_LOC"},
	{0x40, "MPTCP_SUBFLOW_FLAG_FULLY_ESTABLISHED"}, {0x80, "MPTCP_SUBFLOW_FLAG_CONNECTED"},
	{0x100, "MPTCP_SUBFLOW_FLAG_MAPVALID"},
}, dflt: "MPTCP_SUBFLOW_FLAG_???"}

// tlsInfoCiphers is strace's tls_info_ciphers table.
var tlsInfoCiphers = &xlat{vals: []xv{
	{0x33, "TLS_CIPHER_AES_GCM_128"}, {0x34, "TLS_CIPHER_AES_GCM_256"}, {0x35, "TLS_CIPHER_AES_CCM_128"},
	{0x36, "TLS_CIPHER_CHACHA20_POLY1305"}, {0x37, "TLS_CIPHER_SM4_GCM"}, {0x38, "TLS_CIPHER_SM4_CCM"},
	{0x39, "TLS_CIPHER_ARIA_GCM_128"}, {0x3a, "TLS_CIPHER_ARIA_GCM_256"},
}, dflt: "TLS_CIPHER_???"}

// tlsInfoConfigs is strace's tls_info_configs table.
var tlsInfoConfigs = &xlat{vals: []xv{
	{0x1, "TLS_CONF_BASE"}, {0x2, "TLS_CONF_SW"}, {0x3, "TLS_CONF_HW"}, {0x4, "TLS_CONF_HW_RECORD"},
}, dflt: "TLS_CONF_???"}

// tlsInfoVersions is strace's tls_info_versions table.
var tlsInfoVersions = &xlat{vals: []xv{
	{0x303, "TLS_1_2_VERSION"}, {0x304, "TLS_1_3_VERSION"},
}, dflt: "TLS_???_VERSION"}

// smcDeclCodes is strace's smc_decl_codes table.
var smcDeclCodes = &xlat{vals: []xv{
	{0x1010000, "SMC_CLC_DECL_MEM"}, {0x2010000, "SMC_CLC_DECL_TIMEOUT_CL"},
	{0x2020000, "SMC_CLC_DECL_TIMEOUT_AL"}, {0x3000000, "SMC_CLC_DECL_CNFERR"},
	{0x3010000, "SMC_CLC_DECL_PEERNOSMC"}, {0x3020000, "SMC_CLC_DECL_IPSEC"},
	{0x3030000, "SMC_CLC_DECL_NOSMCDEV"}, {0x3040000, "SMC_CLC_DECL_MODEUNSUPP"},
	{0x3050000, "SMC_CLC_DECL_RMBE_EC"}, {0x3060000, "SMC_CLC_DECL_OPTUNSUPP"},
	{0x4000000, "SMC_CLC_DECL_SYNCERR"}, {0x5000000, "SMC_CLC_DECL_PEERDECL"},
	{0x99990000, "SMC_CLC_DECL_INTERR"}, {0x99990001, "SMC_CLC_DECL_ERR_RTOK"},
	{0x99990002, "SMC_CLC_DECL_ERR_RDYLNK"}, {0x99990003, "SMC_CLC_DECL_ERR_REGRMB"},
}, dflt: "SMC_CLC_DECL_???"}

// smcDiagAttrs is strace's smc_diag_attrs table.
var smcDiagAttrs = &xlat{vals: []xv{
	{0, "SMC_DIAG_NONE"}, {0x1, "SMC_DIAG_CONNINFO"}, {0x2, "SMC_DIAG_LGRINFO"}, {0x3, "SMC_DIAG_SHUTDOWN"},
	{0x4, "SMC_DIAG_DMBINFO"}, {0x5, "SMC_DIAG_FALLBACK"},
}, dflt: "SMC_DIAG_???"}

// smcDiagExtendedFlags is strace's smc_diag_extended_flags table.
var smcDiagExtendedFlags = &xlat{vals: []xv{
	{0x1, "1<<(SMC_DIAG_CONNINFO-1)"}, {0x2, "1<<(SMC_DIAG_LGRINFO-1)"},
}, dflt: "1<<SMC_DIAG_???-1"}

// smcDiagMode is strace's smc_diag_mode table.
var smcDiagMode = &xlat{vals: []xv{
	{0, "SMC_DIAG_MODE_SMCR"}, {0x1, "SMC_DIAG_MODE_FALLBACK_TCP"}, {0x2, "SMC_DIAG_MODE_SMCD"},
}, dflt: "SMC_DIAG_MODE_???"}

// smcLinkGroupRoles is strace's smc_link_group_roles table.
var smcLinkGroupRoles = &xlat{vals: []xv{
	{0, "SMC_CLNT"}, {0x1, "SMC_SERV"},
}, dflt: "SMC_???"}

// smcStates is strace's smc_states table.
var smcStates = &xlat{vals: []xv{
	{0x1, "SMC_ACTIVE"}, {0x2, "SMC_INIT"}, {0x7, "SMC_CLOSED"}, {0xa, "SMC_LISTEN"},
	{0x14, "SMC_PEERCLOSEWAIT1"}, {0x15, "SMC_PEERCLOSEWAIT2"}, {0x18, "SMC_APPFINCLOSEWAIT"},
	{0x16, "SMC_APPCLOSEWAIT1"}, {0x17, "SMC_APPCLOSEWAIT2"}, {0x19, "SMC_PEERFINCLOSEWAIT"},
	{0x1a, "SMC_PEERABORTWAIT"}, {0x1b, "SMC_PROCESSABORT"},
}, dflt: "SMC_???"}

// sockShutdownFlags is strace's sock_shutdown_flags table.
var sockShutdownFlags = &xlat{vals: []xv{
	{0x1, "RCV_SHUTDOWN"}, {0x2, "SEND_SHUTDOWN"},
}, dflt: "???_SHUTDOWN"}
