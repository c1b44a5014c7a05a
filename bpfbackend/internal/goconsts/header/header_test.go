package header

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
)

// TestPlansUseNamedValues checks that every plan of every syscall table
// takes only values the header names: a kind, length source or stop the
// programs do not know would be captured by ptrace and not by eBPF.
func TestPlansUseNamedValues(t *testing.T) {
	has := func(cs []constant, v int64) bool {
		for _, c := range cs {
			if c.value == v {
				return true
			}
		}
		return false
	}
	var allWhens int64
	for _, c := range whens {
		allWhens |= c.value
	}
	for _, tbl := range []*syscalls.Table{syscalls.X86_64, syscalls.ARM64} {
		for _, sc := range tbl.All() {
			for i, p := range sc.Plan {
				if !has(captureKinds, int64(p.Kind)) {
					t.Errorf("%s: argument %d: capture kind %d has no C name", sc.Name, i, p.Kind)
				}
				if !has(lenFroms, int64(p.Len)) {
					t.Errorf("%s: argument %d: length source %d has no C name", sc.Name, i, p.Len)
				}
				if int64(p.When)&^allWhens != 0 {
					t.Errorf("%s: argument %d: stops %#x have no C name", sc.Name, i, p.When)
				}
			}
		}
	}
}
