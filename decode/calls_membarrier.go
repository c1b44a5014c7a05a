package decode

import (
	"strconv"

	"github.com/sctrace/sctrace/trace"
)

// The decoder of membarrier(2), as strace 6.1's membarrier.c prints it.

// membarrierCmds are the commands (strace's xlat/membarrier_cmds.in),
// which a MEMBARRIER_CMD_QUERY's result also holds as bits.
var membarrierCmds = &xlat{vals: []xv{
	{0, "MEMBARRIER_CMD_QUERY"},
	{1 << 0, "MEMBARRIER_CMD_GLOBAL"},
	{1 << 1, "MEMBARRIER_CMD_GLOBAL_EXPEDITED"},
	{1 << 2, "MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED"},
	{1 << 3, "MEMBARRIER_CMD_PRIVATE_EXPEDITED"},
	{1 << 4, "MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED"},
	{1 << 5, "MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE"},
	{1 << 6, "MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE"},
	{1 << 7, "MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ"},
	{1 << 8, "MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ"},
}, dflt: "MEMBARRIER_CMD_???"}

// membarrierQueried names a query's result as strace's sprintflags
// does: no default comment after bits no command names.
var membarrierQueried = &xlat{vals: membarrierCmds.vals}

// membarrierFlags are the flags (xlat/membarrier_flags.in).
var membarrierFlags = &xlat{vals: []xv{{1 << 0, "MEMBARRIER_CMD_FLAG_CPU"}}, dflt: "MEMBARRIER_CMD_FLAG_???"}

// membarrierFlagCPU is MEMBARRIER_CMD_FLAG_CPU: cpu_id is used (and
// printed) only with it.
const membarrierFlagCPU = 1

// enterMembarrier prints the command (a C int), the flags (unsigned)
// and, with MEMBARRIER_CMD_FLAG_CPU, the cpu_id (a C int).
func enterMembarrier(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.enum(b, membarrierCmds, uint64(uint32(ev.Args[0])))
	b = d.sep(b)
	flags := uint32(ev.Args[1])
	b = d.flags(b, membarrierFlags, uint64(flags))
	if flags&membarrierFlagCPU != 0 {
		b = d.sep(b)
		b = strconv.AppendInt(b, int64(int32(ev.Args[2])), 10)
	}
	return b
}

// retMembarrier prints a MEMBARRIER_CMD_QUERY's non-zero result in hex
// with the commands it holds (" (NAMES)", the number under -X raw); any
// other result in decimal.
func retMembarrier(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if uint32(ev.Args[0]) != 0 || ev.Ret == 0 {
		return appendRetValue(b, c.retType, ev.Ret)
	}
	b = appendHex(b, uint64(ev.Ret))
	b = append(b, " ("...)
	b = d.flags(b, membarrierQueried, uint64(ev.Ret))
	return append(b, ')')
}
