package decode

import "testing"

// Expected strings are from strace 6.1's caps.c: capset's data is one
// struct for _LINUX_CAPABILITY_VERSION_1 (what precedes unreadable memory
// is enough), and an address when the header cannot be read.
func TestCapData(t *testing.T) {
	v1 := le(nil).u32(0x19980330).u32(0)
	data := le(nil).u32(1 << 1).u32(1 << 2).u32(0)
	runIoctlCases(t, []ioctlCase{
		{"version 1, one struct read", XlatAbbrev, sc(t, "capset", -1, 0x1000, 0x2ff4).data(0, v1).data(1, data),
			"capset({version=_LINUX_CAPABILITY_VERSION_1, pid=0}, {effective=1<<CAP_DAC_OVERRIDE, permitted=1<<CAP_DAC_READ_SEARCH, inheritable=0}) = -1 EPERM (Operation not permitted)"},
		{"header unreadable", XlatAbbrev, sc(t, "capset", -14, 0x1000, 0x2000).fault(0).data(1, append(data, data...)),
			"capset(0x1000, 0x2000) = -1 EFAULT (Bad address)"},
		{"version 3, one struct read", XlatAbbrev, sc(t, "capset", -1, 0x1000, 0x2ff4).data(0, le(nil).u32(0x20080522).u32(0)).data(1, data),
			"capset({version=_LINUX_CAPABILITY_VERSION_3, pid=0}, 0x2ff4) = -1 EPERM (Operation not permitted)"},
	})
}
