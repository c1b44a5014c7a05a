package decode

import "sync"

// Value tables of the console (KD*) ioctls, as strace 6.1's kd_ioctl.c
// prints them.

var kdLedFlags = &xlat{vals: []xv{{1, "LED_SCR"}, {2, "LED_NUM"}, {4, "LED_CAP"}}, dflt: "LED_???"}

// kdDefaultLedFlags are KDGKBLED/KDSKBLED's flags: the LEDs, then their
// defaults four bits up.
var kdDefaultLedFlags = &xlat{vals: []xv{
	{1, "LED_SCR"}, {2, "LED_NUM"}, {4, "LED_CAP"},
	{0x10, "LED_SCR<<4"}, {0x20, "LED_NUM<<4"}, {0x40, "LED_CAP<<4"},
}, dflt: "LED_???"}

var kdKbdTypes = &xlat{vals: []xv{{1, "KB_84"}, {2, "KB_101"}, {3, "KB_OTHER"}}, dflt: "KB_???"}

var kdModes = &xlat{vals: []xv{{0, "KD_TEXT"}, {1, "KD_GRAPHICS"}, {2, "KD_TEXT0"}, {3, "KD_TEXT1"}}, dflt: "KD_???"}

// kdKbdModes are the keyboard modes; strace prints unknown ones in
// decimal.
var kdKbdModes = &xlat{vals: []xv{
	{0, "K_RAW"}, {1, "K_XLATE"}, {2, "K_MEDIUMRAW"}, {3, "K_UNICODE"}, {4, "K_OFF"},
}, dflt: "K_???", decimal: true}

var kdMetaVals = &xlat{vals: []xv{{3, "K_METABIT"}, {4, "K_ESCPREFIX"}}, dflt: "K_???"}

// kdKeyTables are struct kbentry's kb_table values that name a keymap.
var kdKeyTables = &xlat{vals: []xv{{0, "K_NORMTAB"}, {1, "K_SHIFTTAB"}, {2, "K_ALTTAB"}, {3, "K_ALTSHIFTTAB"}}}

// kdKeymapFlags are kb_table's modifier bits when it names no keymap.
var kdKeymapFlags = &xlat{vals: []xv{
	{1 << 0, "1<<KG_SHIFT"}, {1 << 1, "1<<KG_ALTGR"}, {1 << 2, "1<<KG_CTRL"}, {1 << 3, "1<<KG_ALT"},
	{1 << 4, "1<<KG_SHIFTL"}, {1 << 5, "1<<KG_SHIFTR"}, {1 << 6, "1<<KG_CTRLL"}, {1 << 7, "1<<KG_CTRLR"},
}, dflt: "K_???"}

// kdKeyTypes are the key types, KTYP of a key value.
var kdKeyTypes = &xlat{vals: []xv{
	{0, "KT_LATIN"}, {1, "KT_FN"}, {2, "KT_SPEC"}, {3, "KT_PAD"}, {4, "KT_DEAD"}, {5, "KT_CONS"},
	{6, "KT_CUR"}, {7, "KT_SHIFT"}, {8, "KT_META"}, {9, "KT_ASCII"}, {10, "KT_LOCK"}, {11, "KT_LETTER"},
	{12, "KT_SLOCK"}, {13, "KT_DEAD2"}, {14, "KT_BRL"},
}}

var kdFontOps = &xlat{vals: []xv{
	{0, "KD_FONT_OP_SET"}, {1, "KD_FONT_OP_GET"}, {2, "KD_FONT_OP_SET_DEFAULT"}, {3, "KD_FONT_OP_COPY"},
}, dflt: "KD_FONT_OP_???"}

var kdFontFlags = &xlat{vals: []xv{{1, "KD_FONT_FLAG_DONT_RECALC"}, {0x80000000, "KD_FONT_FLAG_OLD"}}, dflt: "KD_FONT_FLAG_???"}

// The key values by type (K(KT_..., n)), the names strace gives a
// struct kbentry's kb_value.

var kdKeyFnKeys = &xlat{vals: []xv{
	{0x100, "K_F1"}, {0x101, "K_F2"}, {0x102, "K_F3"}, {0x103, "K_F4"}, {0x104, "K_F5"},
	{0x105, "K_F6"}, {0x106, "K_F7"}, {0x107, "K_F8"}, {0x108, "K_F9"}, {0x109, "K_F10"},
	{0x10a, "K_F11"}, {0x10b, "K_F12"}, {0x10c, "K_F13"}, {0x10d, "K_F14"}, {0x10e, "K_F15"},
	{0x10f, "K_F16"}, {0x110, "K_F17"}, {0x111, "K_F18"}, {0x112, "K_F19"}, {0x113, "K_F20"},
	{0x114, "K_FIND"}, {0x115, "K_INSERT"}, {0x116, "K_REMOVE"}, {0x117, "K_SELECT"},
	{0x118, "K_PGUP"}, {0x119, "K_PGDN"}, {0x11a, "K_MACRO"}, {0x11b, "K_HELP"}, {0x11c, "K_DO"},
	{0x11d, "K_PAUSE"}, {0x11e, "K_F21"}, {0x11f, "K_F22"}, {0x120, "K_F23"}, {0x121, "K_F24"},
	{0x122, "K_F25"}, {0x123, "K_F26"}, {0x124, "K_F27"}, {0x125, "K_F28"}, {0x126, "K_F29"},
	{0x127, "K_F30"}, {0x128, "K_F31"}, {0x129, "K_F32"}, {0x12a, "K_F33"}, {0x12b, "K_F34"},
	{0x12c, "K_F35"}, {0x12d, "K_F36"}, {0x12e, "K_F37"}, {0x12f, "K_F38"}, {0x130, "K_F39"},
	{0x131, "K_F40"}, {0x132, "K_F41"}, {0x133, "K_F42"}, {0x134, "K_F43"}, {0x135, "K_F44"},
	{0x136, "K_F45"}, {0x137, "K_F46"}, {0x138, "K_F47"}, {0x139, "K_F48"}, {0x13a, "K_F49"},
	{0x13b, "K_F50"}, {0x13c, "K_F51"}, {0x13d, "K_F52"}, {0x13e, "K_F53"}, {0x13f, "K_F54"},
	{0x140, "K_F55"}, {0x141, "K_F56"}, {0x142, "K_F57"}, {0x143, "K_F58"}, {0x144, "K_F59"},
	{0x145, "K_F60"}, {0x146, "K_F61"}, {0x147, "K_F62"}, {0x148, "K_F63"}, {0x149, "K_F64"},
	{0x14a, "K_F65"}, {0x14b, "K_F66"}, {0x14c, "K_F67"}, {0x14d, "K_F68"}, {0x14e, "K_F69"},
	{0x14f, "K_F70"}, {0x150, "K_F71"}, {0x151, "K_F72"}, {0x152, "K_F73"}, {0x153, "K_F74"},
	{0x154, "K_F75"}, {0x155, "K_F76"}, {0x156, "K_F77"}, {0x157, "K_F78"}, {0x158, "K_F79"},
	{0x159, "K_F80"}, {0x15a, "K_F81"}, {0x15b, "K_F82"}, {0x15c, "K_F83"}, {0x15d, "K_F84"},
	{0x15e, "K_F85"}, {0x15f, "K_F86"}, {0x160, "K_F87"}, {0x161, "K_F88"}, {0x162, "K_F89"},
	{0x163, "K_F90"}, {0x164, "K_F91"}, {0x165, "K_F92"}, {0x166, "K_F93"}, {0x167, "K_F94"},
	{0x168, "K_F95"}, {0x169, "K_F96"}, {0x16a, "K_F97"}, {0x16b, "K_F98"}, {0x16c, "K_F99"},
	{0x16d, "K_F100"}, {0x16e, "K_F101"}, {0x16f, "K_F102"}, {0x170, "K_F103"}, {0x171, "K_F104"},
	{0x172, "K_F105"}, {0x173, "K_F106"}, {0x174, "K_F107"}, {0x175, "K_F108"}, {0x176, "K_F109"},
	{0x177, "K_F110"}, {0x178, "K_F111"}, {0x179, "K_F112"}, {0x17a, "K_F113"}, {0x17b, "K_F114"},
	{0x17c, "K_F115"}, {0x17d, "K_F116"}, {0x17e, "K_F117"}, {0x17f, "K_F118"}, {0x180, "K_F119"},
	{0x181, "K_F120"}, {0x182, "K_F121"}, {0x183, "K_F122"}, {0x184, "K_F123"}, {0x185, "K_F124"},
	{0x186, "K_F125"}, {0x187, "K_F126"}, {0x188, "K_F127"}, {0x189, "K_F128"}, {0x18a, "K_F129"},
	{0x18b, "K_F130"}, {0x18c, "K_F131"}, {0x18d, "K_F132"}, {0x18e, "K_F133"}, {0x18f, "K_F134"},
	{0x190, "K_F135"}, {0x191, "K_F136"}, {0x192, "K_F137"}, {0x193, "K_F138"}, {0x194, "K_F139"},
	{0x195, "K_F140"}, {0x196, "K_F141"}, {0x197, "K_F142"}, {0x198, "K_F143"}, {0x199, "K_F144"},
	{0x19a, "K_F145"}, {0x19b, "K_F146"}, {0x19c, "K_F147"}, {0x19d, "K_F148"}, {0x19e, "K_F149"},
	{0x19f, "K_F150"}, {0x1a0, "K_F151"}, {0x1a1, "K_F152"}, {0x1a2, "K_F153"}, {0x1a3, "K_F154"},
	{0x1a4, "K_F155"}, {0x1a5, "K_F156"}, {0x1a6, "K_F157"}, {0x1a7, "K_F158"}, {0x1a8, "K_F159"},
	{0x1a9, "K_F160"}, {0x1aa, "K_F161"}, {0x1ab, "K_F162"}, {0x1ac, "K_F163"}, {0x1ad, "K_F164"},
	{0x1ae, "K_F165"}, {0x1af, "K_F166"}, {0x1b0, "K_F167"}, {0x1b1, "K_F168"}, {0x1b2, "K_F169"},
	{0x1b3, "K_F170"}, {0x1b4, "K_F171"}, {0x1b5, "K_F172"}, {0x1b6, "K_F173"}, {0x1b7, "K_F174"},
	{0x1b8, "K_F175"}, {0x1b9, "K_F176"}, {0x1ba, "K_F177"}, {0x1bb, "K_F178"}, {0x1bc, "K_F179"},
	{0x1bd, "K_F180"}, {0x1be, "K_F181"}, {0x1bf, "K_F182"}, {0x1c0, "K_F183"}, {0x1c1, "K_F184"},
	{0x1c2, "K_F185"}, {0x1c3, "K_F186"}, {0x1c4, "K_F187"}, {0x1c5, "K_F188"}, {0x1c6, "K_F189"},
	{0x1c7, "K_F190"}, {0x1c8, "K_F191"}, {0x1c9, "K_F192"}, {0x1ca, "K_F193"}, {0x1cb, "K_F194"},
	{0x1cc, "K_F195"}, {0x1cd, "K_F196"}, {0x1ce, "K_F197"}, {0x1cf, "K_F198"}, {0x1d0, "K_F199"},
	{0x1d1, "K_F200"}, {0x1d2, "K_F201"}, {0x1d3, "K_F202"}, {0x1d4, "K_F203"}, {0x1d5, "K_F204"},
	{0x1d6, "K_F205"}, {0x1d7, "K_F206"}, {0x1d8, "K_F207"}, {0x1d9, "K_F208"}, {0x1da, "K_F209"},
	{0x1db, "K_F210"}, {0x1dc, "K_F211"}, {0x1dd, "K_F212"}, {0x1de, "K_F213"}, {0x1df, "K_F214"},
	{0x1e0, "K_F215"}, {0x1e1, "K_F216"}, {0x1e2, "K_F217"}, {0x1e3, "K_F218"}, {0x1e4, "K_F219"},
	{0x1e5, "K_F220"}, {0x1e6, "K_F221"}, {0x1e7, "K_F222"}, {0x1e8, "K_F223"}, {0x1e9, "K_F224"},
	{0x1ea, "K_F225"}, {0x1eb, "K_F226"}, {0x1ec, "K_F227"}, {0x1ed, "K_F228"}, {0x1ee, "K_F229"},
	{0x1ef, "K_F230"}, {0x1f0, "K_F231"}, {0x1f1, "K_F232"}, {0x1f2, "K_F233"}, {0x1f3, "K_F234"},
	{0x1f4, "K_F235"}, {0x1f5, "K_F236"}, {0x1f6, "K_F237"}, {0x1f7, "K_F238"}, {0x1f8, "K_F239"},
	{0x1f9, "K_F240"}, {0x1fa, "K_F241"}, {0x1fb, "K_F242"}, {0x1fc, "K_F243"}, {0x1fd, "K_F244"},
	{0x1fe, "K_F245"}, {0x1ff, "K_UNDO"},
}}

var kdKeySpecKeys = &xlat{vals: []xv{
	{0x200, "K_HOLE"}, {0x201, "K_ENTER"}, {0x202, "K_SH_REGS"}, {0x203, "K_SH_MEM"},
	{0x204, "K_SH_STAT"}, {0x205, "K_BREAK"}, {0x206, "K_CONS"}, {0x207, "K_CAPS"}, {0x208, "K_NUM"},
	{0x209, "K_HOLD"}, {0x20a, "K_SCROLLFORW"}, {0x20b, "K_SCROLLBACK"}, {0x20c, "K_BOOT"},
	{0x20d, "K_CAPSON"}, {0x20e, "K_COMPOSE"}, {0x20f, "K_SAK"}, {0x210, "K_DECRCONSOLE"},
	{0x211, "K_INCRCONSOLE"}, {0x212, "K_SPAWNCONSOLE"}, {0x213, "K_BARENUMLOCK"},
	{0x27e, "K_ALLOCATED"}, {0x27f, "K_NOSUCHMAP"},
}}

var kdKeyPadKeys = &xlat{vals: []xv{
	{0x300, "K_P0"}, {0x301, "K_P1"}, {0x302, "K_P2"}, {0x303, "K_P3"}, {0x304, "K_P4"},
	{0x305, "K_P5"}, {0x306, "K_P6"}, {0x307, "K_P7"}, {0x308, "K_P8"}, {0x309, "K_P9"},
	{0x30a, "K_PPLUS"}, {0x30b, "K_PMINUS"}, {0x30c, "K_PSTAR"}, {0x30d, "K_PSLASH"},
	{0x30e, "K_PENTER"}, {0x30f, "K_PCOMMA"}, {0x310, "K_PDOT"}, {0x311, "K_PPLUSMINUS"},
	{0x312, "K_PPARENL"}, {0x313, "K_PPARENR"},
}}

var kdKeyDeadKeys = &xlat{vals: []xv{
	{0x400, "K_DGRAVE"}, {0x401, "K_DACUTE"}, {0x402, "K_DCIRCM"}, {0x403, "K_DTILDE"},
	{0x404, "K_DDIERE"}, {0x405, "K_DCEDIL"}, {0x406, "K_DMACRON"}, {0x407, "K_DBREVE"},
	{0x408, "K_DABDOT"}, {0x409, "K_DABRING"}, {0x40a, "K_DDBACUTE"}, {0x40b, "K_DCARON"},
	{0x40c, "K_DOGONEK"}, {0x40d, "K_DIOTA"}, {0x40e, "K_DVOICED"}, {0x40f, "K_DSEMVOICED"},
	{0x410, "K_DBEDOT"}, {0x411, "K_DHOOK"}, {0x412, "K_DHORN"}, {0x413, "K_DSTROKE"},
	{0x414, "K_DABCOMMA"}, {0x415, "K_DABREVCOMMA"}, {0x416, "K_DDBGRAVE"}, {0x417, "K_DINVBREVE"},
	{0x418, "K_DBECOMMA"}, {0x419, "K_DCURRENCY"}, {0x41a, "K_DGREEK"},
}}

var kdKeyCurKeys = &xlat{vals: []xv{
	{0x600, "K_DOWN"}, {0x601, "K_LEFT"}, {0x602, "K_RIGHT"}, {0x603, "K_UP"},
}}

var kdKeyShiftKeys = &xlat{vals: []xv{
	{0x700, "K_SHIFT"}, {0x701, "K_ALTGR"}, {0x702, "K_CTRL"}, {0x703, "K_ALT"}, {0x704, "K_SHIFTL"},
	{0x705, "K_SHIFTR"}, {0x706, "K_CTRLL"}, {0x707, "K_CTRLR"}, {0x708, "K_CAPSSHIFT"},
}}

var kdKeyASCIIKeys = &xlat{vals: []xv{
	{0x900, "K_ASC0"}, {0x901, "K_ASC1"}, {0x902, "K_ASC2"}, {0x903, "K_ASC3"}, {0x904, "K_ASC4"},
	{0x905, "K_ASC5"}, {0x906, "K_ASC6"}, {0x907, "K_ASC7"}, {0x908, "K_ASC8"}, {0x909, "K_ASC9"},
	{0x90a, "K_HEX0"}, {0x90b, "K_HEX1"}, {0x90c, "K_HEX2"}, {0x90d, "K_HEX3"}, {0x90e, "K_HEX4"},
	{0x90f, "K_HEX5"}, {0x910, "K_HEX6"}, {0x911, "K_HEX7"}, {0x912, "K_HEX8"}, {0x913, "K_HEX9"},
	{0x914, "K_HEXa"}, {0x915, "K_HEXb"}, {0x916, "K_HEXc"}, {0x917, "K_HEXd"}, {0x918, "K_HEXe"},
	{0x919, "K_HEXf"},
}}

var kdKeyLockKeys = &xlat{vals: []xv{
	{0xa00, "K_SHIFTLOCK"}, {0xa01, "K_ALTGRLOCK"}, {0xa02, "K_CTRLLOCK"}, {0xa03, "K_ALTLOCK"},
	{0xa04, "K_SHIFTLLOCK"}, {0xa05, "K_SHIFTRLOCK"}, {0xa06, "K_CTRLLLOCK"}, {0xa07, "K_CTRLRLOCK"},
	{0xa08, "K_CAPSSHIFTLOCK"},
}}

var kdKeySlockKeys = &xlat{vals: []xv{
	{0xc00, "K_SHIFT_SLOCK"}, {0xc01, "K_ALTGR_SLOCK"}, {0xc02, "K_CTRL_SLOCK"},
	{0xc03, "K_ALT_SLOCK"}, {0xc04, "K_SHIFTL_SLOCK"}, {0xc05, "K_SHIFTR_SLOCK"},
	{0xc06, "K_CTRLL_SLOCK"}, {0xc07, "K_CTRLR_SLOCK"}, {0xc08, "K_CAPSSHIFT_SLOCK"},
}}

var kdKeyBrlKeys = &xlat{vals: []xv{
	{0xe00, "K_BRL_BLANK"}, {0xe01, "K_BRL_DOT1"}, {0xe02, "K_BRL_DOT2"}, {0xe03, "K_BRL_DOT3"},
	{0xe04, "K_BRL_DOT4"}, {0xe05, "K_BRL_DOT5"}, {0xe06, "K_BRL_DOT6"}, {0xe07, "K_BRL_DOT7"},
	{0xe08, "K_BRL_DOT8"}, {0xe09, "K_BRL_DOT9"}, {0xe0a, "K_BRL_DOT10"},
}}

// kdKeyFnKeyVals are the function keys by KVAL (struct kbsentry's
// kb_func): KVAL(K_F1)...
var kdKeyFnKeyVals = sync.OnceValue(func() *xlat { return kvalTable(kdKeyFnKeys, "KVAL(K_???)") })

// kvalTable is the table of x's values' low bytes, named KVAL(name).
func kvalTable(x *xlat, dflt string) *xlat {
	t := &xlat{vals: make([]xv, len(x.vals)), dflt: dflt}
	for i, e := range x.vals {
		t.vals[i] = xv{e.v & 0xff, "KVAL(" + e.s + ")"}
	}
	return t
}

// kdKeyTypeTables are the tables of key values by key type (KTYP); the
// types without one are printed as K(type, value).
var kdKeyTypeTables = [...]*xlat{
	1: kdKeyFnKeys, 2: kdKeySpecKeys, 3: kdKeyPadKeys, 4: kdKeyDeadKeys, 6: kdKeyCurKeys,
	7: kdKeyShiftKeys, 9: kdKeyASCIIKeys, 10: kdKeyLockKeys, 12: kdKeySlockKeys, 14: kdKeyBrlKeys,
}
