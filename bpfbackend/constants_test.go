package bpfbackend

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestConstantsMatchGo checks that the constants bpf/ spells out are the
// Go ones they mirror. (The Go constants the programs use are generated
// into bpf/zz_goconsts.h.)
func TestConstantsMatchGo(t *testing.T) {
	var src []byte
	files, err := filepath.Glob("bpf/*.[ch]")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src = append(src, b...)
	}
	values := map[string]int64{}
	define := regexp.MustCompile(`(?m)^#define (\w+) \(?(\d+)(?: << (\d+))?\)?$`)
	for _, m := range define.FindAllSubmatch(src, -1) {
		v, _ := strconv.ParseInt(string(m[2]), 10, 64)
		if len(m[3]) > 0 {
			sh, _ := strconv.Atoi(string(m[3]))
			v <<= sh
		}
		values[string(m[1])] = v
	}
	enum := regexp.MustCompile(`(?m)\b([A-Z_]+) = (\d+)\b`)
	for _, m := range enum.FindAllSubmatch(src, -1) {
		v, _ := strconv.ParseInt(string(m[2]), 10, 64)
		values[string(m[1])] = v
	}
	for name, want := range map[string]int64{
		"DUMP_READ":  dumpRead,
		"DUMP_WRITE": dumpWrite,
	} {
		got, ok := values[name]
		if !ok {
			t.Errorf("%s is not defined in bpf/", name)
		} else if got != want {
			t.Errorf("%s = %d in bpf/, %d in Go", name, got, want)
		}
	}
}
