package decode

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// arm returns an exit event of the named arm64 call.
func arm(t *testing.T, name string, ret int64, args ...uint64) *evb {
	t.Helper()
	nr, ok := syscalls.ARM64.Lookup(name)
	if !ok {
		t.Fatalf("no arm64 syscall %q", name)
	}
	e := &evb{ev: trace.Event{Kind: trace.SyscallExit, Arch: trace.ArchAArch64, NR: int32(nr), Ret: ret}}
	copy(e.ev.Args[:], args)
	return e
}

// The generic ABI's layouts and open flag values (arm64). No arm64 strace
// was at hand: the expected strings are the x86_64 formats with the arm64
// layouts and values.
func TestARM64(t *testing.T) {
	d := New(Options{StringLimit: DefaultStringLimit})
	st := make(le, 128)
	copy(st[16:], le(nil).u32(0100644))
	copy(st[48:], le(nil).u64(33519))
	cases := []struct {
		ev   *evb
		want string
	}{
		{arm(t, "openat", 3, 0xffffff9c, 0x1000, 02040000).str(1, "/tmp"), `openat(AT_FDCWD, "/tmp", O_RDONLY|O_CLOEXEC|O_DIRECTORY) = 3`},
		{arm(t, "openat", 3, 0xffffff9c, 0x1000, 0400000).str(1, "/x"), `openat(AT_FDCWD, "/x", O_RDONLY|O_LARGEFILE) = 3`},
		{arm(t, "newfstatat", 0, 3, 0x1000, 0x2000, 0x1000).str(1, "").data(2, st), `newfstatat(3, "", {st_mode=S_IFREG|0644, st_size=33519, ...}, AT_EMPTY_PATH) = 0`},
		{arm(t, "clone", 100, 0x1200011, 0, 0, 0, 0xffff8000), `clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0xffff8000) = 100`},
	}
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}
