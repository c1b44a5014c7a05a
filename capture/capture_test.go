package capture

import (
	"math"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

func TestByteLen(t *testing.T) {
	args := [trace.MaxArgs]uint64{0, 0, 10, math.MaxUint64}
	for _, tc := range []struct {
		name string
		p    syscalls.Plan
		ret  int64
		n    uint64
		ok   bool
	}{
		{"fixed", syscalls.Plan{Len: syscalls.LenFixed, Size: 16}, 0, 16, true},
		{"arg", syscalls.Plan{Len: syscalls.LenArg, LenArg: 2}, 0, 10, true},
		{"arg elems", syscalls.Plan{Len: syscalls.LenArg, LenArg: 2, ElemSize: 8}, 0, 80, true},
		{"arg overflow", syscalls.Plan{Len: syscalls.LenArg, LenArg: 3, ElemSize: 8}, 0, math.MaxUint64, true},
		{"ret", syscalls.Plan{Len: syscalls.LenRet}, 7, 7, true},
		{"ret zero", syscalls.Plan{Len: syscalls.LenRet}, 0, 0, false},
		{"ret error", syscalls.Plan{Len: syscalls.LenRet}, -2, 0, false},
	} {
		n, ok := ByteLen(&tc.p, &args, tc.ret)
		if n != tc.n || ok != tc.ok {
			t.Errorf("%s: ByteLen = %d, %v; want %d, %v", tc.name, n, ok, tc.n, tc.ok)
		}
	}
}
