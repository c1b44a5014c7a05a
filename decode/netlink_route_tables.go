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
