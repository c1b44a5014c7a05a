package decode

import "testing"

// Expected strings are strace 6.1's suite expectations
// (tests/sockaddr_xlat.c under -Xabbrev, -Xraw, -Xverbose and -y).
func TestSockaddrFamilies(t *testing.T) {
	abbrev := Options{StringLimit: DefaultStringLimit}
	raw := Options{StringLimit: DefaultStringLimit, Xlat: XlatRaw}
	verbose := Options{StringLimit: DefaultStringLimit, Xlat: XlatVerbose}
	withFDs := abbrev
	withFDs.DecodeFDs = FDPath
	withFDs.FDs = &fakeFDs{paths: map[int32]string{0: "/dev/null"}}

	sin := le(nil).u16(2).u16(0xdead).u32(0xfacefeed).pad(20)
	sin6 := append(le(nil).u16(10).u16(0xdead).u32(0xcafeface), "OH HAI THAR!\x00\x00\x00\x0f"...)
	sin6 = le(sin6).pad(4)
	nfcName := "OH HAI THAR\x00EHLO\n\t\v\f'\"\\\177\333"
	nfc := append(le(nil).u16(39).u16(0).u32(0xcafed1ce).u32(0x42).u32(8), 42, 0xff)
	nfc = le(append(nfc, nfcName...)).pad(63 - len(nfcName) + 7).u64(42)
	cases := []struct {
		name string
		opts Options
		addr []byte
		want string
	}{
		{"rxrpc sin", abbrev, append(le(nil).u16(33).u16(2501).u16(4).u16(16), sin...),
			`{sa_family=AF_RXRPC, srx_service=0x9c5 /* YFS_CM_SERVICE */, transport_type=SOCK_RDM, transport_len=16, transport={sin={sin_family=AF_INET, sin_port=htons(44510), sin_addr=inet_addr("237.254.206.250")}}}, 36`},
		{"rxrpc sin verbose", verbose, append(le(nil).u16(33).u16(2501).u16(4).u16(16), sin...),
			`{sa_family=0x21 /* AF_RXRPC */, srx_service=0x9c5 /* YFS_CM_SERVICE */, transport_type=0x4 /* SOCK_RDM */, transport_len=16, transport={sin={sin_family=0x2 /* AF_INET */, sin_port="\xad\xde" /* htons(44510) */, sin_addr="\xed\xfe\xce\xfa" /* inet_addr("237.254.206.250") */}}}, 36`},
		{"rxrpc short sin6", abbrev, append(le(nil).u16(33).u16(2503).u16(6).u16(23), sin6...),
			`{sa_family=AF_RXRPC, srx_service=0x9c7 /* YFS_VL_SERVICE */, transport_type=SOCK_DCCP, transport_len=23, transport={sin6={sin6_family=AF_INET6, "\255\336\316\372\376\312OH HAI THAR!\0\0\0"}}}, 36`},
		{"ieee802154 raw", raw, le(nil).u16(36).u16(0).u32(3).u16(0xface).u16(0xdead).pad(8),
			`{sa_family=0x24, addr={addr_type=0x3, pan_id=0xface, hwaddr="\xad\xde\x00\x00\x00\x00\x00\x00"}}, 20`},
		{"alg verbose", verbose, le(nil).u16(38).pad(14).u32(0x1000).u32(0x1000).pad(8),
			`{sa_family=0x26 /* AF_ALG */, salg_type="", salg_feat=0x1000 /* CRYPTO_ALG_KERN_DRIVER_ONLY */, salg_mask=0x1000 /* CRYPTO_ALG_KERN_DRIVER_ONLY */, salg_name=""}, 32`},
		{"nfc llcp", abbrev, nfc,
			`{sa_family=AF_NFC, dev_idx=3405697486, target_idx=0x42, nfc_protocol=0x8 /* NFC_PROTO_??? */, dsap=0x2a, ssap=0xff /* LLCP_SAP_MAX */, service_name="OH HAI THAR\0EHLO\n\t\v\f'\"\\\177\333\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", service_name_len=42}, 96`},
		{"vsock verbose", verbose, append(le(nil).u16(40).u16(1).u32(0xffffffff).u32(0xffffffff), 0xfe, 0xae, 0, 0),
			`{sa_family=0x28 /* AF_VSOCK */, svm_reserved1=0x1, svm_cid=0xffffffff /* VMADDR_CID_ANY */, svm_port=0xffffffff /* VMADDR_PORT_ANY */, svm_flags=0xfe /* VMADDR_FLAG_??? */, svm_zero="\xae\x00\x00"}, 16`},
		{"qrtr raw", raw, le(nil).u16(42).u16(0).u32(0xfffffffe).u32(0xfffffffe),
			`{sa_family=0x2a, sq_node=0xfffffffe, sq_port=0xfffffffe}, 12`},
		{"xdp -y", withFDs, le(nil).u16(44).u16(1).u32(0).u32(0).u32(0),
			`{sa_family=AF_XDP, sxdp_flags=XDP_SHARED_UMEM, sxdp_ifindex=0, sxdp_queue_id=0, sxdp_shared_umem_fd=0</dev/null>}, 16`},
		{"mctp verbose", verbose, append(le(nil).u16(45).u16(0xface).u32(2134567890), 0x42, 0x23, 0x69, 0xda),
			`{sa_family=0x2d /* AF_MCTP */, __smctp_pad0=0xface, smctp_network=0x7f3aebd2, smctp_addr={s_addr=0x42}, smctp_type=0x23, smctp_tag=0x69, __smctp_pad1=0xda}, 12`},
	}
	for _, c := range cases {
		d := New(c.opts)
		ev := sc(t, "connect", -9, 0xffffffff, 0x1000, uint64(len(c.addr))).data(1, c.addr)
		want := "connect(-1, " + c.want + ") = -1 EBADF (Bad file descriptor)"
		if got := whole(d, ev.get()); got != want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, want)
		}
	}
}
