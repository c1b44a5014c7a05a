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
 * call it does not report, where ptrace would have shown them. */
static __always_inline void boundary(struct task_struct *task, __u64 pid_tgid)
{
	if (count_only)
		return;
	struct call_state *cs = call_state_of(task, false);
	if (!cs || !cs->signals)
		return;
	cs->signals = 0;
	emit_task(REC_BOUNDARY, (__u32)pid_tgid, pid_tgid >> 32, 0, 0);
}

/* __TASK_STOPPED is a task's state in a job-control (group) stop, and
 * JOBCTL_STOP_SIGMASK the bits of task_struct.jobctl that hold the signal
 * of its last group stop. */
#define TASK_STATE_STOPPED 0x4
#define JOBCTL_STOP_SIGMASK 0xffff

/* emit_signal sends a REC_SIGNAL record of signal sig for task tid, with
 * the kernel's siginfo. */
static __always_inline void emit_signal(__u32 tid, __u32 pid, int sig, struct kernel_siginfo *info,
					enum rec_flag flags, __u64 ts)
{
	struct sig_rec s = {};
	s.r.type = REC_SIGNAL;
	s.r.size = sizeof(s);
	s.r.tid = tid;
	s.r.pid = pid;
	s.r.ts = ts;
	s.r.ret = sig;
	s.r.flags = flags;
	if (info)
		bpf_probe_read_kernel(s.info, sizeof(s.info), info);
	send(&s, sizeof(s), 0);
}

/* Results of signal_generate. */
#define TRACE_SIGNAL_DELIVERED 0
#define TRACE_SIGNAL_IGNORED 1

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
