package decode

import (
	"strings"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// kdNest sets the capture of the object the ioctl argument points to.
func kdNest(e *evb, p []byte) *evb {
	e.ev.Captures[2].Elems = append(e.ev.Captures[2].Elems[:0], trace.Capture{Data: p})
	return e
}

// Expected strings are from strace 6.1's ioctl_kd.c.
func TestIoctlKD(t *testing.T) {
	const ebadf = " = -1 EBADF (Bad file descriptor)"
	neg := uint64(0xffffffffffffffff)
	scrn := le(nil).u16(0xf005).pad(510)
	runIoctlCases(t, []ioctlCase{
		{"sound", XlatAbbrev, sc(t, "ioctl", -9, neg, reqKIOCSOUND, 440),
			`ioctl(-1, KIOCSOUND, 440 /* 2711 Hz */)` + ebadf},
		{"tone raw", XlatRaw, sc(t, "ioctl", -9, neg, reqKDMKTONE, 0x1ffff),
			`ioctl(-1, 0x4b30, 1<<16|65535)` + ebadf},
		{"set led", XlatAbbrev, sc(t, "ioctl", -9, neg, reqKDSETLED, 0xfe),
			`ioctl(-1, KDSETLED, LED_NUM|LED_CAP|0xf8)` + ebadf},
		{"set mode", XlatAbbrev, sc(t, "ioctl", -9, neg, reqKDSETMODE, 0xbadc0dedcacafefe),
			`ioctl(-1, KDSETMODE, 0xcacafefe /* KD_??? */)` + ebadf},
		{"set kbd mode raw", XlatRaw, sc(t, "ioctl", -9, neg, reqKDSKBMODE, 0xffffffff),
			`ioctl(-1, 0x4b45, -1)` + ebadf},
		{"set entry", XlatAbbrev, sc(t, "ioctl", -9, neg, reqKDSKBENT, 0x1000).data(2, le{4, 207}.u16(0x7e)),
			`ioctl(-1, KDSKBENT, {kb_table=1<<KG_CTRL, kb_index=207, kb_value=0x7e /* K(KT_LATIN, '~') */})` + ebadf},
		{"set entry short", XlatAbbrev, sc(t, "ioctl", -9, neg, reqKDSKBENT, 0x1000).data(2, le{0xa8, 168}),
			`ioctl(-1, KDSKBENT, {kb_table=1<<KG_ALT|1<<KG_SHIFTR|1<<KG_CTRLR, kb_index=168, kb_value=???})` + ebadf},
		{"get entry", XlatAbbrev, sc(t, "ioctl", 0, 3, reqKDGKBENT, 0x1000).data(2, le{0, 89}.u16(0x100)),
			`ioctl(3, KDGKBENT, {kb_table=K_NORMTAB, kb_index=89, kb_value=0x100 /* K_F1 */}) = 0`},
		{"set string", XlatAbbrev, sc(t, "ioctl", -9, neg, reqKDSKBSENT, 0x1000).data(2, []byte("\x00ab\x00")),
			`ioctl(-1, KDSKBSENT, {kb_func=KVAL(K_F1), kb_string="ab"})` + ebadf},
		{"set diacr cut", XlatAbbrev, sc(t, "ioctl", -9, neg, reqKDSKBDIACR, 0x1000).data(2, append(le(nil).u32(2), '(', ')', '*')),
			`ioctl(-1, KDSKBDIACR, {kb_cnt=2, kbdiacr=[{diacr='(', base=')', result='*'}, ... /* 0x1007 */]})` + ebadf},
		{"uni screen map", XlatAbbrev, sc(t, "ioctl", -9, neg, reqPIOUNISCRNMAP, 0x1000).data(2, scrn),
			`ioctl(-1, PIO_UNISCRNMAP, [UNI_DIRECT_BASE+0x5` + strings.Repeat(", 0", 31) + `, ...])` + ebadf},
		{"get keycode", XlatAbbrev, sc(t, "ioctl", 0, 3, reqKDGETKEYCODE, 0x1000).data(2, le(nil).u32(1).u32(2)),
			`ioctl(3, KDGETKEYCODE, {scancode=0x1, keycode=0x2 => 0x2}) = 0`},
		{"sigaccept", XlatVerbose, sc(t, "ioctl", -9, neg, reqKDSIGACCEPT, 33),
			`ioctl(-1, 0x4b4e /* KDSIGACCEPT */, 33 /* SIGRT_1 */)` + ebadf},
		{"font op set default", XlatAbbrev, kdNest(sc(t, "ioctl", -9, neg, reqKDFONTOP, 0x1000).
			data(2, le(nil).u32(kdFontOpSetDefault).u32(0).u32(1).u32(0).u32(0).u32(0).u64(0x2000)), []byte("ab\x00")),
			`ioctl(-1, KDFONTOP, {op=KD_FONT_OP_SET_DEFAULT, width=1, height=0, data="ab"})` + ebadf},
		{"get unimap", XlatAbbrev, kdNest(sc(t, "ioctl", 0, 3, reqGIOUNIMAP, 0x1000).
			data(2, le(nil).u16(1).pad(6).u64(0x2000)), le(nil).u16(0x41).u16(5)),
			`ioctl(3, GIO_UNIMAP, {entry_ct=1 => 1, entries=[{unicode=0x41, fontpos=0x5}]}) = 0`},
		{"set fontx", XlatAbbrev, kdNest(sc(t, "ioctl", -9, neg, reqPIOFONTX, 0x1000).
			data(2, le(nil).u16(1).u16(16).pad(4).u64(0x2000)), make([]byte, 31)),
			`ioctl(-1, PIO_FONTX, {charcount=1, charheight=16, chardata=0x2000})` + ebadf},
	})
}
