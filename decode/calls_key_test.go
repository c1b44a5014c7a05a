package decode

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// runKeyCases runs cases under -s10, as strace 6.1's keyctl tests.
func runKeyCases(t *testing.T, cases []ioctlCase) {
	t.Helper()
	for _, c := range cases {
		d := New(Options{StringLimit: 10, Xlat: c.x})
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// Expected strings are from strace 6.1's keyctl.c, keyctl-Xraw.c and
// keyctl-Xverbose.c.
func TestKeyctl(t *testing.T) {
	const bogus = 0xdeadf00d
	dh := le(nil).u32(0xfffffffa).u32(1234567890).u32(3141592653)
	pkey := le(nil).u32(0xdeadc0de).u32(36).u32(8).pad(24).u32(0xdec0ded)
	caps := []byte{0xff, 0x07}
	runKeyCases(t, []ioctlCase{
		{"unknown", XlatAbbrev, sc(t, "keyctl", -22, 0xbadc0dedfacefeed, 0xdeadfee1badc0de5, 0xdeadfee2badc0de6, 0xdeadfee3badc0de7, 0xdeadfee4badc0de8),
			"keyctl(0xfacefeed /* KEYCTL_??? */, 0xdeadfee1badc0de5, 0xdeadfee2badc0de6, 0xdeadfee3badc0de7, 0xdeadfee4badc0de8) = -1 EINVAL (Invalid argument)"},
		{"unknown verbose", XlatVerbose, sc(t, "keyctl", -22, 0xbadc0dedfacefeed, 1, 2, 3, 4),
			"keyctl(0xfacefeed /* KEYCTL_??? */, 0x1, 0x2, 0x3, 0x4) = -1 EINVAL (Invalid argument)"},
		{"get keyring id", XlatAbbrev, sc(t, "keyctl", -126, 0, 0xdec0ded1dec0ded2, 0xbadc0dedffffffff),
			"keyctl(KEYCTL_GET_KEYRING_ID, -557785390, -1) = -1 ENOKEY (Required key not available)"},
		{"get keyring id verbose", XlatVerbose, sc(t, "keyctl", -126, 0, 0xffffffff, 3141592653),
			"keyctl(0 /* KEYCTL_GET_KEYRING_ID */, -1 /* KEY_SPEC_THREAD_KEYRING */, -1153374643) = -1 ENOKEY (Required key not available)"},
		{"join", XlatAbbrev, sc(t, "keyctl", -22, 1, 0x1000).str(1, "very long keyring name\x00"),
			`keyctl(KEYCTL_JOIN_SESSION_KEYRING, "very long "...) = -1 EINVAL (Invalid argument)`},
		{"join unterminated", XlatAbbrev, sc(t, "keyctl", -22, 1, 0x1000).data(1, []byte{1, 2, 3, 4, 5}),
			`keyctl(KEYCTL_JOIN_SESSION_KEYRING, 0x1000) = -1 EINVAL (Invalid argument)`},
		{"update", XlatAbbrev, sc(t, "keyctl", -126, 2, 0xdec0ded1dec0ded2, 0x1000, 9).str(2, "shrt desc\x00"),
			`keyctl(KEYCTL_UPDATE, -557785390, "shrt desc", 9) = -1 ENOKEY (Required key not available)`},
		{"setperm", XlatAbbrev, sc(t, "keyctl", -126, 5, 0xfffffff9, 0xffffffff),
			"keyctl(KEYCTL_SETPERM, KEY_SPEC_REQKEY_AUTH_KEY, KEY_POS_VIEW|KEY_POS_READ|KEY_POS_WRITE|KEY_POS_SEARCH|KEY_POS_LINK|KEY_POS_SETATTR|KEY_USR_VIEW|KEY_USR_READ|KEY_USR_WRITE|KEY_USR_SEARCH|KEY_USR_LINK|KEY_USR_SETATTR|KEY_GRP_VIEW|KEY_GRP_READ|KEY_GRP_WRITE|KEY_GRP_SEARCH|KEY_GRP_LINK|KEY_GRP_SETATTR|KEY_OTH_VIEW|KEY_OTH_READ|KEY_OTH_WRITE|KEY_OTH_SEARCH|KEY_OTH_LINK|KEY_OTH_SETATTR|0xc0c0c0c0) = -1 ENOKEY (Required key not available)"},
		{"setperm unknown", XlatVerbose, sc(t, "keyctl", -126, 5, 0xdec0ded1dec0ded2, 0xc0c0c0c0),
			"keyctl(0x5 /* KEYCTL_SETPERM */, -557785390, 0xc0c0c0c0 /* KEY_??? */) = -1 ENOKEY (Required key not available)"},
		{"describe", XlatAbbrev, sc(t, "keyctl", -126, 6, 0xffffffff, 0x1000, 9),
			"keyctl(KEYCTL_DESCRIBE, KEY_SPEC_THREAD_KEYRING, 0x1000, 9) = -1 ENOKEY (Required key not available)"},
		{"describe success", XlatAbbrev, sc(t, "keyctl", 5, 6, 0xffffffff, 0x1000, 256).str(2, "abcd\x00"),
			`keyctl(KEYCTL_DESCRIBE, KEY_SPEC_THREAD_KEYRING, "abcd", 256) = 5`},
		{"read success", XlatAbbrev, sc(t, "keyctl", 5, 11, 0xffffffff, 0x1000, 256).str(2, "abcd\x00"),
			`keyctl(KEYCTL_READ, KEY_SPEC_THREAD_KEYRING, "abcd\0", 256) = 5`},
		{"search", XlatAbbrev, sc(t, "keyctl", -126, 10, 0, 0x1000, 0x2000, 0xdec0ded1dec0ded2).str(2, "overly long key type\x00").str(3, "overly long key description\x00"),
			`keyctl(KEYCTL_SEARCH, 0, "overly lon"..., "overly lon"..., -557785390) = -1 ENOKEY (Required key not available)`},
		{"chown", XlatAbbrev, sc(t, "keyctl", -126, 4, 0xfffffff8, 0xffffffff, 0xffffffff),
			"keyctl(KEYCTL_CHOWN, KEY_SPEC_REQUESTOR_KEYRING, -1, -1) = -1 ENOKEY (Required key not available)"},
		{"reqkey", XlatAbbrev, sc(t, "keyctl", -22, 14, 0xfeedf157badc0ded),
			"keyctl(KEYCTL_SET_REQKEY_KEYRING, -1159983635 /* KEY_REQKEY_DEFL_??? */) = -1 EINVAL (Invalid argument)"},
		{"reqkey raw", XlatRaw, sc(t, "keyctl", 0, 14, 0xffffffff),
			"keyctl(0xe, -1) = 0"},
		{"reqkey verbose", XlatVerbose, sc(t, "keyctl", 0, 14, 0xffffffff),
			"keyctl(0xe /* KEYCTL_SET_REQKEY_KEYRING */, -1 /* KEY_REQKEY_DEFL_NO_CHANGE */) = 0"},
		{"session to parent", XlatAbbrev, sc(t, "keyctl", -1, 18),
			"keyctl(KEYCTL_SESSION_TO_PARENT) = -1 EPERM (Operation not permitted)"},
		{"reject", XlatVerbose, sc(t, "keyctl", -126, 19, 0xdec0ded1dec0ded2, 0xfeedf157badc0ded, 19, 0xdec0ded1dec0ded2),
			"keyctl(0x13 /* KEYCTL_REJECT */, -557785390, 3134983661, 19 /* ENODEV */, -557785390) = -1 ENOKEY (Required key not available)"},
		{"reject unnamed", XlatAbbrev, sc(t, "keyctl", -126, 19, bogus, 3141592653, 2718281828, bogus),
			"keyctl(KEYCTL_REJECT, -559026163, 3141592653, 2718281828, -559026163) = -1 ENOKEY (Required key not available)"},
		{"instantiate iov", XlatAbbrev, sc(t, "keyctl", -126, 20, 0xdec0ded1dec0ded2, 0x1000, 2, 0xdec0ded1dec0ded2).data(2, le(nil).u64(0xfffffacefffff012).u64(5).u64(0).u64(7)),
			"keyctl(KEYCTL_INSTANTIATE_IOV, -557785390, [{iov_base=0xfffffacefffff012, iov_len=5}, {iov_base=NULL, iov_len=7}], 2, -557785390) = -1 ENOKEY (Required key not available)"},
		{"instantiate iov bytes", XlatAbbrev, sc(t, "keyctl", -22, 20, 0xfffffffa, 0x1000, 3, 0xfffffffa).data(2, le(nil).u64(0x2000).u64(10).u64(0x3000).u64(21).u64(0x4000).u64(32)).
			elemCaps(2, trace.Capture{Data: le(nil).u64(0x2000).u64(10).u64(0x3000).u64(21).u64(0x4000).u64(32),
				Elems: []trace.Capture{{Data: []byte("shrt type\x00")}, {Data: []byte("overly long"), Truncated: true}, {Faulted: true}}}),
			`keyctl(KEYCTL_INSTANTIATE_IOV, KEY_SPEC_GROUP_KEYRING, [{iov_base="shrt type\0", iov_len=10}, {iov_base="overly lon"..., iov_len=21}, {iov_base=0x4000, iov_len=32}], 3, KEY_SPEC_GROUP_KEYRING) = -1 EINVAL (Invalid argument)`},
		{"dh params", XlatVerbose, sc(t, "keyctl", -95, 23, 0x1000, 0x2000, 9, 0).data(1, dh),
			"keyctl(0x17 /* KEYCTL_DH_COMPUTE */, {private=-6 /* KEY_SPEC_GROUP_KEYRING */, prime=1234567890, base=-1153374643}, 0x2000, 9, NULL) = -1 EOPNOTSUPP (Operation not supported)"},
		{"kdf", XlatAbbrev, sc(t, "keyctl", -95, 23, 0x1000, 0x2000, 0xffffffffffffffff, 0x3000).data(1, dh).data(4, le(nil).u64(0x4000).u64(0).u32(0xbadc0ded).pad(28).u32(0xdeadfeed).pad(4)),
			"keyctl(KEYCTL_DH_COMPUTE, {private=KEY_SPEC_GROUP_KEYRING, prime=1234567890, base=-1153374643}, 0x2000, 18446744073709551615, {hashname=0x4000, otherinfo=NULL, otherinfolen=3134983661, __spare=[0, 0, 0, 0, 0, 0, 0, 0xdeadfeed]}) = -1 EOPNOTSUPP (Operation not supported)"},
		{"kdf strings", XlatAbbrev, sc(t, "keyctl", -95, 23, 0x1000, 0x2000, 0xffffffffffffffff, 0x3000).data(1, dh).data(4, le(nil).u64(0x4000).u64(0x5000).u32(18).pad(36)).
			elemCaps(4, trace.Capture{Data: []byte("hmac(aes)")}, trace.Capture{Data: []byte("\x01\x02 OH HAI T"), Truncated: true}),
			`keyctl(KEYCTL_DH_COMPUTE, {private=KEY_SPEC_GROUP_KEYRING, prime=1234567890, base=-1153374643}, 0x2000, 18446744073709551615, {hashname="hmac(aes)", otherinfo="\1\2 OH HAI "..., otherinfolen=18}) = -1 EOPNOTSUPP (Operation not supported)`},
		{"kdf no otherinfo", XlatAbbrev, sc(t, "keyctl", -95, 23, 0x1000, 0x2000, 0xffffffffffffffff, 0x3000).data(1, dh).data(4, le(nil).u64(0x4000).u64(0x5000).u32(0).pad(36)).
			elemCaps(4, trace.Capture{Data: []byte("AbCdEfGhIj"), Truncated: true}, trace.Capture{}),
			`keyctl(KEYCTL_DH_COMPUTE, {private=KEY_SPEC_GROUP_KEYRING, prime=1234567890, base=-1153374643}, 0x2000, 18446744073709551615, {hashname="AbCdEfGhIj"..., otherinfo=0x5000, otherinfolen=0}) = -1 EOPNOTSUPP (Operation not supported)`},
		{"kdf unreadable", XlatAbbrev, sc(t, "keyctl", -95, 23, 0x1000, 0x2000, 0xffffffffffffffff, 0x3000).data(1, dh).data(4, le(nil).u64(0x4000).u64(0x5000).u32(7).pad(36)).
			elemCaps(4, trace.Capture{Faulted: true}, trace.Capture{Faulted: true}),
			`keyctl(KEYCTL_DH_COMPUTE, {private=KEY_SPEC_GROUP_KEYRING, prime=1234567890, base=-1153374643}, 0x2000, 18446744073709551615, {hashname=0x4000, otherinfo=0x5000, otherinfolen=7}) = -1 EOPNOTSUPP (Operation not supported)`},
		{"pkey query", XlatAbbrev, sc(t, "keyctl", -126, 24, 0xffffffff, 0, 0x1000, 0x2000).data(3, []byte("x\xff\x00\x01")),
			`keyctl(KEYCTL_PKEY_QUERY, KEY_SPEC_THREAD_KEYRING, 0, "x\377", 0x2000) = -1 ENOKEY (Required key not available)`},
		{"pkey verify", XlatAbbrev, sc(t, "keyctl", -126, 28, 0x1000, 0x2000, 0x3000, 0x4000).data(1, pkey).str(2, "\x00").str(3, "AbCdEfGhIjKlMnOpQrStUvWxYz012345xxx").data(4, []byte("\x01\x02HAI\xad\x00\x01")),
			`keyctl(KEYCTL_PKEY_VERIFY, {key_id=-559038242, in_len=36, in2_len=8, __spare=[0, 0, 0, 0, 0, 0, 0xdec0ded]}, "", "AbCdEfGhIj"..., "\1\2HAI\255\0\1") = -1 ENOKEY (Required key not available)`},
		{"pkey sign", XlatAbbrev, sc(t, "keyctl", -126, 27, 0x1000, 0x2000, 0x3000, 0x4000).data(1, pkey).str(2, "\x00").str(3, "AbCdEfGhIjKlMnOpQrStUvWxYz012345xxx"),
			`keyctl(KEYCTL_PKEY_SIGN, {key_id=-559038242, in_len=36, out_len=8, __spare=[0, 0, 0, 0, 0, 0, 0xdec0ded]}, "", "AbCdEfGhIj"..., 0x4000) = -1 ENOKEY (Required key not available)`},
		{"pkey unreadable", XlatAbbrev, sc(t, "keyctl", -14, 25, 0x1004, 0x2000, 0x3000, 0x4000).data(1, pkey[:36]).str(2, "x\xff\x00\x01"),
			`keyctl(KEYCTL_PKEY_ENCRYPT, 0x1004, "x\377", 0x3000, 0x4000) = -1 EFAULT (Bad address)`},
		{"move", XlatAbbrev, sc(t, "keyctl", -126, 30, 0xbadc0ded, 0xffffffff, 0xbadc0ded, 0xffffffffffffffff),
			"keyctl(KEYCTL_MOVE, -1159983635, KEY_SPEC_THREAD_KEYRING, -1159983635, KEYCTL_MOVE_EXCL|0xfffffffe) = -1 ENOKEY (Required key not available)"},
		{"move raw", XlatRaw, sc(t, "keyctl", -126, 30, 0xffffffff, 0xbadc0ded, 0xffffffff, 0xfffffffffffffffe),
			"keyctl(0x1e, -1, -1159983635, -1, 0xfffffffe) = -1 ENOKEY (Required key not available)"},
		{"capabilities", XlatAbbrev, sc(t, "keyctl", 2, 31, 0x1000, 2).data(1, caps),
			"keyctl(KEYCTL_CAPABILITIES, [KEYCTL_CAPS0_CAPABILITIES|KEYCTL_CAPS0_PERSISTENT_KEYRINGS|KEYCTL_CAPS0_DIFFIE_HELLMAN|KEYCTL_CAPS0_PUBLIC_KEY|KEYCTL_CAPS0_BIG_KEY|KEYCTL_CAPS0_INVALIDATE|KEYCTL_CAPS0_RESTRICT_KEYRING|KEYCTL_CAPS0_MOVE, KEYCTL_CAPS1_NS_KEYRING_NAME|KEYCTL_CAPS1_NS_KEY_TAG|KEYCTL_CAPS1_NOTIFICATIONS], 2) = 2"},
		{"capabilities null", XlatAbbrev, sc(t, "keyctl", 2, 31, 0, 0xfeedf157badc0ded),
			"keyctl(KEYCTL_CAPABILITIES, NULL, 18369603814213553645) = 2"},
		{"capabilities fault", XlatVerbose, sc(t, "keyctl", -14, 31, 0x1000, 2),
			"keyctl(0x1f /* KEYCTL_CAPABILITIES */, 0x1000, 2) = -1 EFAULT (Bad address)"},
	})
}
