package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// Netlink messages, as strace prints the buffer of a sendto(2) to an
// AF_NETLINK address: [{nlmsg_len=20, nlmsg_type=RTM_GETLINK, ...},
// {ifi_family=AF_UNSPEC, ...}].
//
// The decoder knows a socket is a netlink one only from the destination
// address, and takes it for NETLINK_ROUTE (the family getaddrinfo and
// iproute2 use). It decodes the routing requests whose payload needs no
// attribute decoding (link and address dumps, ends of dumps); a buffer
// holding anything else, or not captured whole (the plan copies up to 256
// bytes of sendto's buffer), prints as the plain string it printed before.

const (
	nlmsgHdrLen  = 16
	nlmsgMinType = 16
	afNetlink    = 16
)

var netlinkTypes = &xlat{vals: []xv{{1, "NLMSG_NOOP"}, {2, "NLMSG_ERROR"}, {3, "NLMSG_DONE"}, {4, "NLMSG_OVERRUN"}}, dflt: "NLMSG_???"}

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

// netlinkFlagTables are the flag tables of a message: the common flags,
// then those of its kind of request (new, delete, get) or of an ack.
var netlinkFlagTables = func() map[string]*xlat {
	m := map[string]*xlat{}
	for name, extra := range map[string][]xv{"": nil, "get": netlinkGetFlags, "new": netlinkNewFlags, "del": netlinkDeleteFlags, "ack": netlinkAckFlags} {
		m[name] = &xlat{vals: append(append([]xv(nil), netlinkFlags...), extra...), dflt: "NLM_F_???"}
	}
	return m
}()

// netlinkFlagsOf returns the flag table of a NETLINK_ROUTE message type.
func netlinkFlagsOf(typ uint16) *xlat {
	switch {
	case typ == 2: // NLMSG_ERROR
		return netlinkFlagTables["ack"]
	case typ < nlmsgMinType:
		return netlinkFlagTables[""]
	case typ == 49: // RTM_DELACTION
		return netlinkFlagTables["get"]
	}
	return netlinkFlagTables[[4]string{"new", "del", "get", ""}[typ&3]]
}

var ifaddrFlags = &xlat{vals: []xv{
	{0x01, "IFA_F_SECONDARY"}, {0x02, "IFA_F_NODAD"}, {0x04, "IFA_F_OPTIMISTIC"}, {0x08, "IFA_F_DADFAILED"},
	{0x10, "IFA_F_HOMEADDRESS"}, {0x20, "IFA_F_DEPRECATED"}, {0x40, "IFA_F_TENTATIVE"}, {0x80, "IFA_F_PERMANENT"},
}, dflt: "IFA_F_???"}

var routingScopes = &xlat{vals: []xv{{0, "RT_SCOPE_UNIVERSE"}, {200, "RT_SCOPE_SITE"}, {253, "RT_SCOPE_LINK"}, {254, "RT_SCOPE_HOST"}, {255, "RT_SCOPE_NOWHERE"}}}

// enterSendto prints sendto(2), with a buffer sent to a netlink address
// decoded as netlink messages when it can be.
func enterSendto(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	for i := range c.args {
		if i > 0 {
			b = d.sep(b)
		}
		if i == 1 && ev.Args[1] != 0 && toNetlink(ev) {
			if cp, ok := capOK(ev, 1); ok && !cp.Truncated && uint64(len(cp.Data)) == ev.Args[2] {
				if len(cp.Data) < nlmsgHdrLen {
					// Too short for a header: strace shows the bytes in hex.
					b = d.appendBuf(b, cp.Data, ev.Args[2], true)
					continue
				}
				if nb, ok := d.appendNetlink(b, cp.Data); ok {
					b = nb
					continue
				}
			}
		}
		b = c.args[i](d, b, ev, i)
	}
	return b
}

// toNetlink reports whether sendto's destination is an AF_NETLINK address.
func toNetlink(ev *trace.Event) bool {
	cp, ok := capOK(ev, 4)
	return ok && ev.Args[4] != 0 && ev.Args[5] >= 2 && len(cp.Data) >= 2 && le16(cp.Data, 0) == afNetlink
}

// appendNetlink prints buf as a sequence of netlink messages, an array when
// there is more than one; ok is false when some message is beyond this
// decoder, and then nothing is appended.
func (d *Decoder) appendNetlink(b []byte, buf []byte) ([]byte, bool) {
	start := len(b)
	if len(buf) < nlmsgHdrLen {
		return b, false
	}
	array := false
	for len(buf) > 0 {
		if len(buf) < nlmsgHdrLen {
			return b[:start], false
		}
		msgLen := le32(buf, 0)
		next := (uint64(msgLen) + 3) &^ 3
		more := msgLen >= nlmsgHdrLen && uint64(len(buf)) > next
		if more && !array {
			b = append(b, '[')
			array = true
		}
		var ok bool
		if b, ok = d.appendNlmsg(b, buf); !ok {
			return b[:start], false
		}
		if !more {
			break
		}
		b = append(b, ", "...)
		buf = buf[next:]
	}
	if array {
		b = append(b, ']')
	}
	return b, true
}

// appendNlmsg prints one message at the start of buf: the header, and the
// payload beside it in brackets.
func (d *Decoder) appendNlmsg(b []byte, buf []byte) ([]byte, bool) {
	msgLen, typ, flags := le32(buf, 0), le16(buf, 4), le16(buf, 6)
	n := uint64(msgLen)
	if n > uint64(len(buf)) {
		n = uint64(len(buf))
	}
	payload := n > nlmsgHdrLen
	if payload {
		b = append(b, '[')
	}
	b = append(b, "{nlmsg_len="...)
	b = appendUint(b, uint64(msgLen))
	b = append(b, ", nlmsg_type="...)
	if typ < nlmsgMinType {
		b = d.enum(b, netlinkTypes, uint64(typ))
	} else {
		b = d.enum(b, routeTypes, uint64(typ))
	}
	b = append(b, ", nlmsg_flags="...)
	b = d.flags(b, netlinkFlagsOf(typ), uint64(flags))
	b = append(b, ", nlmsg_seq="...)
	b = appendUint(b, uint64(le32(buf, 8)))
	b = append(b, ", nlmsg_pid="...)
	b = appendInt(b, int64(int32(le32(buf, 12))))
	b = append(b, '}')
	if !payload {
		return b, true
	}
	b = append(b, ", "...)
	p := buf[nlmsgHdrLen:n]
	var ok bool
	switch {
	case typ == 3 && len(p) == 4: // NLMSG_DONE
		b, ok = appendInt(b, int64(int32(le32(p, 0)))), true
	case typ >= 16 && typ <= 19: // RTM_*LINK
		b, ok = d.appendIfinfomsg(b, p)
	case typ >= 20 && typ <= 22: // RTM_*ADDR
		b, ok = d.appendIfaddrmsg(b, p)
	}
	if !ok {
		return b, false
	}
	return append(b, ']'), true
}

// appendIfinfomsg prints a struct ifinfomsg too short to hold more than
// its family (a dump request's rtgenmsg).
func (d *Decoder) appendIfinfomsg(b []byte, p []byte) ([]byte, bool) {
	const ifinfomsgSize = 16
	if len(p) >= ifinfomsgSize {
		return b, false
	}
	b = append(b, "{ifi_family="...)
	b = d.enum(b, addressFamilies, uint64(p[0]))
	return append(b, ", ...}"...), true
}

// appendIfaddrmsg prints a struct ifaddrmsg with no attributes after it,
// or one too short to hold more than its family.
func (d *Decoder) appendIfaddrmsg(b []byte, p []byte) ([]byte, bool) {
	const ifaddrmsgSize = 8
	b = append(b, "{ifa_family="...)
	b = d.enum(b, addressFamilies, uint64(p[0]))
	if len(p) < ifaddrmsgSize {
		return append(b, ", ...}"...), true
	}
	index := le32(p, 4)
	if len(p) > ifaddrmsgSize || index != 0 {
		// Attributes, or an interface index strace names by its
		// interface's name: beyond this decoder.
		return b, false
	}
	b = append(b, ", ifa_prefixlen="...)
	b = appendUint(b, uint64(p[1]))
	b = append(b, ", ifa_flags="...)
	b = d.flags(b, ifaddrFlags, uint64(p[2]))
	b = append(b, ", ifa_scope="...)
	b = d.enum(b, routingScopes, uint64(p[3]))
	b = append(b, ", ifa_index=0}"...)
	return b, true
}
