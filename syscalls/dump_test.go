package syscalls

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

func TestDumped(t *testing.T) {
	set := trace.NewFDSet(false)
	set.Add(3)
	opts := &trace.Options{DumpRead: set}
	tbl := X86_64
	for _, c := range []struct {
		name string
		fd   uint64
		want bool
	}{
		{"read", 3, true}, {"read", 4, false}, {"readv", 3, true}, {"recvmsg", 3, true},
		{"write", 3, false}, {"close", 3, false}, {"read", 0xffffffff, false},
	} {
		nr, _ := tbl.Lookup(c.name)
		args := [trace.MaxArgs]uint64{c.fd}
		if got := Dumped(tbl.Get(nr), &args, opts); got != c.want {
			t.Errorf("Dumped(%s, %d) = %v, want %v", c.name, c.fd, got, c.want)
		}
	}
}
