package decode

import "testing"

// Expected strings are strace 6.1's (membarrier.c): cpu_id only with
// MEMBARRIER_CMD_FLAG_CPU, and a query's result as the commands it holds.
func TestMembarrier(t *testing.T) {
	const all = "MEMBARRIER_CMD_GLOBAL|MEMBARRIER_CMD_GLOBAL_EXPEDITED|MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED|MEMBARRIER_CMD_PRIVATE_EXPEDITED|MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED|MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE|MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE|MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ|MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ"
	runIoctlCases(t, []ioctlCase{
		{"query", XlatAbbrev, sc(t, "membarrier", 0x3ff, 0, 0, 0xffffffffffffff80),
			"membarrier(MEMBARRIER_CMD_QUERY, 0) = 0x3ff (" + all + "|0x200)"},
		{"query raw", XlatRaw, sc(t, "membarrier", 0x3ff, 0, 0, 0xffffffffffffff80),
			"membarrier(0, 0) = 0x3ff (0x3ff)"},
		{"query verbose", XlatVerbose, sc(t, "membarrier", 0x3ff, 0, 0, 0xffffffffffffff80),
			"membarrier(0 /* MEMBARRIER_CMD_QUERY */, 0) = 0x3ff (0x3ff /* " + all + "|0x200 */)"},
		{"query of nothing", XlatAbbrev, sc(t, "membarrier", 0, 0, 0, 0),
			"membarrier(MEMBARRIER_CMD_QUERY, 0) = 0"},
		{"query of no command", XlatAbbrev, sc(t, "membarrier", 0x400, 0, 0, 0),
			"membarrier(MEMBARRIER_CMD_QUERY, 0) = 0x400 (0x400)"},
		{"cpu", XlatAbbrev, sc(t, "membarrier", -22, 0x40, 1, 3),
			"membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE, MEMBARRIER_CMD_FLAG_CPU, 3) = -1 EINVAL (Invalid argument)"},
		{"cpu verbose", XlatVerbose, sc(t, "membarrier", -22, 0x8, 1, 0xffffffffffffffff),
			"membarrier(0x8 /* MEMBARRIER_CMD_PRIVATE_EXPEDITED */, 0x1 /* MEMBARRIER_CMD_FLAG_CPU */, -1) = -1 EINVAL (Invalid argument)"},
		{"no cpu", XlatAbbrev, sc(t, "membarrier", 0, 0x40, 0, 3),
			"membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE, 0) = 0"},
		{"command result", XlatAbbrev, sc(t, "membarrier", 1, 1, 0, 0),
			"membarrier(MEMBARRIER_CMD_GLOBAL, 0) = 1"},
		{"unknown", XlatAbbrev, sc(t, "membarrier", -22, 0x200, 2, 0),
			"membarrier(0x200 /* MEMBARRIER_CMD_??? */, 0x2 /* MEMBARRIER_CMD_FLAG_??? */) = -1 EINVAL (Invalid argument)"},
		{"unknown flags", XlatAbbrev, sc(t, "membarrier", -22, 0x200, 3, 5),
			"membarrier(0x200 /* MEMBARRIER_CMD_??? */, MEMBARRIER_CMD_FLAG_CPU|0x2, 5) = -1 EINVAL (Invalid argument)"},
		{"unknown flags verbose", XlatVerbose, sc(t, "membarrier", -22, 0x200, 3, 5),
			"membarrier(0x200 /* MEMBARRIER_CMD_??? */, 0x3 /* MEMBARRIER_CMD_FLAG_CPU|0x2 */, 5) = -1 EINVAL (Invalid argument)"},
		{"int command", XlatAbbrev, sc(t, "membarrier", -22, 0xffffffffffffffff, 0xffffffff00000000, 0),
			"membarrier(0xffffffff /* MEMBARRIER_CMD_??? */, 0) = -1 EINVAL (Invalid argument)"},
	})
}
