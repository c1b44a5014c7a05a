// SPDX-License-Identifier: GPL-2.0
/* sctrace's eBPF programs: syscall entry and exit, task creation, exit and
 * exec, and signal delivery, for the traced tasks only. Syscall records
 * carry the memory the capture plans (loaded by user space from package
 * syscalls) ask for; with count_only the programs aggregate per syscall
 * instead and send nothing per call. */
#include "kernel.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "events.h"

char LICENSE[] SEC("license") = "GPL";

#define SIGKILL 9
#define SIGSTOP 19

/* Set by user space before loading. */
const volatile __u32 follow_forks = 0;
const volatile __u32 count_only = 0;
const volatile __u32 wall_time = 0;
/* syscall_cpu_time: exit records carry the call's CPU time (-C without -w). */
const volatile __u32 syscall_cpu_time = 0;
const volatile __u32 signals_wanted = 1;
const volatile __u32 string_limit = 32;
const volatile __u32 verbose = 0;
/* -e read= and -e write=: the descriptors whose data is dumped whole, a
 * bitmap of 1024 and whether larger ones are in the set. */
const volatile __u64 dump_read_bits[16] = {};
const volatile __u64 dump_write_bits[16] = {};
const volatile __u32 dump_read_all = 0;
const volatile __u32 dump_write_all = 0;
/* FULL_LIMIT is capture.MaxFullData: the limit of a dumped call's data
 * (a segment holds SEG_MAX bytes at most). */
#define FULL_LIMIT (64 << 20)
/* hold_entries: a call's entry record may be held in the task's storage
 * and sent with its exit, as one record (see HELD_MAX). Only for a lone
 * traced thread (no -f, no -p), whose records nothing else interleaves. */
const volatile __u32 hold_entries = 0;
/* untimed (trace.Options.Untimed): no time is printed or measured. A
 * call's records then carry, instead of times, the number of the task's
 * call (enter_ns counts them), and the signals generated for the task the
 * number of its call at that moment: that orders them as times would,
 * without two clock reads per call. */
const volatile __u32 untimed = 0;
/* fd_names (trace.Options.NameNewFDs, -y): a call's exit record names the
 * descriptors the call created (SEG_FD segments), read from the task's
 * descriptor table then: by the time user space prints the line, the
 * process (and its pipe or socket) may be gone from /proc. */
const volatile __u32 fd_names = 0;
/* sock_states (trace.Options.DescribeSockets, -yy): exit records also
 * carry the state of each socket the call takes or makes (SEG_SOCK), as
 * sock_diag would describe it then. */
const volatile __u32 sock_states = 0;
/* report_stops: report group stops (REC_STOP) from sched_switch. */
const volatile __u32 report_stops = 0;
/* wakeup_bytes: above this much unread data, a record wakes the reader. */
const volatile __u64 wakeup_bytes = 1 << 20;
/* execve and execveat: a task traced with TRACED_STUB (the exec stub) is
 * seen only from its first call of one of them. */
const volatile __s32 exec_nrs[2] = {-1, -1};
/* The syscall filter, a bitmap of trace.MaxNR numbers. */
const volatile __u64 filter_bits[NR_MAX / 64] = {};

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 24);
} events SEC(".maps");

/* traced: the thread ids traced, each with TRACED or TRACED_STUB. */
#define TRACED 1
#define TRACED_STUB 2
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1 << 16);
	__type(key, __u32);
	__type(value, __u32);
} traced SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, NR_MAX);
	__type(key, __u32);
	__type(value, struct syscall_plans);
} plans SEC(".maps");

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
	__u64 enter_ns;
	__u64 cpu_ns;
	__u64 switches;
	__s32 nr;
	__u32 active;
	__u32 deferred; /* the entry record is sent with the exit's */
	__u32 signals;	/* deferred signals were sent since the last record */
	__u32 traced;	/* the task is in the traced map */
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
};

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
	return bpf_task_storage_get(&calls, t, 0, create ? BPF_LOCAL_STORAGE_GET_F_CREATE : 0);
}

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

/* lost counts failed ring-buffer reservations, per CPU. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} lost SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, NR_MAX);
	__type(key, __u32);
	__type(value, struct syscall_stats);
} counts SEC(".maps");

/* hist_args is the context of hist_bucket_test. */
struct hist_args {
	__u64 ns;
	__u32 bucket;
	__u32 pad;
};

/* Keep the types user space needs in the object's BTF. */
const struct rec *unused_rec __attribute__((unused));
const struct seg *unused_seg __attribute__((unused));
const struct fd_name *unused_fd_name __attribute__((unused));
const struct sock_state *unused_sock_state __attribute__((unused));

static __always_inline struct scratch *scratch_buf(void)
{
	__u32 cpu = bpf_get_smp_processor_id();
	return bpf_map_lookup_elem(&scratch, &cpu);
}

static __always_inline bool is_traced(__u32 tid)
{
	return bpf_map_lookup_elem(&traced, &tid) != 0;
}

/* traced_call reports whether tid is traced at a call of nr: the exec
 * stub is hidden until it calls execve. */
static __always_inline bool traced_call(__u32 tid, long nr)
{
	__u32 *v = bpf_map_lookup_elem(&traced, &tid);
	if (!v)
		return false;
	if (*v == TRACED_STUB) {
		if (nr != exec_nrs[0] && nr != exec_nrs[1])
			return false;
		*v = TRACED;
	}
	return true;
}

static __always_inline bool filter_has(long nr)
{
	if (nr < 0 || nr >= NR_MAX)
		return false;
	return (filter_bits[nr >> 6] >> (nr & 63)) & 1;
}

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

/* ---- capture plans ---------------------------------------------------- */

/* cap_state is the record being built. */
struct cap_state {
	__u32 off;  /* next free byte in scratch */
	__u32 nseg;
	__u64 args[MAX_ARGS];
	__u64 sp;
	__s64 ret;
	__u32 at_exit;
	__u32 nr;
	__u32 data_off; /* the data of the last segment read */
	__u32 faulted;	/* a read faulted */
	__u32 limit;	/* capture.Executor.Limit: the string limit, or FULL_LIMIT */
	__u32 full;	/* the call's data is dumped (capture.Executor.FullData) */
	__u64 cpu_ns;	/* REC_F_CPU */
	__u32 has_cpu;
	__u32 nfault; /* reads that faulted, the first FAULTS_MAX in fault_* */
	__u64 fault_addr[FAULTS_MAX];
	__u32 fault_len[FAULTS_MAX];
};

/* note_fault remembers a read of len bytes at addr that faulted, so that
 * a task work can fault its pages in (see rework). */
static __always_inline void note_fault(struct cap_state *st, __u64 addr, __u32 len)
{
	__u32 i = st->nfault;
	if (i < FAULTS_MAX) {
		st->fault_addr[i] = addr;
		st->fault_len[i] = len;
	}
	st->nfault = i + 1;
}

/* CLAMP bounds v (a __u64) by m in the very register the next use reads,
 * where clang would otherwise test a copy the verifier cannot relate. */
#define CLAMP(v, m) asm volatile("if %[x] <= %[lim] goto +1; %[x] = %[lim];" : [x] "+r"(v) : [lim] "i"(m))

/* The capture functions are global: the verifier checks each once, not
 * once per call path, which keeps the programs within its limits. */
#define GLOBAL __attribute__((noinline))

static __always_inline __u32 pad8(__u32 n) { return (n + 7) & ~7u; }

/* seg_begin returns the offset of a new segment of up to len bytes, or -1
 * when the record is full (the reads left are then seen as faults). */
static __always_inline long seg_begin(struct cap_state *st, __u32 len)
{
	__u32 off = st->off;
	if (off + sizeof(struct seg) + len >= REC_LIMIT)
		return -1;
	return off;
}

static __always_inline void seg_end(struct cap_state *st, struct scratch *sc, __u32 off, __u64 addr,
				    __u32 len, __u16 kind, __u16 flags, __u64 aux)
{
	struct seg *sg = (void *)(sc->buf + (off & (REC_LIMIT - 1)));
	sg->addr = addr;
	sg->aux = aux;
	sg->len = len;
	sg->kind = kind;
	sg->flags = flags;
	st->off = off + sizeof(struct seg) + pad8(len);
	st->nseg++;
}

/* SMALL_READ: reads of at most this many bytes go through the stack. The
 * kernel's usercopy hardening checks every read's destination: one in the
 * scratch map (vmalloc'd) costs two more address lookups than one on the
 * stack (is_vmalloc_addr, __virt_addr_valid), about 14% of a traced dd's
 * time in perf; through the stack, its tracee spent ~50 ns less system
 * time per call (4 of 4 alternating runs). */
#define SMALL_READ 32

/* small_read reads n (at most SMALL_READ) bytes at addr into sc at d,
 * through the stack, whole words at a time: the bytes past n, up to the
 * next multiple of 8, are the segment's padding (zeros). It returns 0, or
 * -1 on a fault. */
static __always_inline long small_read(struct scratch *sc, __u32 d, __u64 n, __u64 addr)
{
	__u64 w[SMALL_READ / 8] = {};
	CLAMP(n, SMALL_READ);
	if (bpf_probe_read_user(w, n, (void *)addr) != 0)
		return -1;
	for (int i = 0; i < SMALL_READ / 8; i++) {
		if (i * 8 >= n)
			break;
		*(__u64 *)(sc->buf + ((d + i * 8) & (REC_LIMIT - 1))) = w[i];
	}
	return 0;
}

/* seg_read: capture.Memory.Read of len bytes; empty reads are not
 * recorded. It returns 0, or -1 on a fault. */
GLOBAL int seg_read(struct cap_state *st, __u64 addr, __u32 len)
{
	struct scratch *sc;
	long off;
	__u16 flags = 0;

	if (!st)
		return -1;
	if (len == 0)
		return 0;
	if (len > SEG_MAX)
		len = SEG_MAX;
	sc = scratch_buf();
	off = seg_begin(st, len);
	if (!sc || off < 0)
		return -1;
	__u32 d = ((__u32)off + sizeof(struct seg)) & (REC_LIMIT - 1);
	__u64 n = len;
	CLAMP(n, SEG_MAX);
	long err = n <= SMALL_READ ? small_read(sc, d, n, addr) : bpf_probe_read_user(sc->buf + d, n, (void *)addr);
	if (err != 0) {
		flags = SEG_F_FAULT;
		note_fault(st, addr, n);
		n = 0;
		st->faulted = 1;
	}
	st->data_off = d;
	seg_end(st, sc, off, addr, n, SEG_READ, flags, 0);
	return flags ? -1 : 0;
}

/* seg_str: capture.Memory.ReadCString with at most max bytes. It reads
 * max+2 bytes at most so that a string of max bytes is told from a longer
 * one. */
GLOBAL int seg_str(struct cap_state *st, __u64 addr, __u32 max)
{
	struct scratch *sc;
	long off, r;
	__u16 flags = 0;
	__u32 n;

	if (!st)
		return -1;
	if (max > SEG_MAX - 2)
		max = SEG_MAX - 2;
	sc = scratch_buf();
	off = seg_begin(st, max + 2);
	if (!sc || off < 0)
		return -1;
	__u32 d = ((__u32)off + sizeof(struct seg)) & (REC_LIMIT - 1);
	__u64 size = max + 2;
	CLAMP(size, SEG_MAX);
	r = bpf_probe_read_user_str(sc->buf + d, size, (void *)addr);
	if (r < 0) {
		flags = SEG_F_FAULT;
		note_fault(st, addr, size);
		n = 0;
		st->faulted = 1;
	} else if (r == size) {
		flags = SEG_F_TRUNC;
		n = max;
	} else {
		n = r > 0 ? r - 1 : 0;
	}
	seg_end(st, sc, off, addr, n, SEG_STR, flags, 0);
	return flags & SEG_F_FAULT ? -1 : 0;
}

/* seg_data returns where the size bytes of a new segment go in the
 * scratch buffer (*sc, at *off for seg_end), or NULL when the record is
 * full. */
static __always_inline void *seg_data(struct cap_state *st, __u32 size, struct scratch **sc, long *off)
{
	*sc = scratch_buf();
	*off = seg_begin(st, size);
	if (!*sc || *off < 0)
		return 0;
	return (*sc)->buf + (((__u32)*off + sizeof(struct seg)) & (REC_LIMIT - 1));
}

/* file_of returns the file at descriptor fd of the current task, and its
 * descriptor table in *fdt; NULL when fd is not open. */
static __always_inline struct file *file_of(__s32 fd, struct fdtable **fdt)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct fdtable *t = BPF_CORE_READ(task, files, fdt);
	*fdt = t;
	if (!t || fd < 0 || (__u32)fd >= BPF_CORE_READ(t, max_fds))
		return 0;
	struct file **fds = BPF_CORE_READ(t, fd);
	struct file *f = 0;
	if (bpf_probe_read_kernel(&f, sizeof(f), &fds[fd]) != 0)
		return 0;
	return f;
}

#define SOCKFS_MAGIC 0x534F434B
#define AF_UNIX 1
#define AF_INET 2
#define AF_INET6 10
#define AF_NETLINK 16

static __always_inline __u16 swap16(__u16 v) { return (v >> 8) | (v << 8); }

/* fd_name_seg appends a SEG_FD segment naming file f, at descriptor fd of
 * the current task's table fdt. */
static __always_inline void fd_name_seg(struct cap_state *st, struct file *f, struct fdtable *fdt, __s32 fd)
{
	struct scratch *sc;
	long off;
	struct fd_name *fn = seg_data(st, sizeof(*fn), &sc, &off);
	if (!fn)
		return;
	unsigned long *coe = BPF_CORE_READ(fdt, close_on_exec);
	unsigned long word = 0;
	bpf_probe_read_kernel(&word, sizeof(word), &coe[(__u32)fd / 64]);
	fn->fd = fd;
	fn->cloexec = (word >> (fd & 63)) & 1;
	fn->ino = BPF_CORE_READ(f, f_inode, i_ino);
	fn->magic = BPF_CORE_READ(f, f_inode, i_sb, s_magic);
	const unsigned char *name = BPF_CORE_READ(f, f_path.dentry, d_name.name);
	if (bpf_probe_read_kernel_str(fn->name, sizeof(fn->name), name) < 0)
		fn->name[0] = 0;
	seg_end(st, sc, off, fd, sizeof(struct fd_name), SEG_FD, 0, 0);
}

/* sock_state_seg appends a SEG_SOCK segment with the state of the socket
 * file f is, at descriptor fd; nothing when f is not a socket. */
static __always_inline void sock_state_seg(struct cap_state *st, struct file *f, __s32 fd)
{
	struct scratch *sc;
	long off;
	if (BPF_CORE_READ(f, f_inode, i_sb, s_magic) != SOCKFS_MAGIC)
		return;
	struct socket *sock = BPF_CORE_READ(f, private_data);
	struct sock *sk = BPF_CORE_READ(sock, sk);
	struct sock_state *ss = sk ? seg_data(st, sizeof(*ss), &sc, &off) : 0;
	if (!ss)
		return;
	__builtin_memset(ss, 0, sizeof(*ss));
	ss->fd = fd;
	ss->ino = BPF_CORE_READ(f, f_inode, i_ino);
	const unsigned char *name = BPF_CORE_READ(f, f_path.dentry, d_name.name);
	bpf_probe_read_kernel_str(ss->proto, sizeof(ss->proto), name);
	__u16 family = BPF_CORE_READ(sk, __sk_common.skc_family);
	ss->family = family;
	ss->protocol = BPF_CORE_READ(sk, sk_protocol);
	ss->sport = BPF_CORE_READ(sk, __sk_common.skc_num);
	ss->dport = swap16(BPF_CORE_READ(sk, __sk_common.skc_dport));
	bool hashed = BPF_CORE_READ(sk, __sk_common.skc_node.pprev) != 0;
	switch (family) {
	case AF_INET:
		bpf_probe_read_kernel(ss->saddr, 4, &sk->__sk_common.skc_rcv_saddr);
		bpf_probe_read_kernel(ss->daddr, 4, &sk->__sk_common.skc_daddr);
		ss->listed = hashed || ss->sport != 0;
		break;
	case AF_INET6:
		bpf_probe_read_kernel(ss->saddr, 16, &sk->__sk_common.skc_v6_rcv_saddr);
		bpf_probe_read_kernel(ss->daddr, 16, &sk->__sk_common.skc_v6_daddr);
		ss->listed = hashed || ss->sport != 0;
		break;
	case AF_UNIX: {
		struct unix_sock *u = (void *)sk;
		struct sock *peer = BPF_CORE_READ(u, peer);
		if (peer)
			ss->peer_ino = BPF_CORE_READ(peer, sk_socket, file, f_inode, i_ino);
		struct unix_address *addr = BPF_CORE_READ(u, addr);
		if (addr) {
			int len = BPF_CORE_READ(addr, len) - 2; /* less sun_family */
			if (len > 0) {
				__u64 n = len;
				CLAMP(n, SUN_PATH_MAX);
				bpf_probe_read_kernel(ss->path, n, &addr->name[0].sun_path);
				ss->path_len = n;
			}
		}
		ss->listed = 1;
		break;
	}
	case AF_NETLINK:
		ss->portid = BPF_CORE_READ((struct netlink_sock *)sk, portid);
		ss->listed = ss->portid != 0;
		break;
	}
	seg_end(st, sc, off, fd, sizeof(struct sock_state), SEG_SOCK, 0, 0);
}

/* What seg_fd records of a descriptor. */
enum { FD_NAME = 1, FD_SOCK = 2 };

/* seg_fd appends, for descriptor fd of the current task, a SEG_FD segment
 * naming it (want & FD_NAME) and a SEG_SOCK segment with its state if it
 * is a socket (want & FD_SOCK); nothing when fd is not open. */
GLOBAL int seg_fd(struct cap_state *st, __s32 fd, __u32 want)
{
	struct fdtable *fdt;
	if (!st)
		return 0;
	struct file *f = file_of(fd, &fdt);
	if (!f)
		return 0;
	if (want & FD_NAME)
		fd_name_seg(st, f, fdt, fd);
	if (want & FD_SOCK)
		sock_state_seg(st, f, fd);
	return 0;
}

/* sock_args appends, at a call's entry under sock_states, a SEG_SOCK
 * segment for each socket among its descriptor arguments: strace
 * describes an argument as it is when the call starts. */
static __always_inline void sock_args(struct cap_state *st)
{
	__u32 nr = st->nr;
	struct syscall_plans *sp = bpf_map_lookup_elem(&plans, &nr);
	if (!sp)
		return;
	__u8 mask = sp->fd_args;
	for (int i = 0; i < MAX_ARGS; i++)
		if (mask & (1 << i))
			seg_fd(st, st->args[i], FD_SOCK);
}

/* name_new_fds appends, at a successful exit, a SEG_FD segment for each
 * descriptor the call created (syscall_plans.new_fds), and under
 * sock_states a SEG_SOCK segment for each socket among them. */
static __always_inline void name_new_fds(struct cap_state *st)
{
	__u32 nr = st->nr;
	struct syscall_plans *sp = bpf_map_lookup_elem(&plans, &nr);
	if (!sp || sp->new_fds == NEW_FDS_NONE || st->ret < 0)
		return;
	__u32 want = FD_NAME | (sock_states ? FD_SOCK : 0);
	if (sp->new_fds == NEW_FDS_RET) {
		seg_fd(st, st->ret, want);
		return;
	}
	__u64 i = sp->new_fds - NEW_FDS_PAIR;
	CLAMP(i, MAX_ARGS - 1);
	__s32 pair[2];
	if (bpf_probe_read_user(pair, sizeof(pair), (void *)st->args[i]) != 0)
		return;
	seg_fd(st, pair[0], want);
	seg_fd(st, pair[1], want);
}

static __always_inline __u64 scratch_u64(__u32 off)
{
	struct scratch *sc = scratch_buf();
	if (!sc)
		return 0;
	return *(__u64 *)(sc->buf + (off & (REC_LIMIT - 1)));
}

/* ptr_loop is the state of a pointer array being read. */
struct ptr_loop {
	__u64 addr;
	__u32 count;
	__u32 keep;
	__u32 data_off;
	__u32 faulted;
};

/* ptr_chunk_read reads one page-bounded chunk of a NULL-terminated
 * pointer array, as capture's Memory.ReadPointers does; it returns 1 at
 * the array's end. It is global so that the verifier checks it once, not
 * once per state of the bpf_loop that calls it (which cost ~70K verified
 * instructions, most of the start-up time, in each capturing program). */
GLOBAL int ptr_chunk_read(struct ptr_loop *l)
{
	__u64 chunk[PTR_CHUNK];
	struct scratch *sc;

	if (!l)
		return 1;
	__u64 a = l->addr + (__u64)l->count * 8;
	__u64 bytes = 4096 - (a & 4095);

	if (l->count >= MAX_STRING_ARRAY_COUNT)
		return 1;
	if (bytes > sizeof(chunk))
		bytes = sizeof(chunk);
	bytes &= ~7ull;
	if (bytes == 0)
		bytes = 8;
	CLAMP(bytes, sizeof(chunk));
	if (bpf_probe_read_user(chunk, bytes, (void *)a) != 0) {
		l->faulted = 1;
		return 1;
	}
	sc = scratch_buf();
	if (!sc)
		return 1;
	for (int j = 0; j < PTR_CHUNK; j++) {
		if (j * 8 >= bytes)
			break;
		if (chunk[j] == 0)
			return 1;
		if (l->count < l->keep) {
			__u32 o = (l->data_off + l->count * 8) & (REC_LIMIT - 1);
			*(__u64 *)(sc->buf + o) = chunk[j];
		}
		l->count++;
		if (l->count >= MAX_STRING_ARRAY_COUNT)
			return 1;
	}
	return 0;
}

/* ptr_chunk is the bpf_loop callback over a pointer array's chunks. */
static long ptr_chunk(__u64 i, struct ptr_loop *l)
{
	return ptr_chunk_read(l) ? 1 : 0;
}

/* seg_ptrs: capture.Memory.ReadPointers(addr, keep, MaxStringArrayCount).
 * It returns how many pointers were kept (their data at st->data_off),
 * or -1 when none could be read. */
GLOBAL int seg_ptrs(struct cap_state *st, __u64 addr, __u32 keep)
{
	struct scratch *sc = scratch_buf();
	struct ptr_loop l = {};
	long off;

	if (!st)
		return -1;
	if (keep > MAX_STRING_ARRAY_ELEMS)
		keep = MAX_STRING_ARRAY_ELEMS;
	off = seg_begin(st, keep * 8);
	if (!sc || off < 0)
		return -1;
	l.addr = addr;
	l.keep = keep;
	l.data_off = ((__u32)off + sizeof(struct seg)) & (REC_LIMIT - 1);
	bpf_loop(MAX_STRING_ARRAY_COUNT, ptr_chunk, &l, 0);
	__u32 kept = l.count < keep ? l.count : keep;
	seg_end(st, sc, off, addr, kept * 8, SEG_PTRS, l.faulted ? SEG_F_FAULT : 0, l.count);
	st->data_off = l.data_off;
	if (l.faulted)
		st->faulted = 1;
	if (l.faulted && l.count == 0)
		return -1;
	return kept;
}

/* elem_loop is the state of a loop over an array in a segment. */
struct elem_loop {
	struct cap_state *st;
	__u64 remaining;
	__u32 data_off;
	__u32 count;
	__u32 limit;
	__u32 pad;
};

/* array_str reads string i of a string array. */
static long array_str(__u64 i, struct elem_loop *l)
{
	if (i >= l->count)
		return 1;
	seg_str(l->st, scratch_u64(l->data_off + i * 8), l->limit);
	return 0;
}

/* iov_elem reads the bytes of iovec i. */
static long iov_elem(__u64 i, struct elem_loop *l)
{
	if (i >= l->count)
		return 1;
	__u32 at = l->data_off + i * IOVEC_SIZE;
	__u64 base = scratch_u64(at);
	__u64 ln = scratch_u64(at + 8);
	if (ln > l->remaining)
		ln = l->remaining;
	l->remaining -= ln;
	__u64 take = ln < l->limit ? ln : l->limit;
	if (take > 0)
		seg_read(l->st, base, take);
	return 0;
}

/* read_iovec mirrors capture's readIovec. */
GLOBAL int read_iovec(struct cap_state *st, __u64 addr, __u64 count)
{
	if (!st)
		return 0;
	__u64 n = count < MAX_ARRAY_ELEMS ? count : MAX_ARRAY_ELEMS;
	if (n == 0)
		return 0;
	if (seg_read(st, addr, n * IOVEC_SIZE) != 0)
		return 0;
	if (st->at_exit && st->ret < 0)
		return 0;
	struct elem_loop l = {};
	l.st = st;
	l.data_off = st->data_off;
	l.count = n;
	if (!verbose && !st->full && l.count > st->limit)
		l.count = st->limit;
	l.remaining = st->at_exit ? (__u64)st->ret : ~0ull;
	l.limit = st->limit;
	bpf_loop(MAX_ARRAY_ELEMS, iov_elem, &l, 0);
	return 0;
}

GLOBAL int capture_msghdr(struct cap_state *st, __u64 addr, __u32 when)
{
	if (!st)
		return 0;
	if (seg_read(st, addr, MSGHDR_SIZE) != 0)
		return 0;
	if ((!st->at_exit && (when & AT_EXIT)) || (st->at_exit && st->ret < 0))
		return 0;
	__u32 h = st->data_off;
	__u64 name = scratch_u64(h + 0);
	__s32 namelen = (__s32)scratch_u64(h + 8);
	__u64 iov = scratch_u64(h + 16);
	__u64 iovlen = scratch_u64(h + 24);
	__u64 ctl = scratch_u64(h + 32);
	__u64 ctllen = scratch_u64(h + 40);
	if (name && namelen > 0)
		seg_read(st, name, namelen < MSG_NAME_MAX ? namelen : MSG_NAME_MAX);
	if (iov)
		read_iovec(st, iov, iovlen);
	if (ctl && ctllen > 0)
		seg_read(st, ctl, ctllen < MSG_CONTROL_MAX ? ctllen : MSG_CONTROL_MAX);
	return 0;
}

/* capture_bytes mirrors capture's captureBytes and ByteLen; how is the
 * plan's len_from | len_arg << 8 (BPF functions take five arguments). */
GLOBAL int capture_bytes(struct cap_state *st, __u64 addr, __u32 how, __u32 elem_size, __u32 size)
{
	__u32 len_from = how & 0xff, len_arg = how >> 8;
	__u64 n;
	if (!st)
		return 0;
	switch (len_from) {
	case LEN_FIXED:
		n = size;
		break;
	case LEN_ARG: {
		if (len_arg >= MAX_ARGS)
			return 0;
		__u64 v = st->args[len_arg & 7];
		__u64 es = elem_size ? elem_size : 1;
		__u64 lim = ~0ull / es;
		/* Hide the overflow test from clang, which would turn it into
		 * a 128-bit multiplication BPF does not have. */
		asm volatile("" : "+r"(lim));
		n = v > lim ? ~0ull : v * es;
		break;
	}
	case LEN_RET:
		if (st->ret <= 0)
			return 0;
		n = st->ret;
		break;
	default:
		return 0;
	}
	__u64 limit = size ? size : st->limit;
	seg_read(st, addr, n < limit ? n : limit);
	return 0;
}

/* capture_string_array mirrors capture's captureStringArray. */
GLOBAL int capture_string_array(struct cap_state *st, __u64 addr, __u32 count_only)
{
	__u32 keep;
	if (!st)
		return 0;
	if (verbose)
		keep = MAX_STRING_ARRAY_ELEMS;
	else if (count_only)
		keep = 0;
	else
		keep = st->limit < MAX_STRING_ARRAY_ELEMS ? st->limit : MAX_STRING_ARRAY_ELEMS;
	int kept = seg_ptrs(st, addr, keep);
	if (kept <= 0 || (count_only && !verbose))
		return 0;
	struct elem_loop l = {};
	l.st = st;
	l.data_off = st->data_off;
	l.count = kept;
	l.limit = st->limit;
	bpf_loop(MAX_STRING_ARRAY_ELEMS, array_str, &l, 0);
	return 0;
}

/* capture_arg executes argument i's plan p, as capture.Executor does. */
GLOBAL int capture_arg(struct cap_state *st, struct plan *p, __u32 i)
{
	if (!st || !p || i >= MAX_ARGS)
		return 0;
	__u8 want = st->at_exit ? AT_EXIT : AT_ENTRY;
	if (p->kind == CAP_NONE || !(p->when & want))
		return 0;
	__u64 idx = i;
	CLAMP(idx, MAX_ARGS - 1);
	__u64 addr = st->args[idx];
	if (p->from_stack)
		addr = st->sp + (__s64)p->stack_offset;
	if (addr == 0)
		return 0;
	switch (p->kind) {
	case CAP_CSTRING:
		seg_str(st, addr, p->size ? p->size : st->limit);
		break;
	case CAP_BYTES:
		capture_bytes(st, addr, p->len_from | (__u32)p->len_arg << 8, p->elem_size, p->size);
		break;
	case CAP_STRING_ARRAY:
		capture_string_array(st, addr, p->count_only);
		break;
	case CAP_IOVEC:
		read_iovec(st, addr, p->len_arg < MAX_ARGS ? st->args[p->len_arg & 7] : 0);
		break;
	case CAP_MSGHDR:
		capture_msghdr(st, addr, p->when);
		break;
	}
	return 0;
}

/* fd_in reports whether fd is in a -e read=/write= descriptor set. */
static __always_inline bool fd_in(const volatile __u64 *bits, __u32 all, __s32 fd)
{
	if (fd < 0)
		return false;
	if (fd >= 1024)
		return all;
	__u64 idx = (__u32)fd >> 6;
	CLAMP(idx, 15);
	return (bits[idx] >> (fd & 63)) & 1;
}

/* dumped mirrors syscalls.Dumped. */
static __always_inline bool dumped(struct syscall_plans *sp, __u64 fd)
{
	switch (sp->dump) {
	case DUMP_READ:
		return fd_in(dump_read_bits, dump_read_all, (__s32)fd);
	case DUMP_WRITE:
		return fd_in(dump_write_bits, dump_write_all, (__s32)fd);
	}
	return false;
}

/* run_plans appends the segments of the plans due at st->at_exit, in
 * argument order, visiting only the arguments that have one. */
static __always_inline void run_plans(struct cap_state *st)
{
	__u32 nr = st->nr;
	struct syscall_plans *sp = bpf_map_lookup_elem(&plans, &nr);
	if (!sp)
		return;
	__u8 mask = st->at_exit ? sp->exit_args : sp->entry_args;
	if (!mask)
		return;
	st->full = dumped(sp, st->args[0]);
	st->limit = st->full ? FULL_LIMIT : string_limit;
	for (int i = 0; i < MAX_ARGS; i++)
		if (mask & (1 << i))
			capture_arg(st, &sp->arg[i], i);
}

/* call_cap_state fills st (zeroed) for the call cs is in: for its entry,
 * or, with at_exit, for its exit with return value ret. */
static __always_inline void call_cap_state(struct cap_state *st, struct call_state *cs, __u32 at_exit, __s64 ret)
{
	st->nr = cs->nr;
	st->at_exit = at_exit;
	st->ret = ret;
	st->sp = cs->sp;
	for (int i = 0; i < MAX_ARGS; i++)
		st->args[i] = cs->args[i];
}

/* How an exit record gets the entry's segments (emit_call). */
enum {
	ENTRY_NONE = 0,	 /* the entry record was sent */
	ENTRY_RERUN = 1, /* deferred (it faulted): the entry plans run again */
	ENTRY_HELD = 2,	 /* held: its segments are in the task's storage */
};

/* fill_rec fills the header of the record in sc from st. */
static __always_inline void fill_rec(struct scratch *sc, struct cap_state *st, __u32 type, __u64 ts,
				     __u64 enter_ts, __u64 pid_tgid, __u32 flags, __u32 nseg_entry)
{
	struct rec *r = (void *)sc->buf;
	r->type = type;
	r->size = st->off;
	r->tid = (__u32)pid_tgid;
	r->pid = pid_tgid >> 32;
	r->nr = st->nr;
	r->nseg = st->nseg;
	r->ts = ts;
	r->ret = st->ret;
	r->sp = st->sp;
	r->flags = flags | (st->has_cpu ? REC_F_CPU : 0);
	r->cpu_ns = st->cpu_ns;
	r->nseg_entry = nseg_entry;
	r->enter_ts = enter_ts;
	for (int i = 0; i < MAX_ARGS; i++)
		r->args[i] = st->args[i];
}

/* hold keeps the entry record built in sc in the task's storage instead
 * of sending it, when hold_entries allows and its segments fit. */
static __always_inline bool hold(struct cap_state *st, struct call_state *cs, struct scratch *sc)
{
	__u32 len = st->off - sizeof(struct rec);
	if (!hold_entries || st->faulted || len > HELD_MAX || st->nr == exec_nrs[0] || st->nr == exec_nrs[1])
		return false;
	__builtin_memcpy(cs->held_buf, sc->buf + sizeof(struct rec), HELD_MAX);
	cs->held_len = len;
	cs->held_nseg = st->nseg;
	cs->held = 1;
	return true;
}

/* unhold puts a held entry's segments back after the header in sc. */
static __always_inline void unhold(struct cap_state *st, struct call_state *cs, struct scratch *sc)
{
	__u32 len = cs->held_len;
	if (len)
		__builtin_memcpy(sc->buf + sizeof(struct rec), cs->held_buf, HELD_MAX);
	if (len > HELD_MAX)
		len = HELD_MAX;
	st->off = sizeof(struct rec) + len;
	st->nseg = cs->held_nseg;
	cs->held = 0;
}

/* hold_quick holds the entry of call nr when no plan captures anything at
 * its entry (a read, say): there is no record to build, only the empty
 * entry to keep, as hold would after building it. */
static __always_inline bool hold_quick(struct call_state *cs, __u32 nr)
{
	if (!hold_entries || nr == exec_nrs[0] || nr == exec_nrs[1])
		return false;
	struct syscall_plans *sp = bpf_map_lookup_elem(&plans, &nr);
	if (sp && (sp->entry_args || (sock_states && sp->fd_args)))
		return false;
	cs->held_len = 0;
	cs->held_nseg = 0;
	cs->held = 1;
	cs->deferred = 0;
	return true;
}

/* hold_socks keeps in cs the SEG_SOCK segments of an entry being
 * deferred, appended to sc after its plans' (none when they do not fit:
 * the exit then describes the sockets as it finds them). */
static __always_inline void hold_socks(struct cap_state *st, struct call_state *cs, struct scratch *sc)
{
	__u32 start = st->off, nseg = st->nseg;
	sock_args(st);
	__u32 len = st->off - start;
	cs->socks_len = 0;
	if (len == 0 || len > SOCKS_HELD_MAX)
		return;
	__builtin_memcpy(cs->socks_buf, sc->buf + (start & (REC_LIMIT - 1)), SOCKS_HELD_MAX);
	cs->socks_len = len;
	cs->socks_nseg = st->nseg - nseg;
}

/* unhold_socks appends a deferred entry's SEG_SOCK segments, kept by
 * hold_socks, after its plans' segments run again at the exit. */
static __always_inline void unhold_socks(struct cap_state *st, struct call_state *cs, struct scratch *sc)
{
	__u32 len = cs->socks_len;
	cs->socks_len = 0;
	if (len == 0 || len > SOCKS_HELD_MAX) {
		sock_args(st);
		return;
	}
	if (st->off + SOCKS_HELD_MAX >= REC_LIMIT)
		return;
	__builtin_memcpy(sc->buf + (st->off & (REC_LIMIT - 1)), cs->socks_buf, SOCKS_HELD_MAX);
	st->off += len;
	st->nseg += cs->socks_nseg;
}

/* emit_call builds and sends a syscall record; it returns false when an
 * entry record is deferred (see REC_F_WITH_ENTRY). entry says how an exit
 * record carries the entry's segments first. cs is the task's state. */
static __always_inline bool emit_call(struct cap_state *st, struct call_state *cs, __u32 type, __u64 ts,
				      __u64 enter_ts, __u64 pid_tgid, __u32 entry, bool may_defer)
{
	struct scratch *sc = scratch_buf();
	__u32 nseg_entry = 0;

	if (!sc)
		return true;
	st->off = sizeof(struct rec);
	st->nseg = 0;
	st->faulted = 0;
	st->nfault = 0;
	if (entry == ENTRY_RERUN) {
		st->at_exit = 0;
		run_plans(st);
		if (sock_states)
			unhold_socks(st, cs, sc);
		nseg_entry = st->nseg;
		st->at_exit = 1;
	} else if (entry == ENTRY_HELD) {
		unhold(st, cs, sc);
		nseg_entry = st->nseg;
	}
	run_plans(st);
	if (may_defer && (type == REC_ENTER ? st->faulted : st->nfault)) {
		/* An exit deferred to a task work keeps its held entry. */
		if (entry == ENTRY_HELD)
			cs->held = 1;
		if (sock_states && type == REC_ENTER)
			hold_socks(st, cs, sc);
		return false;
	}
	if (fd_names && type == REC_EXIT)
		name_new_fds(st);
	if (sock_states && type == REC_ENTER)
		sock_args(st);
	if (type == REC_ENTER && hold(st, cs, sc))
		return true;
	fill_rec(sc, st, type, ts, enter_ts, pid_tgid, entry != ENTRY_NONE ? REC_F_WITH_ENTRY : 0, nseg_entry);
	__u32 size = st->off;
	if (size > REC_LIMIT)
		return true;
	send(sc->buf, size, &cs->wake);
	return true;
}

/* send_held sends a held entry as an entry record of its own: something
 * may come between it and its exit. */
static __always_inline void send_held(struct call_state *cs, __u64 pid_tgid)
{
	struct scratch *sc = scratch_buf();
	struct cap_state st = {};
	if (!sc)
		return;
	unhold(&st, cs, sc);
	call_cap_state(&st, cs, 0, 0);
	fill_rec(sc, &st, REC_ENTER, cs->enter_ns, cs->enter_ns, pid_tgid, 0, 0);
	__u32 size = st.off;
	if (size > REC_LIMIT)
		return;
	send(sc->buf, size, &cs->wake);
}

/* emit_task sends a small record about a task. A task's exit wakes the
 * reader at once: it may be the last, and then the reader is done. */
static __always_inline void emit_task(__u32 type, __u32 tid, __u32 pid, __s64 val, __u32 flags)
{
	struct rec r = {};
	r.type = type;
	r.size = sizeof(r);
	r.tid = tid;
	r.pid = pid;
	r.ts = bpf_ktime_get_ns();
	r.ret = val;
	r.flags = flags;
	if (type == REC_EXITTASK)
		send_flags(&r, sizeof(r), BPF_RB_FORCE_WAKEUP);
	else
		send(&r, sizeof(r), 0);
}

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

/* cpu_time returns the task's CPU time as the scheduler accounted it. */
static __always_inline __u64 cpu_time(struct task_struct *t)
{
	return t->se.sum_exec_runtime;
}

static __always_inline __u64 switches(struct task_struct *t)
{
	return t->nvcsw + t->nivcsw;
}

/* pid_tgid_of is bpf_get_current_pid_tgid() for the current task t, read
 * from its fields: a helper call costs more than two loads. */
static __always_inline __u64 pid_tgid_of(struct task_struct *t)
{
	return (__u64)(__u32)t->tgid << 32 | (__u32)t->pid;
}

SEC("tp_btf/sys_enter")
int BPF_PROG(sys_enter, struct pt_regs *regs, long id)
{
	struct task_struct *task = bpf_get_current_task_btf();
	/* A traced task's own storage says so, which spares the hash lookup
	 * at every call after its first. */
	struct call_state *cs = call_state_of(task, false);
	if (lone && !cs)
		return 0;
	if (!cs || !cs->traced) {
		if (!traced_call(task->pid, id))
			return 0;
		cs = call_state_of(task, true);
		if (!cs)
			return 0;
		cs->traced = 1;
	}
	if (!filter_has(id)) {
		boundary(task, pid_tgid_of(task));
		return 0;
	}
	cs->nr = id;
	cs->active = 1;
	cs->signals = 0;
	cs->stop_noted = 0;
	if (count_only) {
		/* -c needs no arguments: only the call's number and times. */
		if (!wall_time) {
			cs->cpu_ns = cpu_time(task);
			cs->switches = switches(task);
		}
		cs->enter_ns = bpf_ktime_get_ns();
		return 0;
	}
	cs->args[0] = regs->di;
	cs->args[1] = regs->si;
	cs->args[2] = regs->dx;
	cs->args[3] = regs->r10;
	cs->args[4] = regs->r8;
	cs->args[5] = regs->r9;
	cs->sp = regs->sp;
	if (syscall_cpu_time) {
		cs->cpu_ns = cpu_time(task);
		cs->switches = switches(task);
	}
	cs->enter_ns = untimed ? cs->enter_ns + 1 : bpf_ktime_get_ns();

	__u64 pid_tgid = pid_tgid_of(task);
	if (cs->held)
		send_held(cs, pid_tgid);
	if (hold_quick(cs, id))
		return 0;

	struct cap_state state = {};
	struct cap_state *st = &state;
	call_cap_state(st, cs, 0, 0);
	cs->deferred = !emit_call(st, cs, REC_ENTER, cs->enter_ns, cs->enter_ns, pid_tgid, ENTRY_NONE, true);
	return 0;
}

/* hist_bucket is trace.HistBucket. */
static __always_inline __u32 hist_bucket(__u64 ns)
{
	if (ns < (1 << HIST_SUB_BITS))
		return ns;
	__u32 m = 0;
	__u64 v = ns;
	if (v >> 32) { v >>= 32; m += 32; }
	if (v >> 16) { v >>= 16; m += 16; }
	if (v >> 8) { v >>= 8; m += 8; }
	if (v >> 4) { v >>= 4; m += 4; }
	if (v >> 2) { v >>= 2; m += 2; }
	if (v >> 1) { m += 1; }
	return ((m - HIST_SUB_BITS + 1) << HIST_SUB_BITS) |
	       ((ns >> (m - HIST_SUB_BITS)) & ((1 << HIST_SUB_BITS) - 1));
}

/* call_cpu_time is the CPU time of the call cs is in: its wall time when
 * the task was not switched out meanwhile, else the growth of the CPU time
 * the scheduler accounted to it (which leaves out the time it slept). */
static __always_inline __u64 call_cpu_time(struct call_state *cs, struct task_struct *task, __u64 now)
{
	if (switches(task) == cs->switches)
		return now - cs->enter_ns;
	return cpu_time(task) - cs->cpu_ns;
}

static __always_inline void count_call(struct call_state *cs, struct task_struct *task, long ret, __u64 now)
{
	__u32 nr = cs->nr;
	struct syscall_stats *s = bpf_map_lookup_elem(&counts, &nr);
	if (!s)
		return;
	__u64 ns = wall_time ? now - cs->enter_ns : call_cpu_time(cs, task, now);
	if (s->calls == 0 || ns < s->min_ns)
		s->min_ns = ns;
	if (ns > s->max_ns)
		s->max_ns = ns;
	s->calls++;
	if (ret < 0 && ret >= -4095)
		s->errors++;
	s->total_ns += ns;
	__u32 b = hist_bucket(ns);
	if (b < HIST_BUCKETS)
		s->hist[b]++;
}

/* ---- faulting pages in ------------------------------------------------- *
 *
 * Programs on tracepoints cannot take page faults, so a buffer in a page
 * the task has mapped but never touched (a string literal written to
 * /dev/null, say) reads as a fault even at the call's exit. ptrace reads
 * it, faulting it in. When an exit record has such a fault, the exit asks
 * for a task work instead of sending it: the callback runs in the task
 * itself before it returns to user mode, where it may sleep, so it faults
 * the pages in with bpf_copy_from_user and then builds and sends the
 * record as the exit would have. Nothing of the task can come in between.
 * On a kernel without the kfunc (before 6.18), the exit sends the record
 * with its faults, as before. */

typedef int (*task_work_fn)(struct bpf_map *map, void *key, void *value);
extern int bpf_task_work_schedule_resume_impl(struct task_struct *task, struct bpf_task_work *tw,
					      void *map__map, task_work_fn callback, void *aux__prog) __ksym __weak;
extern void bpf_preempt_disable(void) __ksym __weak;
extern void bpf_preempt_enable(void) __ksym __weak;

/* fault_in: exits may be handed to a task work (load-time option). */
const volatile __u32 fault_in = 1;

struct rework {
	struct bpf_task_work tw;
};

/* reworks holds each task's task work, by tid; an entry is made at the
 * task's first fault and deleted at its exit. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1 << 16);
	__type(key, __u32);
	__type(value, struct rework);
} reworks SEC(".maps");

/* FAULT_PAGES bounds the pages one faulted read has faulted in. */
#define FAULT_PAGES 16

/* rework_cb is the task work: it faults in the pages of the reads that
 * faulted, then runs the call's plans again and sends the exit record. */
static int rework_cb(struct bpf_map *map, void *key, void *value)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct call_state *cs = call_state_of(task, false);
	if (!cs || !cs->rework)
		return 0;
	cs->rework = 0;
	__u32 nfault = cs->nfault;
	for (int i = 0; i < FAULTS_MAX; i++) {
		if (i >= nfault)
			break;
		__u64 addr = cs->fault_addr[i];
		__u64 end = addr + (cs->fault_len[i] ? cs->fault_len[i] : 1);
		for (int pg = 0; pg < FAULT_PAGES && addr < end; pg++) {
			__u8 b;
			bpf_copy_from_user(&b, 1, (void *)addr);
			addr = (addr | 4095) + 1;
		}
	}
	struct cap_state state = {};
	struct cap_state *st = &state;
	call_cap_state(st, cs, 1, cs->rework_ret);
	if (syscall_cpu_time) {
		st->cpu_ns = cs->cpu_ns;
		st->has_cpu = 1;
	}
	/* The per-CPU scratch buffer must not be shared with a program on
	 * another task that preempts this one. */
	bpf_preempt_disable();
	emit_call(st, cs, REC_EXIT, cs->rework_ts, cs->enter_ns, bpf_get_current_pid_tgid(), cs->rework_entry, false);
	bpf_preempt_enable();
	return 0;
}

/* rework_exit hands the exit record of the call in st, which faulted, to
 * a task work; it returns false when it cannot, and the exit sends it. */
static __always_inline bool rework_exit(struct call_state *cs, struct cap_state *st, struct task_struct *task,
					__u32 tid, __u32 entry, __u64 now)
{
	if (!fault_in || !bpf_task_work_schedule_resume_impl || !bpf_preempt_disable)
		return false;
	struct rework zero = {};
	bpf_map_update_elem(&reworks, &tid, &zero, BPF_NOEXIST);
	struct rework *rw = bpf_map_lookup_elem(&reworks, &tid);
	if (!rw)
		return false;
	cs->rework_entry = entry;
	cs->rework_ret = st->ret;
	cs->rework_ts = now;
	cs->nfault = st->nfault;
	for (int i = 0; i < FAULTS_MAX; i++) {
		cs->fault_addr[i] = st->fault_addr[i];
		cs->fault_len[i] = st->fault_len[i];
	}
	cs->rework = 1;
	if (bpf_task_work_schedule_resume_impl(task, &rw->tw, &reworks, rework_cb, 0) != 0) {
		cs->rework = 0;
		return false;
	}
	return true;
}

/* unrework sends, when a task exits, the exit record a task work was to
 * send but has not: without its captures, since the memory is going. */
static __always_inline void unrework(struct call_state *cs, __u64 pid_tgid)
{
	if (!cs->rework)
		return;
	cs->rework = 0;
	if (cs->rework_entry == ENTRY_HELD)
		send_held(cs, pid_tgid);
	struct rec r = {};
	r.type = REC_EXIT;
	r.size = sizeof(r);
	r.tid = (__u32)pid_tgid;
	r.pid = pid_tgid >> 32;
	r.nr = cs->nr;
	r.ts = cs->rework_ts;
	r.enter_ts = cs->enter_ns;
	r.ret = cs->rework_ret;
	r.sp = cs->sp;
	r.flags = cs->rework_entry == ENTRY_RERUN ? REC_F_WITH_ENTRY : 0;
	for (int i = 0; i < MAX_ARGS; i++)
		r.args[i] = cs->args[i];
	send(&r, sizeof(r), 0);
}

SEC("tp_btf/sys_exit")
int BPF_PROG(sys_exit, struct pt_regs *regs, long ret)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct call_state *cs = call_state_of(task, false);
	if (!cs)
		return 0;
	if (!cs->active) {
		if (cs->signals && !count_only) {
			cs->signals = 0;
			__u64 pid_tgid = pid_tgid_of(task);
			emit_task(REC_BOUNDARY, (__u32)pid_tgid, pid_tgid >> 32, 0, 0);
		}
		return 0;
	}
	cs->signals = 0;
	if (cs->attached) {
		/* The call -p found in progress: if the task finished it before
		 * its state was written, this is another call (the next entry
		 * rewrites the state, but not if it came first); drop it. */
		cs->attached = 0;
		if (regs->orig_ax != (__u64)(__s64)cs->nr || regs->di != cs->args[0] || regs->si != cs->args[1] ||
		    regs->dx != cs->args[2]) {
			cs->active = 0;
			return 0;
		}
	}
	/* A task dying of SIGKILL (or of a fatal signal the kernel turned
	 * into one) never makes a ptrace syscall-exit stop: its call ends
	 * without a result, reported when it exits. */
	if (task->pending.signal.sig[0] & (1ull << (SIGKILL - 1)))
		return 0;
	cs->active = 0;
	__u64 now = untimed ? cs->enter_ns : bpf_ktime_get_ns();
	if (count_only) {
		count_call(cs, task, ret, now);
		return 0;
	}
	struct cap_state state = {};
	struct cap_state *st = &state;
	call_cap_state(st, cs, 1, ret);
	if (syscall_cpu_time) {
		st->cpu_ns = call_cpu_time(cs, task, now);
		st->has_cpu = 1;
	}
	__u32 entry = cs->held ? ENTRY_HELD : cs->deferred ? ENTRY_RERUN : ENTRY_NONE;
	__u64 pid_tgid = pid_tgid_of(task);
	if (!emit_call(st, cs, REC_EXIT, now, cs->enter_ns, pid_tgid, entry, fault_in) &&
	    !rework_exit(cs, st, task, (__u32)pid_tgid, entry, now))
		emit_call(st, cs, REC_EXIT, now, cs->enter_ns, pid_tgid, entry, false);
	return 0;
}

SEC("tp_btf/sched_process_fork")
int BPF_PROG(sched_process_fork, struct task_struct *parent, struct task_struct *child)
{
	__u32 ptid = (__u32)bpf_get_current_pid_tgid();
	if (!follow_forks || !is_traced(ptid))
		return 0;
	__u32 tid = child->pid;
	__u32 one = 1;
	bpf_map_update_elem(&traced, &tid, &one, BPF_ANY);
	emit_task(REC_NEWTASK, tid, child->tgid, ptid, 0);
	return 0;
}

SEC("tp_btf/sched_process_exit")
int BPF_PROG(sched_process_exit, struct task_struct *p)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pid_tgid;
	if (!is_traced(tid))
		return 0;
	/* A leader that a traced non-leader thread's execve replaces: that
	 * thread takes over its id (REC_EXEC); ptrace reports no exit for it. */
	struct task_struct *execer = BPF_CORE_READ(p, signal, group_exec_task);
	if (execer && execer != p && p->pid == p->tgid && is_traced(BPF_CORE_READ(execer, pid)))
		return 0;
	struct call_state *cs = call_state_of(p, false);
	if (cs && !count_only)
		unrework(cs, pid_tgid);
	bpf_map_delete_elem(&reworks, &tid);
	if (cs && cs->active && cs->held && !count_only) {
		/* The task dies in a call whose entry was held. */
		send_held(cs, pid_tgid);
	} else if (cs && cs->active && cs->deferred && !count_only) {
		/* The task dies in a call whose entry was held back: send the
		 * entry without its captures (its memory is going; capturing
		 * here would also double the programs' verification time). */
		struct rec r = {};
		r.type = REC_ENTER;
		r.size = sizeof(r);
		r.tid = tid;
		r.pid = pid_tgid >> 32;
		r.nr = cs->nr;
		r.ts = cs->enter_ns;
		r.sp = cs->sp;
		for (int i = 0; i < MAX_ARGS; i++)
			r.args[i] = cs->args[i];
		send(&r, sizeof(r), 0);
	}
	emit_task(REC_EXITTASK, tid, pid_tgid >> 32, p->exit_code, 0);
	bpf_map_delete_elem(&traced, &tid);
	return 0;
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(sched_process_exec, struct task_struct *p, int old_pid, struct linux_binprm *bprm)
{
	__u32 old = old_pid;
	__u32 tid = p->pid;
	if (!is_traced(old) && !is_traced(tid))
		return 0;
	if (old != tid) {
		__u32 one = 1;
		bpf_map_update_elem(&traced, &tid, &one, BPF_ANY);
		bpf_map_delete_elem(&traced, &old);
	}
	emit_task(REC_EXEC, tid, p->tgid, old, 0);
	return 0;
}

/* An execve whose entry was held back is sent when the kernel has copied
 * its file name and arguments (so they are paged in) and before the old
 * image is gone: sched_prepare_exec is there for that. */
SEC("tp_btf/sched_prepare_exec")
int BPF_PROG(sched_prepare_exec, struct task_struct *task, struct linux_binprm *bprm)
{
	if (count_only)
		return 0;
	struct call_state *cs = call_state_of(bpf_get_current_task_btf(), false);
	if (!cs || !cs->active || !cs->deferred)
		return 0;
	cs->deferred = 0;
	struct cap_state state = {};
	call_cap_state(&state, cs, 0, 0);
	emit_call(&state, cs, REC_ENTER, cs->enter_ns, cs->enter_ns, bpf_get_current_pid_tgid(), ENTRY_NONE, false);
	return 0;
}

/* __TASK_STOPPED is a task's state in a job-control (group) stop, and
 * JOBCTL_STOP_SIGMASK the bits of task_struct.jobctl that hold the signal
 * of its last group stop. */
#define TASK_STATE_STOPPED 0x4
#define JOBCTL_STOP_SIGMASK 0xffff

/* sched_switch runs when a task is switched out; it is attached only when
 * report_stops or hold_entries asks for it, since it runs at every context
 * switch.
 *
 * A traced task that stops in a group stop is reported (REC_STOP), as
 * strace reports "--- stopped by SIGSTOP ---": every thread of a stopping
 * process switches out in that state, not only the one that dequeued the
 * signal.
 *
 * A task switched out in a call whose entry is held sends it: it may block
 * for long (a reader watching the trace sees the call at once, as under
 * ptrace), and other tasks' records may come before its exit. */
SEC("tp_btf/sched_switch")
int BPF_PROG(sched_switch, bool preempt, struct task_struct *prev, struct task_struct *next,
	     unsigned int prev_state)
{
	if (hold_entries) {
		struct call_state *cs = call_state_of(prev, false);
		if (cs && cs->held)
			send_held(cs, bpf_get_current_pid_tgid());
	}
	if (report_stops && !preempt && (prev_state & TASK_STATE_STOPPED) && is_traced(prev->pid)) {
		struct call_state *cs = call_state_of(prev, false);
		if (cs && cs->stop_noted)
			cs->stop_noted = 0; /* reported by signal_deliver */
		else
			emit_task(REC_STOP, prev->pid, prev->tgid, BPF_CORE_READ(prev, jobctl) & JOBCTL_STOP_SIGMASK, 0);
	}
	return 0;
}

/* sig_rec is a signal record: the header and the kernel's siginfo. */
struct sig_rec {
	struct rec r;
	__u8 info[48];
};

static __always_inline void emit_signal(__u32 tid, __u32 pid, int sig, struct kernel_siginfo *info, __u32 flags,
					__u64 ts)
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

/* SIGKILL is never reported as a delivery: a ptraced task does not stop
 * for it, and the kernel turns other fatal signals into it (see
 * signal_generate). */

SEC("tp_btf/signal_deliver")
int BPF_PROG(signal_deliver, int sig, struct kernel_siginfo *info, struct k_sigaction *ka)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	if (!signals_wanted || sig == SIGKILL || !is_traced((__u32)pid_tgid))
		return 0;
	emit_signal((__u32)pid_tgid, pid_tgid >> 32, sig, info, 0, bpf_ktime_get_ns());
	if (sig == SIGSTOP && report_stops) {
		/* SIGSTOP always stops its task, but a SIGCONT sent at once may
		 * resume it before it is ever switched out: report the stop
		 * here, as ptrace always does, not only from sched_switch. */
		emit_task(REC_STOP, (__u32)pid_tgid, pid_tgid >> 32, SIGSTOP, 0);
		struct call_state *cs = call_state_of(bpf_get_current_task_btf(), false);
		if (cs)
			cs->stop_noted = 1;
	}
	return 0;
}

/* Results of signal_generate. */
#define TRACE_SIGNAL_DELIVERED 0
#define TRACE_SIGNAL_IGNORED 1

/* FATAL_NOCORE: signals whose default action kills without a core dump
 * (SIGHUP, SIGINT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT,
 * SIGVTALRM, SIGPROF, SIGIO, SIGPWR), bit sig-1; real-time signals too. */
#define FATAL_NOCORE ((1ull << 0) | (1ull << 1) | (1ull << 9) | (1ull << 11) | (1ull << 12) | (1ull << 13) | \
		      (1ull << 14) | (1ull << 15) | (1ull << 25) | (1ull << 26) | (1ull << 28) | (1ull << 29))

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

/* A ptraced task stops for every signal but SIGKILL, and strace shows it.
 * Untraced, the kernel discards an ignored signal when it is generated,
 * and turns a fatal one that dumps no core into SIGKILL for the whole
 * group: neither reaches signal_deliver as itself. Those are reported from
 * here, at the task's next syscall boundary (REC_F_DEFERRED). */
SEC("tp_btf/signal_generate")
int BPF_PROG(signal_generate, int sig, struct kernel_siginfo *info, struct task_struct *task, int group, int result)
{
	if (!signals_wanted || sig == SIGKILL || sig < 1 || sig > 64)
		return 0;
	__u32 tid = task->pid;
	if (!is_traced(tid))
		return 0;
	if (result == TRACE_SIGNAL_DELIVERED) {
		bool fatal = sig > 31 || ((FATAL_NOCORE >> (sig - 1)) & 1);
		__u64 blocked = BPF_CORE_READ(task, blocked.sig[0]);
		if (!fatal || ((blocked >> (sig - 1)) & 1) || !default_action(task, sig))
			return 0;
	} else if (result != TRACE_SIGNAL_IGNORED) {
		return 0;
	}
	struct call_state *cs = call_state_of(task, true);
	emit_signal(tid, task->tgid, sig, info, REC_F_DEFERRED, untimed ? (cs ? cs->enter_ns : 0) : bpf_ktime_get_ns());
	if (cs)
		cs->signals = 1;
	return 0;
}

/* hist_bucket_test lets a test check hist_bucket against trace.HistBucket
 * with BPF_PROG_RUN. */
SEC("syscall")
int hist_bucket_test(struct hist_args *a)
{
	a->bucket = hist_bucket(a->ns);
	return 0;
}
