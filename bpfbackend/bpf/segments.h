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
	__u32 nr;
	__u32 pers; /* the call's personality (trace.Personality) */
	__u32 pkey; /* plan_key of the call */
	__u32 data_off; /* the data of the last segment read */
	__u32 mmsg_arr;	 /* capture_mmsghdr's loop: its array in scratch, */
	__u32 limit;	/* the string limit (capture.Executor.StringLimit), or FULL_LIMIT */
	__u32 nfault; /* reads that faulted, the first FAULTS_MAX in fault_* */
	__u16 mmsg_count; /* capture_mmsghdr's loop: its elements, */
	/* how: emit_call's how, kept here rather than in a register across
	 * the plans' run (emit_entry's frame is in the deepest chain of
	 * calls). */
	__u16 how;
	__u8 mmsg_recv;	  /* capture_mmsghdr's loop: whether the call receives */
	__u8 cut;	  /* the record was full: no segment after the first that did not fit */
	__u8 faulted;	/* a read faulted */
	/* unsettled: a segment is a fault that no entry of fault_* stands
	 * for (a read that faulted before its page's rest was read, or a
	 * ring without room): the record cannot be REC_F_SETTLED. */
	__u8 unsettled;
	__u8 at_exit;	/* the state is the call's exit's */
	__u8 full;	/* the call's data is dumped (capture.Executor.FullData) */
	__u8 has_cpu;	/* REC_F_CPU: cpu_ns holds the call's CPU time */
	/* nl_iov: the iovecs read_iovec reads are a msghdr's with a netlink
	 * name: MSG_NETLINK_MAX bytes of each at least (msghdr_body). */
	__u8 nl_iov;
	__u64 cpu_ns;	/* REC_F_CPU */
	__u64 opaque; /* hide's */
	__u64 fault_addr[FAULTS_MAX];
	__u32 fault_len[FAULTS_MAX];
};

/* hide returns v through st's memory: in a global function, whose st
 * the verifier knows only as memory of cap_state's size, it does not
 * track what is stored there, so a value that is a different constant
 * on each of several paths (a switch's cases) comes back as one it does
 * not know, and the paths merge rather than each being checked to the
 * end. (Where st is on the caller's stack, whose stores the verifier
 * tracks, v comes back as it went.) One asm statement: as C, the store
 * and load made clang spill registers and grow the frame. */
static __always_inline __u64 hide(struct cap_state *st, __u64 v)
{
	asm volatile("*(u64 *)(%[st] + %[off]) = %[v]; %[v] = *(u64 *)(%[st] + %[off]);"
		     : [v] "+r"(v)
		     : [st] "r"(st), [off] "i"(__builtin_offsetof(struct cap_state, opaque))
		     : "memory");
	return v;
}

/* FAULT_STR marks, in fault_len, a string's fault: its address is the
 * first byte the read could not reach, and only that byte's mapping
 * decides whether the read can succeed (the bytes past it are read only
 * if no NUL comes first). A read of bytes needs all of them. */
#define FAULT_STR (1u << 31)

/* fault_span is the bytes from a noted fault's address that its read
 * wanted (fault_len without FAULT_STR; at least one). */
static __always_inline __u64 fault_span(__u32 len)
{
	len &= ~FAULT_STR;
	return len ? len : 1;
}

/* note_fault remembers a read of len bytes at addr that faulted (len
 * with FAULT_STR for a string's), so that a task work can fault its
 * pages in (see rework). */
static __always_inline void note_fault(struct cap_state *st, __u64 addr, __u32 len)
{
	__u32 i = st->nfault;
	if (i < FAULTS_MAX) {
		st->fault_addr[i] = addr;
		st->fault_len[i] = len;
	}
	st->nfault = i + 1;
}

/* page_room is how many bytes from addr lie before the end of its page
 * (capture.PageSize), in whole elements of elem bytes: what capture's
 * pageRest reads again after a read that faulted. */
static __always_inline __u64 page_room(__u64 addr, __u64 elem)
{
	__u64 room = CAPTURE_PAGE_SIZE - (addr & (CAPTURE_PAGE_SIZE - 1));
	return elem > 1 ? room - room % elem : room;
}

/* CLAMP bounds v (a __u64) by m in the very register the next use reads,
 * where clang would otherwise test a copy the verifier cannot relate. */
#define CLAMP(v, m) asm volatile("if %[x] <= %[lim] goto +1; %[x] = %[lim];" : [x] "+r"(v) : [lim] "i"(m))

/* The capture functions are global: the verifier checks each once, not
 * once per call path, which keeps the programs within its limits. The
 * object of -c, which captures nothing, makes them static, so that
 * they are left out of it. */
#ifdef SCTRACE_COUNTING
#define GLOBAL static __attribute__((noinline))
#else
#define GLOBAL __attribute__((noinline))
#endif

/* pad8 rounds n up to a multiple of 8. */
static __always_inline __u32 pad8(__u32 n) { return (n + 7) & ~7u; }

/* seg_room says whether a segment of len bytes fits in the record. */
static __always_inline bool seg_room(struct cap_state *st, __u32 len)
{
	return !st->cut && st->off + sizeof(struct seg) + len < REC_LIMIT;
}

/* seg_begin returns the offset of a new segment of up to len bytes, or -1
 * when the record is full. The first segment that does not fit cuts the
 * record (REC_F_CUT): no segment follows it, so that user space, replaying
 * the reads, finds the record's end where its reads stopped fitting and
 * counts the reads left (TracerStats.CaptureCut). */
static __always_inline long seg_begin(struct cap_state *st, __u32 len)
{
	if (!seg_room(st, len)) {
		st->cut = 1;
		return -1;
	}
	return st->off;
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
 * scratch map (vmalloc'd), or in a private stack (per-CPU memory, which
 * the kernel gives a function whose frame is 64 bytes or more), costs two
 * more address lookups (is_vmalloc_addr, __virt_addr_valid) than one on
 * the task's kernel stack: a traced dd takes about 23 ns less a call with
 * its one-byte reads there than in a private stack (medians of 15
 * alternating runs). */
#define SMALL_READ 32

/* small_read reads n (at most SMALL_READ) bytes at addr into sc at d,
 * through the stack, whole words at a time: the bytes past n, up to the
 * next multiple of 8, are the segment's padding (zeros). It returns 0, or
 * -1 on a fault. Global, and never inlined, so that its frame stays below
 * the 64 bytes from which the kernel moves a frame to a private stack:
 * the read lands on the task's own stack, which the hardening checks
 * cheapest. */
GLOBAL long small_read(struct scratch *sc, __u32 d, __u64 n, __u64 addr)
{
	__u64 w[SMALL_READ / 8] = {};
	if (!sc)
		return -1;
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

/* CHUNK: the bytes of a large read one REC_DATA record carries. */
#define CHUNK SEG_MAX

/* data_rec is a REC_DATA record as reserved in the ring (its size says
 * how much of data is used). */
struct data_rec {
	struct rec r;
	__u8 data[CHUNK];
};

/* chunk_loop is the state of a large read sent in pieces. */
struct chunk_loop {
	__u64 addr;
	__u64 len;
	__u64 sent;
	__u64 pid_tgid;
	__u32 failed; /* 1: a read faulted; 2: the ring had no room */
	__u32 str;    /* a C string: len counts its characters, up to a NUL */
	__u32 done;   /* the string's NUL was found */
	__u32 pad;
};

/* send_chunk reads piece i of a large read into a REC_DATA record of its
 * own, straight in the ring. */
static long send_chunk(__u64 i, struct chunk_loop *l)
{
	/* First thing: a turn after one that failed or found the NUL ends
	 * the loop, so that the verifier's passes over the states in which
	 * a turn did so are short (3.8K instructions checked in each syscall
	 * program with the test below the offset's, 1.2K here). */
	if (l->failed || l->done)
		return 1;
	/* The offset comes from i, not from l->sent: a size the verifier
	 * must know precisely that changed from one turn to the next would
	 * keep it from seeing the loop's states converge. */
	/* A piece of a string holds CHUNK-1 characters and room for the
	 * NUL bpf_probe_read_user_str always writes. */
	__u64 at = l->str ? i * (CHUNK - 1) : i * CHUNK;
	if (at >= l->len)
		return 1;
	struct data_rec *d = bpf_ringbuf_reserve(&events, sizeof(*d), 0);
	if (!d) {
		l->failed = 2;
		return 1;
	}
	__u64 n = l->len - at + (l->str ? 1 : 0);
	CLAMP(n, CHUNK);
	long r = l->str ? bpf_probe_read_user_str(d->data, n, (void *)(l->addr + at))
			: bpf_probe_read_user(d->data, n, (void *)(l->addr + at));
	if (r < 0) {
		bpf_ringbuf_discard(d, BPF_RB_NO_WAKEUP);
		l->failed = 1;
		return 1;
	}
	if (l->str) {
		if (r < n)
			l->done = 1;
		n = r > 0 ? r - 1 : 0;
		CLAMP(n, CHUNK);
	}
	__builtin_memset(&d->r, 0, sizeof(d->r));
	d->r.type = REC_DATA;
	d->r.size = sizeof(d->r) + n;
	d->r.tid = (__u32)l->pid_tgid;
	d->r.pid = l->pid_tgid >> 32;
	d->r.args[0] = l->addr;
	d->r.args[1] = at;
	bpf_ringbuf_submit(d, BPF_RB_NO_WAKEUP);
	l->sent = at + n;
	return 0;
}

/* send_chunks sends the pieces of the large string *arg describes (its
 * addr, len and str). It is global, and its loop runs over a copy on its
 * own stack (bpf_loop's), so that the verifier checks the loop in a state
 * that knows nothing of the string: in seg_str's, it went over the loop's
 * body until the states it found converged, about 3.5K instructions in
 * each program, against 1K here. seg_read keeps its loop: through
 * send_chunks, its deepest callers (the callback that reads the strings
 * of an ioctl's nested array, under rework.h's task work, which the
 * verifier counts from the program when it sees it never scheduled: no
 * plans, or no task work kfunc) would be nine frames deep, one more than
 * it allows. */
GLOBAL int send_chunks(struct chunk_loop *arg)
{
	struct chunk_loop l;
	if (!arg)
		return 0;
	__builtin_memcpy(&l, arg, sizeof(l));
	/* A string's pieces hold a character less (see send_chunk): its
	 * bound serves bytes too, whose loop ends at len. */
	loop(FULL_LIMIT / (CHUNK - 1) + 1, send_chunk, &l);
	__builtin_memcpy(arg, &l, sizeof(l));
	return 0;
}

/* seg_read_chunked: capture.Memory.Read of len bytes that do not fit in
 * the record: the bytes go ahead in REC_DATA records, the record gets a
 * SEG_F_CHUNKED segment. A fault, or a ring with no room (counted in
 * lost), makes it a faulted segment, which user space reads again from
 * the task. It returns 0, or -1 on a fault. */
static __always_inline int seg_read_chunked(struct cap_state *st, __u64 addr, __u32 len)
{
	struct scratch *sc = scratch_buf();
	long off = seg_begin(st, 0);
	if (!sc || off < 0)
		return -1;
	struct chunk_loop l = {};
	l.addr = addr;
	l.len = len < FULL_LIMIT ? len : FULL_LIMIT;
	l.pid_tgid = bpf_get_current_pid_tgid();
	loop(FULL_LIMIT / CHUNK, send_chunk, &l);
	enum seg_flag flags = SEG_F_CHUNKED;
	if (l.failed) {
		flags = SEG_F_FAULT;
		if (l.failed == 1) {
			note_fault(st, addr, len);
			st->faulted = 1;
		} else {
			__u32 zero = 0;
			__u64 *n = bpf_map_lookup_elem(&lost, &zero);
			if (n)
				*n += 1;
			st->unsettled = 1;
		}
	}
	st->data_off = 0;
	seg_end(st, sc, off, addr, 0, SEG_READ, flags, flags == SEG_F_CHUNKED ? l.sent : 0);
	return l.failed ? -1 : 0;
}

/* read_here is seg_read_here's body, which seg_read inlines: a call
 * from seg_read to seg_read_here would add a frame to the deepest chain
 * of calls from sys_exit, which the verifier bounds to 512 bytes of
 * stack. */
static __always_inline int read_here(struct cap_state *st, __u64 addr, __u32 len)
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

/* seg_read_here is seg_read for bytes the program goes on to parse (at
 * st->data_off in the scratch buffer): never in pieces, a fault when the
 * record is full. */
GLOBAL int seg_read_here(struct cap_state *st, __u64 addr, __u32 len)
{
	return read_here(st, addr, len);
}


/* seg_read: capture.Memory.Read of len bytes; empty reads are not
 * recorded. A read too large for the record goes in pieces ahead of it
 * (seg_read_chunked). It returns 0, or -1 on a fault. */
GLOBAL int seg_read(struct cap_state *st, __u64 addr, __u32 len)
{
	if (!st)
		return -1;
	if (len == 0)
		return 0;
	if (len > SEG_MAX || !seg_room(st, len))
		return seg_read_chunked(st, addr, len);
	return read_here(st, addr, len);
}


/* seg_str: capture.Memory.ReadCString with at most max bytes. It reads
 * max+2 bytes at most so that a string of max bytes is told from a longer
 * one. It returns 0, 1 when the string is longer than max (SEG_F_TRUNC),
 * or -1 on a fault. */
/* seg_str_chunked: capture.Memory.ReadCString of a string of up to max
 * characters that may not fit in the record, sent as seg_read_chunked
 * sends bytes (max+1 characters at most, to tell a string of max from a
 * longer one); aux = the characters sent. */
static __always_inline int seg_str_chunked(struct cap_state *st, __u64 addr, __u32 max)
{
	struct scratch *sc = scratch_buf();
	long off = seg_begin(st, 0);
	if (!sc || off < 0)
		return -1;
	struct chunk_loop l = {};
	l.addr = addr;
	l.len = (__u64)max + 1 < FULL_LIMIT ? (__u64)max + 1 : FULL_LIMIT;
	l.str = 1;
	l.pid_tgid = bpf_get_current_pid_tgid();
	send_chunks(&l);
	enum seg_flag flags = SEG_F_CHUNKED;
	if (l.failed) {
		flags = SEG_F_FAULT;
		if (l.failed == 1) {
			note_fault(st, addr, (max + 2) | FAULT_STR);
			st->faulted = 1;
		} else {
			__u32 zero = 0;
			__u64 *n = bpf_map_lookup_elem(&lost, &zero);
			if (n)
				*n += 1;
			st->unsettled = 1;
		}
	} else if (l.sent > max) {
		flags |= SEG_F_TRUNC;
	}
	seg_end(st, sc, off, addr, 0, SEG_STR, flags, flags & SEG_F_FAULT ? 0 : l.sent);
	return l.failed ? -1 : flags & SEG_F_TRUNC ? 1 : 0;
}

/* str_page_rest reads again, after a read of a string at addr faulted,
 * only the bytes up to the end of addr's page, as strace's umovestr
 * would have found them: it returns their length with the NUL when they
 * hold one, -2 when they hold more than max characters and no NUL (the
 * string is longer than max), or -1: a string that runs into a page that
 * cannot be read (with *before set to the bytes read up to it), or a page
 * that cannot be read at all. */
static __always_inline long str_page_rest(struct scratch *sc, __u32 d, __u64 addr, __u32 max, __u32 *before)
{
	__u64 rest = page_room(addr, 1);
	if (rest >= (__u64)max + 2)
		return -1;
	CLAMP(rest, SEG_MAX);
	/* At most rest bytes are read; the last is replaced by a NUL when
	 * none was found. */
	long r = bpf_probe_read_user_str(sc->buf + d, rest, (void *)addr);
	if (r > 0 && r < rest)
		return r;
	if (r == rest && rest > max)
		return -2;
	if (r == rest)
		/* The whole page rest is characters (the whole read
		 * faulted, so none is a NUL). */
		*before = rest;
	return -1;
}

GLOBAL int seg_str(struct cap_state *st, __u64 addr, __u32 max)
{
	struct scratch *sc;
	long off, r;
	enum seg_flag flags = 0;
	__u32 n;

	if (!st)
		return -1;
	if (max > SEG_MAX - 2 || !seg_room(st, max + 2))
		return seg_str_chunked(st, addr, max);
	sc = scratch_buf();
	off = seg_begin(st, max + 2);
	if (!sc || off < 0)
		return -1;
	__u32 d = ((__u32)off + sizeof(struct seg)) & (REC_LIMIT - 1);
	__u64 size = max + 2;
	CLAMP(size, SEG_MAX);
	__u32 before = 0;
	r = bpf_probe_read_user_str(sc->buf + d, size, (void *)addr);
	if (r < 0)
		r = str_page_rest(sc, d, addr, max, &before);
	if (r == -2) {
		flags = SEG_F_TRUNC;
		n = max;
	} else if (r < 0) {
		flags = SEG_F_FAULT;
		/* The first byte not read: past the page's rest when that was
		 * read whole (before), else in the string's first page. */
		note_fault(st, addr + before, (__u32)(size - before) | FAULT_STR);
		n = 0;
		st->faulted = 1;
	} else if (r == size) {
		flags = SEG_F_TRUNC;
		n = max;
	} else {
		n = r > 0 ? r - 1 : 0;
	}
	/* A fault's aux: the bytes read before it (capture.StringFault). */
	seg_end(st, sc, off, addr, n, SEG_STR, flags, flags & SEG_F_FAULT ? before : 0);
	return flags & SEG_F_FAULT ? -1 : flags & SEG_F_TRUNC ? 1 : 0;
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
