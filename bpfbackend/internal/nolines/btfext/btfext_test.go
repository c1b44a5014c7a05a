package btfext

import (
	"encoding/binary"
	"os"
	"testing"
)

// ext builds a .BTF.ext section: a 32-byte header, then a func_info part
// of funcLen bytes and a line_info part of lineLen bytes.
func ext(funcLen, lineLen uint32) []byte {
	b := make([]byte, 32+funcLen+lineLen)
	binary.LittleEndian.PutUint16(b, btfExtMagic)
	b[2] = 1 // version
	binary.LittleEndian.PutUint32(b[4:], 32)
	binary.LittleEndian.PutUint32(b[8:], 0)        // func_info_off
	binary.LittleEndian.PutUint32(b[12:], funcLen) // func_info_len
	binary.LittleEndian.PutUint32(b[16:], funcLen) // line_info_off
	binary.LittleEndian.PutUint32(b[20:], lineLen) // line_info_len
	binary.LittleEndian.PutUint32(b[24:], funcLen+lineLen)
	return b
}

func TestStripLines(t *testing.T) {
	b := ext(12, 36)
	changed, err := StripLines(b)
	if err != nil || !changed {
		t.Fatalf("StripLines = %v, %v; want true, nil", changed, err)
	}
	if n, _ := lineInfoLen(b); n != recSizeLen {
		t.Errorf("line_info_len = %d after StripLines, want %d", n, recSizeLen)
	}
	if got := binary.LittleEndian.Uint32(b[12:]); got != 12 {
		t.Errorf("func_info_len = %d after StripLines, want 12 (kept)", got)
	}
	if changed, err = StripLines(b); err != nil || changed {
		t.Errorf("StripLines again = %v, %v; want false, nil", changed, err)
	}
}

func TestStripLinesBadInput(t *testing.T) {
	short := ext(0, 8)[:20]
	bad := ext(0, 8)
	bad[0] = 0
	old := ext(0, 8)
	binary.LittleEndian.PutUint32(old[4:], 16)
	for name, b := range map[string][]byte{"short": short, "magic": bad, "header": old} {
		if _, err := StripLines(b); err == nil {
			t.Errorf("%s: StripLines succeeded", name)
		}
	}
}

// TestStripObject runs Strip and LineInfoLen on the committed object,
// whose line information make generate has emptied already.
func TestStripObject(t *testing.T) {
	obj, err := os.ReadFile("../../../sctrace_bpfel.o")
	if err != nil {
		t.Fatal(err)
	}
	changed, err := Strip(obj)
	if err != nil || changed {
		t.Errorf("Strip = %v, %v; want false, nil", changed, err)
	}
	if n, err := LineInfoLen(obj); err != nil || n != recSizeLen {
		t.Errorf("LineInfoLen = %d, %v; want %d, nil", n, err, recSizeLen)
	}
	if _, err := Strip([]byte("not an object")); err == nil {
		t.Error("Strip of a non-ELF file succeeded")
	}
}
