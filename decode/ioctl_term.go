package decode

import "github.com/sctrace/sctrace/trace"

// Requests of type 'T' (asm-generic/ioctls.h) strace's term decoder knows.
const (
	reqTCGETS         = 0x5401
	reqTCSETS         = 0x5402
	reqTCSETSW        = 0x5403
	reqTCSETSF        = 0x5404
	reqTCGETA         = 0x5405
	reqTCSETA         = 0x5406
	reqTCSETAW        = 0x5407
	reqTCSETAF        = 0x5408
	reqTCSBRK         = 0x5409
	reqTCXONC         = 0x540a
	reqTCFLSH         = 0x540b
	reqTIOCEXCL       = 0x540c
	reqTIOCNXCL       = 0x540d
	reqTIOCSCTTY      = 0x540e
	reqTIOCGPGRP      = 0x540f
	reqTIOCSPGRP      = 0x5410
	reqTIOCOUTQ       = 0x5411
	reqTIOCSTI        = 0x5412
	reqTIOCGWINSZ     = 0x5413
	reqTIOCSWINSZ     = 0x5414
	reqTIOCMGET       = 0x5415
	reqTIOCMBIS       = 0x5416
	reqTIOCMBIC       = 0x5417
	reqTIOCMSET       = 0x5418
	reqTIOCGSOFTCAR   = 0x5419
	reqTIOCSSOFTCAR   = 0x541a
	reqFIONREAD       = 0x541b
	reqTIOCCONS       = 0x541d
	reqTIOCSSERIAL    = 0x541f
	reqTIOCPKT        = 0x5420
	reqFIONBIO        = 0x5421
	reqTIOCNOTTY      = 0x5422
	reqTIOCSETD       = 0x5423
	reqTIOCGETD       = 0x5424
	reqTCSBRKP        = 0x5425
	reqTIOCSBRK       = 0x5427
	reqTIOCCBRK       = 0x5428
	reqTIOCGSID       = 0x5429
	reqTCGETS2        = 0x802c542a
	reqTCSETS2        = 0x402c542b
	reqTCSETSW2       = 0x402c542c
	reqTCSETSF2       = 0x402c542d
	reqTIOCGPTN       = 0x80045430
	reqTIOCSPTLCK     = 0x40045431
	reqTIOCGDEV       = 0x80045432
	reqTIOCVHANGUP    = 0x5437
	reqTIOCGEXCL      = 0x80045440
	reqFIONCLEX       = 0x5450
	reqFIOCLEX        = 0x5451
	reqFIOASYNC       = 0x5452
	reqTIOCGLCKTRMIOS = 0x5456
	reqTIOCSLCKTRMIOS = 0x5457
)

// Sizes of the terminal structures (the kernel's, x86_64 and arm64).
const (
	termiosSize  = 36 // struct termios: 4 flags, c_line, c_cc[19]
	termios2Size = 44 // struct termios2: termios, c_ispeed, c_ospeed
	termioSize   = 18 // struct termio: 4 short flags, c_line, c_cc[8]
	winsizeSize  = 8
	termiosNCCS  = 19
	termioNCC    = 8
)

// termKind is how the term decoder prints a request's argument.
type termKind uint8

const (
	termNone    termKind = iota // no argument
	termIos                     // struct termios
	termIos2                    // struct termios2
	termIo                      // struct termio
	termWinsize                 // struct winsize
	termModem                   // [TIOCM_* flags]
	termIntRef                  // [int]
	termInt                     // int value
	termXonc                    // TCXONC's action
	termFlush                   // TCFLSH's queue
	termChar                    // one character, quoted
)

// termReq is one request of the term decoder: how its argument prints and
// whether it is printed at exit (a getter).
type termReq struct {
	kind termKind
	out  bool
}

var termReqs = map[uint32]termReq{
	reqTCGETS2: {termIos2, true}, reqTCSETS2: {termIos2, false}, reqTCSETSW2: {termIos2, false}, reqTCSETSF2: {termIos2, false},
	reqTCGETS: {termIos, true}, reqTIOCGLCKTRMIOS: {termIos, true},
	reqTCSETS: {termIos, false}, reqTCSETSW: {termIos, false}, reqTCSETSF: {termIos, false}, reqTIOCSLCKTRMIOS: {termIos, false},
	reqTCGETA: {termIo, true}, reqTCSETA: {termIo, false}, reqTCSETAW: {termIo, false}, reqTCSETAF: {termIo, false},
	reqTIOCGWINSZ: {termWinsize, true}, reqTIOCSWINSZ: {termWinsize, false},
	reqTCXONC: {termXonc, false}, reqTCFLSH: {termFlush, false},
	reqTCSBRK: {termInt, false}, reqTCSBRKP: {termInt, false}, reqTIOCSCTTY: {termInt, false},
	reqTIOCMGET: {termModem, true}, reqTIOCMBIS: {termModem, false}, reqTIOCMBIC: {termModem, false}, reqTIOCMSET: {termModem, false},
	reqTIOCGPGRP: {termIntRef, true}, reqTIOCGSID: {termIntRef, true}, reqTIOCGETD: {termIntRef, true},
	reqTIOCGSOFTCAR: {termIntRef, true}, reqTIOCGPTN: {termIntRef, true}, reqFIONREAD: {termIntRef, true},
	reqTIOCOUTQ: {termIntRef, true}, reqTIOCGEXCL: {termIntRef, true}, reqTIOCGDEV: {termIntRef, true},
	reqTIOCSPGRP: {termIntRef, false}, reqTIOCSETD: {termIntRef, false}, reqFIONBIO: {termIntRef, false},
	reqFIOASYNC: {termIntRef, false}, reqTIOCPKT: {termIntRef, false}, reqTIOCSSOFTCAR: {termIntRef, false},
	reqTIOCSPTLCK: {termIntRef, false},
	reqTIOCSTI:    {termChar, false},
	reqTIOCSBRK:   {termNone, false}, reqTIOCCBRK: {termNone, false}, reqTIOCCONS: {termNone, false},
	reqTIOCNOTTY: {termNone, false}, reqTIOCEXCL: {termNone, false}, reqTIOCNXCL: {termNone, false},
	reqFIOCLEX: {termNone, false}, reqFIONCLEX: {termNone, false}, reqTIOCVHANGUP: {termNone, false},
	reqTIOCSSERIAL: {termNone, false},
}

func init() { ioctlFamilies['T'] = termIoctl }

// termIoctl decodes the terminal requests as strace's term decoder: the
// termios, termios2 and termio structures, struct winsize, modem flags,
// ints by value or by reference, TCXONC's and TCFLSH's names and
// TIOCSTI's character; getters print at exit.
func termIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	r, ok := termReqs[code]
	if !ok {
		return b, ioctlResUnknown
	}
	if r.kind == termNone {
		return b, ioctlResDone
	}
	if r.out != exit {
		if exit {
			return b, ioctlResDone
		}
		return b, ioctlResLater
	}
	b = d.sep(b)
	arg := ev.Args[2]
	switch r.kind {
	case termInt:
		return appendInt(b, int64(int32(arg))), ioctlResDone
	case termXonc:
		return d.enum(b, tcxoncActions, arg), ioctlResDone
	case termFlush:
		return d.enum(b, tcflshQueues, arg), ioctlResDone
	case termIntRef:
		return appendIoctlInt(b, ev, exit), ioctlResDone
	}
	size := map[termKind]int{termIos: termiosSize, termIos2: termios2Size, termIo: termioSize,
		termWinsize: winsizeSize, termModem: 4, termChar: 1}[r.kind]
	b, p, ok := ioctlArg(b, ev, size, exit)
	if !ok {
		return b, ioctlResDone
	}
	switch r.kind {
	case termIos, termIos2:
		b = append(b, '{')
		b = appendTermFlagFields(b, d, le32(p, 0), le32(p, 4), le32(p, 8), le32(p, 12))
		if !d.opts.Verbose {
			return append(b, ", ...}"...), ioctlResDone
		}
		b = d.appendTermLine(b, p[16], p[17:17+termiosNCCS])
		if r.kind == termIos2 {
			b = append(b, ", c_ispeed="...)
			b = appendUint(b, uint64(le32(p, 36)))
			b = append(b, ", c_ospeed="...)
			b = appendUint(b, uint64(le32(p, 40)))
		}
		b = append(b, '}')
	case termIo:
		b = append(b, '{')
		b = appendTermFlagFields(b, d, uint32(le16(p, 0)), uint32(le16(p, 2)), uint32(le16(p, 4)), uint32(le16(p, 6)))
		if !d.opts.Verbose {
			return append(b, ", ...}"...), ioctlResDone
		}
		b = d.appendTermLine(b, p[8], p[9:9+termioNCC])
		b = append(b, '}')
	case termWinsize:
		b = printWinsize(d, b, p, ev)
	case termModem:
		b = append(b, '[')
		b = d.flags(b, modemFlags, uint64(le32(p, 0)))
		b = append(b, ']')
	case termChar:
		b = d.appendQuoted(b, p[:1], false)
	}
	return b, ioctlResDone
}

var tcxoncActions = &xlat{vals: []xv{{0, "TCOOFF"}, {1, "TCOON"}, {2, "TCIOFF"}, {3, "TCION"}}, dflt: "TC???"}

var tcflshQueues = &xlat{vals: []xv{{0, "TCIFLUSH"}, {1, "TCOFLUSH"}, {2, "TCIOFLUSH"}}, dflt: "TC???"}

var modemFlags = &xlat{vals: []xv{
	{0x1, "TIOCM_LE"}, {0x2, "TIOCM_DTR"}, {0x4, "TIOCM_RTS"}, {0x8, "TIOCM_ST"}, {0x10, "TIOCM_SR"},
	{0x20, "TIOCM_CTS"}, {0x40, "TIOCM_CAR"}, {0x80, "TIOCM_RNG"}, {0x100, "TIOCM_DSR"},
	{0x2000, "TIOCM_OUT1"}, {0x4000, "TIOCM_OUT2"}, {0x8000, "TIOCM_LOOP"},
}, dflt: "TIOCM_???"}

var termIflags = &xlat{vals: []xv{
	{1, "IGNBRK"}, {2, "BRKINT"}, {4, "IGNPAR"}, {010, "PARMRK"}, {020, "INPCK"}, {040, "ISTRIP"},
	{0100, "INLCR"}, {0200, "IGNCR"}, {0400, "ICRNL"}, {01000, "IUCLC"}, {02000, "IXON"}, {04000, "IXANY"},
	{010000, "IXOFF"}, {020000, "IMAXBEL"}, {040000, "IUTF8"},
}}

var termOflags = &xlat{vals: []xv{
	{1, "OPOST"}, {2, "OLCUC"}, {4, "ONLCR"}, {010, "OCRNL"}, {020, "ONOCR"}, {040, "ONLRET"},
	{0100, "OFILL"}, {0200, "OFDEL"},
}}

var termLflags = &xlat{vals: []xv{
	{1, "ISIG"}, {2, "ICANON"}, {4, "XCASE"}, {010, "ECHO"}, {020, "ECHOE"}, {040, "ECHOK"},
	{0100, "ECHONL"}, {0200, "NOFLSH"}, {0100000, "IEXTEN"}, {01000, "ECHOCTL"}, {02000, "ECHOPRT"},
	{04000, "ECHOKE"}, {010000, "FLUSHO"}, {040000, "PENDIN"}, {0400, "TOSTOP"}, {0200000, "EXTPROC"},
}}

var termCflags = &xlat{vals: []xv{
	{0100, "CSTOPB"}, {0200, "CREAD"}, {0400, "PARENB"}, {01000, "PARODD"}, {02000, "HUPCL"},
	{04000, "CLOCAL"}, {010000000000, "CMSPAR"}, {020000000000, "CRTSCTS"},
}}

var baudRates = &xlat{vals: []xv{
	{0, "B0"}, {1, "B50"}, {2, "B75"}, {3, "B110"}, {4, "B134"}, {5, "B150"}, {6, "B200"}, {7, "B300"},
	{010, "B600"}, {011, "B1200"}, {012, "B1800"}, {013, "B2400"}, {014, "B4800"}, {015, "B9600"},
	{016, "B19200"}, {017, "B38400"}, {010001, "B57600"}, {010002, "B115200"}, {010003, "B230400"},
	{010004, "B460800"}, {010005, "B500000"}, {010006, "B576000"}, {010007, "B921600"},
	{010010, "B1000000"}, {010011, "B1152000"}, {010012, "B1500000"}, {010013, "B2000000"},
	{010014, "B2500000"}, {010015, "B3000000"}, {010016, "B3500000"}, {010017, "B4000000"},
	{010000, "BOTHER"},
}, dflt: "B???"}

// termFlags prints termios flags as strace's printflags with no default:
// nothing at all for zero, else as -X asks.
func (d *Decoder) termFlags(b []byte, x *xlat, v uint32) []byte {
	if v == 0 {
		return b
	}
	return d.flags(b, x, uint64(v))
}

// printTermios is the struct printer of a struct termios.
func printTermios(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '{')
	b = appendTermFlagFields(b, d, le32(p, 0), le32(p, 4), le32(p, 8), le32(p, 12))
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	b = d.appendTermLine(b, p[16], p[17:17+termiosNCCS])
	return append(b, '}')
}

// termDelays are the delay fields of c_oflag, printed by value before
// the flags.
var termDelays = [...]struct {
	mask uint32
	x    *xlat
}{
	{0400, &xlat{vals: []xv{{0, "NL0"}, {0400, "NL1"}}, dflt: "NL?"}},
	{03000, &xlat{vals: []xv{{0, "CR0"}, {01000, "CR1"}, {02000, "CR2"}, {03000, "CR3"}}, dflt: "CR?"}},
	{014000, &xlat{vals: []xv{{014000, "XTABS"}, {0, "TAB0"}, {04000, "TAB1"}, {010000, "TAB2"}}, dflt: "TAB?"}},
	{020000, &xlat{vals: []xv{{0, "BS0"}, {020000, "BS1"}}, dflt: "BS?"}},
	{040000, &xlat{vals: []xv{{0, "VT0"}, {040000, "VT1"}}, dflt: "VT?"}},
	{0100000, &xlat{vals: []xv{{0, "FF0"}, {0100000, "FF1"}}, dflt: "FF?"}},
}

// termCsizes are c_cflag's character sizes (CSIZE).
var termCsizes = &xlat{vals: []xv{{0, "CS5"}, {020, "CS6"}, {040, "CS7"}, {060, "CS8"}}, dflt: "CS?"}

// appendTermFlagFields prints the c_iflag, c_oflag, c_cflag and c_lflag
// fields of a terminal structure as strace's decode_flags, every part as
// -X asks (c_oflag=0|0|0|0|0|0|0x5 under -X raw).
func appendTermFlagFields(b []byte, d *Decoder, iflag, oflag, cflag, lflag uint32) []byte {
	b = append(b, "c_iflag="...)
	b = d.termFlags(b, termIflags, iflag)
	b = append(b, ", c_oflag="...)
	for _, dl := range termDelays {
		b = d.enum(b, dl.x, uint64(oflag&dl.mask))
		b = append(b, '|')
		oflag &^= dl.mask
	}
	b = d.termFlags(b, termOflags, oflag)
	b = append(b, ", c_cflag="...)
	b = d.enum(b, baudRates, uint64(cflag&010017))
	b = append(b, '|')
	if ib := cflag & 002003600000; ib != 0 {
		b = d.enum(b, baudRates, uint64(ib>>16))
		b = append(b, "<<"...)
		mark := len(b)
		b = d.restyle(append(b, "IBSHIFT"...), mark, 16, numHex)
		b = append(b, '|')
	}
	b = d.enum(b, termCsizes, uint64(cflag&060))
	b = append(b, '|')
	b = d.termFlags(b, termCflags, cflag&^(010017|002003600000|060))
	b = append(b, ", c_lflag="...)
	return d.termFlags(b, termLflags, lflag)
}

// appendTermLine prints the c_line and c_cc fields of a terminal
// structure (under -v), with a leading ", ".
func (d *Decoder) appendTermLine(b []byte, line byte, cc []byte) []byte {
	b = append(b, ", c_line="...)
	b = d.enum(b, lineDisciplines, uint64(line))
	b = append(b, ", c_cc=["...)
	for k, c := range cc {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '[')
		if k < len(ccNames) {
			b = append(b, ccNames[k]...)
		} else {
			b = appendInt(b, int64(k))
		}
		b = append(b, "]="...)
		b = appendHex(b, uint64(c))
	}
	return append(b, ']')
}

var ccNames = [...]string{"VINTR", "VQUIT", "VERASE", "VKILL", "VEOF", "VTIME", "VMIN", "VSWTC", "VSTART",
	"VSTOP", "VSUSP", "VEOL", "VREPRINT", "VDISCARD", "VWERASE", "VLNEXT", "VEOL2"}

var lineDisciplines = &xlat{vals: []xv{
	{0, "N_TTY"}, {1, "N_SLIP"}, {2, "N_MOUSE"}, {3, "N_PPP"}, {4, "N_STRIP"}, {5, "N_AX25"}, {6, "N_X25"},
	{7, "N_6PACK"}, {8, "N_MASC"}, {9, "N_R3964"}, {10, "N_PROFIBUS_FDL"}, {11, "N_IRDA"}, {12, "N_SMSBLOCK"},
	{13, "N_HDLC"}, {14, "N_SYNC_PPP"}, {15, "N_HCI"}, {16, "N_GIGASET_M101"}, {17, "N_SLCAN"}, {18, "N_PPS"},
	{19, "N_V253"}, {20, "N_CAIF"}, {21, "N_GSM0710"}, {22, "N_TI_WL"}, {23, "N_TRACESINK"}, {24, "N_TRACEROUTER"},
	{25, "N_NCI"}, {26, "N_SPEAKUP"}, {27, "N_NULL"}, {28, "N_MCTP"}, {29, "N_DEVELOPMENT"},
}, dflt: "N_???"}
