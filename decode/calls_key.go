package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Key management: add_key and request_key.

// keySpecs are the special keyring serial numbers (KEY_SPEC_*), as
// unsigned 32-bit values.
var keySpecs = &xlat{vals: []xv{
	{0xffffffff, "KEY_SPEC_THREAD_KEYRING"}, {0xfffffffe, "KEY_SPEC_PROCESS_KEYRING"},
	{0xfffffffd, "KEY_SPEC_SESSION_KEYRING"}, {0xfffffffc, "KEY_SPEC_USER_KEYRING"},
	{0xfffffffb, "KEY_SPEC_USER_SESSION_KEYRING"}, {0xfffffffa, "KEY_SPEC_GROUP_KEYRING"},
	{0xfffffff9, "KEY_SPEC_REQKEY_AUTH_KEY"}, {0xfffffff8, "KEY_SPEC_REQUESTOR_KEYRING"},
}}

// appendKeySerial prints a key_serial_t: a KEY_SPEC_* name or a signed
// decimal number.
func (d *Decoder) appendKeySerial(b []byte, v uint64) []byte {
	mark, u := len(b), uint64(uint32(v))
	if s, ok := keySpecs.lookup(u); ok {
		b = append(b, s...)
	} else {
		b = appendInt(b, int64(int32(v)))
	}
	return d.restyle(b, mark, uint64(int64(int32(v))), numDecimal)
}

// enterKey prints add_key and request_key: the generic printers of all
// arguments but the last, a keyring serial number.
func enterKey(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	last := len(c.args) - 1
	for i := 0; i < last; i++ {
		b = c.args[i](d, b, ev, i)
		b = d.sep(b)
	}
	return d.appendKeySerial(b, ev.Args[last])
}

// keyctl(2), command by command, as strace 6.1's keyctl.c prints it. Each
// argument that may point to memory is captured as a prefix of the
// largest object its commands read (syscalls.LayoutKeyctlArg2...): the
// string limit plus one bytes, or those before the end of their page.

// keyctl commands.
const (
	keyctlGetKeyringID     = 0
	keyctlJoinSession      = 1
	keyctlUpdate           = 2
	keyctlRevoke           = 3
	keyctlChown            = 4
	keyctlSetperm          = 5
	keyctlDescribe         = 6
	keyctlClear            = 7
	keyctlLink             = 8
	keyctlUnlink           = 9
	keyctlSearch           = 10
	keyctlRead             = 11
	keyctlInstantiate      = 12
	keyctlNegate           = 13
	keyctlSetReqkeyKeyring = 14
	keyctlSetTimeout       = 15
	keyctlAssumeAuthority  = 16
	keyctlGetSecurity      = 17
	keyctlSessionToParent  = 18
	keyctlReject           = 19
	keyctlInstantiateIov   = 20
	keyctlInvalidate       = 21
	keyctlGetPersistent    = 22
	keyctlDHCompute        = 23
	keyctlPkeyQuery        = 24
	keyctlPkeyEncrypt      = 25
	keyctlPkeyDecrypt      = 26
	keyctlPkeySign         = 27
	keyctlPkeyVerify       = 28
	keyctlRestrictKeyring  = 29
	keyctlMove             = 30
	keyctlCapabilities     = 31
	keyctlDHParamsSize     = 12 // struct keyctl_dh_params
	keyctlPkeyParamsSize   = 40 // struct keyctl_pkey_params
	keyctlPkeyQuerySize    = 56 // struct keyctl_pkey_query
	keyctlKDFParamsSize    = 56 // struct keyctl_kdf_params
	keyctlPkeyParamsSpares = 7
	keyctlPkeyQuerySpares  = 10
	keyctlKDFParamsSpares  = 8
)

var keyctlCommands = &xlat{vals: []xv{
	{0, "KEYCTL_GET_KEYRING_ID"}, {1, "KEYCTL_JOIN_SESSION_KEYRING"}, {2, "KEYCTL_UPDATE"},
	{3, "KEYCTL_REVOKE"}, {4, "KEYCTL_CHOWN"}, {5, "KEYCTL_SETPERM"}, {6, "KEYCTL_DESCRIBE"},
	{7, "KEYCTL_CLEAR"}, {8, "KEYCTL_LINK"}, {9, "KEYCTL_UNLINK"}, {10, "KEYCTL_SEARCH"},
	{11, "KEYCTL_READ"}, {12, "KEYCTL_INSTANTIATE"}, {13, "KEYCTL_NEGATE"},
	{14, "KEYCTL_SET_REQKEY_KEYRING"}, {15, "KEYCTL_SET_TIMEOUT"}, {16, "KEYCTL_ASSUME_AUTHORITY"},
	{17, "KEYCTL_GET_SECURITY"}, {18, "KEYCTL_SESSION_TO_PARENT"}, {19, "KEYCTL_REJECT"},
	{20, "KEYCTL_INSTANTIATE_IOV"}, {21, "KEYCTL_INVALIDATE"}, {22, "KEYCTL_GET_PERSISTENT"},
	{23, "KEYCTL_DH_COMPUTE"}, {24, "KEYCTL_PKEY_QUERY"}, {25, "KEYCTL_PKEY_ENCRYPT"},
	{26, "KEYCTL_PKEY_DECRYPT"}, {27, "KEYCTL_PKEY_SIGN"}, {28, "KEYCTL_PKEY_VERIFY"},
	{29, "KEYCTL_RESTRICT_KEYRING"}, {30, "KEYCTL_MOVE"}, {31, "KEYCTL_CAPABILITIES"},
	{32, "KEYCTL_WATCH_KEY"},
}, dflt: "KEYCTL_???"}

var keyPerms = &xlat{vals: []xv{
	{0x01000000, "KEY_POS_VIEW"}, {0x02000000, "KEY_POS_READ"}, {0x04000000, "KEY_POS_WRITE"},
	{0x08000000, "KEY_POS_SEARCH"}, {0x10000000, "KEY_POS_LINK"}, {0x20000000, "KEY_POS_SETATTR"},
	{0x3f000000, "KEY_POS_ALL"},
	{0x00010000, "KEY_USR_VIEW"}, {0x00020000, "KEY_USR_READ"}, {0x00040000, "KEY_USR_WRITE"},
	{0x00080000, "KEY_USR_SEARCH"}, {0x00100000, "KEY_USR_LINK"}, {0x00200000, "KEY_USR_SETATTR"},
	{0x003f0000, "KEY_USR_ALL"},
	{0x00000100, "KEY_GRP_VIEW"}, {0x00000200, "KEY_GRP_READ"}, {0x00000400, "KEY_GRP_WRITE"},
	{0x00000800, "KEY_GRP_SEARCH"}, {0x00001000, "KEY_GRP_LINK"}, {0x00002000, "KEY_GRP_SETATTR"},
	{0x00003f00, "KEY_GRP_ALL"},
	{0x00000001, "KEY_OTH_VIEW"}, {0x00000002, "KEY_OTH_READ"}, {0x00000004, "KEY_OTH_WRITE"},
	{0x00000008, "KEY_OTH_SEARCH"}, {0x00000010, "KEY_OTH_LINK"}, {0x00000020, "KEY_OTH_SETATTR"},
	{0x0000003f, "KEY_OTH_ALL"},
}, dflt: "KEY_???"}

// keyReqkeys are the KEY_REQKEY_DEFL_* values, as 64-bit two's
// complement numbers (NO_CHANGE is -1).
var keyReqkeys = &xlat{vals: []xv{
	{^uint64(0), "KEY_REQKEY_DEFL_NO_CHANGE"}, {0, "KEY_REQKEY_DEFL_DEFAULT"},
	{1, "KEY_REQKEY_DEFL_THREAD_KEYRING"}, {2, "KEY_REQKEY_DEFL_PROCESS_KEYRING"},
	{3, "KEY_REQKEY_DEFL_SESSION_KEYRING"}, {4, "KEY_REQKEY_DEFL_USER_KEYRING"},
	{5, "KEY_REQKEY_DEFL_USER_SESSION_KEYRING"}, {6, "KEY_REQKEY_DEFL_GROUP_KEYRING"},
	{7, "KEY_REQKEY_DEFL_REQUESTOR_KEYRING"},
}, dflt: "KEY_REQKEY_DEFL_???", decimal: true}

var keyctlCaps0 = &xlat{vals: []xv{
	{0x01, "KEYCTL_CAPS0_CAPABILITIES"}, {0x02, "KEYCTL_CAPS0_PERSISTENT_KEYRINGS"},
	{0x04, "KEYCTL_CAPS0_DIFFIE_HELLMAN"}, {0x08, "KEYCTL_CAPS0_PUBLIC_KEY"},
	{0x10, "KEYCTL_CAPS0_BIG_KEY"}, {0x20, "KEYCTL_CAPS0_INVALIDATE"},
	{0x40, "KEYCTL_CAPS0_RESTRICT_KEYRING"}, {0x80, "KEYCTL_CAPS0_MOVE"},
}, dflt: "KEYCTL_CAPS0_???"}

var keyctlCaps1 = &xlat{vals: []xv{
	{0x01, "KEYCTL_CAPS1_NS_KEYRING_NAME"}, {0x02, "KEYCTL_CAPS1_NS_KEY_TAG"},
	{0x04, "KEYCTL_CAPS1_NOTIFICATIONS"},
}, dflt: "KEYCTL_CAPS1_???"}

var keyctlMoveFlags = &xlat{vals: []xv{{0x01, "KEYCTL_MOVE_EXCL"}}, dflt: "KEYCTL_MOVE_???"}

var keyctlPkeyOps = &xlat{vals: []xv{
	{0x01, "KEYCTL_SUPPORTS_ENCRYPT"}, {0x02, "KEYCTL_SUPPORTS_DECRYPT"},
	{0x04, "KEYCTL_SUPPORTS_SIGN"}, {0x08, "KEYCTL_SUPPORTS_VERIFY"},
}, dflt: "KEYCTL_SUPPORTS_???"}

// keyctlAtExit reports whether strace prints part of command cmd's
// arguments when the call returns: those the kernel fills, and what
// follows them.
func keyctlAtExit(cmd uint32, ev *trace.Event) bool {
	switch cmd {
	case keyctlDescribe, keyctlRead, keyctlGetSecurity, keyctlDHCompute, keyctlPkeyQuery, keyctlCapabilities:
		return true
	case keyctlPkeyEncrypt, keyctlPkeyDecrypt, keyctlPkeySign:
		_, ok := keyctlPkeyParams(ev)
		return ok
	}
	return false
}

// keyctlPkeyParams returns the struct keyctl_pkey_params arg2 points to,
// when it could be read whole.
func keyctlPkeyParams(ev *trace.Event) ([]byte, bool) {
	return keyctlStruct(ev, 1, keyctlPkeyParamsSize)
}

// keyctlStruct returns the n bytes of the structure argument i points to,
// as strace's umove reads it: false when they could not all be read (or
// the address is NULL).
func keyctlStruct(ev *trace.Event, i, n int) ([]byte, bool) {
	if ev.Args[i] == 0 {
		return nil, false
	}
	cp, ok := capOK(ev, i)
	if !ok || len(cp.Data) < n {
		return nil, false
	}
	return cp.Data[:n], true
}

// appendKeyStr prints argument i as strace's printstr: a NUL-terminated
// string.
func (d *Decoder) appendKeyStr(b []byte, ev *trace.Event, i int) []byte {
	return d.appendBoundedStr(b, ev, i, -1)
}

// appendPrefixStrn prints argument i, a buffer of n bytes whose first
// ones were captured, as strace's printstr_ex with that length: the
// address when the string limit plus one bytes (at most n) could not be
// read; with omit0, a NUL ending what is shown is left out (strace's
// QUOTE_OMIT_TRAILING_0), unless the string prints in hex.
func (d *Decoder) appendPrefixStrn(b []byte, ev *trace.Event, i int, n uint64, omit0 bool) []byte {
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	limit := uint64(max(d.opts.StringLimit, 0))
	size := min(limit+1, n)
	if size == 0 {
		return append(b, `""`...)
	}
	cp, ok := capOK(ev, i)
	if !ok || uint64(len(cp.Data)) < size {
		return appendPtr(b, addr)
	}
	size = min(size, limit)
	p := cp.Data[:size]
	if omit0 && size > 0 && p[size-1] == 0 && d.opts.Hex != HexAll && d.opts.Hex != HexNonASCII {
		return d.appendQuoted(b, p[:size-1], false)
	}
	b = d.appendQuoted(b, p, false)
	if n > limit {
		b = append(b, "..."...)
	}
	return b
}

// appendKeyU32Array prints n 32-bit values at p in hex, as strace's
// PRINT_FIELD_ARRAY with print_xint_array_member.
func (d *Decoder) appendKeyU32Array(b []byte, name string, p []byte, n int) []byte {
	for k := 0; k < n; k++ {
		if le32(p, 4*k) != 0 {
			b = append(b, ", "...)
			b = append(b, name...)
			b = append(b, '=')
			return d.appendHexArray(b, p, n)
		}
	}
	return b
}

// appendDHParams prints a struct keyctl_dh_params: three key serials.
func (d *Decoder) appendDHParams(b []byte, p []byte) []byte {
	b = append(b, "{private="...)
	b = d.appendKeySerial(b, uint64(le32(p, 0)))
	b = append(b, ", prime="...)
	b = d.appendKeySerial(b, uint64(le32(p, 4)))
	b = append(b, ", base="...)
	b = d.appendKeySerial(b, uint64(le32(p, 8)))
	return append(b, '}')
}

// appendPkeyParams prints a struct keyctl_pkey_params; out says its third
// field is out_len (in2_len for KEYCTL_PKEY_VERIFY).
func (d *Decoder) appendPkeyParams(b []byte, p []byte, out bool) []byte {
	b = append(b, "{key_id="...)
	b = d.appendKeySerial(b, uint64(le32(p, 0)))
	b = append(b, ", in_len="...)
	b = appendUint(b, uint64(le32(p, 4)))
	if out {
		b = append(b, ", out_len="...)
	} else {
		b = append(b, ", in2_len="...)
	}
	b = appendUint(b, uint64(le32(p, 8)))
	b = d.appendKeyU32Array(b, "__spare", p[12:], keyctlPkeyParamsSpares)
	return append(b, '}')
}

// appendPkeyQuery prints a struct keyctl_pkey_query.
func (d *Decoder) appendPkeyQuery(b []byte, p []byte) []byte {
	b = append(b, "{supported_ops="...)
	b = d.flags(b, keyctlPkeyOps, uint64(le32(p, 0)))
	b = append(b, ", key_size="...)
	b = appendUint(b, uint64(le32(p, 4)))
	b = append(b, ", max_data_size="...)
	b = appendUint(b, uint64(le16(p, 8)))
	b = append(b, ", max_sig_size="...)
	b = appendUint(b, uint64(le16(p, 10)))
	b = append(b, ", max_enc_size="...)
	b = appendUint(b, uint64(le16(p, 12)))
	b = append(b, ", max_dec_size="...)
	b = appendUint(b, uint64(le16(p, 14)))
	b = d.appendKeyU32Array(b, "__spare", p[16:], keyctlPkeyQuerySpares)
	return append(b, '}')
}

// appendKDFParams prints a struct keyctl_kdf_params from its bytes p and
// the captures of what its pointers name (syscalls.FprogCond.Kdf: the
// hashname string, then otherinfolen bytes at otherinfo), as strace's
// printstr and printstrn: an address where a capture is missing or
// faulted, and otherinfo's when otherinfolen is 0.
func (d *Decoder) appendKDFParams(b []byte, p []byte, elems []trace.Capture) []byte {
	elem := func(k int) *trace.Capture {
		if k >= len(elems) {
			return nil
		}
		return &elems[k]
	}
	hashname, otherinfo, otherlen := le64(p, 0), le64(p, 8), uint64(le32(p, 16))
	b = append(b, "{hashname="...)
	b = d.appendStringAt(b, hashname, elem(0))
	b = append(b, ", otherinfo="...)
	switch c := elem(1); {
	case otherlen == 0:
		b = appendPtr(b, otherinfo)
	case otherinfo == 0:
		b = append(b, "NULL"...)
	case c != nil && !c.Faulted && c.Data != nil:
		b = d.appendBuf(b, c.Data, otherlen, false)
	default:
		b = appendPtr(b, otherinfo)
	}
	b = append(b, ", otherinfolen="...)
	b = appendUint(b, otherlen)
	b = d.appendKeyU32Array(b, "__spare", p[20:], keyctlKDFParamsSpares)
	return append(b, '}')
}

// appendKeyErr prints an error number as strace's print_err: its name, or
// the number when it has none.
func (d *Decoder) appendKeyErr(b []byte, v uint32) []byte {
	mark := len(b)
	if name := ErrnoName(int(v)); name != "" {
		b = append(b, name...)
	} else {
		b = appendUint(b, uint64(v))
	}
	return d.restyle(b, mark, uint64(v), numUnsigned)
}

// enterKeyctl prints keyctl(2) at entry: the command, and the arguments
// strace prints before the call returns.
func enterKeyctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cmd := uint32(ev.Args[0])
	a := ev.Args
	b = d.enum(b, keyctlCommands, uint64(cmd))
	if cmd == keyctlSessionToParent {
		return b
	}
	b = d.sep(b)
	switch cmd {
	case keyctlGetKeyringID:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		return appendInt(b, int64(int32(a[2])))
	case keyctlJoinSession:
		return d.appendKeyStr(b, ev, 1)
	case keyctlUpdate:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		b = d.appendPrefixStrn(b, ev, 2, a[3], false)
		b = d.sep(b)
		return appendUint(b, a[3])
	case keyctlRevoke, keyctlClear, keyctlInvalidate, keyctlAssumeAuthority:
		return d.appendKeySerial(b, a[1])
	case keyctlLink, keyctlUnlink:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		return d.appendKeySerial(b, a[2])
	case keyctlDescribe, keyctlRead, keyctlGetSecurity:
		b = d.appendKeySerial(b, a[1])
		return d.sep(b)
	case keyctlSearch:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		b = d.appendKeyStr(b, ev, 2)
		b = d.sep(b)
		b = d.appendKeyStr(b, ev, 3)
		b = d.sep(b)
		return d.appendKeySerial(b, a[4])
	case keyctlChown:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		b = appendID(b, a[2])
		b = d.sep(b)
		return appendID(b, a[3])
	case keyctlSetperm:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		return d.flags(b, keyPerms, uint64(uint32(a[2])))
	case keyctlInstantiate:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		b = d.appendPrefixStrn(b, ev, 2, a[3], false)
		b = d.sep(b)
		b = appendUint(b, a[3])
		b = d.sep(b)
		return d.appendKeySerial(b, a[4])
	case keyctlNegate:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		b = appendUint(b, uint64(uint32(a[2])))
		b = d.sep(b)
		return d.appendKeySerial(b, a[3])
	case keyctlSetReqkeyKeyring:
		mark, v := len(b), uint64(int64(int32(a[1])))
		return d.restyle(appendEnum(b, keyReqkeys, v), mark, v, numDecimal)
	case keyctlSetTimeout:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		return appendUint(b, uint64(uint32(a[2])))
	case keyctlReject:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		b = appendUint(b, uint64(uint32(a[2])))
		b = d.sep(b)
		b = d.appendKeyErr(b, uint32(a[3]))
		b = d.sep(b)
		return d.appendKeySerial(b, a[4])
	case keyctlInstantiateIov:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		if c := &ev.Captures[2]; len(c.Elems) == 1 {
			// The iovecs and their bytes (syscalls.FprogCond.Iovs),
			// as strace's tprint_iov prints them.
			b = d.appendIovecCapture(b, a[2], &c.Elems[0], a[3], ^uint64(0))
		} else {
			b = d.appendPrefixIovec(b, ev, 2, syscalls.LayoutKeyctlArg3, a[3])
		}
		b = d.sep(b)
		b = appendUint(b, a[3])
		b = d.sep(b)
		return d.appendKeySerial(b, a[4])
	case keyctlGetPersistent:
		b = appendID(b, a[1])
		b = d.sep(b)
		return d.appendKeySerial(b, a[2])
	case keyctlDHCompute:
		if p, ok := keyctlStruct(ev, 1, keyctlDHParamsSize); ok {
			b = d.appendDHParams(b, p)
		} else {
			b = appendPtr(b, a[1])
		}
		return d.sep(b)
	case keyctlPkeyQuery:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		b = appendHex(b, a[2])
		b = d.sep(b)
		b = d.appendKeyStr(b, ev, 3)
		return d.sep(b)
	case keyctlPkeyEncrypt, keyctlPkeyDecrypt, keyctlPkeySign, keyctlPkeyVerify:
		return d.enterKeyctlPkeyOp(b, ev, cmd != keyctlPkeyVerify)
	case keyctlRestrictKeyring:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		b = d.appendKeyStr(b, ev, 2)
		b = d.sep(b)
		return d.appendKeyStr(b, ev, 3)
	case keyctlMove:
		b = d.appendKeySerial(b, a[1])
		b = d.sep(b)
		b = d.appendKeySerial(b, a[2])
		b = d.sep(b)
		b = d.appendKeySerial(b, a[3])
		b = d.sep(b)
		return d.flags(b, keyctlMoveFlags, uint64(uint32(a[4])))
	case keyctlCapabilities:
		return b
	}
	for i := 1; i < 5; i++ {
		if i > 1 {
			b = d.sep(b)
		}
		b = appendHex(b, a[i])
	}
	return b
}

// enterKeyctlPkeyOp prints KEYCTL_PKEY_ENCRYPT, _DECRYPT, _SIGN and
// _VERIFY at entry: the parameters, the info string, the input buffer
// and, for _VERIFY or when the parameters could not be read, the second
// buffer (the output buffer of the others is printed at exit).
func (d *Decoder) enterKeyctlPkeyOp(b []byte, ev *trace.Event, out bool) []byte {
	params, ok := keyctlPkeyParams(ev)
	if ok {
		b = d.appendPkeyParams(b, params, out)
	} else {
		b = appendPtr(b, ev.Args[1])
	}
	b = d.sep(b)
	b = d.appendKeyStr(b, ev, 2)
	b = d.sep(b)
	if ok {
		b = d.appendPrefixStrn(b, ev, 3, uint64(le32(params, 4)), false)
	} else {
		b = appendPtr(b, ev.Args[3])
	}
	b = d.sep(b)
	switch {
	case !ok:
		b = appendPtr(b, ev.Args[4])
	case !out:
		b = d.appendPrefixStrn(b, ev, 4, uint64(le32(params, 8)), false)
	}
	return b
}

// exitKeyctl prints what keyctl's command shows when the call returns.
func exitKeyctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cmd := uint32(ev.Args[0])
	if !keyctlAtExit(cmd, ev) {
		return b
	}
	a := ev.Args
	switch cmd {
	case keyctlDescribe, keyctlRead, keyctlGetSecurity:
		b = d.appendKeyResult(b, ev, 2, a[3], cmd != keyctlRead)
		b = d.sep(b)
		return appendUint(b, a[3])
	case keyctlDHCompute:
		b = d.appendKeyResult(b, ev, 2, a[3], false)
		b = d.sep(b)
		b = appendUint(b, a[3])
		b = d.sep(b)
		// strace reads the KDF parameters whatever -e verbose= says.
		w := d.whole(ev)
		p, ok := keyctlStruct(w, 4, keyctlKDFParamsSize)
		if !ok {
			return appendPtr(b, a[4])
		}
		return d.appendKDFParams(b, p, w.Captures[4].Elems)
	case keyctlPkeyQuery:
		p, ok := keyctlStruct(ev, 4, keyctlPkeyQuerySize)
		if !ok || failed(ev) {
			return appendPtr(b, a[4])
		}
		return d.appendPkeyQuery(b, p)
	case keyctlPkeyEncrypt, keyctlPkeyDecrypt, keyctlPkeySign:
		if failed(ev) {
			return appendPtr(b, a[4])
		}
		params, _ := keyctlPkeyParams(ev)
		return d.appendPrefixStrn(b, ev, 4, uint64(le32(params, 8)), false)
	case keyctlCapabilities:
		b = d.appendKeyctlCaps(b, ev)
		b = d.sep(b)
		return appendUint(b, a[2])
	}
	return b
}

// appendKeyResult prints argument i, the buffer of n bytes a command
// fills, at exit: its address when the call failed, else as many bytes
// as the call returned (at most n).
func (d *Decoder) appendKeyResult(b []byte, ev *trace.Event, i int, n uint64, omit0 bool) []byte {
	if failed(ev) {
		return appendPtr(b, ev.Args[i])
	}
	if r := uint64(ev.Ret); r < n {
		n = r
	}
	return d.appendPrefixStrn(b, ev, i, n, omit0)
}

// appendKeyctlCaps prints KEYCTL_CAPABILITIES's buffer: the bytes the
// call returned, at most its length, the first two as flag sets.
func (d *Decoder) appendKeyctlCaps(b []byte, ev *trace.Event) []byte {
	addr := ev.Args[1]
	if failed(ev) || addr == 0 {
		return appendPtr(b, addr)
	}
	n := min(ev.Args[2], uint64(ev.Ret))
	if n == 0 {
		return append(b, "[]"...)
	}
	if addr+n <= addr {
		return appendPtr(b, addr)
	}
	cp, ok := capOK(ev, 1)
	if !ok || len(cp.Data) == 0 {
		return appendPtr(b, addr)
	}
	return d.appendByteArray(b, addr, n, cp.Data, true, func(b []byte, k uint64, v byte) []byte {
		switch k {
		case 0:
			return d.flags(b, keyctlCaps0, uint64(v))
		case 1:
			return d.flags(b, keyctlCaps1, uint64(v))
		}
		return appendHex(b, uint64(v))
	})
}
