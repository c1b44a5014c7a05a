package unwind

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Mapping is one line of /proc/PID/maps.
type Mapping struct {
	Start, End, Offset uint64
	Inode              uint64
	// Perms is the protection field as the kernel prints it ("r-xp").
	Perms string
	// Path is the file or pseudo-file ("[vdso]") mapped; "" for an
	// anonymous mapping.
	Path string
}

// Exec says the mapping is executable.
func (m Mapping) Exec() bool { return len(m.Perms) > 2 && m.Perms[2] == 'x' }

// ParseMaps reads the lines of a /proc/PID/maps file.
func ParseMaps(r io.Reader) ([]Mapping, error) {
	var maps []Mapping
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		m, err := parseMapsLine(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("maps line %d: %w", n, err)
		}
		maps = append(maps, m)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading maps: %w", err)
	}
	return maps, nil
}

// parseMapsLine parses "start-end perms offset dev inode   path".
func parseMapsLine(line string) (Mapping, error) {
	var m Mapping
	rest := line
	field := func() string {
		rest = strings.TrimLeft(rest, " ")
		i := strings.IndexByte(rest, ' ')
		if i < 0 {
			f := rest
			rest = ""
			return f
		}
		f := rest[:i]
		rest = rest[i+1:]
		return f
	}
	rng, perms, off, _, inode := field(), field(), field(), field(), field()
	lo, hi, ok := strings.Cut(rng, "-")
	if !ok || len(perms) != 4 {
		return m, fmt.Errorf("malformed %q", line)
	}
	var err error
	if m.Start, err = strconv.ParseUint(lo, 16, 64); err != nil {
		return m, fmt.Errorf("start of %q: %w", line, err)
	}
	if m.End, err = strconv.ParseUint(hi, 16, 64); err != nil {
		return m, fmt.Errorf("end of %q: %w", line, err)
	}
	if m.Offset, err = strconv.ParseUint(off, 16, 64); err != nil {
		return m, fmt.Errorf("offset of %q: %w", line, err)
	}
	if m.Inode, err = strconv.ParseUint(inode, 10, 64); err != nil {
		return m, fmt.Errorf("inode of %q: %w", line, err)
	}
	m.Perms = perms
	m.Path = strings.TrimLeft(rest, " ")
	return m, nil
}

// ReadMaps reads /proc/PID/maps.
func ReadMaps(pid int) ([]Mapping, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/maps", pid))
	if err != nil {
		return nil, fmt.Errorf("reading mappings: %w", err)
	}
	defer f.Close()
	return ParseMaps(f)
}

// find returns the mapping that holds addr, or nil.
func find(maps []Mapping, addr uint64) *Mapping {
	for i := range maps {
		if addr >= maps[i].Start && addr < maps[i].End {
			return &maps[i]
		}
	}
	return nil
}

// printable returns the mapping strace -k would print a frame at addr in:
// the first mapping with a path that holds it (strace keeps mappings in
// ascending, non-overlapping order and drops anonymous ones), if it is
// executable; nil otherwise.
func printable(maps []Mapping, addr uint64) *Mapping {
	var prevStart, prevEnd uint64
	kept := false
	for i := range maps {
		m := &maps[i]
		if m.Path == "" || m.End < m.Start {
			continue
		}
		if kept && (m.Start <= prevStart || m.Start < prevEnd) {
			continue // a duplicate or an overlap: strace skips it
		}
		prevStart, prevEnd, kept = m.Start, m.End, true
		if addr >= m.Start && addr < m.End {
			if m.Exec() {
				return m
			}
			return nil
		}
	}
	return nil
}
