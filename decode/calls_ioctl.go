package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// ioctlKind says when and how an ioctl's argument is printed.
type ioctlKind uint8

const (
	ioctlHex       ioctlKind = iota // at entry, in hex
	ioctlNone                       // not printed
	ioctlInt                        // at entry, decimal
	ioctlIntIn                      // at entry, [int] read from memory
	ioctlIntOut                     // at exit, [int]
	ioctlTermios                    // at exit, struct termios
	ioctlTermiosIn                  // at entry, struct termios
	ioctlWinsz                      // at exit, struct winsize
	ioctlWinszIn                    // at entry, struct winsize
	ioctlFlow                       // at entry, TCXONC's action by name
	ioctlFlush                      // at entry, TCFLSH's queue by name
)

var tcxoncActions = &xlat{vals: []xv{{0, "TCOOFF"}, {1, "TCOON"}, {2, "TCIOFF"}, {3, "TCION"}}, dflt: "TC???"}

var tcflshQueues = &xlat{vals: []xv{{0, "TCIFLUSH"}, {1, "TCOFLUSH"}, {2, "TCIOFLUSH"}}, dflt: "TC???"}

// ioctlInfo says how the generic decoder prints a request's argument;
// name is the request's name for the reader (the printed names come from
// ioctlNames).
type ioctlInfo struct {
	name string
	kind ioctlKind
}

var ioctls = map[uint32]ioctlInfo{
	0x5401: {"TCGETS", ioctlTermios}, 0x5402: {"SNDCTL_TMR_START or TCSETS", ioctlTermiosIn},
	0x5403: {"SNDCTL_TMR_STOP or TCSETSW", ioctlTermiosIn}, 0x5404: {"SNDCTL_TMR_CONTINUE or TCSETSF", ioctlTermiosIn},
	0x5405: {"TCGETA", ioctlHex}, 0x5406: {"TCSETA", ioctlHex}, 0x5407: {"TCSETAW", ioctlHex},
	0x5408: {"TCSETAF", ioctlHex}, 0x5409: {"TCSBRK", ioctlInt}, 0x540a: {"TCXONC", ioctlFlow},
	0x540b: {"TCFLSH", ioctlFlush}, 0x540c: {"TIOCEXCL", ioctlNone}, 0x540d: {"TIOCNXCL", ioctlNone},
	0x540e: {"TIOCSCTTY", ioctlInt}, 0x540f: {"TIOCGPGRP", ioctlIntOut}, 0x5410: {"TIOCSPGRP", ioctlIntIn},
	0x5411: {"TIOCOUTQ", ioctlIntOut}, 0x5412: {"TIOCSTI", ioctlHex}, 0x5413: {"TIOCGWINSZ", ioctlWinsz},
	0x5414: {"TIOCSWINSZ", ioctlWinszIn}, 0x5415: {"TIOCMGET", ioctlHex}, 0x541b: {"FIONREAD", ioctlIntOut},
	0x5421: {"FIONBIO", ioctlIntIn}, 0x5422: {"TIOCNOTTY", ioctlNone}, 0x5423: {"TIOCSETD", ioctlIntIn},
	0x5424: {"TIOCGETD", ioctlIntOut}, 0x5425: {"TCSBRKP", ioctlInt}, 0x5429: {"TIOCGSID", ioctlIntOut},
	0x5441: {"TIOCGPTPEER", ioctlHex}, 0x5450: {"FIONCLEX", ioctlNone}, 0x5451: {"FIOCLEX", ioctlNone},
	0x5452: {"FIOASYNC", ioctlIntIn}, 0x80045430: {"TIOCGPTN", ioctlIntOut}, 0x40045431: {"TIOCSPTLCK", ioctlIntIn},
	0x80045432: {"TIOCGDEV", ioctlIntOut}, 0x40049409: {"BTRFS_IOC_CLONE or FICLONE", ioctlInt},
	0x80086601: {"FS_IOC_GETFLAGS", ioctlHex}, 0x40086602: {"FS_IOC_SETFLAGS", ioctlHex},
	0x1: {"FIBMAP", ioctlHex}, 0x2: {"FIGETBSZ", ioctlHex},
}

func ioctlExit(k ioctlKind) bool {
	return k == ioctlIntOut || k == ioctlTermios || k == ioctlWinsz
}

func enterIoctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendFD(b, ev, ev.Args[0])
	b = d.sep(b)
	req := uint32(ev.Args[1])
	b = d.appendIoctlRequest(b, req)
	if f := fixedFamilyOf(req); f != nil {
		return enterFixedFamily(d, f, b, ev, req)
	}
	if out, ok := d.ioctlEnterFamily(b, ev, req); ok {
		return out
	}
	info := ioctls[req]
	switch info.kind {
	case ioctlNone:
		return b
	case ioctlInt:
		b = d.sep(b)
		return appendInt(b, int64(int32(ev.Args[2])))
	case ioctlIntIn:
		b = d.sep(b)
		return appendIntRef(b, ev, 2)
	case ioctlFlow, ioctlFlush:
		x := tcxoncActions
		if info.kind == ioctlFlush {
			x = tcflshQueues
		}
		b = d.sep(b)
		return d.enum(b, x, ev.Args[2])
	case ioctlTermiosIn:
		b = d.sep(b)
		if cp, ok := capOK(ev, 2); ok && len(cp.Data) >= 36 && ev.Args[2] != 0 {
			return d.appendTermios(b, cp.Data)
		}
		return appendPtr(b, ev.Args[2])
	case ioctlWinszIn:
		b = d.sep(b)
		if cp, ok := capOK(ev, 2); ok && len(cp.Data) >= 8 && ev.Args[2] != 0 {
			return printWinsize(d, b, cp.Data, ev)
		}
		return appendPtr(b, ev.Args[2])
	}
	if ioctlExit(info.kind) {
		return b
	}
	b = d.sep(b)
	return appendHex(b, ev.Args[2])
}

func appendIntRef(b []byte, ev *trace.Event, i int) []byte {
	if ev.Args[i] == 0 {
		return append(b, "NULL"...)
	}
	cp, ok := capOK(ev, i)
	if !ok || len(cp.Data) < 4 {
		return appendPtr(b, ev.Args[i])
	}
	b = append(b, '[')
	b = appendInt(b, int64(int32(le32(cp.Data, 0))))
	return append(b, ']')
}

func exitIoctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	req := uint32(ev.Args[1])
	if f := fixedFamilyOf(req); f != nil {
		return exitFixedFamily(d, f, b, ev, req)
	}
	if out, ok := d.ioctlExitFamily(b, ev, req); ok {
		return out
	}
	info := ioctls[req]
	if !ioctlExit(info.kind) {
		return b
	}
	b = d.sep(b)
	addr := ev.Args[2]
	cp, ok := capOK(ev, 2)
	if failed(ev) || !ok || addr == 0 {
		return appendPtr(b, addr)
	}
	switch info.kind {
	case ioctlIntOut:
		return appendIntRef(b, ev, 2)
	case ioctlTermios:
		if len(cp.Data) >= 36 {
			return d.appendTermios(b, cp.Data)
		}
	case ioctlWinsz:
		if len(cp.Data) >= 8 {
			return printWinsize(d, b, cp.Data, ev)
		}
	}
	return appendPtr(b, addr)
}

var ioctlDirs = &xlat{vals: []xv{{0, "_IOC_NONE"}, {2, "_IOC_READ"}, {1, "_IOC_WRITE"}}, dflt: "_IOC_???"}

// appendIoctlCode prints an unknown request as _IOC(dir, type, nr, size).
func appendIoctlCode(b []byte, code uint32) []byte {
	b = append(b, "_IOC("...)
	b = appendFlags(b, ioctlDirs, uint64(code>>30))
	b = append(b, ", "...)
	b = appendHex(b, uint64((code>>8)&0xff))
	b = append(b, ", "...)
	b = appendHex(b, uint64(code&0xff))
	b = append(b, ", "...)
	b = appendHex(b, uint64((code>>16)&0x3fff))
	return append(b, ')')
}

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

// appendTermFlags prints termios flags as strace's printflags with no
// default: nothing at all for zero.
func appendTermFlags(b []byte, x *xlat, v uint32) []byte {
	if v == 0 {
		return b
	}
	return appendFlags(b, x, uint64(v))
}

// printTermios is the struct printer of a struct termios.
func printTermios(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	return d.appendTermios(b, p)
}

// appendTermios prints a struct termios as strace does without -v.
func (d *Decoder) appendTermios(b []byte, p []byte) []byte {
	iflag, oflag, cflag, lflag := le32(p, 0), le32(p, 4), le32(p, 8), le32(p, 12)
	b = append(b, "{c_iflag="...)
	b = appendTermFlags(b, termIflags, iflag)
	b = append(b, ", c_oflag="...)
	delays := [...]struct {
		mask  uint32
		names [4]string
		dflt  string
	}{
		{0400, [4]string{"NL0", "NL1"}, "NL?"},
		{03000, [4]string{"CR0", "CR1", "CR2", "CR3"}, "CR?"},
		{014000, [4]string{"TAB0", "TAB1", "TAB2", "TAB3"}, "TAB?"},
		{020000, [4]string{"BS0", "BS1"}, "BS?"},
		{040000, [4]string{"VT0", "VT1"}, "VT?"},
		{0100000, [4]string{"FF0", "FF1"}, "FF?"},
	}
	for _, dl := range delays {
		v := oflag & dl.mask
		shift := 0
		for m := dl.mask; m&1 == 0; m >>= 1 {
			shift++
		}
		b = append(b, dl.names[v>>shift]...)
		b = append(b, '|')
		oflag &^= dl.mask
	}
	b = appendTermFlags(b, termOflags, oflag)
	b = append(b, ", c_cflag="...)
	b = d.enum(b, baudRates, uint64(cflag&010017))
	b = append(b, '|')
	if ib := cflag & 002003600000; ib != 0 {
		b = d.enum(b, baudRates, uint64(ib>>16))
		b = append(b, "<<IBSHIFT|"...)
	}
	b = append(b, [4]string{"CS5", "CS6", "CS7", "CS8"}[(cflag&060)>>4]...)
	b = append(b, '|')
	b = appendTermFlags(b, termCflags, cflag&^(010017|002003600000|060))
	b = append(b, ", c_lflag="...)
	b = appendTermFlags(b, termLflags, lflag)
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	b = append(b, ", c_line="...)
	b = d.enum(b, lineDisciplines, uint64(p[16]))
	b = append(b, ", c_cc=["...)
	for k := 0; k < 19; k++ {
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
		b = appendHex(b, uint64(p[17+k]))
	}
	return append(b, "]}"...)
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
