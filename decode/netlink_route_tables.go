package decode

// NETLINK_ROUTE value tables (strace 6.1's xlat/rtnl_*.in and others, with
// the kernel headers' values).

// rtnlNsidAttrs is strace's rtnl_nsid_attrs table.
var rtnlNsidAttrs = &xlat{vals: []xv{
	{0xffffffff, "NETNSA_NSID_NOT_ASSIGNED"}, {0, "NETNSA_NONE"}, {0x1, "NETNSA_NSID"}, {0x2, "NETNSA_PID"},
	{0x3, "NETNSA_FD"}, {0x4, "NETNSA_TARGET_NSID"}, {0x5, "NETNSA_CURRENT_NSID"},
}, dflt: "NETNSA_???"}

// rtnlAddrlabelAttrs is strace's rtnl_addrlabel_attrs table.
var rtnlAddrlabelAttrs = &xlat{vals: []xv{
	{0x1, "IFAL_ADDRESS"}, {0x2, "IFAL_LABEL"},
}, dflt: "IFAL_???"}

// rtnlNetconfAttrs is strace's rtnl_netconf_attrs table.
var rtnlNetconfAttrs = &xlat{vals: []xv{
	{0, "NETCONFA_UNSPEC"}, {0x1, "NETCONFA_IFINDEX"}, {0x2, "NETCONFA_FORWARDING"}, {0x3, "NETCONFA_RP_FILTER"},
	{0x4, "NETCONFA_MC_FORWARDING"}, {0x5, "NETCONFA_PROXY_NEIGH"}, {0x6, "NETCONFA_IGNORE_ROUTES_WITH_LINKDOWN"},
	{0x7, "NETCONFA_INPUT"}, {0x8, "NETCONFA_BC_FORWARDING"},
}, dflt: "NETCONFA_???"}

// rtnlNeightblAttrs is strace's rtnl_neightbl_attrs table.
var rtnlNeightblAttrs = &xlat{vals: []xv{
	{0, "NDTA_UNSPEC"}, {0x1, "NDTA_NAME"}, {0x2, "NDTA_THRESH1"}, {0x3, "NDTA_THRESH2"}, {0x4, "NDTA_THRESH3"},
	{0x5, "NDTA_CONFIG"}, {0x6, "NDTA_PARMS"}, {0x7, "NDTA_STATS"}, {0x8, "NDTA_GC_INTERVAL"}, {0x9, "NDTA_PAD"},
}, dflt: "NDTA_???"}

// rtnlNeightblParmsAttrs is strace's rtnl_neightbl_parms_attrs table.
var rtnlNeightblParmsAttrs = &xlat{vals: []xv{
	{0, "NDTPA_UNSPEC"}, {0x1, "NDTPA_IFINDEX"}, {0x2, "NDTPA_REFCNT"}, {0x3, "NDTPA_REACHABLE_TIME"},
	{0x4, "NDTPA_BASE_REACHABLE_TIME"}, {0x5, "NDTPA_RETRANS_TIME"}, {0x6, "NDTPA_GC_STALETIME"},
	{0x7, "NDTPA_DELAY_PROBE_TIME"}, {0x8, "NDTPA_QUEUE_LEN"}, {0x9, "NDTPA_APP_PROBES"},
	{0xa, "NDTPA_UCAST_PROBES"}, {0xb, "NDTPA_MCAST_PROBES"}, {0xc, "NDTPA_ANYCAST_DELAY"},
	{0xd, "NDTPA_PROXY_DELAY"}, {0xe, "NDTPA_PROXY_QLEN"}, {0xf, "NDTPA_LOCKTIME"},
	{0x10, "NDTPA_QUEUE_LENBYTES"}, {0x11, "NDTPA_MCAST_REPROBES"}, {0x12, "NDTPA_PAD"},
	{0x13, "NDTPA_INTERVAL_PROBE_TIME_MS"},
}, dflt: "NDTPA_???"}

// dcbCommands is strace's dcb_commands table.
var dcbCommands = &xlat{vals: []xv{
	{0, "DCB_CMD_UNDEFINED"}, {0x1, "DCB_CMD_GSTATE"}, {0x2, "DCB_CMD_SSTATE"}, {0x3, "DCB_CMD_PGTX_GCFG"},
	{0x4, "DCB_CMD_PGTX_SCFG"}, {0x5, "DCB_CMD_PGRX_GCFG"}, {0x6, "DCB_CMD_PGRX_SCFG"}, {0x7, "DCB_CMD_PFC_GCFG"},
	{0x8, "DCB_CMD_PFC_SCFG"}, {0x9, "DCB_CMD_SET_ALL"}, {0xa, "DCB_CMD_GPERM_HWADDR"}, {0xb, "DCB_CMD_GCAP"},
	{0xc, "DCB_CMD_GNUMTCS"}, {0xd, "DCB_CMD_SNUMTCS"}, {0xe, "DCB_CMD_PFC_GSTATE"}, {0xf, "DCB_CMD_PFC_SSTATE"},
	{0x10, "DCB_CMD_BCN_GCFG"}, {0x11, "DCB_CMD_BCN_SCFG"}, {0x12, "DCB_CMD_GAPP"}, {0x13, "DCB_CMD_SAPP"},
	{0x14, "DCB_CMD_IEEE_SET"}, {0x15, "DCB_CMD_IEEE_GET"}, {0x16, "DCB_CMD_GDCBX"}, {0x17, "DCB_CMD_SDCBX"},
	{0x18, "DCB_CMD_GFEATCFG"}, {0x19, "DCB_CMD_SFEATCFG"}, {0x1a, "DCB_CMD_CEE_GET"}, {0x1b, "DCB_CMD_IEEE_DEL"},
}, dflt: "DCB_CMD_???"}

// rtnlDcbAttrs is strace's rtnl_dcb_attrs table.
var rtnlDcbAttrs = &xlat{vals: []xv{
	{0, "DCB_ATTR_UNDEFINED"}, {0x1, "DCB_ATTR_IFNAME"}, {0x2, "DCB_ATTR_STATE"}, {0x3, "DCB_ATTR_PFC_STATE"},
	{0x4, "DCB_ATTR_PFC_CFG"}, {0x5, "DCB_ATTR_NUM_TC"}, {0x6, "DCB_ATTR_PG_CFG"}, {0x7, "DCB_ATTR_SET_ALL"},
	{0x8, "DCB_ATTR_PERM_HWADDR"}, {0x9, "DCB_ATTR_CAP"}, {0xa, "DCB_ATTR_NUMTCS"}, {0xb, "DCB_ATTR_BCN"},
	{0xc, "DCB_ATTR_APP"}, {0xd, "DCB_ATTR_IEEE"}, {0xe, "DCB_ATTR_DCBX"}, {0xf, "DCB_ATTR_FEATCFG"},
	{0x10, "DCB_ATTR_CEE"},
}, dflt: "DCB_ATTR_???"}

// ifaddrFlags is strace's ifaddrflags table.
var ifaddrFlags = &xlat{vals: []xv{
	{0x1, "IFA_F_SECONDARY"}, {0x2, "IFA_F_NODAD"}, {0x4, "IFA_F_OPTIMISTIC"}, {0x8, "IFA_F_DADFAILED"},
	{0x10, "IFA_F_HOMEADDRESS"}, {0x20, "IFA_F_DEPRECATED"}, {0x40, "IFA_F_TENTATIVE"}, {0x80, "IFA_F_PERMANENT"},
	{0x100, "IFA_F_MANAGETEMPADDR"}, {0x200, "IFA_F_NOPREFIXROUTE"}, {0x400, "IFA_F_MCAUTOJOIN"},
	{0x800, "IFA_F_STABLE_PRIVACY"},
}, dflt: "IFA_F_???"}

// routingScopes is strace's routing_scopes table.
var routingScopes = &xlat{vals: []xv{
	{0, "RT_SCOPE_UNIVERSE"}, {0xc8, "RT_SCOPE_SITE"}, {0xfd, "RT_SCOPE_LINK"}, {0xfe, "RT_SCOPE_HOST"},
	{0xff, "RT_SCOPE_NOWHERE"},
}, dflt: ""}

// rtnlAddrAttrs is strace's rtnl_addr_attrs table.
var rtnlAddrAttrs = &xlat{vals: []xv{
	{0, "IFA_UNSPEC"}, {0x1, "IFA_ADDRESS"}, {0x2, "IFA_LOCAL"}, {0x3, "IFA_LABEL"}, {0x4, "IFA_BROADCAST"},
	{0x5, "IFA_ANYCAST"}, {0x6, "IFA_CACHEINFO"}, {0x7, "IFA_MULTICAST"}, {0x8, "IFA_FLAGS"},
	{0x9, "IFA_RT_PRIORITY"}, {0xa, "IFA_TARGET_NETNSID"}, {0xb, "IFA_PROTO"},
}, dflt: "IFA_???"}

// neighStates is strace's neighbor_cache_entry_states table.
var neighStates = &xlat{vals: []xv{
	{0, "NUD_NONE"}, {0x1, "NUD_INCOMPLETE"}, {0x2, "NUD_REACHABLE"}, {0x4, "NUD_STALE"}, {0x8, "NUD_DELAY"},
	{0x10, "NUD_PROBE"}, {0x20, "NUD_FAILED"}, {0x40, "NUD_NOARP"}, {0x80, "NUD_PERMANENT"},
}, dflt: "NUD_???"}

// neighFlags is strace's neighbor_cache_entry_flags table.
var neighFlags = &xlat{vals: []xv{
	{0x1, "NTF_USE"}, {0x2, "NTF_SELF"}, {0x4, "NTF_MASTER"}, {0x8, "NTF_PROXY"}, {0x10, "NTF_EXT_LEARNED"},
	{0x20, "NTF_OFFLOADED"}, {0x40, "NTF_STICKY"}, {0x80, "NTF_ROUTER"},
}, dflt: "NTF_???"}

// neighExtFlags is strace's neighbor_cache_entry_ext_flags table.
var neighExtFlags = &xlat{vals: []xv{
	{0x1, "NTF_EXT_MANAGED"},
}, dflt: "NTF_EXT_???"}

// routingTypes is strace's routing_types table.
var routingTypes = &xlat{vals: []xv{
	{0, "RTN_UNSPEC"}, {0x1, "RTN_UNICAST"}, {0x2, "RTN_LOCAL"}, {0x3, "RTN_BROADCAST"}, {0x4, "RTN_ANYCAST"},
	{0x5, "RTN_MULTICAST"}, {0x6, "RTN_BLACKHOLE"}, {0x7, "RTN_UNREACHABLE"}, {0x8, "RTN_PROHIBIT"},
	{0x9, "RTN_THROW"}, {0xa, "RTN_NAT"}, {0xb, "RTN_XRESOLVE"},
}, dflt: "RTN_???"}

// rtnlNeighAttrs is strace's rtnl_neigh_attrs table.
var rtnlNeighAttrs = &xlat{vals: []xv{
	{0, "NDA_UNSPEC"}, {0x1, "NDA_DST"}, {0x2, "NDA_LLADDR"}, {0x3, "NDA_CACHEINFO"}, {0x4, "NDA_PROBES"},
	{0x5, "NDA_VLAN"}, {0x6, "NDA_PORT"}, {0x7, "NDA_VNI"}, {0x8, "NDA_IFINDEX"}, {0x9, "NDA_MASTER"},
	{0xa, "NDA_LINK_NETNSID"}, {0xb, "NDA_SRC_VNI"}, {0xc, "NDA_PROTOCOL"}, {0xd, "NDA_NH_ID"},
	{0xe, "NDA_FDB_EXT_ATTRS"}, {0xf, "NDA_FLAGS_EXT"}, {0x10, "NDA_NDM_STATE_MASK"},
	{0x11, "NDA_NDM_FLAGS_MASK"},
}, dflt: "NDA_???"}

// rtnlNeighFdbExtAttrs is strace's rtnl_neigh_fdb_ext_attrs table.
var rtnlNeighFdbExtAttrs = &xlat{vals: []xv{
	{0, "NFEA_UNSPEC"}, {0x1, "NFEA_ACTIVITY_NOTIFY"}, {0x2, "NFEA_DONT_REFRESH"},
}, dflt: "NFEA_???"}

// fdbNotifyFlags is strace's fdb_notify_flags table.
var fdbNotifyFlags = &xlat{vals: []xv{
	{0x1, "FDB_NOTIFY_BIT"}, {0x2, "FDB_NOTIFY_INACTIVE_BIT"},
}, dflt: "FDB_NOTIFY_???"}

// ipTOS is strace's ip_type_of_services table.
var ipTOS = &xlat{vals: []xv{
	{0x10, "IPTOS_LOWDELAY"}, {0x8, "IPTOS_THROUGHPUT"}, {0x4, "IPTOS_RELIABILITY"}, {0x2, "IPTOS_MINCOST"},
}, dflt: "IPTOS_TOS_???"}

// routingTableIDs is strace's routing_table_ids table.
var routingTableIDs = &xlat{vals: []xv{
	{0, "RT_TABLE_UNSPEC"}, {0xfc, "RT_TABLE_COMPAT"}, {0xfd, "RT_TABLE_DEFAULT"}, {0xfe, "RT_TABLE_MAIN"},
	{0xff, "RT_TABLE_LOCAL"},
}, dflt: ""}

// fibRuleActions is strace's fib_rule_actions table.
var fibRuleActions = &xlat{vals: []xv{
	{0, "FR_ACT_UNSPEC"}, {0x1, "FR_ACT_TO_TBL"}, {0x2, "FR_ACT_GOTO"}, {0x3, "FR_ACT_NOP"}, {0x4, "FR_ACT_RES3"},
	{0x5, "FR_ACT_RES4"}, {0x6, "FR_ACT_BLACKHOLE"}, {0x7, "FR_ACT_UNREACHABLE"}, {0x8, "FR_ACT_PROHIBIT"},
}, dflt: "FR_ACT_???"}

// fibRuleFlags is strace's fib_rule_flags table.
var fibRuleFlags = &xlat{vals: []xv{
	{0x1, "FIB_RULE_PERMANENT"}, {0x2, "FIB_RULE_INVERT"}, {0x4, "FIB_RULE_UNRESOLVED"},
	{0x8, "FIB_RULE_IIF_DETACHED"}, {0x10, "FIB_RULE_OIF_DETACHED"}, {0x10000, "FIB_RULE_FIND_SADDR"},
}, dflt: "FIB_RULE_???"}

// rtnlRuleAttrs is strace's rtnl_rule_attrs table.
var rtnlRuleAttrs = &xlat{vals: []xv{
	{0, "FRA_UNSPEC"}, {0x1, "FRA_DST"}, {0x2, "FRA_SRC"}, {0x3, "FRA_IIFNAME"}, {0x4, "FRA_GOTO"},
	{0x5, "FRA_UNUSED2"}, {0x6, "FRA_PRIORITY"}, {0x7, "FRA_UNUSED3"}, {0x8, "FRA_UNUSED4"}, {0x9, "FRA_UNUSED5"},
	{0xa, "FRA_FWMARK"}, {0xb, "FRA_FLOW"}, {0xc, "FRA_TUN_ID"}, {0xd, "FRA_SUPPRESS_IFGROUP"},
	{0xe, "FRA_SUPPRESS_PREFIXLEN"}, {0xf, "FRA_TABLE"}, {0x10, "FRA_FWMASK"}, {0x11, "FRA_OIFNAME"},
	{0x12, "FRA_PAD"}, {0x13, "FRA_L3MDEV"}, {0x14, "FRA_UID_RANGE"}, {0x15, "FRA_PROTOCOL"},
	{0x16, "FRA_IP_PROTO"}, {0x17, "FRA_SPORT_RANGE"}, {0x18, "FRA_DPORT_RANGE"},
}, dflt: "FRA_???"}

// lwtunnelEncapTypes is strace's lwtunnel_encap_types table.
var lwtunnelEncapTypes = &xlat{vals: []xv{
	{0, "LWTUNNEL_ENCAP_NONE"}, {0x1, "LWTUNNEL_ENCAP_MPLS"}, {0x2, "LWTUNNEL_ENCAP_IP"},
	{0x3, "LWTUNNEL_ENCAP_ILA"}, {0x4, "LWTUNNEL_ENCAP_IP6"}, {0x5, "LWTUNNEL_ENCAP_SEG6"},
	{0x6, "LWTUNNEL_ENCAP_BPF"}, {0x7, "LWTUNNEL_ENCAP_SEG6_LOCAL"}, {0x8, "LWTUNNEL_ENCAP_RPL"},
}, dflt: "LWTUNNEL_ENCAP_???"}

// routeNexthopFlags is strace's route_nexthop_flags table.
var routeNexthopFlags = &xlat{vals: []xv{
	{0x1, "RTNH_F_DEAD"}, {0x2, "RTNH_F_PERVASIVE"}, {0x4, "RTNH_F_ONLINK"}, {0x8, "RTNH_F_OFFLOAD"},
	{0x10, "RTNH_F_LINKDOWN"}, {0x20, "RTNH_F_UNRESOLVED"}, {0x40, "RTNH_F_TRAP"},
}, dflt: "RTNH_F_???"}

// routingFlags is strace's routing_flags table.
var routingFlags = &xlat{vals: []xv{
	{0x100, "RTM_F_NOTIFY"}, {0x200, "RTM_F_CLONED"}, {0x400, "RTM_F_EQUALIZE"}, {0x800, "RTM_F_PREFIX"},
	{0x1000, "RTM_F_LOOKUP_TABLE"}, {0x2000, "RTM_F_FIB_MATCH"}, {0x4000, "RTM_F_OFFLOAD"},
	{0x8000, "RTM_F_TRAP"}, {0x20000000, "RTM_F_OFFLOAD_FAILED"},
}, dflt: "RTM_F_???"}

// routingProtocols is strace's routing_protocols table.
var routingProtocols = &xlat{vals: []xv{
	{0, "RTPROT_UNSPEC"}, {0x1, "RTPROT_REDIRECT"}, {0x2, "RTPROT_KERNEL"}, {0x3, "RTPROT_BOOT"},
	{0x4, "RTPROT_STATIC"}, {0x8, "RTPROT_GATED"}, {0x9, "RTPROT_RA"}, {0xa, "RTPROT_MRT"}, {0xb, "RTPROT_ZEBRA"},
	{0xc, "RTPROT_BIRD"}, {0xd, "RTPROT_DNROUTED"}, {0xe, "RTPROT_XORP"}, {0xf, "RTPROT_NTK"},
	{0x10, "RTPROT_DHCP"}, {0x11, "RTPROT_MROUTED"}, {0x12, "RTPROT_KEEPALIVED"}, {0x2a, "RTPROT_BABEL"},
	{0x63, "RTPROT_OPENR"}, {0xba, "RTPROT_BGP"}, {0xbb, "RTPROT_ISIS"}, {0xbc, "RTPROT_OSPF"},
	{0xbd, "RTPROT_RIP"}, {0xc0, "RTPROT_EIGRP"},
}, dflt: "RTPROT_???"}

// rtnlRouteAttrs is strace's rtnl_route_attrs table.
var rtnlRouteAttrs = &xlat{vals: []xv{
	{0, "RTA_UNSPEC"}, {0x1, "RTA_DST"}, {0x2, "RTA_SRC"}, {0x3, "RTA_IIF"}, {0x4, "RTA_OIF"},
	{0x5, "RTA_GATEWAY"}, {0x6, "RTA_PRIORITY"}, {0x7, "RTA_PREFSRC"}, {0x8, "RTA_METRICS"},
	{0x9, "RTA_MULTIPATH"}, {0xa, "RTA_PROTOINFO"}, {0xb, "RTA_FLOW"}, {0xc, "RTA_CACHEINFO"},
	{0xd, "RTA_SESSION"}, {0xe, "RTA_MP_ALGO"}, {0xf, "RTA_TABLE"}, {0x10, "RTA_MARK"}, {0x11, "RTA_MFC_STATS"},
	{0x12, "RTA_VIA"}, {0x13, "RTA_NEWDST"}, {0x14, "RTA_PREF"}, {0x15, "RTA_ENCAP_TYPE"}, {0x16, "RTA_ENCAP"},
	{0x17, "RTA_EXPIRES"}, {0x18, "RTA_PAD"}, {0x19, "RTA_UID"}, {0x1a, "RTA_TTL_PROPAGATE"},
	{0x1b, "RTA_IP_PROTO"}, {0x1c, "RTA_SPORT"}, {0x1d, "RTA_DPORT"}, {0x1e, "RTA_NH_ID"},
}, dflt: "RTA_???"}

// rtnlRtaMetricsAttrs is strace's rtnl_rta_metrics_attrs table.
var rtnlRtaMetricsAttrs = &xlat{vals: []xv{
	{0, "RTAX_UNSPEC"}, {0x1, "RTAX_LOCK"}, {0x2, "RTAX_MTU"}, {0x3, "RTAX_WINDOW"}, {0x4, "RTAX_RTT"},
	{0x5, "RTAX_RTTVAR"}, {0x6, "RTAX_SSTHRESH"}, {0x7, "RTAX_CWND"}, {0x8, "RTAX_ADVMSS"},
	{0x9, "RTAX_REORDERING"}, {0xa, "RTAX_HOPLIMIT"}, {0xb, "RTAX_INITCWND"}, {0xc, "RTAX_FEATURES"},
	{0xd, "RTAX_RTO_MIN"}, {0xe, "RTAX_INITRWND"}, {0xf, "RTAX_QUICKACK"}, {0x10, "RTAX_CC_ALGO"},
	{0x11, "RTAX_FASTOPEN_NO_COOKIE"},
}, dflt: "RTAX_???"}

// rtnlTcAttrs is strace's rtnl_tc_attrs table.
var rtnlTcAttrs = &xlat{vals: []xv{
	{0, "TCA_UNSPEC"}, {0x1, "TCA_KIND"}, {0x2, "TCA_OPTIONS"}, {0x3, "TCA_STATS"}, {0x4, "TCA_XSTATS"},
	{0x5, "TCA_RATE"}, {0x6, "TCA_FCNT"}, {0x7, "TCA_STATS2"}, {0x8, "TCA_STAB"}, {0x9, "TCA_PAD"},
	{0xa, "TCA_DUMP_INVISIBLE"}, {0xb, "TCA_CHAIN"}, {0xc, "TCA_HW_OFFLOAD"}, {0xd, "TCA_INGRESS_BLOCK"},
	{0xe, "TCA_EGRESS_BLOCK"}, {0xf, "TCA_DUMP_FLAGS"},
}, dflt: "TCA_???"}

// rtnlTcaStabAttrs is strace's rtnl_tca_stab_attrs table.
var rtnlTcaStabAttrs = &xlat{vals: []xv{
	{0, "TCA_STAB_UNSPEC"}, {0x1, "TCA_STAB_BASE"}, {0x2, "TCA_STAB_DATA"},
}, dflt: "TCA_STAB_???"}

// rtnlTcaStatsAttrs is strace's rtnl_tca_stats_attrs table.
var rtnlTcaStatsAttrs = &xlat{vals: []xv{
	{0, "TCA_STATS_UNSPEC"}, {0x1, "TCA_STATS_BASIC"}, {0x2, "TCA_STATS_RATE_EST"}, {0x3, "TCA_STATS_QUEUE"},
	{0x4, "TCA_STATS_APP"}, {0x5, "TCA_STATS_RATE_EST64"}, {0x6, "TCA_STATS_PAD"}, {0x7, "TCA_STATS_BASIC_HW"},
	{0x8, "TCA_STATS_PKT64"},
}, dflt: "TCA_STATS_???"}

// rtnlTcActionAttrs is strace's rtnl_tc_action_attrs table.
var rtnlTcActionAttrs = &xlat{vals: []xv{
	{0, "TCA_ACT_UNSPEC"}, {0x1, "TCA_ACT_KIND"}, {0x2, "TCA_ACT_OPTIONS"}, {0x3, "TCA_ACT_INDEX"},
	{0x4, "TCA_ACT_STATS"}, {0x5, "TCA_ACT_PAD"}, {0x6, "TCA_ACT_COOKIE"}, {0x7, "TCA_ACT_FLAGS"},
	{0x8, "TCA_ACT_HW_STATS"}, {0x9, "TCA_ACT_USED_HW_STATS"}, {0xa, "TCA_ACT_IN_HW_COUNT"},
}, dflt: "TCA_ACT_???"}

// rtnlTcaActFlags is strace's rtnl_tca_act_flags table.
var rtnlTcaActFlags = &xlat{vals: []xv{
	{0x1, "TCA_ACT_FLAGS_NO_PERCPU_STATS"}, {0x2, "TCA_ACT_FLAGS_SKIP_HW"}, {0x4, "TCA_ACT_FLAGS_SKIP_SW"},
}, dflt: "TCA_ACT_FLAGS_???"}

// rtnlTcaActHwStats is strace's rtnl_tca_act_hw_stats table.
var rtnlTcaActHwStats = &xlat{vals: []xv{
	{0x1, "TCA_ACT_HW_STATS_IMMEDIATE"}, {0x2, "TCA_ACT_HW_STATS_DELAYED"},
}, dflt: "TCA_ACT_HW_STATS_???"}

// mdbFlags is strace's mdb_flags table.
var mdbFlags = &xlat{vals: []xv{
	{0x1, "MDB_FLAGS_OFFLOAD"}, {0x2, "MDB_FLAGS_FAST_LEAVE"}, {0x4, "MDB_FLAGS_STAR_EXCL"},
	{0x8, "MDB_FLAGS_BLOCKED"},
}, dflt: "MDB_FLAGS_???"}

// mdbStates is strace's mdb_states table.
var mdbStates = &xlat{vals: []xv{
	{0, "MDB_TEMPORARY"}, {0x1, "MDB_PERMANENT"},
}, dflt: "MDB_???"}

// multicastRouterTypes is strace's multicast_router_types table.
var multicastRouterTypes = &xlat{vals: []xv{
	{0, "MDB_RTR_TYPE_DISABLED"}, {0x1, "MDB_RTR_TYPE_TEMP_QUERY"}, {0x2, "MDB_RTR_TYPE_PERM"},
	{0x3, "MDB_RTR_TYPE_TEMP"},
}, dflt: "MDB_RTR_TYPE_???"}

// rtnlMdbAttrs is strace's rtnl_mdb_attrs table.
var rtnlMdbAttrs = &xlat{vals: []xv{
	{0, "MDBA_UNSPEC"}, {0x1, "MDBA_MDB"}, {0x2, "MDBA_ROUTER"},
}, dflt: "MDBA_???"}

// rtnlMdbaMdbAttrs is strace's rtnl_mdba_mdb_attrs table.
var rtnlMdbaMdbAttrs = &xlat{vals: []xv{
	{0, "MDBA_MDB_UNSPEC"}, {0x1, "MDBA_MDB_ENTRY"},
}, dflt: "MDBA_MDB_???"}

// rtnlMdbaMdbEattrAttrs is strace's rtnl_mdba_mdb_eattr_attrs table.
var rtnlMdbaMdbEattrAttrs = &xlat{vals: []xv{
	{0, "MDBA_MDB_EATTR_UNSPEC"}, {0x1, "MDBA_MDB_EATTR_TIMER"}, {0x2, "MDBA_MDB_EATTR_SRC_LIST"},
	{0x3, "MDBA_MDB_EATTR_GROUP_MODE"}, {0x4, "MDBA_MDB_EATTR_SOURCE"}, {0x5, "MDBA_MDB_EATTR_RTPROT"},
}, dflt: "MDBA_MDB_EATTR_???"}

// rtnlMdbaMdbEntryAttrs is strace's rtnl_mdba_mdb_entry_attrs table.
var rtnlMdbaMdbEntryAttrs = &xlat{vals: []xv{
	{0, "MDBA_MDB_ENTRY_UNSPEC"}, {0x1, "MDBA_MDB_ENTRY_INFO"},
}, dflt: "MDBA_MDB_ENTRY_???"}

// rtnlMdbaRouterAttrs is strace's rtnl_mdba_router_attrs table.
var rtnlMdbaRouterAttrs = &xlat{vals: []xv{
	{0, "MDBA_ROUTER_UNSPEC"}, {0x1, "MDBA_ROUTER_PORT"},
}, dflt: "MDBA_ROUTER_???"}

// rtnlMdbaRouterPattrAttrs is strace's rtnl_mdba_router_pattr_attrs table.
var rtnlMdbaRouterPattrAttrs = &xlat{vals: []xv{
	{0, "MDBA_ROUTER_PATTR_UNSPEC"}, {0x1, "MDBA_ROUTER_PATTR_TIMER"}, {0x2, "MDBA_ROUTER_PATTR_TYPE"},
	{0x3, "MDBA_ROUTER_PATTR_INET_TIMER"}, {0x4, "MDBA_ROUTER_PATTR_INET6_TIMER"},
}, dflt: "MDBA_ROUTER_PATTR_???"}

// rtnlNexthopAttrs is strace's rtnl_nexthop_attrs table.
var rtnlNexthopAttrs = &xlat{vals: []xv{
	{0, "NHA_UNSPEC"}, {0x1, "NHA_ID"}, {0x2, "NHA_GROUP"}, {0x3, "NHA_GROUP_TYPE"}, {0x4, "NHA_BLACKHOLE"},
	{0x5, "NHA_OIF"}, {0x6, "NHA_GATEWAY"}, {0x7, "NHA_ENCAP_TYPE"}, {0x8, "NHA_ENCAP"}, {0x9, "NHA_GROUPS"},
	{0xa, "NHA_MASTER"}, {0xb, "NHA_FDB"}, {0xc, "NHA_RES_GROUP"}, {0xd, "NHA_RES_BUCKET"},
}, dflt: "NHA_???"}

// rtnlNexthopGrpTypes is strace's rtnl_nexthop_grp_types table.
var rtnlNexthopGrpTypes = &xlat{vals: []xv{
	{0, "NEXTHOP_GRP_TYPE_MPATH"}, {0x1, "NEXTHOP_GRP_TYPE_RES"},
}, dflt: "NEXTHOP_GRP_TYPE_???"}

// rtnlNhaResBucketAttrs is strace's rtnl_nha_res_bucket_attrs table.
var rtnlNhaResBucketAttrs = &xlat{vals: []xv{
	{0, "NHA_RES_BUCKET_PAD"}, {0x1, "NHA_RES_BUCKET_INDEX"}, {0x2, "NHA_RES_BUCKET_IDLE_TIME"},
	{0x3, "NHA_RES_BUCKET_NH_ID"},
}, dflt: "NHA_RES_BUCKET_???"}

// rtnlNhaResGroupAttrs is strace's rtnl_nha_res_group_attrs table.
var rtnlNhaResGroupAttrs = &xlat{vals: []xv{
	{0, "NHA_RES_GROUP_PAD"}, {0x1, "NHA_RES_GROUP_BUCKETS"}, {0x2, "NHA_RES_GROUP_IDLE_TIMER"},
	{0x3, "NHA_RES_GROUP_UNBALANCED_TIMER"}, {0x4, "NHA_RES_GROUP_UNBALANCED_TIME"},
}, dflt: "NHA_RES_GROUP_???"}

// rtnlIp6mraCreportAttr is strace's rtnl_ip6mra_creport_attr table.
var rtnlIp6mraCreportAttr = &xlat{vals: []xv{
	{0, "IP6MRA_CREPORT_UNSPEC"}, {0x1, "IP6MRA_CREPORT_MSGTYPE"}, {0x2, "IP6MRA_CREPORT_MIF_ID"},
	{0x3, "IP6MRA_CREPORT_SRC_ADDR"}, {0x4, "IP6MRA_CREPORT_DST_ADDR"}, {0x5, "IP6MRA_CREPORT_PKT"},
}, dflt: "IP6MRA_CREPORT_???"}

// rtnlIp6mraMsgTypes is strace's rtnl_ip6mra_msg_types table.
var rtnlIp6mraMsgTypes = &xlat{vals: []xv{
	{0x1, "MRT6MSG_NOCACHE"}, {0x2, "MRT6MSG_WRONGMIF"}, {0x3, "MRT6MSG_WHOLEPKT"},
}, dflt: "MRT6MSG_???"}

// rtnlIpmraCreportAttr is strace's rtnl_ipmra_creport_attr table.
var rtnlIpmraCreportAttr = &xlat{vals: []xv{
	{0, "IPMRA_CREPORT_UNSPEC"}, {0x1, "IPMRA_CREPORT_MSGTYPE"}, {0x2, "IPMRA_CREPORT_VIF_ID"},
	{0x3, "IPMRA_CREPORT_SRC_ADDR"}, {0x4, "IPMRA_CREPORT_DST_ADDR"}, {0x5, "IPMRA_CREPORT_PKT"},
	{0x6, "IPMRA_CREPORT_TABLE"},
}, dflt: "IPMRA_CREPORT_???"}

// rtnlIpmraMsgTypes is strace's rtnl_ipmra_msg_types table.
var rtnlIpmraMsgTypes = &xlat{vals: []xv{
	{0x1, "IGMPMSG_NOCACHE"}, {0x2, "IGMPMSG_WRONGVIF"}, {0x3, "IGMPMSG_WHOLEPKT"}, {0x4, "IGMPMSG_WRVIFWHOLE"},
}, dflt: "IGMPMSG_???"}

// rtnlFamily is strace's rtnl_family table.
var rtnlFamily = &xlat{vals: []xv{
	{0x80, "RTNL_FAMILY_IPMR"}, {0x81, "RTNL_FAMILY_IP6MR"},
}, dflt: "RTNL_FAMILY_???"}
