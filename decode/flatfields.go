package decode

// flatField is one field of a struct strace prints whole with plain
// numbers: its name, offset and kind.
type flatField struct {
	name string
	off  int
	// kind: 'x' 32-bit hex, 'X' 64-bit hex, 'u' 32-bit unsigned, 'p'
	// pointer, 'd' 32-bit signed, 'h' 16-bit signed, 'b' 8-bit signed.
	kind byte
}

// appendFlatFields prints fields of p as {name=value, ...}.
func appendFlatFields(b []byte, p []byte, fields []flatField) []byte {
	b = appendFlatFieldList(append(b, '{'), p, fields)
	return append(b, '}')
}

// appendFlatFieldList prints fields of p as name=value, ...
func appendFlatFieldList(b []byte, p []byte, fields []flatField) []byte {
	for i, f := range fields {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, f.name...)
		b = append(b, '=')
		switch f.kind {
		case 'x':
			b = appendHex(b, uint64(le32(p, f.off)))
		case 'X':
			b = appendHex(b, le64(p, f.off))
		case 'u':
			b = appendUint(b, uint64(le32(p, f.off)))
		case 'p':
			b = appendPtr(b, le64(p, f.off))
		case 'd':
			b = appendInt(b, int64(int32(le32(p, f.off))))
		case 'h':
			b = appendInt(b, int64(int16(le16(p, f.off))))
		case 'b':
			b = appendInt(b, int64(int8(p[f.off])))
		}
	}
	return b
}
