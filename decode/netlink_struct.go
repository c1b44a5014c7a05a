package decode

import "encoding/binary"

// Fixed-layout structs of netlink payloads and attributes, described as
// field lists and printed as strace's PRINT_FIELD_* macros do.

// nlFieldKind is how a field's value prints.
type nlFieldKind uint8

// Field kinds.
const (
	fkU          nlFieldKind = iota // unsigned decimal (PRINT_FIELD_U)
	fkD                             // signed decimal (PRINT_FIELD_D)
	fkX                             // hex, 0 for zero (PRINT_FIELD_X)
	fk0X                            // zero-padded hex (PRINT_FIELD_0X)
	fkEnum                          // a value of table x (PRINT_FIELD_XVAL)
	fkFlags                         // flags of table x (PRINT_FIELD_FLAGS)
	fkIfindex                       // an interface index (PRINT_FIELD_IFINDEX)
	fkFamily                        // an address family (AF_*)
	fkBE16                          // a big-endian u16: htons(N)
	fkBE32                          // a big-endian u32: htonl(N)
	fkBE16Enum                      // a big-endian u16 named by x: htons(ETH_P_IP)
	fkMAC                           // a hardware address (PRINT_FIELD_MAC)
	fkHexStr                        // bytes as a hex string (PRINT_FIELD_HEX_ARRAY)
	fkU8Array                       // bytes as an array of numbers
	fkDirPair                       // two u64 indexed by x: [[RX]=1, [TX]=2]
	fkCookie                        // two u32: [1, 2] (PRINT_FIELD_COOKIE)
	fkDev                           // a dev_t of size bytes (PRINT_FIELD_DEV)
	fkSockid                        // a struct inet_diag_sockid of the struct's family
	fkSockidInet                    // a struct inet_diag_sockid of AF_INET
)

// nlField is one field of a struct: its name, offset and size in bytes,
// and how it prints.
type nlField struct {
	name      string
	off, size uint8
	kind      nlFieldKind
	x         *xlat
	// omitZero leaves the field out when it is zero (a reserved field).
	omitZero bool
}

// nlFieldValue reads field f of the struct in p, zero-extended.
func nlFieldValue(p []byte, f nlField) uint64 {
	return nlaLE(p[f.off : f.off+f.size])
}

// appendNlField prints "name=value" for field f of the struct in p.
func (d *Decoder) appendNlField(b []byte, p []byte, f nlField) []byte {
	b = append(b, f.name...)
	b = append(b, '=')
	var v uint64
	if f.size <= 8 {
		v = nlFieldValue(p, f)
	}
	switch f.kind {
	case fkU:
		b = appendUint(b, v)
	case fkD:
		sh := 64 - 8*uint(f.size)
		b = appendInt(b, int64(v<<sh)>>sh)
	case fkX:
		b = appendHex(b, v)
	case fk0X:
		b = append0X(b, v, int(f.size)*2)
	case fkEnum:
		b = d.enum(b, f.x, v)
	case fkFlags:
		b = d.flags(b, f.x, v)
	case fkIfindex:
		b = d.appendIfindex(b, uint32(v))
	case fkFamily:
		b = d.enum(b, addressFamilies, v)
	case fkBE16:
		b = append(b, "htons("...)
		b = appendUint(b, uint64(binary.BigEndian.Uint16(p[f.off:])))
		b = append(b, ')')
	case fkBE16Enum:
		b = append(b, "htons("...)
		b = d.enum(b, f.x, uint64(binary.BigEndian.Uint16(p[f.off:])))
		b = append(b, ')')
	case fkMAC:
		b = d.appendHwaddr(b, p[f.off:f.off+f.size], int(f.size))
	case fkHexStr:
		b = d.appendQuoted(b, p[f.off:f.off+f.size], true)
	case fkU8Array:
		for i, x := range p[f.off : f.off+f.size] {
			if i == 0 {
				b = append(b, '[')
			} else {
				b = append(b, ", "...)
			}
			b = appendUint(b, uint64(x))
		}
		b = append(b, ']')
	case fkCookie:
		b = append(b, '[')
		b = appendUint(b, uint64(binary.LittleEndian.Uint32(p[f.off:])))
		b = append(b, ", "...)
		b = appendUint(b, uint64(binary.LittleEndian.Uint32(p[f.off+4:])))
		b = append(b, ']')
	case fkDev:
		b = d.appendDevStyled(b, v)
	case fkSockid:
		b = d.appendInetDiagSockid(b, p[f.off:f.off+f.size], p[0])
	case fkSockidInet:
		b = d.appendInetDiagSockid(b, p[f.off:f.off+f.size], 2)
	case fkDirPair:
		for i := uint64(0); i < 2; i++ {
			if i == 0 {
				b = append(b, "[["...)
			} else {
				b = append(b, ", ["...)
			}
			mark := len(b)
			b = d.restyle(appendEnum(b, f.x, i), mark, i, numUnsigned)
			b = append(b, "]="...)
			b = appendUint(b, nlaLE(p[uint64(f.off)+8*i:uint64(f.off)+8*i+8]))
		}
		b = append(b, ']')
	case fkBE32:
		b = append(b, "htonl("...)
		b = appendUint(b, uint64(binary.BigEndian.Uint32(p[f.off:])))
		b = append(b, ')')
	}
	return b
}

// appendNlFields prints the fields fs of the struct in p, separated by
// commas, without braces.
func (d *Decoder) appendNlFields(b []byte, p []byte, fs []nlField) []byte {
	printed := false
	for _, f := range fs {
		if f.omitZero && nlFieldValue(p, f) == 0 {
			continue
		}
		if printed {
			b = append(b, ", "...)
		}
		printed = true
		b = d.appendNlField(b, p, f)
	}
	return b
}

// appendDevStyled prints a dev_t as -X asks (strace's PRINT_FIELD_DEV):
// makedev(0xfe, 0), 0xfe00, or 0xfe00 /* makedev(0xfe, 0) */.
func (d *Decoder) appendDevStyled(b []byte, v uint64) []byte {
	if d.opts.Xlat != XlatAbbrev {
		b = appendHex(b, v)
		if d.opts.Xlat == XlatRaw {
			return b
		}
		b = append(b, " /* "...)
	}
	b = appendDev(b, v)
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}

// append0X prints v as C's "%#0*x" with the given width: 0x-prefixed
// and zero-padded to width characters, or width zeros for zero.
func append0X(b []byte, v uint64, width int) []byte {
	if v == 0 {
		for i := 0; i < width; i++ {
			b = append(b, '0')
		}
		return b
	}
	var tmp [16]byte
	digits := tmp[:0]
	for x := v; x != 0; x >>= 4 {
		digits = append(digits, hexDigits[x&15])
	}
	b = append(b, "0x"...)
	for i := len(digits) + 2; i < width; i++ {
		b = append(b, '0')
	}
	for i := len(digits) - 1; i >= 0; i-- {
		b = append(b, digits[i])
	}
	return b
}

// nlaStruct decodes an attribute holding a struct of size bytes (at least
// that many) with fields fs.
func nlaStruct(size uint64, fs []nlField) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		b, p, ok := nlaRead(b, m, off, n, size)
		if p != nil {
			b = append(b, '{')
			b = d.appendNlFields(b, p, fs)
			b = append(b, '}')
		}
		return b, ok
	}
}

// nlStructMsg is a netlink payload struct whose first field is the
// address family, followed by attributes at its aligned end.
type nlStructMsg struct {
	size uint64
	// fields are the struct's printed fields, fields[0] the family.
	fields []nlField
	// familyOnly structs print their family alone, and their attributes
	// whatever the length of the rest.
	familyOnly bool
	attrs      *nlaSet
}

// appendNlStructMsg prints a payload of type t, n bytes at off whose
// first byte is family: {family=..., other fields}, then its attributes.
// A payload shorter than the struct prints "..." for the rest.
func (d *Decoder) appendNlStructMsg(b []byte, m nlMem, off, n uint64, family uint8, t *nlStructMsg) []byte {
	first := t.fields[0]
	b = append(b, '{')
	b = append(b, first.name...)
	b = append(b, '=')
	b = d.enum(b, addressFamilies, uint64(family))
	c := &nlaCtx{family: family}
	attrs := t.familyOnly
	if !t.familyOnly {
		b = append(b, ", "...)
		if n >= t.size {
			rest := uint64(first.size)
			if p, ok := m.read(off, t.size); ok {
				b = d.appendNlFields(b, p, t.fields[1:])
				attrs = true
			} else {
				b = appendPtr(b, m.addr+off+rest)
			}
		} else {
			b = append(b, "..."...)
		}
	}
	b = append(b, '}')
	aoff := (t.size + 3) &^ 3
	if attrs && n > aoff && t.attrs != nil {
		b = append(b, ", "...)
		b = d.appendAttrs(b, m, off+aoff, n-aoff, t.attrs, c)
	}
	return b
}
