/* The traced tasks' call state: the syscall each is in, kept from its
 * entry to its exit, in task-local storage or, for a lone traced thread,
 * in a one-element array. User space writes it too: the tid of the lone
 * thread, and the call a task -p attaches to is blocked in. */
#ifndef SCTRACE_TASKS_H
#define SCTRACE_TASKS_H

/* HELD_MAX bounds the entry segments a held entry keeps (hold_entries):
 * a call whose entry captures more is sent at once. An entry is sent as
 * soon as anything else could come between it and its exit: the task
 * is switched out (it blocks, or is preempted), or it exits in the call.
 * Signals generated meanwhile are ordered by user space by time. */
#define HELD_MAX 64

/* SOCKS_HELD_MAX bounds the socket segments a deferred entry keeps: two
 * sockets. */
#define SOCKS_HELD_MAX (2 * (sizeof(struct seg) + sizeof(struct sock_state)))

/* FAULTS_MAX bounds the faulted reads of one call that a task work
 * faults in (see rework_cb). */
#define FAULTS_MAX 4

/* The syscall in progress, per task. */
struct call_state {
	__u64 args[MAX_ARGS];
	__u64 sp;
	__u64 ip; /* after the call's syscall instruction */
	__u64 enter_ns;
	__u64 cpu_ns;
	__u64 switches;
	__s32 nr;
	__u32 pers; /* trace.Personality of the call (of the last one entered) */
	__u32 active;
	__u32 deferred; /* the entry record is sent with the exit's */
	__u32 signals;	/* deferred signals were sent since the last record */
	__u32 traced;	/* the task is in the traced map */
	__u32 launching; /* the exec stub's execve: not let go (detach_on_exec) */
	__u32 wake;	/* records sent while much was unread (send) */
	/* held: the entry's record is not sent yet; its segments are in
	 * held_buf (held_len bytes, held_nseg segments). */
	__u32 held;
	__u32 held_nseg;
	__u32 held_len;
	/* attached: user space wrote this state when -p attached to a task
	 * blocked in this call (from /proc/PID/syscall); the exit checks it is
	 * still that call. */
	__u32 attached;
	/* stop_noted: signal_deliver reported this task's SIGSTOP stop
	 * (sched_switch then leaves it out); cleared at its next call. */
	__u32 stop_noted;
	/* fatal: a fatal signal with its default action was generated for
	 * this task, which the kernel turned into SIGKILL (signal_generate):
	 * its call still returns, as it does under ptrace. */
	__u32 fatal;
	/* maps_sent: -k sent this task's process's mappings (REC_MAPS) since
	 * its last execve; a task's first stack sample sends them. */
	__u32 maps_sent;
	/* maps_stale: the call maps code (mmap, mprotect with PROT_EXEC):
	 * its exit sends the mappings again. */
	__u32 maps_stale;
	/* rework: the exit record waits for a task work (see rework_cb),
	 * which sends it with what these fields kept from the exit. */
	__u32 rework;
	__u32 rework_entry; /* ENTRY_* */
	__u32 nfault;
	__s64 rework_ret;
	__u64 rework_ts;
	__u64 fault_addr[FAULTS_MAX];
	__u32 fault_len[FAULTS_MAX];
	__u8 held_buf[HELD_MAX];
	/* socks_*: a deferred entry's SEG_SOCK segments (sock_states), taken
	 * at the entry: the exit runs the entry's plans again, but the
	 * sockets must be described as the call found them. */
	__u32 socks_len;
	__u32 socks_nseg;
	__u8 socks_buf[SOCKS_HELD_MAX];
	/* comm: the command name last sent (scope.h: track_comm). */
	__u64 comm[2];
};

/* calls: each traced task's call state (but a lone thread's). */
struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct call_state);
} calls SEC(".maps");

/* lone: a launched command's single traced thread (no -f, no -p). Its call
 * state is then in lone_state, found by an array lookup the verifier
 * inlines rather than a task-storage lookup, and no other task is looked
 * at: a call of any other task returns at the first test. User space sets
 * tid to the exec stub's pid before the stub runs. */
const volatile __u32 lone = 0;

/* lone_state is the lone thread's tid (set by user space) and call state. */
struct lone_state {
	__u32 tid;
	__u32 pad;
	struct call_state cs;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct lone_state);
} lone_state SEC(".maps");

/* call_state_of returns t's call state, creating it when asked; NULL when
 * t has none (an untraced task). */
static __always_inline struct call_state *call_state_of(struct task_struct *t, bool create)
{
	if (lone) {
		__u32 zero = 0;
		struct lone_state *ls = bpf_map_lookup_elem(&lone_state, &zero);
		return ls && t->pid == ls->tid ? &ls->cs : NULL;
	}
	/* A task that no BPF map keeps storage for (most untraced tasks)
	 * is told by one load, without the helper. */
	if (!create && !t->bpf_storage)
		return NULL;
	return bpf_task_storage_get(&calls, t, 0, create ? BPF_LOCAL_STORAGE_GET_F_CREATE : 0);
}

/* untimed (trace.Options.Untimed): no time is printed or measured. A
 * call's records then carry, instead of times, the number of the task's
 * call (enter_ns counts them), and the signals generated for the task the
 * number of its call at that moment: that orders them as times would,
 * without two clock reads per call. */
const volatile __u32 untimed = 0;

/* pid_tgid_of is bpf_get_current_pid_tgid() for the current task t, read
 * from its fields: a helper call costs more than two loads. */
static __always_inline __u64 pid_tgid_of(struct task_struct *t)
{
	return (__u64)(__u32)t->tgid << 32 | (__u32)t->pid;
}

#endif
