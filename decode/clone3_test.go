package decode

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// cloneElem sets Elems[k] of argument i's struct clone_args capture
// (syscalls.CloneSetTid, syscalls.CloneExit).
func (e *evb) cloneElem(i, k int, c trace.Capture) *evb {
	c0 := &e.ev.Captures[i]
	for len(c0.Elems) <= k {
		c0.Elems = append(c0.Elems, trace.Capture{})
	}
	c0.Elems[k] = c
	return e
}

// cloneExit is the exit capture of a struct clone_args p whose pidfd
// and parent_tid hold pidfd and ptid (nil: not read).
func cloneExit(p []byte, pidfd, ptid []byte) trace.Capture {
	return trace.Capture{Data: p, Elems: []trace.Capture{{}, {Data: pidfd}, {Data: ptid}}}
}

// Expected strings follow strace 6.1's tests/clone3.c.
func TestClone3Lines(t *testing.T) {
	args := func(flags, pidfd, ptid, setTid, setTidSize uint64) []byte {
		return le(nil).u64(flags).u64(pidfd).u64(0).u64(ptid).u64(0).u64(0).u64(0).u64(0).u64(setTid).u64(setTidSize).u64(0)
	}
	tids := le(nil).u32(1).u32(0xffffffff).u32(3)
	cases := []struct {
		name string
		ev   *evb
		want string
	}{
		{"set_tid", sc(t, "clone3", -22, 0x1000, 88).data(0, args(0, 0, 0, 0x2000, 3)).cloneElem(0, syscalls.CloneSetTid, trace.Capture{Data: tids}),
			`clone3({flags=0, exit_signal=0, stack=NULL, stack_size=0, set_tid=[1, -1, 3], set_tid_size=3}, 88) = -1 EINVAL (Invalid argument)`},
		{"set_tid part", sc(t, "clone3", -22, 0x1000, 88).data(0, args(0, 0, 0, 0x2000, 3)).cloneElem(0, syscalls.CloneSetTid, trace.Capture{Data: tids[:8]}),
			`clone3({flags=0, exit_signal=0, stack=NULL, stack_size=0, set_tid=[1, -1, ... /* 0x2008 */], set_tid_size=3}, 88) = -1 EINVAL (Invalid argument)`},
		{"set_tid fault", sc(t, "clone3", -22, 0x1000, 88).data(0, args(0, 0, 0, 0x2000, 3)).cloneElem(0, syscalls.CloneSetTid, trace.Capture{Faulted: true}),
			`clone3({flags=0, exit_signal=0, stack=NULL, stack_size=0, set_tid=0x2000, set_tid_size=3}, 88) = -1 EINVAL (Invalid argument)`},
		{"set_tid too long", sc(t, "clone3", -22, 0x1000, 88).data(0, args(0, 0, 0, 0x2000, 33)),
			`clone3({flags=0, exit_signal=0, stack=NULL, stack_size=0, set_tid=0x2000, set_tid_size=33}, 88) = -1 EINVAL (Invalid argument)`},
		{"pidfd stored", sc(t, "clone3", 42, 0x1000, 64).data(0, args(0x1000, 0x3000, 0, 0, 0)[:64]).cloneElem(0, syscalls.CloneExit, cloneExit(args(0x1000, 0x3000, 0, 0, 0)[:64], le(nil).u32(5), nil)),
			`clone3({flags=CLONE_PIDFD, pidfd=0x3000, exit_signal=0, stack=NULL, stack_size=0} => {pidfd=[5]}, 64) = 42`},
		{"parent_tid unreadable", sc(t, "clone3", 42, 0x1000, 64).data(0, args(0x100000, 0, 0x3000, 0, 0)[:64]).cloneElem(0, syscalls.CloneExit, cloneExit(args(0x100000, 0, 0x3000, 0, 0)[:64], nil, nil)),
			`clone3({flags=CLONE_PARENT_SETTID, parent_tid=0x3000, exit_signal=0, stack=NULL, stack_size=0} => {parent_tid=0x3000}, 64) = 42`},
		{"struct gone", sc(t, "clone3", 42, 0x1000, 64).data(0, args(0x100000, 0, 0x3000, 0, 0)[:64]).cloneElem(0, syscalls.CloneExit, trace.Capture{Faulted: true}),
			`clone3({flags=CLONE_PARENT_SETTID, parent_tid=0x3000, exit_signal=0, stack=NULL, stack_size=0} => 0x1000, 64) = 42`},
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
