package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// ioctlRet is what an ioctl family decoder did with the argument, as
// strace's ioctl decoders report it.
type ioctlRet uint8

const (
	// ioctlMore: the argument is printed at exit (its ", " may be out).
	ioctlMore ioctlRet = iota
	// ioctlDone: the argument is printed.
	ioctlDone
	// ioctlHexArg: the argument is not decoded; it is printed in hex.
	ioctlHexArg
)

// ioctlFamily decodes the requests of one ioctl type (its _IOC_TYPE).
type ioctlFamily struct {
	// decode prints the argument at entry (exit false) or exit.
	decode func(d *Decoder, b []byte, ev *trace.Event, req uint32, exit bool) ([]byte, ioctlRet)
	// number names the requests the family names from their bits
	// (evdev's EVIOCGBIT(EV_KEY, 96)); verbose: under -X verbose.
	number func(b []byte, req uint32, verbose bool) ([]byte, bool)
}

// ioctlFamilyOf returns the family decoder of request req, if any.
func ioctlFamilyOf(req uint32) *ioctlFamily {
	switch (req >> 8) & 0xff {
	case 0x03:
		return &hdioFamily
	case 'E':
		return &evdevFamily
	case 0xb4:
		return &gpioFamily
	case 'f':
		if req == ioctlFSFiemap {
			return &fiemapFamily
		}
	}
	return nil
}

// appendIoctlRequest prints an ioctl request as -X asks: its names (the
// family's and the table's, joined by " or "), or _IOC(...) for an
// unknown one; its number under -X raw; both under -X verbose.
func (d *Decoder) appendIoctlRequest(b []byte, req uint32) []byte {
	if d.opts.Xlat == XlatRaw {
		return appendHex(b, uint64(req))
	}
	mark := len(b)
	verbose := d.opts.Xlat == XlatVerbose
	named := false
	if f := ioctlFamilyOf(req); f != nil && f.number != nil {
		b, named = f.number(b, req, verbose)
	}
	name := ioctls[req].name
	if name == "" {
		name = ioctlFamilyNames[req]
	}
	switch {
	case name != "" && named:
		b = append(b, " or "...)
		b = append(b, name...)
	case name != "":
		b = append(b, name...)
	case !named:
		b = appendIoctlCode(b, req)
	}
	if verbose {
		return d.restyleNumber(b, mark, uint64(req), numHex)
	}
	return b
}

// enterIoctlFamily prints a family's ioctl at entry.
func enterIoctlFamily(d *Decoder, f *ioctlFamily, b []byte, ev *trace.Event, req uint32) []byte {
	b, r := f.decode(d, b, ev, req, false)
	if r == ioctlHexArg {
		b = d.sep(b)
		b = appendHex(b, ev.Args[2])
	}
	return b
}

// exitIoctlFamily prints a family's ioctl at exit, when its entry left
// the argument for the exit (decided again from the request and the
// captures: the decoder keeps no state between the two).
func exitIoctlFamily(d *Decoder, f *ioctlFamily, b []byte, ev *trace.Event, req uint32) []byte {
	rec := d.recording
	d.recording = false
	tmp, r := f.decode(d, d.ioctlTmp[:0], ev, req, false)
	d.ioctlTmp = tmp[:0]
	d.recording = rec
	if r != ioctlMore {
		return b
	}
	b, r = f.decode(d, b, ev, req, true)
	if r != ioctlDone {
		b = d.sep(b)
		b = appendHex(b, ev.Args[2])
	}
	return b
}

// ioctlArg returns the ioctl argument's capture when it holds at least n
// bytes.
func ioctlArg(ev *trace.Event, n int) ([]byte, bool) {
	cp, ok := capOK(ev, 2)
	if !ok || ev.Args[2] == 0 || len(cp.Data) < n {
		return nil, false
	}
	return cp.Data, true
}

// ioctlFamilyNames names the requests of the ioctl families decoded here
// (strace 6.1's ioctl table, x86_64; "A or B" where two share a number).
var ioctlFamilyNames = map[uint32]string{
	0x301:      "HDIO_GETGEO",
	0x302:      "HDIO_GET_UNMASKINTR",
	0x304:      "HDIO_GET_MULTCOUNT",
	0x305:      "HDIO_GET_QDMA",
	0x306:      "HDIO_SET_XFER",
	0x307:      "HDIO_OBSOLETE_IDENTITY",
	0x308:      "HDIO_GET_KEEPSETTINGS",
	0x309:      "HDIO_GET_32BIT",
	0x30a:      "HDIO_GET_NOWERR",
	0x30b:      "HDIO_GET_DMA",
	0x30c:      "HDIO_GET_NICE",
	0x30d:      "HDIO_GET_IDENTITY",
	0x30e:      "HDIO_GET_WCACHE",
	0x30f:      "HDIO_GET_ACOUSTIC",
	0x310:      "HDIO_GET_ADDRESS",
	0x31a:      "HDIO_GET_BUSSTATE",
	0x31b:      "HDIO_TRISTATE_HWIF",
	0x31c:      "HDIO_DRIVE_RESET",
	0x31d:      "HDIO_DRIVE_TASKFILE",
	0x31e:      "HDIO_DRIVE_TASK",
	0x31f:      "HDIO_DRIVE_CMD",
	0x321:      "HDIO_SET_MULTCOUNT",
	0x322:      "HDIO_SET_UNMASKINTR",
	0x323:      "HDIO_SET_KEEPSETTINGS",
	0x324:      "HDIO_SET_32BIT",
	0x325:      "HDIO_SET_NOWERR",
	0x326:      "HDIO_SET_DMA",
	0x327:      "HDIO_SET_PIO_MODE",
	0x328:      "HDIO_SCAN_HWIF",
	0x329:      "HDIO_SET_NICE",
	0x32a:      "HDIO_UNREGISTER_HWIF",
	0x32b:      "HDIO_SET_WCACHE",
	0x32c:      "HDIO_SET_ACOUSTIC",
	0x32d:      "HDIO_SET_BUSSTATE",
	0x32e:      "HDIO_SET_QDMA",
	0x32f:      "HDIO_SET_ADDRESS",
	0x4505:     "IOCTL_EVTCHN_RESET",
	0x24506:    "IOCTL_EVTCHN_RESTRICT_DOMID",
	0x44500:    "IOCTL_EVTCHN_BIND_VIRQ",
	0x44502:    "IOCTL_EVTCHN_BIND_UNBOUND_PORT",
	0x44503:    "IOCTL_EVTCHN_UNBIND",
	0x44504:    "IOCTL_EVTCHN_NOTIFY",
	0x84501:    "IOCTL_EVTCHN_BIND_INTERDOMAIN",
	0x40044581: "EVIOCRMFF",
	0x40044590: "EVIOCGRAB",
	0x40044591: "EVIOCREVOKE",
	0x400445a0: "EVIOCSCLOCKID",
	0x40084501: "APEI_ERST_CLEAR_RECORD",
	0x40084503: "EVIOCSREP",
	0x40084504: "EVIOCSKEYCODE",
	0x40104593: "EVIOCSMASK",
	0x40284504: "EVIOCSKEYCODE_V2",
	0x40304580: "EVIOCSFF",
	0x80044501: "EVIOCGVERSION",
	0x80044502: "APEI_ERST_GET_RECORD_COUNT",
	0x80044584: "EVIOCGEFFECTS",
	0x80084502: "EVIOCGID",
	0x80084503: "EVIOCGREP",
	0x80084504: "EVIOCGKEYCODE",
	0x80104592: "EVIOCGMASK",
	0x80284504: "EVIOCGKEYCODE_V2",
	0x8044b401: "GPIO_GET_CHIPINFO_IOCTL",
	0xc004b40c: "GPIO_GET_LINEINFO_UNWATCH_IOCTL",
	0xc010b40e: "GPIO_V2_LINE_GET_VALUES_IOCTL",
	0xc010b40f: "GPIO_V2_LINE_SET_VALUES_IOCTL",
	0xc020660b: "FS_IOC_FIEMAP",
	0xc030b404: "GPIO_GET_LINEEVENT_IOCTL",
	0xc040b408: "GPIOHANDLE_GET_LINE_VALUES_IOCTL",
	0xc040b409: "GPIOHANDLE_SET_LINE_VALUES_IOCTL",
	0xc048b402: "GPIO_GET_LINEINFO_IOCTL",
	0xc048b40b: "GPIO_GET_LINEINFO_WATCH_IOCTL",
	0xc054b40a: "GPIOHANDLE_SET_CONFIG_IOCTL",
	0xc100b405: "GPIO_V2_GET_LINEINFO_IOCTL",
	0xc100b406: "GPIO_V2_GET_LINEINFO_WATCH_IOCTL",
	0xc110b40d: "GPIO_V2_LINE_SET_CONFIG_IOCTL",
	0xc16cb403: "GPIO_GET_LINEHANDLE_IOCTL",
	0xc250b407: "GPIO_V2_GET_LINE_IOCTL",
}

// decodeIoctlHex leaves the argument undecoded (printed in hex).
func decodeIoctlHex(d *Decoder, b []byte, ev *trace.Event, req uint32, exit bool) ([]byte, ioctlRet) {
	return b, ioctlHexArg
}
