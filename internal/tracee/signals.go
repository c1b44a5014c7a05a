package tracee

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// A command sctrace launches must start with the signal dispositions and
// mask sctrace itself was started with, as after a plain fork and execve.
// The Go runtime hides both: at start-up it installs its own handler over
// every catchable signal (an inherited SIG_IGN of SIGTERM or SIGPIPE is
// replaced; execve then resets the handler to SIG_DFL), and it keeps the
// mask it started with in a variable of its own. The original handlers and
// mask are in runtime.fwdSig and runtime.initSigmask, which this file
// reads from the process's own memory at the addresses the executable's
// symbol table gives. The exec stub re-installs SIG_IGN and the mask just
// before it executes the command.

// signalState is a set of ignored and a set of blocked signals: bit n-1
// stands for signal n.
type signalState struct {
	ignored, blocked uint64
	// known is false when nothing could be read: the stub then leaves
	// the signal state as it finds it.
	known bool
}

// signalsStubEnv passes the launched command's signalState to the exec stub
// as "IGNORED:BLOCKED" in hexadecimal.
const signalsStubEnv = "SCTRACE_STUB_SIGNALS"

// nsig is the kernel's _NSIG + 1: signals are 1 to 64.
const nsig = 65

// initSignals is the signal state /proc reported when Init ran: signals
// the runtime left alone (SIGHUP and SIGINT when inherited ignored, and
// those it never catches) keep their start-up disposition until then, and
// the main thread's mask is the start-up mask less the few signals the
// runtime must receive.
var initSignals signalState

// snapshotSignals records initSignals; Init calls it before the program
// changes any disposition.
func snapshotSignals() {
	m, err := statusMasks()
	if err == nil {
		initSignals = signalState{ignored: m["SigIgn"], blocked: m["SigBlk"], known: true}
	}
}

// startSignals returns the signal dispositions and mask this process was
// started with: exactly, from the runtime's variables, when the executable
// has its symbol table; otherwise as Init saw them.
func startSignals() signalState {
	s := initSignals
	fwd, mask, err := runtimeSignalVars()
	if err != nil {
		return s
	}
	s.blocked, s.known = mask, true
	for sig := 1; sig < nsig; sig++ {
		if fwd[sig] == SigIGN {
			s.ignored |= 1 << (sig - 1)
		}
	}
	return s
}

// runtimeSignalVars reads runtime.fwdSig (the handler of each signal
// before the runtime installed its own) and runtime.initSigmask (the mask
// the process started with).
func runtimeSignalVars() (fwd [nsig]uint64, mask uint64, err error) {
	f, err := elf.Open("/proc/self/exe")
	if err != nil {
		return fwd, 0, fmt.Errorf("read own symbols: %w", err)
	}
	defer f.Close()
	// The executable may be position independent: the distance between a
	// function's address and its symbol's value is the load bias.
	anchorPC := reflect.ValueOf(startSignals).Pointer()
	anchor := runtime.FuncForPC(anchorPC).Name()
	want, err := lookupSymbols(f, "runtime.fwdSig", "runtime.initSigmask", anchor)
	if err != nil {
		return fwd, 0, fmt.Errorf("read own symbols: %w", err)
	}
	bias := anchorPC - uintptr(want[anchor].Value)
	fwdSym, maskSym := want["runtime.fwdSig"], want["runtime.initSigmask"]
	if fwdSym.Size != nsig*8 || maskSym.Size != 8 {
		return fwd, 0, fmt.Errorf("runtime signal variables have unexpected sizes %d and %d", fwdSym.Size, maskSym.Size)
	}
	mem, err := os.Open("/proc/self/mem")
	if err != nil {
		return fwd, 0, err
	}
	defer mem.Close()
	buf := make([]byte, fwdSym.Size)
	if _, err := mem.ReadAt(buf, int64(uintptr(fwdSym.Value)+bias)); err != nil {
		return fwd, 0, fmt.Errorf("read runtime.fwdSig: %w", err)
	}
	for i := range fwd {
		fwd[i] = binary.LittleEndian.Uint64(buf[i*8:])
	}
	if _, err := mem.ReadAt(buf[:8], int64(uintptr(maskSym.Value)+bias)); err != nil {
		return fwd, 0, fmt.Errorf("read runtime.initSigmask: %w", err)
	}
	return fwd, binary.LittleEndian.Uint64(buf), nil
}

// lookupSymbols returns the symbols of f's symbol table named names, an
// error if one is missing. It reads the table in place: f.Symbols would
// make a string of each of its tens of thousands of names, which cost
// milliseconds of every launch.
func lookupSymbols(f *elf.File, names ...string) (map[string]*elf.Symbol, error) {
	symtab := f.SectionByType(elf.SHT_SYMTAB)
	if symtab == nil || f.Class != elf.ELFCLASS64 || int(symtab.Link) >= len(f.Sections) {
		return nil, errors.New("no 64-bit symbol table")
	}
	data, err := symtab.Data()
	if err != nil {
		return nil, err
	}
	strs, err := f.Sections[symtab.Link].Data()
	if err != nil {
		return nil, err
	}
	found := make(map[string]*elf.Symbol, len(names))
	// Entry 0 is the null symbol. An entry is a Sym64: the name's offset
	// in strs (4 bytes), info, other, section index (4), value (8), size
	// (8).
	for off := elf.Sym64Size; off+elf.Sym64Size <= len(data); off += elf.Sym64Size {
		at := int(f.ByteOrder.Uint32(data[off:]))
		if at >= len(strs) {
			continue
		}
		name := strs[at:]
		if end := bytes.IndexByte(name, 0); end >= 0 {
			name = name[:end]
		}
		for _, n := range names {
			if string(name) == n && found[n] == nil {
				found[n] = &elf.Symbol{Name: n, Value: f.ByteOrder.Uint64(data[off+8:]), Size: f.ByteOrder.Uint64(data[off+16:])}
			}
		}
	}
	for _, n := range names {
		if found[n] == nil {
			return nil, fmt.Errorf("symbol %s not in own executable", n)
		}
	}
	return found, nil
}

// statusMasks returns the signal masks of /proc/self/status (SigIgn,
// SigBlk …) by name.
func statusMasks() (map[string]uint64, error) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return nil, err
	}
	masks := map[string]uint64{}
	for _, line := range strings.Split(string(data), "\n") {
		name, v, ok := strings.Cut(line, ":")
		if !ok || !strings.HasPrefix(name, "Sig") || name == "SigQ" {
			continue
		}
		if masks[name], err = strconv.ParseUint(strings.TrimSpace(v), 16, 64); err != nil {
			return nil, fmt.Errorf("/proc/self/status: %s: %w", name, err)
		}
	}
	return masks, nil
}

// stubEnvValue is s as signalsStubEnv carries it.
func (s signalState) stubEnvValue() string {
	return fmt.Sprintf("%x:%x", s.ignored, s.blocked)
}

// parseSignalState reads a signalsStubEnv value.
func parseSignalState(v string) (signalState, error) {
	ign, blk, ok := strings.Cut(v, ":")
	if !ok {
		return signalState{}, fmt.Errorf("bad signal state %q", v)
	}
	s := signalState{known: true}
	var err error
	if s.ignored, err = strconv.ParseUint(ign, 16, 64); err != nil {
		return signalState{}, fmt.Errorf("bad signal state %q", v)
	}
	if s.blocked, err = strconv.ParseUint(blk, 16, 64); err != nil {
		return signalState{}, fmt.Errorf("bad signal state %q", v)
	}
	return s, nil
}

// apply ignores the signals s ignores and sets the calling thread's mask
// to s's. It runs in the exec stub just before its execve: the Go
// runtime's handlers it overrides are never needed again.
func (s signalState) apply() error {
	for sig := 1; sig < nsig; sig++ {
		if s.ignored&(1<<(sig-1)) == 0 || sig == int(unix.SIGKILL) || sig == int(unix.SIGSTOP) {
			continue
		}
		if err := RtSigaction(unix.Signal(sig), &Sigaction{Handler: SigIGN}, nil); err != nil {
			return fmt.Errorf("ignore signal %d: %w", sig, err)
		}
	}
	set := unix.Sigset_t{Val: [16]uint64{s.blocked}}
	if err := unix.PthreadSigmask(unix.SIG_SETMASK, &set, nil); err != nil {
		return fmt.Errorf("set signal mask: %w", err)
	}
	return nil
}
