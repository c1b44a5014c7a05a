package fdpath

import (
	"encoding/binary"
	"fmt"
	"net/netip"
	"strconv"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// This file asks the kernel's sock_diag netlink interface for a socket's
// endpoints, given its inode, and words them as strace -yy does.

// inetProtocols maps the socket protocol names the kernel reports (the
// system.sockprotoname attribute) to the family and IP protocol to query.
var inetProtocols = map[string][2]uint8{
	"TCP":       {unix.AF_INET, unix.IPPROTO_TCP},
	"UDP":       {unix.AF_INET, unix.IPPROTO_UDP},
	"UDPLITE":   {unix.AF_INET, unix.IPPROTO_UDPLITE},
	"DCCP":      {unix.AF_INET, unix.IPPROTO_DCCP},
	"SCTP":      {unix.AF_INET, unix.IPPROTO_SCTP},
	"L2TP/IP":   {unix.AF_INET, unix.IPPROTO_L2TP},
	"PING":      {unix.AF_INET, unix.IPPROTO_ICMP},
	"RAW":       {unix.AF_INET, unix.IPPROTO_RAW},
	"TCPv6":     {unix.AF_INET6, unix.IPPROTO_TCP},
	"UDPv6":     {unix.AF_INET6, unix.IPPROTO_UDP},
	"UDPLITEv6": {unix.AF_INET6, unix.IPPROTO_UDPLITE},
	"DCCPv6":    {unix.AF_INET6, unix.IPPROTO_DCCP},
	"SCTPv6":    {unix.AF_INET6, unix.IPPROTO_SCTP},
	"L2TP/IPv6": {unix.AF_INET6, unix.IPPROTO_L2TP},
	"PINGv6":    {unix.AF_INET6, unix.IPPROTO_ICMP},
	"RAWv6":     {unix.AF_INET6, unix.IPPROTO_RAW},
}

// knownProtocol reports whether strace knows the protocol name, and so
// prints "NAME:[INODE]" when the endpoints are unknown.
func knownProtocol(p string) bool {
	_, inet := inetProtocols[p]
	return inet || p == "UNIX" || p == "UNIX-STREAM" || p == "NETLINK"
}

// netlinkProtocols names NETLINK_* protocols without the prefix.
var netlinkProtocols = map[uint8]string{
	0: "ROUTE", 1: "UNUSED", 2: "USERSOCK", 3: "FIREWALL", 4: "SOCK_DIAG",
	5: "NFLOG", 6: "XFRM", 7: "SELINUX", 8: "ISCSI", 9: "AUDIT",
	10: "FIB_LOOKUP", 11: "CONNECTOR", 12: "NETFILTER", 13: "IP6_FW",
	14: "DNRTMSG", 15: "KOBJECT_UEVENT", 16: "GENERIC", 18: "SCSITRANSPORT",
	19: "ECRYPTFS", 20: "RDMA", 21: "CRYPTO", 22: "SMC",
}

const (
	sockDiagByFamily = 20 // SOCK_DIAG_BY_FAMILY
	nlmsgHdrLen      = 16
	udiagShowName    = 1
	udiagShowPeer    = 4
	unixDiagName     = 0
	unixDiagPeer     = 2
	ndiagProtoAll    = 255
)

// diagSocket is a NETLINK_SOCK_DIAG socket.
type diagSocket struct {
	fd  int
	hex decode.HexMode
	seq uint32
	buf []byte
}

func openDiag(hex decode.HexMode) (*diagSocket, error) {
	fd, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW|unix.SOCK_CLOEXEC, unix.NETLINK_SOCK_DIAG)
	if err != nil {
		return nil, fmt.Errorf("open sock_diag socket: %w", err)
	}
	return &diagSocket{fd: fd, hex: hex, buf: make([]byte, 32<<10)}, nil
}

func (d *diagSocket) close() error { return unix.Close(d.fd) }

// describe returns the endpoints of the socket with inode, for protocol
// proto ("" tries every family strace knows).
func (d *diagSocket) describe(proto string, inode uint64) (string, bool) {
	if proto != "" {
		return d.describeAs(proto, inode)
	}
	for _, p := range []string{"UNIX", "UNIX-STREAM", "TCP", "UDP", "UDPLITE", "DCCP", "SCTP", "L2TP/IP", "PING", "RAW",
		"TCPv6", "UDPv6", "UDPLITEv6", "DCCPv6", "SCTPv6", "L2TP/IPv6", "PINGv6", "RAWv6", "NETLINK"} {
		if s, ok := d.describeAs(p, inode); ok {
			return s, true
		}
	}
	return "", false
}

func (d *diagSocket) describeAs(proto string, inode uint64) (string, bool) {
	switch {
	case proto == "UNIX" || proto == "UNIX-STREAM":
		req := make([]byte, 24)
		req[0] = unix.AF_UNIX
		binary.NativeEndian.PutUint32(req[4:], ^uint32(0)) // all states
		binary.NativeEndian.PutUint32(req[8:], uint32(inode))
		binary.NativeEndian.PutUint32(req[12:], udiagShowName|udiagShowPeer)
		binary.NativeEndian.PutUint32(req[16:], ^uint32(0))
		binary.NativeEndian.PutUint32(req[20:], ^uint32(0))
		return d.query(req, 0, func(m []byte) (string, int) { return unixDetails(proto, inode, m, d.hex) })
	case proto == "NETLINK":
		req := make([]byte, 20)
		req[0] = unix.AF_NETLINK
		req[1] = ndiagProtoAll
		return d.query(req, unix.NLM_F_DUMP, func(m []byte) (string, int) { return netlinkDetails(proto, inode, m) })
	}
	fp, ok := inetProtocols[proto]
	if !ok {
		return "", false
	}
	req := make([]byte, 56)
	req[0], req[1] = fp[0], fp[1]
	binary.NativeEndian.PutUint32(req[4:], ^uint32(0))
	return d.query(req, unix.NLM_F_DUMP, func(m []byte) (string, int) { return inetDetails(proto, inode, m) })
}

// query sends a SOCK_DIAG_BY_FAMILY request and feeds each answer to
// parse, which returns the details and 1 when found, 0 to go on, -1 to
// give up.
func (d *diagSocket) query(body []byte, flags uint16, parse func([]byte) (string, int)) (string, bool) {
	d.seq++
	msg := make([]byte, nlmsgHdrLen+len(body))
	binary.NativeEndian.PutUint32(msg[0:], uint32(len(msg)))
	binary.NativeEndian.PutUint16(msg[4:], sockDiagByFamily)
	binary.NativeEndian.PutUint16(msg[6:], unix.NLM_F_REQUEST|flags)
	binary.NativeEndian.PutUint32(msg[8:], d.seq)
	copy(msg[nlmsgHdrLen:], body)
	if err := unix.Sendto(d.fd, msg, 0, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
		return "", false
	}
	found, result := false, ""
	for {
		n, _, err := unix.Recvfrom(d.fd, d.buf, 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return "", false
		}
		b := d.buf[:n]
		for len(b) >= nlmsgHdrLen {
			l := int(binary.NativeEndian.Uint32(b[0:]))
			typ := binary.NativeEndian.Uint16(b[4:])
			seq := binary.NativeEndian.Uint32(b[8:])
			if l < nlmsgHdrLen || l > len(b) {
				return result, found
			}
			if seq != d.seq {
				b = b[(l+3)&^3:]
				continue
			}
			switch typ {
			case unix.NLMSG_DONE, unix.NLMSG_ERROR:
				return result, found
			case sockDiagByFamily:
				if !found {
					s, rc := parse(b[nlmsgHdrLen:l])
					if rc > 0 {
						result, found = s, true
					} else if rc < 0 {
						found = false
					}
				}
			}
			if flags&unix.NLM_F_DUMP == 0 {
				return result, found
			}
			if l >= len(b) {
				b = nil
				break
			}
			b = b[min((l+3)&^3, len(b)):]
		}
	}
}

// inetDetails words an inet_diag_msg: "TCP:[SRC:PORT->DST:PORT]", or
// "TCP:[SRC:PORT]" when it has no peer; IPv6 addresses in brackets.
func inetDetails(proto string, inode uint64, m []byte) (string, int) {
	if len(m) < 72 {
		return "", -1
	}
	if uint64(binary.NativeEndian.Uint32(m[68:])) != inode {
		return "", 0
	}
	family := m[0]
	sport := binary.BigEndian.Uint16(m[4:])
	dport := binary.BigEndian.Uint16(m[6:])
	var src, dst netip.Addr
	switch family {
	case unix.AF_INET:
		src = netip.AddrFrom4([4]byte(m[8:12]))
		dst = netip.AddrFrom4([4]byte(m[24:28]))
	case unix.AF_INET6:
		src = netip.AddrFrom16([16]byte(m[8:24]))
		dst = netip.AddrFrom16([16]byte(m[24:40]))
	default:
		return "", -1
	}
	return inetWords(proto, uint16(family), src, sport, dst, dport), 1
}

// inetWords words an INET socket's endpoints as strace does:
// "TCP:[127.0.0.1:8080->127.0.0.1:41234]", or "UDP:[0.0.0.0:53]" when it
// has no remote end.
func inetWords(proto string, family uint16, src netip.Addr, sport uint16, dst netip.Addr, dport uint16) string {
	addr := func(a netip.Addr, port uint16) string {
		s := a.String()
		if family == unix.AF_INET6 {
			s = "[" + s + "]"
		}
		return s + ":" + strconv.Itoa(int(port))
	}
	if dport != 0 || !dst.IsUnspecified() {
		return proto + ":[" + addr(src, sport) + "->" + addr(dst, dport) + "]"
	}
	return proto + ":[" + addr(src, sport) + "]"
}

// unixDetails words a unix_diag_msg: "UNIX-STREAM:[INODE->PEER,"PATH"]".
func unixDetails(proto string, inode uint64, m []byte, hex decode.HexMode) (string, int) {
	if len(m) < 16 {
		return "", -1
	}
	if uint64(binary.NativeEndian.Uint32(m[4:])) != inode {
		return "", 0
	}
	if m[0] != unix.AF_UNIX {
		return "", -1
	}
	var peer uint32
	var path []byte
	havePath := false
	for a := m[16:]; len(a) >= 4; {
		l := int(binary.NativeEndian.Uint16(a[0:]))
		typ := binary.NativeEndian.Uint16(a[2:])
		if l < 4 || l > len(a) {
			break
		}
		payload := a[4:l]
		switch typ {
		case unixDiagName:
			if !havePath && len(payload) > 0 {
				path = payload[:min(len(payload), 108)]
				havePath = true
			}
		case unixDiagPeer:
			if len(payload) >= 4 {
				peer = binary.NativeEndian.Uint32(payload)
			}
		}
		a = a[min((l+3)&^3, len(a)):]
	}
	w, ok := unixWords(proto, inode, uint64(peer), path, havePath, hex)
	if !ok {
		return "", -1
	}
	return w, 1
}

// unixWords words a UNIX socket as strace does,
// "UNIX-STREAM:[INODE->PEER,"PATH"]"; false when it has neither a peer
// nor an address (strace then prints only the protocol and inode).
func unixWords(proto string, inode, peer uint64, path []byte, havePath bool, hex decode.HexMode) (string, bool) {
	if peer == 0 && !havePath {
		return "", false
	}
	s := proto + ":[" + strconv.FormatUint(inode, 10)
	if peer != 0 {
		s += "->" + strconv.FormatUint(peer, 10)
	}
	if havePath {
		s += ","
		if path[0] == 0 {
			s += "@"
			path = path[1:]
		}
		s += string(decode.AppendQuoted(nil, path[:clen(path)], hex))
	}
	return s + "]", true
}

// netlinkDetails words a netlink_diag_msg: "NETLINK:[ROUTE:1234]".
func netlinkDetails(proto string, inode uint64, m []byte) (string, int) {
	if len(m) < 24 {
		return "", -1
	}
	if uint64(binary.NativeEndian.Uint32(m[16:])) != inode {
		return "", 0
	}
	if m[0] != unix.AF_NETLINK {
		return "", -1
	}
	return netlinkWords(proto, m[2], binary.NativeEndian.Uint32(m[4:])), 1
}

// netlinkProtocol returns the protocol (NETLINK_*) of the netlink socket
// with inode, when sock_diag lists it.
func (d *diagSocket) netlinkProtocol(inode uint64) (int, bool) {
	req := make([]byte, 20)
	req[0] = unix.AF_NETLINK
	req[1] = ndiagProtoAll
	s, ok := d.query(req, unix.NLM_F_DUMP, func(m []byte) (string, int) {
		if len(m) < 24 || m[0] != unix.AF_NETLINK {
			return "", -1
		}
		if uint64(binary.NativeEndian.Uint32(m[16:])) != inode {
			return "", 0
		}
		return strconv.Itoa(int(m[2])), 1
	})
	if !ok {
		return 0, false
	}
	p, err := strconv.Atoi(s)
	return p, err == nil
}

// netlinkWords words a netlink socket as strace does: "NETLINK:[ROUTE:1234]".
func netlinkWords(proto string, protocol uint8, portid uint32) string {
	if p, ok := netlinkProtocols[protocol]; ok {
		return proto + ":[" + p + ":" + strconv.FormatUint(uint64(portid), 10) + "]"
	}
	return proto + ":[" + strconv.Itoa(int(protocol)) + "]"
}

// describeState words what sock_diag would have said of the socket whose
// state st a backend read when a call ended; false when it would not have
// found it, or when the protocol is not one strace asks about by name.
func describeState(st trace.SocketState, hex decode.HexMode) (string, bool) {
	switch {
	case st.Proto == "UNIX" || st.Proto == "UNIX-STREAM":
		return unixWords(st.Proto, st.Inode, st.Peer, st.Path, st.Path != nil, hex)
	case st.Proto == "NETLINK":
		return netlinkWords(st.Proto, uint8(st.NetlinkProto), st.PortID), st.Listed
	}
	if _, ok := inetProtocols[st.Proto]; !ok || !st.Listed {
		return "", false
	}
	if st.Proto == "RAW" || st.Proto == "RAWv6" {
		// sock_diag found no raw socket for strace or for the ptrace
		// backend here (of IPPROTO_RAW or ICMP, bound or not): strace
		// prints RAW:[inode].
		return "", false
	}
	return inetWords(st.Proto, st.Family, st.Src, st.SPort, st.Dst, st.DPort), true
}

// clen is the length of the C string at the start of s.
func clen(s []byte) int {
	for i, c := range s {
		if c == 0 {
			return i
		}
	}
	return len(s)
}
