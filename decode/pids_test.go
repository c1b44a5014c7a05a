package decode

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
)

// fakePids is a PidResolver of one nested namespace: ids 1..9 there are
// 1001..1009 in sctrace's, and process 1002 is named "a<b".
type fakePids struct{}

func (fakePids) Translate(tid int32, id int, kind syscalls.PidKind) int {
	if id < 1 || id > 9 {
		return 0
	}
	if kind == syscalls.PidSID {
		return 0
	}
	return 1000 + id
}

func (fakePids) Comm(pid int) (string, bool) {
	if pid == 1002 {
		return "a<b", true
	}
	return "", false
}

func TestDecodePids(t *testing.T) {
	tests := []struct {
		set  PidDecode
		name string
		ret  int64
		args []uint64
		want string
	}{
		{PidNS, "getpid", 2, nil, "getpid() = 2 /* 1002 in strace's PID NS */"},
		{PidComm, "getpid", 2, nil, `getpid() = 2<a\74b>`},
		{PidComm | PidNS, "gettid", 2, nil, `gettid() = 2<a\74b> /* 1002 in strace's PID NS */`},
		{PidComm | PidNS, "getpgrp", 2, nil, "getpgrp() = 2 /* 1002 in strace's PID NS */"},
		{PidNS, "getsid", 4, []uint64{3}, "getsid(3 /* 1003 in strace's PID NS */) = 4"},
		{PidNS, "kill", 0, []uint64{^uint64(0) - 2, 9}, "kill(-3 /* 1003 in strace's PID NS */, SIGKILL) = 0"},
		{PidNS, "kill", 0, []uint64{^uint64(0), 9}, "kill(-1, SIGKILL) = 0"},
		{PidNS, "kill", 0, []uint64{42, 9}, "kill(42, SIGKILL) = 0"},
		{0, "getpid", 2, nil, "getpid() = 2"},
		{PidNS, "getpriority", 0, []uint64{1, 5}, "getpriority(PRIO_PGRP, 5 /* 1005 in strace's PID NS */) = 0"},
		{PidNS, "getpriority", 0, []uint64{2, 5}, "getpriority(PRIO_USER, 5) = 0"},
		{PidNS, "tgkill", 0, []uint64{2, 3, 18}, "tgkill(2 /* 1002 in strace's PID NS */, 3 /* 1003 in strace's PID NS */, SIGCONT) = 0"},
	}
	for _, tt := range tests {
		d := New(Options{StringLimit: DefaultStringLimit, DecodePids: tt.set, Pids: fakePids{}})
		if got := whole(d, sc(t, tt.name, tt.ret, tt.args...).get()); got != tt.want {
			t.Errorf("set %b: got  %s\nwant %s", tt.set, got, tt.want)
		}
	}
}
