package decode

import (
	"encoding/binary"
	"net"
	"strconv"
	"sync"
	"time"
)

// Netlink attributes whose decoders depend on the message they are in
// (the NETLINK_ROUTE and NETLINK_SOCK_DIAG payloads): an nlaSet names
// the attribute types of one level and holds a decoder per type; the
// decoders see the message's struct through an nlaCtx, as strace's
// decoders see their opaque_data.

// nlaCtx is what an attribute decoder knows of the message it is in.
type nlaCtx struct {
	// family is the message's address family (its struct's first byte).
	family uint8
	// kind and slaveKind are IFLA_INFO_KIND and IFLA_INFO_SLAVE_KIND, for
	// the attributes of IFLA_LINKINFO after them.
	kind, slaveKind string
}

// nlaDec prints an attribute's data, n bytes at off; false prints them as
// a hex string instead.
type nlaDec func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool)

// nlaSet is one level of attributes: the names of their types, and the
// decoders of those strace decodes, indexed by type.
type nlaSet struct {
	names *xlat
	decs  []nlaDec
}

// appendAttrs prints the attributes in the n bytes at off as set s names
// and decodes them.
func (d *Decoder) appendAttrs(b []byte, m nlMem, off, n uint64, s *nlaSet, c *nlaCtx) []byte {
	return d.appendNlattrsFn(b, m, off, n, s.names, func(b []byte, typ uint16, off, n uint64) ([]byte, bool) {
		if int(typ) < len(s.decs) && s.decs[typ] != nil {
			return s.decs[typ](d, b, m, off, n, c)
		}
		return b, false
	})
}

// nlaNested decodes an attribute holding the attributes of set s.
func nlaNested(s *nlaSet) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		return d.appendAttrs(b, m, off, n, s, c), true
	}
}

// nlaRead reads the size bytes an attribute's decoder takes at off: ok is
// false when the data are too short for them (the hex string is
// printed); p is nil, and the address printed, when they are unreadable.
func nlaRead(b []byte, m nlMem, off, n, size uint64) (_ []byte, p []byte, ok bool) {
	if n < size {
		return b, nil, false
	}
	p, readable := m.read(off, size)
	if !readable {
		return appendPtr(b, m.addr+off), nil, true
	}
	return b, p, true
}

// nlaLE reads a little-endian integer of len(p) bytes.
func nlaLE(p []byte) uint64 {
	var v uint64
	for i := len(p) - 1; i >= 0; i-- {
		v = v<<8 | uint64(p[i])
	}
	return v
}

// nlaUint decodes an unsigned integer attribute of size bytes (at least
// that many), printed in decimal.
func nlaUint(size uint64) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		b, p, ok := nlaRead(b, m, off, n, size)
		if p != nil {
			b = appendUint(b, nlaLE(p))
		}
		return b, ok
	}
}

// nlaSint decodes a signed integer attribute of size bytes.
func nlaSint(size uint64) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		b, p, ok := nlaRead(b, m, off, n, size)
		if p != nil {
			sh := 64 - 8*size
			b = appendInt(b, int64(nlaLE(p)<<sh)>>sh)
		}
		return b, ok
	}
}

// nlaHex decodes an unsigned integer attribute of size bytes, printed in
// hexadecimal.
func nlaHex(size uint64) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		b, p, ok := nlaRead(b, m, off, n, size)
		if p != nil {
			b = appendHex(b, nlaLE(p))
		}
		return b, ok
	}
}

// Attribute decoders of the usual integer types.
var (
	nlaU8, nlaU16, nlaU32, nlaU64 = nlaUint(1), nlaUint(2), nlaUint(4), nlaUint(8)
	nlaS32                        = nlaSint(4)
	nlaX16, nlaX32                = nlaHex(2), nlaHex(4)
)

// nlaXint decodes an integer of exactly 1, 2, 4 or 8 bytes in hex.
func nlaXint(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	switch n {
	case 1, 2, 4, 8:
		return nlaHex(n)(d, b, m, off, n, c)
	}
	return b, false
}

// nlaString decodes a NUL-terminated string attribute.
func nlaString(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	return d.nlStr(b, m, off, n), true
}

// nlaFD decodes a file descriptor attribute.
func nlaFD(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	b, p, ok := nlaRead(b, m, off, n, 4)
	if p != nil {
		if m.ev != nil {
			b = d.appendFD(b, m.ev, uint64(binary.LittleEndian.Uint32(p)))
		} else {
			b = appendInt(b, int64(int32(binary.LittleEndian.Uint32(p))))
		}
	}
	return b, ok
}

// nlaIfindex decodes an interface index attribute.
func nlaIfindex(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	b, p, ok := nlaRead(b, m, off, n, 4)
	if p != nil {
		b = d.appendIfindex(b, binary.LittleEndian.Uint32(p))
	}
	return b, ok
}

// nlaXval decodes an integer of (at least) size bytes named by x.
func nlaXval(x *xlat, size uint64) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		b, p, ok := nlaRead(b, m, off, n, size)
		if p != nil {
			b = d.enum(b, x, nlaLE(p))
		}
		return b, ok
	}
}

// nlaBE decodes a big-endian integer of size bytes (2 or 8): htons(N),
// htobe64(N).
func nlaBE(size uint64) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		b, p, ok := nlaRead(b, m, off, n, size)
		if p != nil {
			var v uint64
			for _, x := range p {
				v = v<<8 | uint64(x)
			}
			if size == 2 {
				b = append(b, "htons("...)
			} else {
				b = append(b, "htobe64("...)
			}
			b = append(appendUint(b, v), ')')
		}
		return b, ok
	}
}

// nlaHwaddr decodes a hardware address: 01:02:03:04:05:06 (the bytes
// quoted too, or alone, under -X).
func nlaHwaddr(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n > 32 {
		return b, false
	}
	p, ok := m.read(off, n)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	return d.appendHwaddr(b, p, len(p)), true
}

// appendHwaddr prints a hardware address as strace's print_hwaddr, the
// first show bytes of p as 01:02:03 (with the bytes quoted too, or
// alone, under -X).
func (d *Decoder) appendHwaddr(b []byte, p []byte, show int) []byte {
	if d.opts.Xlat != XlatAbbrev {
		b = d.appendQuoted(b, p, true)
		if d.opts.Xlat == XlatRaw {
			return b
		}
		b = append(b, " /* "...)
	}
	for i, x := range p[:min(show, len(p))] {
		if i > 0 {
			b = append(b, ':')
		}
		b = append(b, hexDigits[x>>4], hexDigits[x&15])
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}

// nlStr0 prints the n bytes at off as a NUL-terminated string
// (QUOTE_0_TERMINATED): up to the NUL, or followed by "..." when there is
// none in what is shown.
func (d *Decoder) nlStr0(b []byte, m nlMem, off, n uint64) []byte {
	limit := uint64(max(d.opts.StringLimit, 0))
	p, ok := m.read(off, min(n, limit+1))
	if !ok {
		return appendPtr(b, m.addr+off)
	}
	show := p[:min(uint64(len(p)), limit)]
	for i, c := range show {
		if c == 0 {
			return d.appendQuoted(b, show[:i], false)
		}
	}
	b = d.appendQuoted(b, show, false)
	if n > 0 && !(uint64(len(p)) > limit && p[limit] == 0) {
		b = append(b, "..."...)
	}
	return b
}

// nlaEnum decodes an integer of size bytes (0: any size up to 8) named
// by x.
func nlaEnum(x *xlat, size uint64) nlaDec { return nlaNamed(size, x, (*Decoder).enum) }

// nlaFlags decodes a flag set of size bytes (0: any size up to 8) named
// by x.
func nlaFlags(x *xlat, size uint64) nlaDec { return nlaNamed(size, x, (*Decoder).flags) }

// nlaNamed decodes an integer of size bytes (0: any size up to 8) that
// name prints with x's names.
func nlaNamed(size uint64, x *xlat, name func(*Decoder, []byte, *xlat, uint64) []byte) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		if n > 8 || n < size {
			return b, false
		}
		if size != 0 {
			n = size
		}
		p, ok := m.read(off, n)
		if !ok {
			return appendPtr(b, m.addr+off), true
		}
		return name(d, b, x, nlaLE(p)), true
	}
}

// nlaInetAddr decodes an address of the message's family: an IPv4 or
// IPv6 address, or a hex string for another family or a short one.
func nlaInetAddr(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	return d.appendInetAddrOf(b, m, off, n, c.family, ""), true
}

// appendInetAddrOf prints the n bytes at off as an address of family af,
// as strace's decode_inet_addr; field, if any, names the struct member.
func (d *Decoder) appendInetAddrOf(b []byte, m nlMem, off, n uint64, af uint8, field string) []byte {
	var size uint64
	switch af {
	case 2: // AF_INET
		size = 4
	case 10: // AF_INET6
		size = 16
	}
	if size == 0 || n < size {
		if field != "" {
			b = append(append(b, field...), '=')
		}
		return d.nlHexStr(b, m, off, n)
	}
	p, ok := m.read(off, size)
	if !ok {
		if field != "" {
			b = append(append(b, field...), '=')
		}
		return appendPtr(b, m.addr+off)
	}
	return d.appendPrintInetAddr(b, af, p, field)
}

// ifNames caches the names of the interfaces by index for a second:
// strace asks the system at each message, and asking for every index
// of every message is a netlink dump.
var ifNames sync.Map

// ifNameEntry is a cached interface name ("" for none) and when it was
// learnt.
type ifNameEntry struct {
	name string
	at   time.Time
}

// ifName returns the name of the interface of index i, if there is one.
func ifName(i uint32) (string, bool) {
	now := time.Now()
	if v, ok := ifNames.Load(i); ok {
		if e := v.(ifNameEntry); now.Sub(e.at) < time.Second {
			return e.name, e.name != ""
		}
	}
	name := ""
	if i != 0 && i <= 1<<31-1 {
		if ifc, err := net.InterfaceByIndex(int(i)); err == nil {
			name = ifc.Name
		}
	}
	ifNames.Store(i, ifNameEntry{name, now})
	return name, name != ""
}

// appendIfindex prints an interface index as strace's print_ifindex:
// if_nametoindex("lo") for an interface of this host, else the number.
func (d *Decoder) appendIfindex(b []byte, i uint32) []byte {
	name, ok := ifName(i)
	if !ok {
		return strconv.AppendUint(b, uint64(i), 10)
	}
	mark := len(b)
	b = append(b, "if_nametoindex("...)
	b = d.appendQuotedPlain(b, []byte(name))
	b = append(b, ')')
	return d.restyle(b, mark, uint64(i), numUnsigned)
}
