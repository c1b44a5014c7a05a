package syscalls

// compatSignature returns the signature a call of x86_64's i386 or x32
// personality is printed with, and whether it is decoded: a call without
// arguments, or one whose native namesake's arguments and result print
// the same whatever the sizes of the personality's longs and pointers
// inside structures (integers, descriptors, C strings, byte buffers, flag
// sets), gets the native signature; any other gets nargs raw arguments
// in hex and a decimal result, as strace prints a call it does not decode,
// and no capture.
func compatSignature(name string, nargs int) (*Signature, bool) {
	sig, ok := signatures()[name]
	switch {
	case ok && len(sig.Args) == nargs && layoutFree(sig):
		return sig, true
	case !ok && nargs == 0:
		return &Signature{}, true
	}
	return rawSignature(nargs), false
}

// layoutFree reports whether sig prints the same in every personality.
func layoutFree(sig *Signature) bool {
	switch sig.Decoder {
	case DecoderNone, DecoderOpen:
	default:
		return false
	}
	switch sig.Ret {
	case RetInt, RetFD, RetUint, RetNone, RetOctal:
	default:
		return false
	}
	for _, a := range sig.Args {
		switch a.Type {
		case Int, Uint, Ulong, Hex, HexInt, Octal, Ptr, FD, DirFD, Signo, Mode, Flags, Enum, Path, String:
		case InBuf, OutBuf:
			if a.Layout != LayoutNone || a.Header != 0 || a.Fprog.On || a.MinSize != 0 {
				return false
			}
		default:
			// Long (a 32-bit long's sign), ID (16-bit ids), structures,
			// arrays and vectors of pointers.
			return false
		}
	}
	return true
}

// rawSignatures holds rawSignature's results by argument count.
var rawSignatures = func() (sigs [7]*Signature) {
	for n := range sigs {
		sigs[n] = &Signature{Args: unknownSig.Args[:n]}
	}
	return sigs
}()

// rawSignature is the signature of a call of nargs arguments strace
// does not decode: each argument in hex, the result in decimal.
func rawSignature(nargs int) *Signature {
	return rawSignatures[min(max(nargs, 0), len(rawSignatures)-1)]
}
