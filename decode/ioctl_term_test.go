package decode

import "testing"

// Expected strings are from strace 6.1's ioctl_termios.c, ioctl_tiocm.c
// and ioctl_winsize.c.
func TestIoctlTerm(t *testing.T) {
	tios := le(nil).u32(1 | 040000).u32(1 | 4 | 0100 | 02000 | 014000).u32(2 | 020 | 0100 | 0200 | 0400 | 01000 | 02000 | 04000 | 010001<<16).u32(1 | 020 | 010000).pad(1 + 19 + 8)
	const flags = "c_iflag=IGNBRK|IUTF8, c_oflag=NL0|CR2|XTABS|BS0|VT0|FF0|OPOST|ONLCR|OFILL, c_cflag=B75|B57600<<IBSHIFT|CS6|CSTOPB|CREAD|PARENB|PARODD|HUPCL|CLOCAL, c_lflag=ISIG|ECHOE|FLUSHO"
	runIoctlCases(t, []ioctlCase{
		{"tcsets2 null", XlatAbbrev, sc(t, "ioctl", -14, 3, reqTCSETS2, 0),
			`ioctl(3, TCSETS2, NULL) = -1 EFAULT (Bad address)`},
		{"tcsets2", XlatAbbrev, sc(t, "ioctl", 0, 3, reqTCSETS2, 0x1000).data(2, tios),
			`ioctl(3, TCSETS2, {` + flags + `, ...}) = 0`},
		{"tcgets", XlatAbbrev, sc(t, "ioctl", 0, 3, reqTCGETS, 0x1000).data(2, tios),
			`ioctl(3, TCGETS, {` + flags + `, ...}) = 0`},
		{"tcgets failed", XlatAbbrev, sc(t, "ioctl", -9, 3, reqTCGETS, 0x1000).data(2, tios),
			`ioctl(3, TCGETS, 0x1000) = -1 EBADF (Bad file descriptor)`},
		{"tiocmbis", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqTIOCMBIS, 0x1000).data(2, le(nil).u32(0xffff1e00)),
			`ioctl(-1, TIOCMBIS, [0xffff1e00 /* TIOCM_??? */]) = -1 EBADF (Bad file descriptor)`},
		{"tiocmset", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqTIOCMSET, 0x1000).data(2, le(nil).u32(0xe1ff)),
			`ioctl(-1, TIOCMSET, [TIOCM_LE|TIOCM_DTR|TIOCM_RTS|TIOCM_ST|TIOCM_SR|TIOCM_CTS|TIOCM_CAR|TIOCM_RNG|TIOCM_DSR|TIOCM_OUT1|TIOCM_OUT2|TIOCM_LOOP]) = -1 EBADF (Bad file descriptor)`},
		{"tiocswinsz null", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqTIOCSWINSZ, 0),
			`ioctl(-1, TIOCSWINSZ, NULL) = -1 EBADF (Bad file descriptor)`},
		{"tcflsh", XlatAbbrev, sc(t, "ioctl", 0, 3, reqTCFLSH, 2),
			`ioctl(3, TCFLSH, TCIOFLUSH) = 0`},
		{"tiocnotty", XlatAbbrev, sc(t, "ioctl", 0, 3, reqTIOCNOTTY, 2),
			`ioctl(3, TIOCNOTTY) = 0`},
		{"fionread", XlatAbbrev, sc(t, "ioctl", 0, 3, reqFIONREAD, 0x1000).data(2, le(nil).u32(5)),
			`ioctl(3, FIONREAD, [5]) = 0`},
	})
}

func TestIoctlTermVerbose(t *testing.T) {
	tio := le(nil).u16(0).u16(0).u16(0x30).u16(0).pad(1)
	tio = append(tio, 1, 2, 3, 4, 5, 6, 7, 8, 0)
	d := New(Options{StringLimit: DefaultStringLimit, Verbose: true})
	want := `ioctl(3, TCSETA, {c_iflag=, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|, c_cflag=B0|CS8|, c_lflag=, c_line=N_TTY, c_cc=[[VINTR]=0x1, [VQUIT]=0x2, [VERASE]=0x3, [VKILL]=0x4, [VEOF]=0x5, [VTIME]=0x6, [VMIN]=0x7, [VSWTC]=0x8]}) = 0`
	if got := whole(d, sc(t, "ioctl", 0, 3, reqTCSETA, 0x1000).data(2, tio).get()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
