/* Signals and group stops: signal records (delivered, or generated and
 * never delivered: reported at the task's next syscall boundary), and a
 * task entering a group stop. */
#ifndef SCTRACE_SIGNALS_H
#define SCTRACE_SIGNALS_H

/* The signal numbers the programs test. */
#define SIGKILL 9
#define SIGSTOP 19

/* signals_wanted (trace.Options.SignalsWanted): signal records are sent. */
const volatile __u32 signals_wanted = 1;

/* report_stops: report group stops (REC_STOP) from sched_switch. */
const volatile __u32 report_stops = 0;

/* boundary tells user space that a task with deferred signals is at a
 * call it does not report, where ptrace would have shown them (counting:
 * the programs of -c, which report no signal). */
static __always_inline void boundary(struct task_struct *task, struct call_state *cs, bool counting)
{
	if (!cs->signals)
		return;
	clear_signals(cs);
	if (counting)
		return;
	name_task(task, cs);
	__u64 pid_tgid = pid_tgid_of(task);
	emit_task(REC_BOUNDARY, (__u32)pid_tgid, pid_tgid >> 32, 0, 0);
}

/* __TASK_STOPPED is a task's state in a job-control (group) stop, and
 * JOBCTL_STOP_SIGMASK the bits of task_struct.jobctl that hold the signal
 * of its last group stop. */
#define TASK_STATE_STOPPED 0x4
#define JOBCTL_STOP_SIGMASK 0xffff

/* attach_stop takes a counted reference to a task by its (global) pid
 * with bpf_task_from_pid and bpf_task_release (scope.h; weak: without
 * them attach_stop reports nothing, and -p still works). */

/* attaching: the threads -p attached to whose group stop, if they were
 * in one, is not decided yet (value 1 until claimed). User space adds a
 * thread before it traces it, and removes it after attach_stop ran. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1 << 16);
	__type(key, __u32);
	__type(value, __u64);
} attaching SEC(".maps");

/* claim_attach_stop claims tid's attaching entry: true for the one caller
 * that finds it unclaimed (sched_switch reporting a new stop, or
 * attach_stop one found at attach time). */
static __always_inline bool claim_attach_stop(__u32 tid)
{
	__u64 *v = bpf_map_lookup_elem(&attaching, &tid);
	return v && __sync_val_compare_and_swap(v, 1, 0) == 1;
}

/* SEND_SIG_NOINFO and SEND_SIG_PRIV are the kernel's special siginfo
 * pointers (send_sig(), a pipe's SIGPIPE among them): for them the kernel
 * queues a siginfo it builds, SI_USER from the sending task or SI_KERNEL. */
#define SEND_SIG_NOINFO 0
#define SEND_SIG_PRIV 1
#define SI_USER 0
#define SI_KERNEL 0x80

/* kill_siginfo is the start of a siginfo's layout on a 64-bit kernel: the
 * fields the kernel sets for the special pointers. */
struct kill_siginfo {
	int signo, errno_, code, pad;
	int pid;
	unsigned int uid;
};

/* emit_signal sends a REC_SIGNAL record of signal sig for task tid, with
 * the kernel's siginfo at address info, or the one it builds for a special
 * pointer (the current task is then the sender); ip is where the task is.
 * info is an address, not a
 * pointer: the verifier takes a tracepoint's pointer argument for one that
 * is never NULL and would drop the test for SEND_SIG_NOINFO. */
static __always_inline void emit_signal(__u32 tid, __u32 pid, int sig, __u64 info, enum rec_flag flags, __u64 ts, __u64 ip)
{
	struct sig_rec s = {};
	s.r.type = REC_SIGNAL;
	s.r.size = sizeof(s);
	s.r.tid = tid;
	s.r.pid = pid;
	s.r.ts = ts;
	s.r.ret = sig;
	s.r.flags = flags;
	s.r.ip = ip;
	if (info > SEND_SIG_PRIV) {
		bpf_probe_read_kernel(s.info, sizeof(s.info), (void *)info);
	} else {
		struct kill_siginfo k = {.signo = sig, .code = SI_KERNEL};
		if (info == SEND_SIG_NOINFO) {
			k.code = SI_USER;
			k.pid = bpf_get_current_pid_tgid() >> 32;
			k.uid = (__u32)bpf_get_current_uid_gid();
		}
		__builtin_memcpy(s.info, &k, sizeof(k));
	}
	send(&s, sizeof(s), 0);
}

/* Results of signal_generate. */
#define TRACE_SIGNAL_DELIVERED 0
#define TRACE_SIGNAL_IGNORED 1

/* SIGNAL_GROUP_EXIT is signal_struct.flags' bit of a dying group, whose
 * new signals the kernel drops (as ignored) while ptrace stops for none. */
#define SIGNAL_GROUP_EXIT 0x4

/* FATAL_NOCORE: signals whose default action kills without a core dump
 * (SIGHUP, SIGINT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT,
 * SIGVTALRM, SIGPROF, SIGIO, SIGPWR), bit sig-1; real-time signals too. */
#define FATAL_NOCORE ((1ull << 0) | (1ull << 1) | (1ull << 9) | (1ull << 11) | (1ull << 12) | (1ull << 13) | \
		      (1ull << 14) | (1ull << 15) | (1ull << 25) | (1ull << 26) | (1ull << 28) | (1ull << 29))

/* default_action reports whether t takes signal sig's default action. */
static __always_inline bool default_action(struct task_struct *t, int sig)
{
	struct sighand_struct *sh = BPF_CORE_READ(t, sighand);
	void *handler = (void *)1;
	if (!sh)
		return false;
	__u64 off = bpf_core_field_offset(struct sighand_struct, action) +
		    (__u64)(sig - 1) * bpf_core_type_size(struct k_sigaction);
	bpf_probe_read_kernel(&handler, sizeof(handler), (void *)sh + off);
	return handler == 0; /* SIG_DFL */
}

#endif
