package unwind

import "strconv"

// Frame is one line of strace -k's output.
type Frame struct {
	// Module is the mapped file's path as /proc/PID/maps names it.
	Module string
	// Symbol is the function's (demangled) name; "" when none was found.
	Symbol string
	// SymOffset is the address's offset from Symbol.
	SymOffset uint64
	// Offset is the address relative to its mapping plus the mapping's
	// file offset; for an Error, the address the error is about (0:
	// none).
	Offset uint64
	// Error, when set, makes the line an error line.
	Error string
}

// String returns the line as strace prints it, without the newline.
func (f Frame) String() string { return string(f.Append(nil)) }

// Append appends String's line to b.
func (f Frame) Append(b []byte) []byte {
	switch {
	case f.Error != "" && f.Offset != 0:
		b = append(append(b, " > "...), f.Error...)
		return appendHex(append(b, " ["...), f.Offset, "]")
	case f.Error != "":
		return append(append(b, " > "...), f.Error...)
	case f.Symbol != "":
		b = append(append(append(append(b, " > "...), f.Module...), '('), f.Symbol...)
		b = appendHex(append(b, '+'), f.SymOffset, ") [")
		return appendHex(b, f.Offset, "]")
	default:
		b = append(append(b, " > "...), f.Module...)
		return appendHex(append(b, "() ["...), f.Offset, "]")
	}
}

// QueuedString returns the line as strace prints a frame of a stack it
// took at a call's entry and prints later (exit_group's, after the task's
// end): a frame without a symbol shows as "PATH(+0x0) [OFFSET]".
func (f Frame) QueuedString() string { return string(f.AppendQueued(nil)) }

// AppendQueued appends QueuedString's line to b.
func (f Frame) AppendQueued(b []byte) []byte {
	if f.Error == "" && f.Symbol == "" {
		b = append(append(b, " > "...), f.Module...)
		b = appendHex(append(b, "(+"...), f.SymOffset, ") [")
		return appendHex(b, f.Offset, "]")
	}
	return f.Append(b)
}

// appendHex appends v as %#x formats it, then tail.
func appendHex(b []byte, v uint64, tail string) []byte {
	return append(strconv.AppendUint(append(b, "0x"...), v, 16), tail...)
}
