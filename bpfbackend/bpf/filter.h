/* Which tasks and calls are traced: a hash map of thread ids, filled by
 * user space (the launched command, -p) and by the programs (children
 * under -f), then a bitmap of syscall numbers. An untraced task costs one
 * lookup. */
#ifndef SCTRACE_FILTER_H
#define SCTRACE_FILTER_H

/* follow_forks (-f): sched_process_fork traces the children of traced
 * tasks. */
const volatile __u32 follow_forks = 0;

/* detach_on_exec (-b execve): a traced task whose execve succeeds is
 * traced no more, nor are the children it makes later; the exec stub's
 * own execve (call_state.launching) excepted. */
const volatile __u32 detach_on_exec = 0;

/* execve and execveat: a task traced with TRACED_STUB (the exec stub) is
 * seen only from its first call of one of them. */
const volatile __s32 exec_nrs[2] = {-1, -1};
/* The syscall filter, a bitmap of trace.MaxNR numbers. */
const volatile __u64 filter_bits[NR_MAX / 64] = {};

/* traced: the thread ids traced, each with its enum traced_mark. Not
 * preallocated: creating the map is then cheaper (start-up), and few of
 * its entries are ever used. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1 << 16);
	__type(key, __u32);
	__type(value, enum traced_mark);
} traced SEC(".maps");

/* is_traced reports whether thread tid is traced. */
static __always_inline bool is_traced(__u32 tid)
{
	return bpf_map_lookup_elem(&traced, &tid) != 0;
}

/* What traced_call found. */
enum { CALL_UNTRACED, CALL_TRACED, CALL_LAUNCH };

/* traced_call says whether tid is traced at a call of nr: the exec stub
 * is hidden until it calls execve, and that call is CALL_LAUNCH. */
static __always_inline int traced_call(__u32 tid, long nr)
{
	enum traced_mark *v = bpf_map_lookup_elem(&traced, &tid);
	if (!v)
		return CALL_UNTRACED;
	if (*v == TRACED_STUB) {
		if (nr != exec_nrs[0] && nr != exec_nrs[1])
			return CALL_UNTRACED;
		*v = TRACED;
		return CALL_LAUNCH;
	}
	return CALL_TRACED;
}

/* filter_has reports whether syscall nr is traced. */
static __always_inline bool filter_has(long nr)
{
	if (nr < 0 || nr >= NR_MAX)
		return false;
	return (filter_bits[nr >> 6] >> (nr & 63)) & 1;
}

#endif
