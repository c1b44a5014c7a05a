package bpfbackend

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/sctrace/sctrace/capture"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestConstantsMatchGo checks that the constants bpf/ spells out are the
// Go ones they mirror, so that both sides execute the same plans.
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
		"NR_MAX":                 trace.MaxNR,
		"HIST_SUB_BITS":          trace.HistSubBits,
		"MAX_ARGS":               trace.MaxArgs,
		"MAX_ARRAY_ELEMS":        syscalls.MaxArrayElems,
		"MAX_STRING_ARRAY_ELEMS": capture.MaxStringArrayElems,
		"MAX_STRING_ARRAY_COUNT": capture.MaxStringArrayCount,
		"IOVEC_SIZE":             capture.IovecSize,
		"MSGHDR_SIZE":            syscalls.MsghdrSize,
		"MSG_NAME_MAX":           syscalls.MsgNameMax,
		"MSG_CONTROL_MAX":        syscalls.MsgControlMax,
		"FULL_LIMIT":             capture.MaxFullData,
		"CAP_CSTRING":            int64(syscalls.CaptureCString),
		"CAP_BYTES":              int64(syscalls.CaptureBytes),
		"CAP_STRING_ARRAY":       int64(syscalls.CaptureStringArray),
		"CAP_IOVEC":              int64(syscalls.CaptureIovec),
		"CAP_MSGHDR":             int64(syscalls.CaptureMsghdr),
		"AT_ENTRY":               int64(syscalls.AtEntry),
		"AT_EXIT":                int64(syscalls.AtExit),
		"LEN_FIXED":              int64(syscalls.LenFixed),
		"LEN_ARG":                int64(syscalls.LenArg),
		"LEN_RET":                int64(syscalls.LenRet),
		"DUMP_READ":              dumpRead,
		"DUMP_WRITE":             dumpWrite,
	} {
		got, ok := values[name]
		if !ok {
			t.Errorf("%s is not defined in bpf/", name)
		} else if got != want {
			t.Errorf("%s = %d in bpf/, %d in Go", name, got, want)
		}
	}
}
