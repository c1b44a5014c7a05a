package decode

import (
	"encoding/binary"

	"github.com/sctrace/sctrace/trace"
)

// routeTypes are NETLINK_ROUTE's message types (RTM_*).
var routeTypes = func() *xlat {
	x := &xlat{dflt: "RTM_???"}
	groups := []struct {
		base  uint64
		names []string
	}{
		{16, []string{"NEWLINK", "DELLINK", "GETLINK", "SETLINK"}}, {20, []string{"NEWADDR", "DELADDR", "GETADDR"}},
		{24, []string{"NEWROUTE", "DELROUTE", "GETROUTE"}}, {28, []string{"NEWNEIGH", "DELNEIGH", "GETNEIGH"}},
		{32, []string{"NEWRULE", "DELRULE", "GETRULE"}}, {36, []string{"NEWQDISC", "DELQDISC", "GETQDISC"}},
		{40, []string{"NEWTCLASS", "DELTCLASS", "GETTCLASS"}}, {44, []string{"NEWTFILTER", "DELTFILTER", "GETTFILTER"}},
		{48, []string{"NEWACTION", "DELACTION", "GETACTION"}}, {52, []string{"NEWPREFIX"}}, {58, []string{"GETMULTICAST"}},
		{62, []string{"GETANYCAST"}}, {64, []string{"NEWNEIGHTBL", "", "GETNEIGHTBL", "SETNEIGHTBL"}},
		{68, []string{"NEWNDUSEROPT"}}, {72, []string{"NEWADDRLABEL", "DELADDRLABEL", "GETADDRLABEL"}},
		{78, []string{"GETDCB", "SETDCB"}}, {80, []string{"NEWNETCONF", "DELNETCONF", "GETNETCONF"}},
		{84, []string{"NEWMDB", "DELMDB", "GETMDB"}}, {88, []string{"NEWNSID", "DELNSID", "GETNSID"}},
		{92, []string{"NEWSTATS", "", "GETSTATS"}}, {96, []string{"NEWCACHEREPORT"}},
		{100, []string{"NEWCHAIN", "DELCHAIN", "GETCHAIN"}}, {104, []string{"NEWNEXTHOP", "DELNEXTHOP", "GETNEXTHOP"}},
		{108, []string{"NEWLINKPROP", "DELLINKPROP", "GETLINKPROP"}}, {112, []string{"NEWVLAN", "DELVLAN", "GETVLAN"}},
		{116, []string{"NEWNEXTHOPBUCKET", "DELNEXTHOPBUCKET", "GETNEXTHOPBUCKET"}},
	}
	for _, g := range groups {
		for k, n := range g.names {
			if n != "" {
				x.vals = append(x.vals, xv{g.base + uint64(k), "RTM_" + n})
			}
		}
	}
	return x
}()

var (
	netlinkFlags = []xv{{1, "NLM_F_REQUEST"}, {2, "NLM_F_MULTI"}, {4, "NLM_F_ACK"}, {8, "NLM_F_ECHO"},
		{0x10, "NLM_F_DUMP_INTR"}, {0x20, "NLM_F_DUMP_FILTERED"}}
	netlinkGetFlags    = []xv{{0x300, "NLM_F_DUMP"}, {0x100, "NLM_F_ROOT"}, {0x200, "NLM_F_MATCH"}, {0x400, "NLM_F_ATOMIC"}}
	netlinkNewFlags    = []xv{{0x100, "NLM_F_REPLACE"}, {0x200, "NLM_F_EXCL"}, {0x400, "NLM_F_CREATE"}, {0x800, "NLM_F_APPEND"}}
	netlinkDeleteFlags = []xv{{0x100, "NLM_F_NONREC"}, {0x200, "NLM_F_BULK"}}
	netlinkAckFlags    = []xv{{0x100, "NLM_F_CAPPED"}, {0x200, "NLM_F_ACK_TLVS"}}
)

// nlFlagTable joins the common flags and those of one kind of message.
func nlFlagTable(extra []xv) *xlat {
	return &xlat{vals: append(append([]xv(nil), netlinkFlags...), extra...), dflt: "NLM_F_???"}
}

// The flag tables of a message: the common flags, then those of its kind
// of request (new, delete, get) or of an ack.
var (
	nlFlagsCommon = nlFlagTable(nil)
	nlFlagsGet    = nlFlagTable(netlinkGetFlags)
	nlFlagsNew    = nlFlagTable(netlinkNewFlags)
	nlFlagsDelete = nlFlagTable(netlinkDeleteFlags)
	nlFlagsAck    = nlFlagTable(netlinkAckFlags)
)

// nlmsgFlagsOf returns the flag table of a message of type typ of
// protocol family, as strace 6.1 chooses it.
func nlmsgFlagsOf(typ uint16, family int) *xlat {
	if typ < nlmsgMinType {
		if typ == nlmsgError {
			return nlFlagsAck
		}
		return nlFlagsCommon
	}
	var k byte // 'n'ew, 'd'elete, 'g'et
	switch family {
	case netlinkRoute:
		switch {
		case typ == 49: // RTM_DELACTION
			k = 'g'
		default:
			k = [4]byte{'n', 'd', 'g', 0}[typ&3]
		}
	case netlinkSockDiag:
		k = 'g'
	case netlinkCrypto:
		switch typ {
		case 0x10:
			k = 'n'
		case 0x11, 0x14:
			k = 'd'
		case 0x13:
			k = 'g'
		}
	case netlinkXfrm:
		switch typ {
		case 0x10, 0x13, 0x1e, 0x22, 0x24: // NEWSA, NEWPOLICY, NEWAE, NEWSADINFO, NEWSPDINFO
			k = 'n'
		case 0x11, 0x14: // DELSA, DELPOLICY
			k = 'd'
		case 0x12, 0x15, 0x1f, 0x23, 0x25: // GETSA, GETPOLICY, GETAE, GETSADINFO, GETSPDINFO
			k = 'g'
		}
	case netlinkNetfilter:
		k = nfFlagKind(uint8(typ>>8), uint8(typ))
	}
	switch k {
	case 'n':
		return nlFlagsNew
	case 'd':
		return nlFlagsDelete
	case 'g':
		return nlFlagsGet
	}
	return nlFlagsCommon
}

// nfFlagKinds are, per nfnetlink subsystem, the kind of each message
// type whose flags are a request's: 'n'ew, 'd'elete or 'g'et.
var nfFlagKinds = map[uint8]string{
	1:  "ngdggggg",                  // CTNETLINK: NEW, GET, DELETE, GET_CTRZERO, GET_STATS_CPU, GET_STATS, GET_DYING, GET_UNCONFIRMED
	2:  "ngdg",                      // CTNETLINK_EXP: NEW, GET, DELETE, GET_STATS_CPU
	7:  "nggd",                      // ACCT: NEW, GET, GET_CTRZERO, DEL
	8:  "ngd",                       // CTNETLINK_TIMEOUT: NEW, GET, DELETE
	9:  "ngd",                       // CTHELPER: NEW, GET, DEL
	10: "ngdngdngdngdngdng.ngdgngd", // NFTABLES: NEW/GET/DEL of tables, chains, rules, sets, elements; NEWGEN, GETGEN, TRACE, objects, GETOBJ_RESET, flowtables
	11: "g",                         // NFT_COMPAT: GET
	12: "g",                         // HOOK: GET
}

// nfFlagKind returns the kind of nfnetlink message typ of subsystem sub.
func nfFlagKind(sub, typ uint8) byte {
	kinds := nfFlagKinds[sub]
	if int(typ) < len(kinds) && kinds[typ] != '.' {
		return kinds[typ]
	}
	return 0
}

// nfMsgTypes are the message type tables of the nfnetlink subsystems.
var nfMsgTypes = map[uint8]*xlat{
	1: nfCtnetlinkMsgTypes, 2: nfCtnetlinkExpMsgTypes, 3: nfQueueMsgTypes, 4: nfUlogMsgTypes,
	5: nfOsfMsgTypes, 6: nfIpsetMsgTypes, 7: nfAcctMsgTypes, 8: nfCttimeoutMsgTypes,
	9: nfCthelperMsgTypes, 10: nfNftablesMsgTypes, 11: nfNftCompatMsgTypes, 12: nfHookMsgTypes,
}

// appendNfnlType prints a NETLINK_NETFILTER message type: a control
// message, or SUBSYS<<8|TYPE.
func (d *Decoder) appendNfnlType(b []byte, typ uint16) []byte {
	if _, ok := nlNetfilterMsgTypes.lookup(uint64(typ)); ok {
		return d.enum(b, nlNetfilterMsgTypes, uint64(typ))
	}
	sub, msg := uint8(typ>>8), uint8(typ)
	b = d.enum(b, nlNetfilterSubsysIDs, uint64(sub))
	b = append(b, "<<8|"...)
	if x, ok := nfMsgTypes[sub]; ok {
		return d.enum(b, x, uint64(msg))
	}
	return appendHex(b, uint64(msg))
}

// appendNlFamily prints a payload strace shows by its family byte alone:
// {family=AF_INET, data="\x..."}.
func (d *Decoder) appendNlFamily(b []byte, m nlMem, off, n uint64, family uint8) []byte {
	b = append(b, "{family="...)
	b = d.enum(b, addressFamilies, uint64(family))
	if n > 1 {
		b = append(b, ", data="...)
		b = d.nlHexStr(b, m, off+1, n-1)
	}
	return append(b, '}')
}

// appendSelinuxPayload prints a NETLINK_SELINUX message's payload: the
// int of SELNL_MSG_SETENFORCE, the sequence number of
// SELNL_MSG_POLICYLOAD.
func appendSelinuxPayload(d *Decoder, b []byte, m nlMem, off, n uint64, h nlmsghdr) ([]byte, bool) {
	var field string
	switch h.typ {
	case 0x10:
		field = "{val="
	case 0x11:
		field = "{seqno="
	default:
		return b, false
	}
	if n < 4 {
		return d.nlHexStr(b, m, off, n), true
	}
	v, ok := m.u32(off)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	b = append(b, field...)
	if h.typ == 0x10 {
		b = appendInt(b, int64(int32(v)))
	} else {
		b = appendUint(b, uint64(v))
	}
	return append(b, '}'), true
}

// netfilterVersions names struct nfgenmsg's version.
var netfilterVersions = &xlat{vals: []xv{{0, "NFNETLINK_V0"}}, dflt: "NFNETLINK_???"}

// nlNoNames prints attribute types as bare numbers.
var nlNoNames = &xlat{}

// appendNetfilterPayload prints a NETLINK_NETFILTER message's struct
// nfgenmsg and the attributes after it.
func appendNetfilterPayload(d *Decoder, b []byte, m nlMem, off, n uint64, h nlmsghdr) ([]byte, bool) {
	if h.typ == nlmsgDone {
		return b, false
	}
	if n < 4 {
		return d.nlHexStr(b, m, off, n), true
	}
	p, ok := m.read(off, 4)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	b = append(b, "{nfgen_family="...)
	b = d.enum(b, addressFamilies, uint64(p[0]))
	b = append(b, ", version="...)
	b = d.enum(b, netfilterVersions, uint64(p[1]))
	b = append(b, ", res_id="...)
	raw := binary.LittleEndian.Uint16(p[2:])
	resID := binary.BigEndian.Uint16(p[2:])
	const nftables = 10
	switch sub := uint8(h.typ >> 8); {
	case sub == nftables && resID == nftables:
		mark := len(b)
		b = d.restyle(append(b, "htons(NFNL_SUBSYS_NFTABLES)"...), mark, uint64(raw), numHex)
	case sub == nftables && raw == nftables:
		mark := len(b)
		b = d.restyle(append(b, "NFNL_SUBSYS_NFTABLES"...), mark, uint64(raw), numHex)
	default:
		b = append(b, "htons("...)
		b = appendUint(b, uint64(resID))
		b = append(b, ')')
	}
	b = append(b, '}')
	if n > 4 {
		b = append(b, ", "...)
		if (h.typ >= 16 && h.typ <= 17) || h.typ < nlmsgMinType {
			b = d.nlHexStr(b, m, off+4, n-4)
		} else {
			b = d.appendAttrs(b, m, off+4, n-4, &nlaSet{names: nlNoNames}, &nlaCtx{})
		}
	}
	return b, true
}

// appendCryptoPayload leaves NETLINK_CRYPTO payloads to the generic
// printing (struct crypto_user_alg is not decoded yet).
func appendCryptoPayload(d *Decoder, b []byte, m nlMem, off, n uint64, h nlmsghdr) ([]byte, bool) {
	return b, false
}

// appendKobjectUevent prints a NETLINK_KOBJECT_UEVENT buffer: udev's
// monitor header and the properties after it, or a plain string.
func (d *Decoder) appendKobjectUevent(b []byte, m nlMem, n uint64) []byte {
	const hdrSize = 40
	p, ok := m.read(0, hdrSize)
	if n < hdrSize || !ok || string(p[:8]) != "libudev\x00" {
		show := min(n, uint64(max(d.opts.StringLimit, 0)))
		q, ok := m.read(0, show)
		if !ok {
			return appendPtr(b, m.addr)
		}
		return d.appendBuf(b, q, n, false)
	}
	if n > hdrSize {
		b = append(b, '[')
	}
	be := func(i int) uint64 { return uint64(binary.BigEndian.Uint32(p[i:])) }
	le := func(i int) uint64 { return uint64(binary.LittleEndian.Uint32(p[i:])) }
	b = append(b, "{prefix=\"libudev\", magic=htonl("...)
	b = appendHex(b, be(8))
	b = append(b, "), header_size="...)
	b = appendUint(b, le(12))
	b = append(b, ", properties_off="...)
	b = appendUint(b, le(16))
	b = append(b, ", properties_len="...)
	b = appendUint(b, le(20))
	for i, name := range []string{"filter_subsystem_hash", "filter_devtype_hash", "filter_tag_bloom_hi", "filter_tag_bloom_lo"} {
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, "=htonl("...)
		b = appendHex(b, be(24+4*i))
		b = append(b, ')')
	}
	b = append(b, '}')
	if n > hdrSize {
		b = append(b, ", "...)
		show := min(n-hdrSize, uint64(max(d.opts.StringLimit, 0)))
		q, ok := m.read(hdrSize, show)
		if !ok {
			b = appendPtr(b, m.addr+hdrSize)
		} else {
			b = d.appendBuf(b, q, n-hdrSize, false)
		}
		b = append(b, ']')
	}
	return b
}

// enterSendto prints sendto(2), its buffer as netlink messages when the
// descriptor is a netlink socket.
func enterSendto(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	for i := range c.args {
		if i > 0 {
			b = d.sep(b)
		}
		if i == 1 {
			if family, ok := d.netlinkCall(ev, ev.Args[0]); ok {
				b = d.appendNetlinkBuf(b, ev, &ev.Captures[1], ev.Args[1], ev.Args[2], family)
				continue
			}
			// The capture keeps what is readable (syscalls.Plan.PageRest);
			// strace prints the address when the bytes it reads for a
			// string (one more than -s) are not all readable.
			cp := &ev.Captures[1]
			if ev.Args[1] != 0 && !cp.Faulted && !cp.Truncated &&
				uint64(len(cp.Data)) < min(ev.Args[2], uint64(max(d.opts.StringLimit, 0))+1) {
				b = appendPtr(b, ev.Args[1])
				continue
			}
		}
		b = c.args[i](d, b, ev, i)
	}
	return b
}
