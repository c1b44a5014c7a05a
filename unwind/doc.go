// Package unwind turns a captured user stack (trace.UserStack: the
// registers and a copy of the stack from the stack pointer up) into the
// lines strace -k prints under a system call.
//
// The rules are those of strace 6.1 as Debian builds it, with libunwind
// 1.6: the first frame's instruction pointer is used as is, every caller's
// is looked up at one byte before its return address; a frame is printed
// only when its address lies in an executable mapping that names a file
// (or a pseudo-file such as [vdso]); its offset is the address relative to
// that mapping plus the mapping's file offset; its symbol is the nearest
// STT_FUNC symbol at or below the address in the file's .dynsym and
// .symtab (or in the file its .gnu_debuglink names), sizes ignored; a
// pseudo-file such as [vdso] is not opened, so its frames have no symbol
// and no CFI, as with libunwind.
// Callers are found with the .eh_frame call frame information that
// .eh_frame_hdr indexes and, where none covers an address, with the frame
// pointer chain. Every stack read is served from the captured copy, so an
// unwinding ends quietly where the copy ends.
//
// An Unwinder caches the modules (ELF files, their CFI and symbols) it has
// read; it is not safe for concurrent use.
package unwind
