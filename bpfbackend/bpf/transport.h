/* Transport: the ring buffer that carries every record to user space,
 * the per-CPU buffer a syscall record is built in, the count of records
 * the ring refused, and when a record wakes the reader. */
#ifndef SCTRACE_TRANSPORT_H
#define SCTRACE_TRANSPORT_H

/* wakeup_bytes: above this much unread data, a record wakes the reader. */
const volatile __u64 wakeup_bytes = 1 << 20;

/* events: the ring buffer of records (user space sets its size). */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 24);
} events SEC(".maps");

/* lost counts failed ring-buffer reservations, per CPU. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} lost SEC(".maps");

/* scratch: one record under construction per CPU (max_entries is set to
 * the number of possible CPUs). The slack past REC_LIMIT lets the verifier
 * bound every write at an offset below REC_LIMIT of up to SEG_MAX bytes. */
struct scratch {
	__u8 buf[REC_LIMIT + SEG_MAX + 64];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

/* cpu_key: this CPU's number, where the lean objects' scratch_buf keeps
 * its key. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} cpu_key SEC(".maps");

#ifdef SCTRACE_LEAN
/* zero_key is the key of a one-entry map. */
static const __u32 zero_key = 0;

/* scratch_buf returns this CPU's record buffer. In a lean object it is a
 * function of its own, called from some seventy places: the verifier
 * inlines a CPU number and an array lookup into the program once, not at
 * each of them, and each inlining moves the whole program (a third of
 * sys_enter's verification time). Its key is kept in cpu_key, not on its
 * stack. The tracing object inlines it: with the calls, the verifier
 * refuses its sys_exit, whose chain of 8 calls from the task work
 * rework_cb then needs 528 bytes of stack (a caller spills more around
 * the call), over its bound of 512. */
static __noinline struct scratch *scratch_buf(void)
{
	__u32 *cpu = bpf_map_lookup_elem(&cpu_key, &zero_key);
	if (!cpu)
		return NULL;
	*cpu = bpf_get_smp_processor_id();
	return bpf_map_lookup_elem(&scratch, cpu);
}
#else
/* scratch_buf returns this CPU's record buffer. */
static __always_inline struct scratch *scratch_buf(void)
{
	__u32 cpu = bpf_get_smp_processor_id();
	return bpf_map_lookup_elem(&scratch, &cpu);
}
#endif

/* send_flags hands a record to the ring buffer; a failure is counted,
 * never silent. */
static __always_inline void send_flags(void *data, __u64 size, __u64 flags)
{
	if (bpf_ringbuf_output(&events, data, size, flags) != 0) {
		__u32 zero = 0;
		__u64 *n = bpf_map_lookup_elem(&lost, &zero);
		if (n)
			*n += 1;
	}
}

/* WAKE_EVERY: one record in WAKE_EVERY of a task checks whether much is
 * unread, and then wakes the reader. A wake-up is an inter-processor
 * interrupt (a VM exit under virtualisation), dearer than the record
 * itself, and the reader, once awake, reads until the ring is empty. */
#define WAKE_EVERY 64

/* send hands a record to the ring buffer, waking the reader only when
 * much is unread (checked, when wake counts the task's records, at one
 * record in WAKE_EVERY). */
static __always_inline void send(void *data, __u64 size, __u32 *wake)
{
	__u64 flags = BPF_RB_NO_WAKEUP;
	if ((!wake || ((*wake)++ & (WAKE_EVERY - 1)) == 0) &&
	    bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA) >= wakeup_bytes)
		flags = BPF_RB_FORCE_WAKEUP;
	send_flags(data, size, flags);
}

/* emit_task sends a small record about a task, with ip its instruction
 * pointer when known. A task's exit wakes the reader at once: it may be
 * the last, and then the reader is done. */
static __always_inline void emit_task_ip(enum rec_type type, __u32 tid, __u32 pid, __s64 val, enum rec_flag flags, __u64 ip)
{
	struct rec r = {};
	r.type = type;
	r.size = sizeof(r);
	r.tid = tid;
	r.pid = pid;
	r.ts = bpf_ktime_get_ns();
	r.ret = val;
	r.flags = flags;
	r.ip = ip;
	if (type == REC_EXITTASK)
		send_flags(&r, sizeof(r), BPF_RB_FORCE_WAKEUP);
	else
		send(&r, sizeof(r), 0);
}

/* emit_task sends a small record about a task whose instruction pointer
 * does not matter. */
static __always_inline void emit_task(enum rec_type type, __u32 tid, __u32 pid, __s64 val, enum rec_flag flags)
{
	emit_task_ip(type, tid, pid, val, flags, 0);
}

/* user_ip is where task t is in user space: the instruction pointer its
 * last entry into the kernel saved. */
static __always_inline __u64 user_ip(struct task_struct *t)
{
	struct pt_regs *regs = (struct pt_regs *)bpf_task_pt_regs(t);
	return regs ? regs->ip : 0;
}

#endif
