/* Segments: the reads a syscall record carries. A capture plan's every
 * read of user memory becomes one segment (address, bytes or fault) in
 * the record under construction, in the order capture.Executor makes
 * them, so that user space can replay them through the same executor. */
#ifndef SCTRACE_SEGMENTS_H
#define SCTRACE_SEGMENTS_H

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
	__u32 limit;	/* the string limit (capture.Executor.StringLimit), or FULL_LIMIT */
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

/* pad8 rounds n up to a multiple of 8. */
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

/* seg_end completes the segment begun at off with its header, and moves
 * the record past its data. */
static __always_inline void seg_end(struct cap_state *st, struct scratch *sc, __u32 off, __u64 addr,
				    __u32 len, enum seg_kind kind, enum seg_flag flags, __u64 aux)
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
	enum seg_flag flags = 0;

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
	enum seg_flag flags = 0;
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
		/* No NUL before the fault: if max+1 bytes are readable, the
		 * string is longer than max (ReadCString reads max+1). */
		__u64 less = size - 1;
		CLAMP(less, SEG_MAX);
		if (bpf_probe_read_user_str(sc->buf + d, less, (void *)addr) == (long)less)
			r = size;
	}
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

#endif
