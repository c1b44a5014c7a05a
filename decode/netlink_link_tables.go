package decode

// NETLINK_ROUTE link message value tables (strace 6.1's xlat/*.in, with the
// kernel headers' values).

// in6AddrGenMode is strace's in6_addr_gen_mode table.
var in6AddrGenMode = &xlat{vals: []xv{
	{0, "IN6_ADDR_GEN_MODE_EUI64"}, {0x1, "IN6_ADDR_GEN_MODE_NONE"}, {0x2, "IN6_ADDR_GEN_MODE_STABLE_PRIVACY"},
	{0x3, "IN6_ADDR_GEN_MODE_RANDOM"},
}, dflt: "IN6_ADDR_GEN_MODE_???"}

// inetDevconfIndices is strace's inet_devconf_indices table.
var inetDevconfIndices = &xlat{vals: []xv{
	{0, "IPV4_DEVCONF_FORWARDING-1"}, {0x1, "IPV4_DEVCONF_MC_FORWARDING-1"}, {0x2, "IPV4_DEVCONF_PROXY_ARP-1"},
	{0x3, "IPV4_DEVCONF_ACCEPT_REDIRECTS-1"}, {0x4, "IPV4_DEVCONF_SECURE_REDIRECTS-1"},
	{0x5, "IPV4_DEVCONF_SEND_REDIRECTS-1"}, {0x6, "IPV4_DEVCONF_SHARED_MEDIA-1"},
	{0x7, "IPV4_DEVCONF_RP_FILTER-1"}, {0x8, "IPV4_DEVCONF_ACCEPT_SOURCE_ROUTE-1"},
	{0x9, "IPV4_DEVCONF_BOOTP_RELAY-1"}, {0xa, "IPV4_DEVCONF_LOG_MARTIANS-1"}, {0xb, "IPV4_DEVCONF_TAG-1"},
	{0xc, "IPV4_DEVCONF_ARPFILTER-1"}, {0xd, "IPV4_DEVCONF_MEDIUM_ID-1"}, {0xe, "IPV4_DEVCONF_NOXFRM-1"},
	{0xf, "IPV4_DEVCONF_NOPOLICY-1"}, {0x10, "IPV4_DEVCONF_FORCE_IGMP_VERSION-1"},
	{0x11, "IPV4_DEVCONF_ARP_ANNOUNCE-1"}, {0x12, "IPV4_DEVCONF_ARP_IGNORE-1"},
	{0x13, "IPV4_DEVCONF_PROMOTE_SECONDARIES-1"}, {0x14, "IPV4_DEVCONF_ARP_ACCEPT-1"},
	{0x15, "IPV4_DEVCONF_ARP_NOTIFY-1"}, {0x16, "IPV4_DEVCONF_ACCEPT_LOCAL-1"},
	{0x17, "IPV4_DEVCONF_SRC_VMARK-1"}, {0x18, "IPV4_DEVCONF_PROXY_ARP_PVLAN-1"},
	{0x19, "IPV4_DEVCONF_ROUTE_LOCALNET-1"}, {0x1a, "IPV4_DEVCONF_IGMPV2_UNSOLICITED_REPORT_INTERVAL-1"},
	{0x1b, "IPV4_DEVCONF_IGMPV3_UNSOLICITED_REPORT_INTERVAL-1"},
	{0x1c, "IPV4_DEVCONF_IGNORE_ROUTES_WITH_LINKDOWN-1"}, {0x1d, "IPV4_DEVCONF_DROP_UNICAST_IN_L2_MULTICAST-1"},
	{0x1e, "IPV4_DEVCONF_DROP_GRATUITOUS_ARP-1"}, {0x1f, "IPV4_DEVCONF_BC_FORWARDING-1"},
	{0x20, "IPV4_DEVCONF_ARP_EVICT_NOCARRIER-1"},
}, dflt: "IPV4_DEVCONF_???", decimal: true}

// inet6DevconfIndices is strace's inet6_devconf_indices table.
var inet6DevconfIndices = &xlat{vals: []xv{
	{0, "DEVCONF_FORWARDING"}, {0x1, "DEVCONF_HOPLIMIT"}, {0x2, "DEVCONF_MTU6"}, {0x3, "DEVCONF_ACCEPT_RA"},
	{0x4, "DEVCONF_ACCEPT_REDIRECTS"}, {0x5, "DEVCONF_AUTOCONF"}, {0x6, "DEVCONF_DAD_TRANSMITS"},
	{0x7, "DEVCONF_RTR_SOLICITS"}, {0x8, "DEVCONF_RTR_SOLICIT_INTERVAL"}, {0x9, "DEVCONF_RTR_SOLICIT_DELAY"},
	{0xa, "DEVCONF_USE_TEMPADDR"}, {0xb, "DEVCONF_TEMP_VALID_LFT"}, {0xc, "DEVCONF_TEMP_PREFERED_LFT"},
	{0xd, "DEVCONF_REGEN_MAX_RETRY"}, {0xe, "DEVCONF_MAX_DESYNC_FACTOR"}, {0xf, "DEVCONF_MAX_ADDRESSES"},
	{0x10, "DEVCONF_FORCE_MLD_VERSION"}, {0x11, "DEVCONF_ACCEPT_RA_DEFRTR"}, {0x12, "DEVCONF_ACCEPT_RA_PINFO"},
	{0x13, "DEVCONF_ACCEPT_RA_RTR_PREF"}, {0x14, "DEVCONF_RTR_PROBE_INTERVAL"},
	{0x15, "DEVCONF_ACCEPT_RA_RT_INFO_MAX_PLEN"}, {0x16, "DEVCONF_PROXY_NDP"}, {0x17, "DEVCONF_OPTIMISTIC_DAD"},
	{0x18, "DEVCONF_ACCEPT_SOURCE_ROUTE"}, {0x19, "DEVCONF_MC_FORWARDING"}, {0x1a, "DEVCONF_DISABLE_IPV6"},
	{0x1b, "DEVCONF_ACCEPT_DAD"}, {0x1c, "DEVCONF_FORCE_TLLAO"}, {0x1d, "DEVCONF_NDISC_NOTIFY"},
	{0x1e, "DEVCONF_MLDV1_UNSOLICITED_REPORT_INTERVAL"}, {0x1f, "DEVCONF_MLDV2_UNSOLICITED_REPORT_INTERVAL"},
	{0x20, "DEVCONF_SUPPRESS_FRAG_NDISC"}, {0x21, "DEVCONF_ACCEPT_RA_FROM_LOCAL"},
	{0x22, "DEVCONF_USE_OPTIMISTIC"}, {0x23, "DEVCONF_ACCEPT_RA_MTU"}, {0x24, "DEVCONF_STABLE_SECRET"},
	{0x25, "DEVCONF_USE_OIF_ADDRS_ONLY"}, {0x26, "DEVCONF_ACCEPT_RA_MIN_HOP_LIMIT"},
	{0x27, "DEVCONF_IGNORE_ROUTES_WITH_LINKDOWN"}, {0x28, "DEVCONF_DROP_UNICAST_IN_L2_MULTICAST"},
	{0x29, "DEVCONF_DROP_UNSOLICITED_NA"}, {0x2a, "DEVCONF_KEEP_ADDR_ON_DOWN"},
	{0x2b, "DEVCONF_RTR_SOLICIT_MAX_INTERVAL"}, {0x2c, "DEVCONF_SEG6_ENABLED"},
	{0x2d, "DEVCONF_SEG6_REQUIRE_HMAC"}, {0x2e, "DEVCONF_ENHANCED_DAD"}, {0x2f, "DEVCONF_ADDR_GEN_MODE"},
	{0x30, "DEVCONF_DISABLE_POLICY"}, {0x31, "DEVCONF_ACCEPT_RA_RT_INFO_MIN_PLEN"},
	{0x32, "DEVCONF_NDISC_TCLASS"}, {0x33, "DEVCONF_RPL_SEG_ENABLED"}, {0x34, "DEVCONF_RA_DEFRTR_METRIC"},
	{0x35, "DEVCONF_IOAM6_ENABLED"}, {0x36, "DEVCONF_IOAM6_ID"}, {0x37, "DEVCONF_IOAM6_ID_WIDE"},
	{0x38, "DEVCONF_NDISC_EVICT_NOCARRIER"}, {0x39, "DEVCONF_ACCEPT_UNTRACKED_NA"},
}, dflt: "DEVCONF_???", decimal: true}

// inet6IfFlags is strace's inet6_if_flags table.
var inet6IfFlags = &xlat{vals: []xv{
	{0x10, "IF_RS_SENT"}, {0x20, "IF_RA_RCVD"}, {0x40, "IF_RA_MANAGED"}, {0x80, "IF_RA_OTHERCONF"},
	{0x80000000, "IF_READY"},
}, dflt: "IF_???"}

// rtnlIflaAfSpecBridgeAttrs is strace's rtnl_ifla_af_spec_bridge_attrs table.
var rtnlIflaAfSpecBridgeAttrs = &xlat{vals: []xv{
	{0, "IFLA_BRIDGE_FLAGS"}, {0x1, "IFLA_BRIDGE_MODE"}, {0x2, "IFLA_BRIDGE_VLAN_INFO"},
	{0x3, "IFLA_BRIDGE_VLAN_TUNNEL_INFO"}, {0x4, "IFLA_BRIDGE_MRP"}, {0x5, "IFLA_BRIDGE_CFM"},
	{0x6, "IFLA_BRIDGE_MST"},
}, dflt: "IFLA_BRIDGE_???"}

// rtnlIflaAfSpecBridgeVlanTunnelInfoAttrs is strace's rtnl_ifla_af_spec_bridge_vlan_tunnel_info_attrs table.
var rtnlIflaAfSpecBridgeVlanTunnelInfoAttrs = &xlat{vals: []xv{
	{0, "IFLA_BRIDGE_VLAN_TUNNEL_UNSPEC"}, {0x1, "IFLA_BRIDGE_VLAN_TUNNEL_ID"},
	{0x2, "IFLA_BRIDGE_VLAN_TUNNEL_VID"}, {0x3, "IFLA_BRIDGE_VLAN_TUNNEL_FLAGS"},
}, dflt: "IFLA_BRIDGE_VLAN_TUNNEL_???"}

// rtnlIflaAfSpecInetAttrs is strace's rtnl_ifla_af_spec_inet_attrs table.
var rtnlIflaAfSpecInetAttrs = &xlat{vals: []xv{
	{0, "IFLA_INET_UNSPEC"}, {0x1, "IFLA_INET_CONF"},
}, dflt: "IFLA_INET_???"}

// rtnlIflaAfSpecInet6Attrs is strace's rtnl_ifla_af_spec_inet6_attrs table.
var rtnlIflaAfSpecInet6Attrs = &xlat{vals: []xv{
	{0, "IFLA_INET6_UNSPEC"}, {0x1, "IFLA_INET6_FLAGS"}, {0x2, "IFLA_INET6_CONF"}, {0x3, "IFLA_INET6_STATS"},
	{0x4, "IFLA_INET6_MCAST"}, {0x5, "IFLA_INET6_CACHEINFO"}, {0x6, "IFLA_INET6_ICMP6STATS"},
	{0x7, "IFLA_INET6_TOKEN"}, {0x8, "IFLA_INET6_ADDR_GEN_MODE"}, {0x9, "IFLA_INET6_RA_MTU"},
}, dflt: "IFLA_INET6_???"}

// rtnlIflaAfSpecMctpAttrs is strace's rtnl_ifla_af_spec_mctp_attrs table.
var rtnlIflaAfSpecMctpAttrs = &xlat{vals: []xv{
	{0, "IFLA_MCTP_UNSPEC"}, {0x1, "IFLA_MCTP_NET"},
}, dflt: "IFLA_MCTP_???"}

// rtnlIflaBridgeFlags is strace's rtnl_ifla_bridge_flags table.
var rtnlIflaBridgeFlags = &xlat{vals: []xv{
	{0x1, "BRIDGE_FLAGS_MASTER"}, {0x2, "BRIDGE_FLAGS_SELF"},
}, dflt: "BRIDGE_FLAGS_???"}

// rtnlIflaBridgeModes is strace's rtnl_ifla_bridge_modes table.
var rtnlIflaBridgeModes = &xlat{vals: []xv{
	{0, "BRIDGE_MODE_VEB"}, {0x1, "BRIDGE_MODE_VEPA"}, {0xffff, "BRIDGE_MODE_UNDEF"},
}, dflt: "BRIDGE_MODE_???"}

// rtnlIflaBrportAttrs is strace's rtnl_ifla_brport_attrs table.
var rtnlIflaBrportAttrs = &xlat{vals: []xv{
	{0, "IFLA_BRPORT_UNSPEC"}, {0x1, "IFLA_BRPORT_STATE"}, {0x2, "IFLA_BRPORT_PRIORITY"},
	{0x3, "IFLA_BRPORT_COST"}, {0x4, "IFLA_BRPORT_MODE"}, {0x5, "IFLA_BRPORT_GUARD"},
	{0x6, "IFLA_BRPORT_PROTECT"}, {0x7, "IFLA_BRPORT_FAST_LEAVE"}, {0x8, "IFLA_BRPORT_LEARNING"},
	{0x9, "IFLA_BRPORT_UNICAST_FLOOD"}, {0xa, "IFLA_BRPORT_PROXYARP"}, {0xb, "IFLA_BRPORT_LEARNING_SYNC"},
	{0xc, "IFLA_BRPORT_PROXYARP_WIFI"}, {0xd, "IFLA_BRPORT_ROOT_ID"}, {0xe, "IFLA_BRPORT_BRIDGE_ID"},
	{0xf, "IFLA_BRPORT_DESIGNATED_PORT"}, {0x10, "IFLA_BRPORT_DESIGNATED_COST"}, {0x11, "IFLA_BRPORT_ID"},
	{0x12, "IFLA_BRPORT_NO"}, {0x13, "IFLA_BRPORT_TOPOLOGY_CHANGE_ACK"}, {0x14, "IFLA_BRPORT_CONFIG_PENDING"},
	{0x15, "IFLA_BRPORT_MESSAGE_AGE_TIMER"}, {0x16, "IFLA_BRPORT_FORWARD_DELAY_TIMER"},
	{0x17, "IFLA_BRPORT_HOLD_TIMER"}, {0x18, "IFLA_BRPORT_FLUSH"}, {0x19, "IFLA_BRPORT_MULTICAST_ROUTER"},
	{0x1a, "IFLA_BRPORT_PAD"}, {0x1b, "IFLA_BRPORT_MCAST_FLOOD"}, {0x1c, "IFLA_BRPORT_MCAST_TO_UCAST"},
	{0x1d, "IFLA_BRPORT_VLAN_TUNNEL"}, {0x1e, "IFLA_BRPORT_BCAST_FLOOD"}, {0x1f, "IFLA_BRPORT_GROUP_FWD_MASK"},
	{0x20, "IFLA_BRPORT_NEIGH_SUPPRESS"}, {0x21, "IFLA_BRPORT_ISOLATED"}, {0x22, "IFLA_BRPORT_BACKUP_PORT"},
	{0x23, "IFLA_BRPORT_MRP_RING_OPEN"}, {0x24, "IFLA_BRPORT_MRP_IN_OPEN"},
	{0x25, "IFLA_BRPORT_MCAST_EHT_HOSTS_LIMIT"}, {0x26, "IFLA_BRPORT_MCAST_EHT_HOSTS_CNT"},
	{0x27, "IFLA_BRPORT_LOCKED"},
}, dflt: "IFLA_BRPORT_???"}

// rtnlIflaBrBooloptFlags is strace's rtnl_ifla_br_boolopt_flags table.
var rtnlIflaBrBooloptFlags = &xlat{vals: []xv{
	{0x1, "1<<BR_BOOLOPT_NO_LL_LEARN"}, {0x2, "1<<BR_BOOLOPT_MCAST_VLAN_SNOOPING"},
	{0x4, "1<<BR_BOOLOPT_MST_ENABLE"},
}, dflt: "1<<BR_BOOLOPT_???"}

// rtnlIflaBrMcastQuerierAttrs is strace's rtnl_ifla_br_mcast_querier_attrs table.
var rtnlIflaBrMcastQuerierAttrs = &xlat{vals: []xv{
	{0, "BRIDGE_QUERIER_UNSPEC"}, {0x1, "BRIDGE_QUERIER_IP_ADDRESS"}, {0x2, "BRIDGE_QUERIER_IP_PORT"},
	{0x3, "BRIDGE_QUERIER_IP_OTHER_TIMER"}, {0x4, "BRIDGE_QUERIER_PAD"}, {0x5, "BRIDGE_QUERIER_IPV6_ADDRESS"},
	{0x6, "BRIDGE_QUERIER_IPV6_PORT"}, {0x7, "BRIDGE_QUERIER_IPV6_OTHER_TIMER"},
}, dflt: "BRIDGE_QUERIER_???"}

// rtnlIflaEvents is strace's rtnl_ifla_events table.
var rtnlIflaEvents = &xlat{vals: []xv{
	{0, "IFLA_EVENT_NONE"}, {0x1, "IFLA_EVENT_REBOOT"}, {0x2, "IFLA_EVENT_FEATURES"},
	{0x3, "IFLA_EVENT_BONDING_FAILOVER"}, {0x4, "IFLA_EVENT_NOTIFY_PEERS"}, {0x5, "IFLA_EVENT_IGMP_RESEND"},
	{0x6, "IFLA_EVENT_BONDING_OPTIONS"},
}, dflt: "IFLA_EVENT_???"}

// rtnlIflaExtFilterFlags is strace's rtnl_ifla_ext_filter_flags table.
var rtnlIflaExtFilterFlags = &xlat{vals: []xv{
	{0x1, "RTEXT_FILTER_VF"}, {0x2, "RTEXT_FILTER_BRVLAN"}, {0x4, "RTEXT_FILTER_BRVLAN_COMPRESSED"},
	{0x8, "RTEXT_FILTER_SKIP_STATS"}, {0x10, "RTEXT_FILTER_MRP"}, {0x20, "RTEXT_FILTER_CFM_CONFIG"},
	{0x40, "RTEXT_FILTER_CFM_STATUS"},
}, dflt: "RTEXT_FILTER_???"}

// rtnlIflaInfoAttrs is strace's rtnl_ifla_info_attrs table.
var rtnlIflaInfoAttrs = &xlat{vals: []xv{
	{0, "IFLA_INFO_UNSPEC"}, {0x1, "IFLA_INFO_KIND"}, {0x2, "IFLA_INFO_DATA"}, {0x3, "IFLA_INFO_XSTATS"},
	{0x4, "IFLA_INFO_SLAVE_KIND"}, {0x5, "IFLA_INFO_SLAVE_DATA"},
}, dflt: "IFLA_INFO_???"}

// rtnlIflaInfoDataBridgeAttrs is strace's rtnl_ifla_info_data_bridge_attrs table.
var rtnlIflaInfoDataBridgeAttrs = &xlat{vals: []xv{
	{0, "IFLA_BR_UNSPEC"}, {0x1, "IFLA_BR_FORWARD_DELAY"}, {0x2, "IFLA_BR_HELLO_TIME"}, {0x3, "IFLA_BR_MAX_AGE"},
	{0x4, "IFLA_BR_AGEING_TIME"}, {0x5, "IFLA_BR_STP_STATE"}, {0x6, "IFLA_BR_PRIORITY"},
	{0x7, "IFLA_BR_VLAN_FILTERING"}, {0x8, "IFLA_BR_VLAN_PROTOCOL"}, {0x9, "IFLA_BR_GROUP_FWD_MASK"},
	{0xa, "IFLA_BR_ROOT_ID"}, {0xb, "IFLA_BR_BRIDGE_ID"}, {0xc, "IFLA_BR_ROOT_PORT"},
	{0xd, "IFLA_BR_ROOT_PATH_COST"}, {0xe, "IFLA_BR_TOPOLOGY_CHANGE"}, {0xf, "IFLA_BR_TOPOLOGY_CHANGE_DETECTED"},
	{0x10, "IFLA_BR_HELLO_TIMER"}, {0x11, "IFLA_BR_TCN_TIMER"}, {0x12, "IFLA_BR_TOPOLOGY_CHANGE_TIMER"},
	{0x13, "IFLA_BR_GC_TIMER"}, {0x14, "IFLA_BR_GROUP_ADDR"}, {0x15, "IFLA_BR_FDB_FLUSH"},
	{0x16, "IFLA_BR_MCAST_ROUTER"}, {0x17, "IFLA_BR_MCAST_SNOOPING"}, {0x18, "IFLA_BR_MCAST_QUERY_USE_IFADDR"},
	{0x19, "IFLA_BR_MCAST_QUERIER"}, {0x1a, "IFLA_BR_MCAST_HASH_ELASTICITY"}, {0x1b, "IFLA_BR_MCAST_HASH_MAX"},
	{0x1c, "IFLA_BR_MCAST_LAST_MEMBER_CNT"}, {0x1d, "IFLA_BR_MCAST_STARTUP_QUERY_CNT"},
	{0x1e, "IFLA_BR_MCAST_LAST_MEMBER_INTVL"}, {0x1f, "IFLA_BR_MCAST_MEMBERSHIP_INTVL"},
	{0x20, "IFLA_BR_MCAST_QUERIER_INTVL"}, {0x21, "IFLA_BR_MCAST_QUERY_INTVL"},
	{0x22, "IFLA_BR_MCAST_QUERY_RESPONSE_INTVL"}, {0x23, "IFLA_BR_MCAST_STARTUP_QUERY_INTVL"},
	{0x24, "IFLA_BR_NF_CALL_IPTABLES"}, {0x25, "IFLA_BR_NF_CALL_IP6TABLES"}, {0x26, "IFLA_BR_NF_CALL_ARPTABLES"},
	{0x27, "IFLA_BR_VLAN_DEFAULT_PVID"}, {0x28, "IFLA_BR_PAD"}, {0x29, "IFLA_BR_VLAN_STATS_ENABLED"},
	{0x2a, "IFLA_BR_MCAST_STATS_ENABLED"}, {0x2b, "IFLA_BR_MCAST_IGMP_VERSION"},
	{0x2c, "IFLA_BR_MCAST_MLD_VERSION"}, {0x2d, "IFLA_BR_VLAN_STATS_PER_PORT"}, {0x2e, "IFLA_BR_MULTI_BOOLOPT"},
	{0x2f, "IFLA_BR_MCAST_QUERIER_STATE"},
}, dflt: "IFLA_BR_???"}

// rtnlIflaInfoDataTunAttrs is strace's rtnl_ifla_info_data_tun_attrs table.
var rtnlIflaInfoDataTunAttrs = &xlat{vals: []xv{
	{0, "IFLA_TUN_UNSPEC"}, {0x1, "IFLA_TUN_OWNER"}, {0x2, "IFLA_TUN_GROUP"}, {0x3, "IFLA_TUN_TYPE"},
	{0x4, "IFLA_TUN_PI"}, {0x5, "IFLA_TUN_VNET_HDR"}, {0x6, "IFLA_TUN_PERSIST"}, {0x7, "IFLA_TUN_MULTI_QUEUE"},
	{0x8, "IFLA_TUN_NUM_QUEUES"}, {0x9, "IFLA_TUN_NUM_DISABLED_QUEUES"},
}, dflt: "IFLA_TUN_???"}

// rtnlIflaPortAttrs is strace's rtnl_ifla_port_attrs table.
var rtnlIflaPortAttrs = &xlat{vals: []xv{
	{0, "IFLA_PORT_UNSPEC"}, {0x1, "IFLA_PORT_VF"}, {0x2, "IFLA_PORT_PROFILE"}, {0x3, "IFLA_PORT_VSI_TYPE"},
	{0x4, "IFLA_PORT_INSTANCE_UUID"}, {0x5, "IFLA_PORT_HOST_UUID"}, {0x6, "IFLA_PORT_REQUEST"},
	{0x7, "IFLA_PORT_RESPONSE"},
}, dflt: "IFLA_VF_PORT_???"}

// rtnlIflaProtoDownReasonAttrs is strace's rtnl_ifla_proto_down_reason_attrs table.
var rtnlIflaProtoDownReasonAttrs = &xlat{vals: []xv{
	{0, "IFLA_PROTO_DOWN_REASON_UNSPEC"}, {0x1, "IFLA_PROTO_DOWN_REASON_MASK"},
	{0x2, "IFLA_PROTO_DOWN_REASON_VALUE"},
}, dflt: "IFLA_PROTO_DOWN_REASON_???"}

// rtnlIflaVfInfoAttrs is strace's rtnl_ifla_vf_info_attrs table.
var rtnlIflaVfInfoAttrs = &xlat{vals: []xv{
	{0, "IFLA_VF_UNSPEC"}, {0x1, "IFLA_VF_MAC"}, {0x2, "IFLA_VF_VLAN"}, {0x3, "IFLA_VF_TX_RATE"},
	{0x4, "IFLA_VF_SPOOFCHK"}, {0x5, "IFLA_VF_LINK_STATE"}, {0x6, "IFLA_VF_RATE"}, {0x7, "IFLA_VF_RSS_QUERY_EN"},
	{0x8, "IFLA_VF_STATS"}, {0x9, "IFLA_VF_TRUST"}, {0xa, "IFLA_VF_IB_NODE_GUID"}, {0xb, "IFLA_VF_IB_PORT_GUID"},
	{0xc, "IFLA_VF_VLAN_LIST"}, {0xd, "IFLA_VF_BROADCAST"},
}, dflt: "IFLA_VF_???"}

// rtnlIflaVfLinkStates is strace's rtnl_ifla_vf_link_states table.
var rtnlIflaVfLinkStates = &xlat{vals: []xv{
	{0, "IFLA_VF_LINK_STATE_AUTO"}, {0x1, "IFLA_VF_LINK_STATE_ENABLE"}, {0x2, "IFLA_VF_LINK_STATE_DISABLE"},
}, dflt: "IFLA_VF_LINK_STATE_???"}

// rtnlIflaVfPortAttrs is strace's rtnl_ifla_vf_port_attrs table.
var rtnlIflaVfPortAttrs = &xlat{vals: []xv{
	{0, "IFLA_VF_PORT_UNSPEC"}, {0x1, "IFLA_VF_PORT"},
}, dflt: "IFLA_VF_PORT_???"}

// rtnlIflaVfStatsAttrs is strace's rtnl_ifla_vf_stats_attrs table.
var rtnlIflaVfStatsAttrs = &xlat{vals: []xv{
	{0, "IFLA_VF_STATS_RX_PACKETS"}, {0x1, "IFLA_VF_STATS_TX_PACKETS"}, {0x2, "IFLA_VF_STATS_RX_BYTES"},
	{0x3, "IFLA_VF_STATS_TX_BYTES"}, {0x4, "IFLA_VF_STATS_BROADCAST"}, {0x5, "IFLA_VF_STATS_MULTICAST"},
	{0x6, "IFLA_VF_STATS_PAD"}, {0x7, "IFLA_VF_STATS_RX_DROPPED"}, {0x8, "IFLA_VF_STATS_TX_DROPPED"},
}, dflt: "IFLA_VF_STATS_???"}

// rtnlIflaVfVlanListAttrs is strace's rtnl_ifla_vf_vlan_list_attrs table.
var rtnlIflaVfVlanListAttrs = &xlat{vals: []xv{
	{0, "IFLA_VF_VLAN_INFO_UNSPEC"}, {0x1, "IFLA_VF_VLAN_INFO"},
}, dflt: "IFLA_VF_VLAN_INFO_???"}

// rtnlIflaVfinfoListAttrs is strace's rtnl_ifla_vfinfo_list_attrs table.
var rtnlIflaVfinfoListAttrs = &xlat{vals: []xv{
	{0, "IFLA_VF_INFO_UNSPEC"}, {0x1, "IFLA_VF_INFO"},
}, dflt: "IFLA_VF_INFO_???"}

// rtnlIflaXdpAttachedMode is strace's rtnl_ifla_xdp_attached_mode table.
var rtnlIflaXdpAttachedMode = &xlat{vals: []xv{
	{0, "XDP_ATTACHED_NONE"}, {0x1, "XDP_ATTACHED_DRV"}, {0x2, "XDP_ATTACHED_SKB"}, {0x3, "XDP_ATTACHED_HW"},
	{0x4, "XDP_ATTACHED_MULTI"},
}, dflt: "XDP_ATTACHED_???"}

// rtnlIflaXdpAttrs is strace's rtnl_ifla_xdp_attrs table.
var rtnlIflaXdpAttrs = &xlat{vals: []xv{
	{0, "IFLA_XDP_UNSPEC"}, {0x1, "IFLA_XDP_FD"}, {0x2, "IFLA_XDP_ATTACHED"}, {0x3, "IFLA_XDP_FLAGS"},
	{0x4, "IFLA_XDP_PROG_ID"}, {0x5, "IFLA_XDP_DRV_PROG_ID"}, {0x6, "IFLA_XDP_SKB_PROG_ID"},
	{0x7, "IFLA_XDP_HW_PROG_ID"}, {0x8, "IFLA_XDP_EXPECTED_FD"},
}, dflt: "IFLA_XDP_???"}

// rtnlLinkAttrs is strace's rtnl_link_attrs table.
var rtnlLinkAttrs = &xlat{vals: []xv{
	{0, "IFLA_UNSPEC"}, {0x1, "IFLA_ADDRESS"}, {0x2, "IFLA_BROADCAST"}, {0x3, "IFLA_IFNAME"}, {0x4, "IFLA_MTU"},
	{0x5, "IFLA_LINK"}, {0x6, "IFLA_QDISC"}, {0x7, "IFLA_STATS"}, {0x8, "IFLA_COST"}, {0x9, "IFLA_PRIORITY"},
	{0xa, "IFLA_MASTER"}, {0xb, "IFLA_WIRELESS"}, {0xc, "IFLA_PROTINFO"}, {0xd, "IFLA_TXQLEN"}, {0xe, "IFLA_MAP"},
	{0xf, "IFLA_WEIGHT"}, {0x10, "IFLA_OPERSTATE"}, {0x11, "IFLA_LINKMODE"}, {0x12, "IFLA_LINKINFO"},
	{0x13, "IFLA_NET_NS_PID"}, {0x14, "IFLA_IFALIAS"}, {0x15, "IFLA_NUM_VF"}, {0x16, "IFLA_VFINFO_LIST"},
	{0x17, "IFLA_STATS64"}, {0x18, "IFLA_VF_PORTS"}, {0x19, "IFLA_PORT_SELF"}, {0x1a, "IFLA_AF_SPEC"},
	{0x1b, "IFLA_GROUP"}, {0x1c, "IFLA_NET_NS_FD"}, {0x1d, "IFLA_EXT_MASK"}, {0x1e, "IFLA_PROMISCUITY"},
	{0x1f, "IFLA_NUM_TX_QUEUES"}, {0x20, "IFLA_NUM_RX_QUEUES"}, {0x21, "IFLA_CARRIER"},
	{0x22, "IFLA_PHYS_PORT_ID"}, {0x23, "IFLA_CARRIER_CHANGES"}, {0x24, "IFLA_PHYS_SWITCH_ID"},
	{0x25, "IFLA_LINK_NETNSID"}, {0x26, "IFLA_PHYS_PORT_NAME"}, {0x27, "IFLA_PROTO_DOWN"},
	{0x28, "IFLA_GSO_MAX_SEGS"}, {0x29, "IFLA_GSO_MAX_SIZE"}, {0x2a, "IFLA_PAD"}, {0x2b, "IFLA_XDP"},
	{0x2c, "IFLA_EVENT"}, {0x2d, "IFLA_NEW_NETNSID"}, {0x2e, "IFLA_IF_NETNSID"}, {0x2f, "IFLA_CARRIER_UP_COUNT"},
	{0x30, "IFLA_CARRIER_DOWN_COUNT"}, {0x31, "IFLA_NEW_IFINDEX"}, {0x32, "IFLA_MIN_MTU"}, {0x33, "IFLA_MAX_MTU"},
	{0x34, "IFLA_PROP_LIST"}, {0x35, "IFLA_ALT_IFNAME"}, {0x36, "IFLA_PERM_ADDRESS"},
	{0x37, "IFLA_PROTO_DOWN_REASON"}, {0x38, "IFLA_PARENT_DEV_NAME"}, {0x39, "IFLA_PARENT_DEV_BUS_NAME"},
	{0x3a, "IFLA_GRO_MAX_SIZE"}, {0x3b, "IFLA_TSO_MAX_SIZE"}, {0x3c, "IFLA_TSO_MAX_SEGS"},
	{0x3d, "IFLA_ALLMULTI"},
}, dflt: "IFLA_???"}

// snmpIcmp6Stats is strace's snmp_icmp6_stats table.
var snmpIcmp6Stats = &xlat{vals: []xv{
	{0, "ICMP6_MIB_NUM"}, {0x1, "ICMP6_MIB_INMSGS"}, {0x2, "ICMP6_MIB_INERRORS"}, {0x3, "ICMP6_MIB_OUTMSGS"},
	{0x4, "ICMP6_MIB_OUTERRORS"}, {0x5, "ICMP6_MIB_CSUMERRORS"},
}, dflt: "ICMP6_MIB_???", decimal: true}

// snmpIPStats is strace's snmp_ip_stats table.
var snmpIPStats = &xlat{vals: []xv{
	{0, "IPSTATS_MIB_NUM"}, {0x1, "IPSTATS_MIB_INPKTS"}, {0x2, "IPSTATS_MIB_INOCTETS"},
	{0x3, "IPSTATS_MIB_INDELIVERS"}, {0x4, "IPSTATS_MIB_OUTFORWDATAGRAMS"}, {0x5, "IPSTATS_MIB_OUTPKTS"},
	{0x6, "IPSTATS_MIB_OUTOCTETS"}, {0x7, "IPSTATS_MIB_INHDRERRORS"}, {0x8, "IPSTATS_MIB_INTOOBIGERRORS"},
	{0x9, "IPSTATS_MIB_INNOROUTES"}, {0xa, "IPSTATS_MIB_INADDRERRORS"}, {0xb, "IPSTATS_MIB_INUNKNOWNPROTOS"},
	{0xc, "IPSTATS_MIB_INTRUNCATEDPKTS"}, {0xd, "IPSTATS_MIB_INDISCARDS"}, {0xe, "IPSTATS_MIB_OUTDISCARDS"},
	{0xf, "IPSTATS_MIB_OUTNOROUTES"}, {0x10, "IPSTATS_MIB_REASMTIMEOUT"}, {0x11, "IPSTATS_MIB_REASMREQDS"},
	{0x12, "IPSTATS_MIB_REASMOKS"}, {0x13, "IPSTATS_MIB_REASMFAILS"}, {0x14, "IPSTATS_MIB_FRAGOKS"},
	{0x15, "IPSTATS_MIB_FRAGFAILS"}, {0x16, "IPSTATS_MIB_FRAGCREATES"}, {0x17, "IPSTATS_MIB_INMCASTPKTS"},
	{0x18, "IPSTATS_MIB_OUTMCASTPKTS"}, {0x19, "IPSTATS_MIB_INBCASTPKTS"}, {0x1a, "IPSTATS_MIB_OUTBCASTPKTS"},
	{0x1b, "IPSTATS_MIB_INMCASTOCTETS"}, {0x1c, "IPSTATS_MIB_OUTMCASTOCTETS"},
	{0x1d, "IPSTATS_MIB_INBCASTOCTETS"}, {0x1e, "IPSTATS_MIB_OUTBCASTOCTETS"}, {0x1f, "IPSTATS_MIB_CSUMERRORS"},
	{0x20, "IPSTATS_MIB_NOECTPKTS"}, {0x21, "IPSTATS_MIB_ECT1PKTS"}, {0x22, "IPSTATS_MIB_ECT0PKTS"},
	{0x23, "IPSTATS_MIB_CEPKTS"}, {0x24, "IPSTATS_MIB_REASM_OVERLAPS"},
}, dflt: "IPSTATS_MIB_???", decimal: true}

// tunDeviceTypes is strace's tun_device_types table.
var tunDeviceTypes = &xlat{vals: []xv{
	{0x1, "IFF_TUN"}, {0x2, "IFF_TAP"},
}, dflt: "IFF_???"}

// xdpFlags is strace's xdp_flags table.
var xdpFlags = &xlat{vals: []xv{
	{0xe, "XDP_FLAGS_MODES"}, {0x1, "XDP_FLAGS_UPDATE_IF_NOEXIST"}, {0x2, "XDP_FLAGS_SKB_MODE"},
	{0x4, "XDP_FLAGS_DRV_MODE"}, {0x8, "XDP_FLAGS_HW_MODE"}, {0x10, "XDP_FLAGS_REPLACE"},
}, dflt: "XDP_FLAGS_???"}

// nlBridgeVlanFlags is strace's nl_bridge_vlan_flags table.
var nlBridgeVlanFlags = &xlat{vals: []xv{
	{0x1, "BRIDGE_VLAN_INFO_MASTER"}, {0x2, "BRIDGE_VLAN_INFO_PVID"}, {0x4, "BRIDGE_VLAN_INFO_UNTAGGED"},
	{0x8, "BRIDGE_VLAN_INFO_RANGE_BEGIN"}, {0x10, "BRIDGE_VLAN_INFO_RANGE_END"},
	{0x20, "BRIDGE_VLAN_INFO_BRENTRY"}, {0x40, "BRIDGE_VLAN_INFO_ONLY_OPTS"},
}, dflt: "BRIDGE_VLAN_INFO_???"}

// arpHardwareTypes is strace's arp_hardware_types table.
var arpHardwareTypes = &xlat{vals: []xv{
	{0, "ARPHRD_NETROM"}, {0x1, "ARPHRD_ETHER"}, {0x2, "ARPHRD_EETHER"}, {0x3, "ARPHRD_AX25"},
	{0x4, "ARPHRD_PRONET"}, {0x5, "ARPHRD_CHAOS"}, {0x6, "ARPHRD_IEEE802"}, {0x7, "ARPHRD_ARCNET"},
	{0x8, "ARPHRD_APPLETLK"}, {0xf, "ARPHRD_DLCI"}, {0x13, "ARPHRD_ATM"}, {0x17, "ARPHRD_METRICOM"},
	{0x18, "ARPHRD_IEEE1394"}, {0x1b, "ARPHRD_EUI64"}, {0x20, "ARPHRD_INFINIBAND"}, {0x100, "ARPHRD_SLIP"},
	{0x101, "ARPHRD_CSLIP"}, {0x102, "ARPHRD_SLIP6"}, {0x103, "ARPHRD_CSLIP6"}, {0x104, "ARPHRD_RSRVD"},
	{0x108, "ARPHRD_ADAPT"}, {0x10e, "ARPHRD_ROSE"}, {0x10f, "ARPHRD_X25"}, {0x110, "ARPHRD_HWX25"},
	{0x118, "ARPHRD_CAN"}, {0x122, "ARPHRD_MCTP"}, {0x200, "ARPHRD_PPP"}, {0x201, "ARPHRD_CISCO"},
	{0x204, "ARPHRD_LAPB"}, {0x205, "ARPHRD_DDCMP"}, {0x206, "ARPHRD_RAWHDLC"}, {0x207, "ARPHRD_RAWIP"},
	{0x300, "ARPHRD_TUNNEL"}, {0x301, "ARPHRD_TUNNEL6"}, {0x302, "ARPHRD_FRAD"}, {0x303, "ARPHRD_SKIP"},
	{0x304, "ARPHRD_LOOPBACK"}, {0x305, "ARPHRD_LOCALTLK"}, {0x306, "ARPHRD_FDDI"}, {0x307, "ARPHRD_BIF"},
	{0x308, "ARPHRD_SIT"}, {0x309, "ARPHRD_IPDDP"}, {0x30a, "ARPHRD_IPGRE"}, {0x30b, "ARPHRD_PIMREG"},
	{0x30c, "ARPHRD_HIPPI"}, {0x30d, "ARPHRD_ASH"}, {0x30e, "ARPHRD_ECONET"}, {0x30f, "ARPHRD_IRDA"},
	{0x310, "ARPHRD_FCPP"}, {0x311, "ARPHRD_FCAL"}, {0x312, "ARPHRD_FCPL"}, {0x313, "ARPHRD_FCFABRIC"},
	{0x320, "ARPHRD_IEEE802_TR"}, {0x321, "ARPHRD_IEEE80211"}, {0x322, "ARPHRD_IEEE80211_PRISM"},
	{0x323, "ARPHRD_IEEE80211_RADIOTAP"}, {0x324, "ARPHRD_IEEE802154"}, {0x325, "ARPHRD_IEEE802154_MONITOR"},
	{0x334, "ARPHRD_PHONET"}, {0x335, "ARPHRD_PHONET_PIPE"}, {0x336, "ARPHRD_CAIF"}, {0x337, "ARPHRD_IP6GRE"},
	{0x338, "ARPHRD_NETLINK"}, {0x339, "ARPHRD_6LOWPAN"}, {0x33a, "ARPHRD_VSOCKMON"}, {0xfffe, "ARPHRD_NONE"},
	{0xffff, "ARPHRD_VOID"},
}, dflt: "ARPHRD_???"}

// iffFlags is strace's iffflags table.
var iffFlags = &xlat{vals: []xv{
	{0x1, "IFF_UP"}, {0x2, "IFF_BROADCAST"}, {0x4, "IFF_DEBUG"}, {0x8, "IFF_LOOPBACK"}, {0x10, "IFF_POINTOPOINT"},
	{0x20, "IFF_NOTRAILERS"}, {0x40, "IFF_RUNNING"}, {0x80, "IFF_NOARP"}, {0x100, "IFF_PROMISC"},
	{0x200, "IFF_ALLMULTI"}, {0x400, "IFF_MASTER"}, {0x800, "IFF_SLAVE"}, {0x1000, "IFF_MULTICAST"},
	{0x2000, "IFF_PORTSEL"}, {0x4000, "IFF_AUTOMEDIA"}, {0x8000, "IFF_DYNAMIC"}, {0x10000, "IFF_LOWER_UP"},
	{0x20000, "IFF_DORMANT"}, {0x40000, "IFF_ECHO"},
}, dflt: "IFF_???"}

// ethernetProtocols is strace's ethernet_protocols table.
var ethernetProtocols = &xlat{vals: []xv{
	{0x1, "ETH_P_802_3"}, {0x2, "ETH_P_AX25"}, {0x3, "ETH_P_ALL"}, {0x4, "ETH_P_802_2"}, {0x5, "ETH_P_SNAP"},
	{0x6, "ETH_P_DDCMP"}, {0x7, "ETH_P_WAN_PPP"}, {0x8, "ETH_P_PPP_MP"}, {0x9, "ETH_P_LOCALTALK"},
	{0xc, "ETH_P_CAN"}, {0xd, "ETH_P_CANFD"}, {0xe, "ETH_P_CANXL"}, {0x10, "ETH_P_PPPTALK"},
	{0x11, "ETH_P_TR_802_2"}, {0x15, "ETH_P_MOBITEX"}, {0x16, "ETH_P_CONTROL"}, {0x17, "ETH_P_IRDA"},
	{0x18, "ETH_P_ECONET"}, {0x19, "ETH_P_HDLC"}, {0x1a, "ETH_P_ARCNET"}, {0x1b, "ETH_P_DSA"},
	{0x1c, "ETH_P_TRAILER"}, {0x60, "ETH_P_LOOP"}, {0xf5, "ETH_P_PHONET"}, {0xf6, "ETH_P_IEEE802154"},
	{0xf7, "ETH_P_CAIF"}, {0xf8, "ETH_P_XDSA"}, {0xf9, "ETH_P_MAP"}, {0xfa, "ETH_P_MCTP"}, {0x200, "ETH_P_PUP"},
	{0x201, "ETH_P_PUPAT"}, {0x600, "ETH_P_802_3_MIN"}, {0x800, "ETH_P_IP"}, {0x805, "ETH_P_X25"},
	{0x806, "ETH_P_ARP"}, {0x8ff, "ETH_P_BPQ"}, {0xa00, "ETH_P_IEEEPUP"}, {0xa01, "ETH_P_IEEEPUPAT"},
	{0x22eb, "ETH_P_ERSPAN2"}, {0x22f0, "ETH_P_TSN"}, {0x4305, "ETH_P_BATMAN"}, {0x6000, "ETH_P_DEC"},
	{0x6001, "ETH_P_DNA_DL"}, {0x6002, "ETH_P_DNA_RC"}, {0x6003, "ETH_P_DNA_RT"}, {0x6004, "ETH_P_LAT"},
	{0x6005, "ETH_P_DIAG"}, {0x6006, "ETH_P_CUST"}, {0x6007, "ETH_P_SCA"}, {0x6558, "ETH_P_TEB"},
	{0x8035, "ETH_P_RARP"}, {0x809b, "ETH_P_ATALK"}, {0x80f3, "ETH_P_AARP"}, {0x8100, "ETH_P_8021Q"},
	{0x8137, "ETH_P_IPX"}, {0x86dd, "ETH_P_IPV6"}, {0x8808, "ETH_P_PAUSE"}, {0x8809, "ETH_P_SLOW"},
	{0x883e, "ETH_P_WCCP"}, {0x8847, "ETH_P_MPLS_UC"}, {0x8848, "ETH_P_MPLS_MC"}, {0x884c, "ETH_P_ATMMPOA"},
	{0x8863, "ETH_P_PPP_DISC"}, {0x8864, "ETH_P_PPP_SES"}, {0x886c, "ETH_P_LINK_CTL"}, {0x8884, "ETH_P_ATMFATE"},
	{0x888e, "ETH_P_PAE"}, {0x8899, "ETH_P_REALTEK"}, {0x88a2, "ETH_P_AOE"}, {0x88a8, "ETH_P_8021AD"},
	{0x88b5, "ETH_P_802_EX1"}, {0x88be, "ETH_P_ERSPAN"}, {0x88c7, "ETH_P_PREAUTH"}, {0x88ca, "ETH_P_TIPC"},
	{0x88cc, "ETH_P_LLDP"}, {0x88e3, "ETH_P_MRP"}, {0x88e5, "ETH_P_MACSEC"}, {0x88e7, "ETH_P_8021AH"},
	{0x88f5, "ETH_P_MVRP"}, {0x88f7, "ETH_P_1588"}, {0x88f8, "ETH_P_NCSI"}, {0x88fb, "ETH_P_PRP"},
	{0x8902, "ETH_P_CFM"}, {0x8906, "ETH_P_FCOE"}, {0x890d, "ETH_P_TDLS"}, {0x8914, "ETH_P_FIP"},
	{0x8915, "ETH_P_IBOE"}, {0x8917, "ETH_P_80221"}, {0x892f, "ETH_P_HSR"}, {0x894f, "ETH_P_NSH"},
	{0x9000, "ETH_P_LOOPBACK"}, {0x9100, "ETH_P_QINQ1"}, {0x9200, "ETH_P_QINQ2"}, {0x9300, "ETH_P_QINQ3"},
	{0xdada, "ETH_P_EDSA"}, {0xdadb, "ETH_P_DSA_8021Q"}, {0xe001, "ETH_P_DSA_A5PSW"}, {0xed3e, "ETH_P_IFE"},
	{0xfbfb, "ETH_P_AF_IUCV"},
}, dflt: "ETH_P_???"}

// ifstatsAfSpecMplsAttrs is strace's ifstats_af_spec_mpls_attrs table.
var ifstatsAfSpecMplsAttrs = &xlat{vals: []xv{
	{0, "MPLS_STATS_UNSPEC"}, {0x1, "MPLS_STATS_LINK"},
}, dflt: "MPLS_STATS_???"}

// ifstatsAttrs is strace's ifstats_attrs table.
var ifstatsAttrs = &xlat{vals: []xv{
	{0, "IFLA_STATS_UNSPEC"}, {0x1, "IFLA_STATS_LINK_64"}, {0x2, "IFLA_STATS_LINK_XSTATS"},
	{0x3, "IFLA_STATS_LINK_XSTATS_SLAVE"}, {0x4, "IFLA_STATS_LINK_OFFLOAD_XSTATS"}, {0x5, "IFLA_STATS_AF_SPEC"},
}, dflt: "IFLA_STATS_???"}

// ifstatsAttrFlags is strace's ifstats_attr_flags table.
var ifstatsAttrFlags = &xlat{vals: []xv{
	{0x1, "1<<IFLA_STATS_UNSPEC"}, {0x2, "1<<IFLA_STATS_LINK_64"}, {0x4, "1<<IFLA_STATS_LINK_XSTATS"},
	{0x8, "1<<IFLA_STATS_LINK_XSTATS_SLAVE"}, {0x10, "1<<IFLA_STATS_LINK_OFFLOAD_XSTATS"},
	{0x20, "1<<IFLA_STATS_AF_SPEC"},
}, dflt: "1<<IFLA_STATS_???"}

// ifstatsOffloadAttrs is strace's ifstats_offload_attrs table.
var ifstatsOffloadAttrs = &xlat{vals: []xv{
	{0, "IFLA_OFFLOAD_XSTATS_UNSPEC"}, {0x1, "IFLA_OFFLOAD_XSTATS_CPU_HIT"},
}, dflt: "IFLA_OFFLOAD_XSTATS_???"}

// ifstatsXstatsBondAttrs is strace's ifstats_xstats_bond_attrs table.
var ifstatsXstatsBondAttrs = &xlat{vals: []xv{
	{0, "BOND_XSTATS_UNSPEC"}, {0x1, "BOND_XSTATS_3AD"},
}, dflt: "BOND_XSTATS_???"}

// ifstatsXstatsBond3adAttrs is strace's ifstats_xstats_bond_3ad_attrs table.
var ifstatsXstatsBond3adAttrs = &xlat{vals: []xv{
	{0, "BOND_3AD_STAT_LACPDU_RX"}, {0x1, "BOND_3AD_STAT_LACPDU_TX"}, {0x2, "BOND_3AD_STAT_LACPDU_UNKNOWN_RX"},
	{0x3, "BOND_3AD_STAT_LACPDU_ILLEGAL_RX"}, {0x4, "BOND_3AD_STAT_MARKER_RX"}, {0x5, "BOND_3AD_STAT_MARKER_TX"},
	{0x6, "BOND_3AD_STAT_MARKER_RESP_RX"}, {0x7, "BOND_3AD_STAT_MARKER_RESP_TX"},
	{0x8, "BOND_3AD_STAT_MARKER_UNKNOWN_RX"}, {0x9, "BOND_3AD_STAT_PAD"},
}, dflt: "BOND_XSTATS_???"}

// ifstatsXstatsBridgeAttrs is strace's ifstats_xstats_bridge_attrs table.
var ifstatsXstatsBridgeAttrs = &xlat{vals: []xv{
	{0, "BRIDGE_XSTATS_UNSPEC"}, {0x1, "BRIDGE_XSTATS_VLAN"}, {0x2, "BRIDGE_XSTATS_MCAST"},
	{0x3, "BRIDGE_XSTATS_PAD"}, {0x4, "BRIDGE_XSTATS_STP"},
}, dflt: "BRIDGE_XSTATS_???"}

// ifstatsXstatsBridgeMcastIndices is strace's ifstats_xstats_bridge_mcast_indices table.
var ifstatsXstatsBridgeMcastIndices = &xlat{vals: []xv{
	{0, "BR_MCAST_DIR_RX"}, {0x1, "BR_MCAST_DIR_TX"},
}, dflt: "", decimal: true}

// ifstatsXstatsTypeAttrs is strace's ifstats_xstats_type_attrs table.
var ifstatsXstatsTypeAttrs = &xlat{vals: []xv{
	{0, "LINK_XSTATS_TYPE_UNSPEC"}, {0x1, "LINK_XSTATS_TYPE_BRIDGE"}, {0x2, "LINK_XSTATS_TYPE_BOND"},
}, dflt: "LINK_XSTATS_TYPE_???"}
