package unwind

import (
	"debug/elf"
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// fakeMaps maps the PT_LOAD segments of the ELF files at paths at fixed
// bases, as the dynamic loader would, plus a stack; it skips files that
// are not there.
func fakeMaps(t testing.TB, paths map[string]uint64) []Mapping {
	var maps []Mapping
	for path, base := range paths {
		f, err := elf.Open(path)
		if err != nil {
			continue
		}
		for _, p := range f.Progs {
			if p.Type != elf.PT_LOAD {
				continue
			}
			perms := "r--p"
			if p.Flags&elf.PF_X != 0 {
				perms = "r-xp"
			}
			start := base + p.Vaddr&^(pageSize-1)
			end := (base + p.Vaddr + p.Memsz + pageSize - 1) &^ (pageSize - 1)
			maps = append(maps, Mapping{Start: start, End: end, Offset: p.Off &^ (pageSize - 1), Inode: 1, Perms: perms, Path: path})
		}
		f.Close()
	}
	return append(maps, Mapping{Start: fuzzStack, End: fuzzStack + 1<<20, Perms: "rw-p", Path: "[stack]"})
}

const (
	fuzzStack = 0x7ffc00000000
	fuzzLibc  = 0x7f0000000000
	fuzzExe   = 0x555500000000
)

// FuzzUnwind unwinds arbitrary registers and stack bytes over real
// modules: it must not panic, and it ends within maxFrames frames and
// one error line.
func FuzzUnwind(f *testing.F) {
	maps := fakeMaps(f, map[string]uint64{"/usr/lib/x86_64-linux-gnu/libc.so.6": fuzzLibc, "/usr/bin/echo": fuzzExe})
	var exec []Mapping
	for _, m := range maps {
		if m.Exec() {
			exec = append(exec, m)
		}
	}
	if len(exec) == 0 {
		f.Skip("no libc.so.6 or /usr/bin/echo to unwind over")
	}
	seed := make([]byte, 64)
	binary.LittleEndian.PutUint64(seed[8:], exec[0].Start+0x80380-exec[0].Offset)
	binary.LittleEndian.PutUint64(seed[16:], fuzzLibc+0x80fc5)
	f.Add(uint64(0xf8350-0x26000), uint64(fuzzStack+0x40), seed)
	f.Add(uint64(0), uint64(0), []byte{})
	u := New(16)
	f.Fuzz(func(t *testing.T, ripOff, rbp uint64, data []byte) {
		m := exec[int(ripOff%uint64(len(exec)))]
		st := &trace.UserStack{Data: data}
		st.Regs[regRIP] = m.Start + ripOff%(m.End-m.Start)
		st.Regs[regRSP] = fuzzStack
		st.Regs[regRBP] = rbp
		for i := 0; i < 6 && len(data) >= 8*(i+1); i++ {
			st.Regs[i] = binary.LittleEndian.Uint64(data[8*i:])
		}
		frames := u.Unwind(maps, st)
		if len(frames) == 0 || len(frames) > 17 {
			t.Fatalf("%d frames", len(frames))
		}
		for i, fr := range frames {
			if fr.Error != "" && i != len(frames)-1 {
				t.Fatalf("error line %d of %d", i, len(frames))
			}
		}
	})
}
