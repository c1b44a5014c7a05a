package tracee

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/trace"
)

// -u: the exec stub takes the command's identity after the tracer has
// seized it and before its execve, as strace's child does: supplementary
// groups, then setregid, then setreuid. The calls are made on the stub's
// main thread only (raw system calls, not Go's all-threads wrappers): that
// thread executes the command, and the stub's other threads die at execve.
//
// The tracer passes the identity in the stub's environment as
// "UID:GID:EUID:EGID:G1,G2,...". EUID and EGID are the effective ids: the
// executable's owner or group when it is set-user-ID or set-group-ID (a
// traced execve does not honour those bits, so strace sets them itself).

// credStubEnv carries the command's identity to the exec stub.
const credStubEnv = "SCTRACE_CREDS"

// credSpec returns the value of credStubEnv for running path as c.
func credSpec(c *trace.Credentials, path string) string {
	euid, egid := c.UID, c.GID
	var st unix.Stat_t
	if unix.Stat(path, &st) == nil {
		if st.Mode&unix.S_ISUID != 0 {
			euid = st.Uid
		}
		if st.Mode&unix.S_ISGID != 0 {
			egid = st.Gid
		}
	}
	groups := make([]string, len(c.Groups))
	for i, g := range c.Groups {
		groups[i] = strconv.FormatUint(uint64(g), 10)
	}
	return fmt.Sprintf("%d:%d:%d:%d:%s", c.UID, c.GID, euid, egid, strings.Join(groups, ","))
}

// stubCreds is the parsed form of a credSpec.
type stubCreds struct {
	uid, gid, euid, egid uint32
	groups               []uint32
}

// parseCredSpec parses what credSpec wrote.
func parseCredSpec(s string) (stubCreds, error) {
	var c stubCreds
	f := strings.Split(s, ":")
	if len(f) != 5 {
		return c, fmt.Errorf("bad credentials %q", s)
	}
	var ids [4]uint32
	for i := range ids {
		n, err := strconv.ParseUint(f[i], 10, 32)
		if err != nil {
			return c, fmt.Errorf("bad credentials %q", s)
		}
		ids[i] = uint32(n)
	}
	c.uid, c.gid, c.euid, c.egid = ids[0], ids[1], ids[2], ids[3]
	for _, g := range strings.Split(f[4], ",") {
		if g == "" {
			continue
		}
		n, err := strconv.ParseUint(g, 10, 32)
		if err != nil {
			return c, fmt.Errorf("bad credentials %q", s)
		}
		c.groups = append(c.groups, uint32(n))
	}
	return c, nil
}

// apply sets the calling thread's groups, group ids and user ids.
func (c stubCreds) apply() error {
	var gp unsafe.Pointer
	if len(c.groups) > 0 {
		gp = unsafe.Pointer(&c.groups[0])
	}
	if _, _, errno := unix.RawSyscall(unix.SYS_SETGROUPS, uintptr(len(c.groups)), uintptr(gp), 0); errno != 0 {
		return fmt.Errorf("setgroups: %w", errno)
	}
	if _, _, errno := unix.RawSyscall(unix.SYS_SETREGID, uintptr(c.gid), uintptr(c.egid), 0); errno != 0 {
		return fmt.Errorf("setregid: %w", errno)
	}
	if _, _, errno := unix.RawSyscall(unix.SYS_SETREUID, uintptr(c.uid), uintptr(c.euid), 0); errno != 0 {
		return fmt.Errorf("setreuid: %w", errno)
	}
	return nil
}

// stubFail reports a failure of the exec stub the way strace's child dies.
func stubFail(err error) {
	fmt.Fprintf(os.Stderr, "sctrace: %v\n", err)
	os.Exit(1)
}
