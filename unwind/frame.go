package unwind

import "fmt"

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
func (f Frame) String() string {
	switch {
	case f.Error != "" && f.Offset != 0:
		return fmt.Sprintf(" > %s [%#x]", f.Error, f.Offset)
	case f.Error != "":
		return " > " + f.Error
	case f.Symbol != "":
		return fmt.Sprintf(" > %s(%s+%#x) [%#x]", f.Module, f.Symbol, f.SymOffset, f.Offset)
	default:
		return fmt.Sprintf(" > %s() [%#x]", f.Module, f.Offset)
	}
}

// QueuedString returns the line as strace prints a frame of a stack it
// took at a call's entry and prints later (exit_group's, after the task's
// end): a frame without a symbol shows as "PATH(+0x0) [OFFSET]".
func (f Frame) QueuedString() string {
	if f.Error == "" && f.Symbol == "" {
		return fmt.Sprintf(" > %s(+%#x) [%#x]", f.Module, f.SymOffset, f.Offset)
	}
	return f.String()
}
