package decode

// numberNamers name, from their bits, the requests of the ioctl types
// whose decoders are not fixedFamily ones, as strace's
// ioctl_decode_command_number (verbose: under -X verbose).
var numberNamers = map[uint8]func(b []byte, req uint32, verbose bool) ([]byte, bool){
	'H': hiddevNumber,
	'M': mixerNumber,
	'U': sizedNumber(2, 0x2c, "UI_GET_SYSNAME"),
	'j': sizedNumber(2, 0x13, "JSIOCGNAME"),
	'k': sizedNumber(1, 0, "SPI_IOC_MESSAGE"),
}

// appendNamedNumber appends name(v).
func appendNamedNumber(b []byte, name string, v uint64) []byte {
	b = append(b, name...)
	b = append(b, '(')
	b = appendUint(b, v)
	return append(b, ')')
}

// sizedNumber names the request of direction dir and number nr of a type
// as name(_IOC_SIZE).
func sizedNumber(dir, nr uint32, name string) func(b []byte, req uint32, verbose bool) ([]byte, bool) {
	return func(b []byte, req uint32, _ bool) ([]byte, bool) {
		if req>>30 != dir || req&0xff != nr {
			return b, false
		}
		return appendNamedNumber(b, name, uint64((req>>16)&0x3fff)), true
	}
}

// hiddevNumber names the hiddev and hidraw requests whose size is part
// of their name.
func hiddevNumber(b []byte, req uint32, _ bool) ([]byte, bool) {
	var name string
	switch dir, nr := req>>30, req&0xff; {
	case dir == 2 && nr == 0x04:
		name = "HIDIOCGRAWNAME"
	case dir == 2 && nr == 0x05:
		name = "HIDIOCGRAWPHYS"
	case (dir == 2 || dir == 3) && nr == 0x06:
		name = "HIDIOCSFEATURE"
	case dir == 2 && nr == 0x08:
		name = "HIDIOCGRAWUNIQ"
	case dir == 2 && nr == 0x12:
		name = "HIDIOCGPHYS"
	case dir == 3 && nr == 0x07:
		name = "HIDIOCGFEATURE"
	default:
		return b, false
	}
	return appendNamedNumber(b, name, uint64((req>>16)&0x3fff)), true
}

// mixerNumber names the sound mixer requests MIXER_WRITE(nr) and
// MIXER_READ(nr).
func mixerNumber(b []byte, req uint32, _ bool) ([]byte, bool) {
	switch req >> 30 {
	case 1:
		return appendNamedNumber(b, "MIXER_WRITE", uint64(req&0xff)), true
	case 2:
		return appendNamedNumber(b, "MIXER_READ", uint64(req&0xff)), true
	}
	return b, false
}
