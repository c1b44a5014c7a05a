/* Capture: the programs' copy of capture.Executor. The plans of package
 * syscalls, loaded by user space into the plans map, say which user
 * memory each argument of a call points to; these functions read it, at
 * the entry or at the exit, into the record's segments with the same
 * sequence of reads as capture.Executor makes. */
#ifndef SCTRACE_CAPTURE_H
#define SCTRACE_CAPTURE_H

/* string_limit (-s) and verbose (-v): capture.Executor's StringLimit and
 * Verbose. */
const volatile __u32 string_limit = 32;
const volatile __u32 verbose = 0;
/* kvm_vcpu (-e kvm=vcpu): capture.Executor's KVMVcpu. */
#ifndef SCTRACE_LEAN
const volatile __u32 kvm_vcpu = 0;
#else
#define kvm_vcpu LEAN_OFF
#endif
/* -e read= and -e write=: the descriptors whose data is dumped whole, a
 * bitmap of 1024 and whether larger ones are in the set. A dumped call's
 * data is captured up to FULL_LIMIT (a segment holds SEG_MAX bytes at
 * most). The lean object dumps nothing (dumped). */
#ifndef SCTRACE_LEAN
const volatile __u64 dump_read_bits[16] = {};
const volatile __u64 dump_write_bits[16] = {};
const volatile __u32 dump_read_all = 0;
const volatile __u32 dump_write_all = 0;
#endif
/* What the plans in the plans map use: capture_kinds has bit 1 << kind
 * for each plan kind (CAP_*), capture_ioctl says whether a CAP_BYTES plan
 * takes its length from an ioctl request (LEN_IOCTL), capture_clone,
 * capture_bpf_attr and capture_fprog whether one reads a struct
 * clone_args, bpf(2)'s attributes or a struct sock_fprog. The verifier
 * checks no code of what is not set, so a run whose traced calls
 * capture little loads sooner (none at all: -e trace=none, or calls
 * without plans). */
const volatile __u32 capture_kinds = ~0u;
const volatile __u32 capture_ioctl = 1;
const volatile __u32 capture_clone = 1;
const volatile __u32 capture_bpf_attr = 1;
const volatile __u32 capture_fprog = 1;
/* netlink_args: a traced call has descriptor arguments whose netlink
 * sockets are described (syscall_plans.nl_args), even without
 * sock_states (fdname.h), and whose data a plan may read more of when
 * they are (plan.netlink). */
const volatile __u32 netlink_args = 1;
/* msg_control_max: capture.ControlMax, the most bytes of a msghdr's
 * control buffer read. */
const volatile __u32 msg_control_max = 1024;

/* capturing reports whether the plans use kind. */
#define capturing(kind) (capture_kinds & (1u << (kind)))

/* plans: the capture plans of each syscall, by plan_key (by number, one
 * table of NR_MAX per personality). */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, NUM_PERS * NR_MAX);
	__type(key, __u32);
	__type(value, struct syscall_plans);
} plans SEC(".maps");

/* PTR_CHUNK: the pointers of a pointer array read at once. */
#define PTR_CHUNK 8

/* scratch_word is the word at off in the record buffer sc. */
static __always_inline __u64 scratch_word(struct scratch *sc, __u32 off)
{
	return *(__u64 *)(sc->buf + (off & (REC_LIMIT - 1)));
}

/* scratch_u64 is the word at off in this CPU's record buffer. */
static __always_inline __u64 scratch_u64(__u32 off)
{
	struct scratch *sc = scratch_buf();
	if (!sc)
		return 0;
	return scratch_word(sc, off);
}

/* buf_limit mirrors capture's bufLimit: what a buffer the string limit
 * caps copies, the limit and the byte past it (overRead), or the whole
 * limit of a dumped call's data. */
static __always_inline __u32 buf_limit(struct cap_state *st)
{
	return st->limit + (st->full ? 0 : 1);
}

/* read_capped mirrors capture's readCapped: n bytes at addr, at most
 * buf_limit of them, whole or faulted (nothing for none). */
static __always_inline void read_capped(struct cap_state *st, __u64 addr, __u64 n)
{
	if (!n)
		return;
	__u64 limit = buf_limit(st);
	seg_read(st, addr, n < limit ? n : limit);
}

/* read_seg returns the segment the last read appended, whose data is at
 * data_off, when a read since before appended one and it did not fault;
 * else NULL. */
static __always_inline struct seg *read_seg(struct cap_state *st, __u32 before)
{
	struct scratch *sc = scratch_buf();
	if (!sc || st->data_off == before || st->data_off < sizeof(struct seg))
		return NULL;
	struct seg *sg = (void *)(sc->buf + ((st->data_off - sizeof(struct seg)) & (REC_LIMIT - 1)));
	return (sg->flags & SEG_F_FAULT) ? NULL : sg;
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
	__u64 bytes = page_room(a, 1);

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
	loop(MAX_STRING_ARRAY_COUNT, ptr_chunk, &l);
	__u32 kept = l.count < keep ? l.count : keep;
	seg_end(st, sc, off, addr, kept * 8, SEG_PTRS, l.faulted ? SEG_F_FAULT : 0, l.count);
	st->data_off = l.data_off;
	if (l.faulted) {
		/* The chunk that faulted, in one page. */
		note_fault(st, l.addr + (__u64)l.count * 8, 8);
		st->faulted = 1;
	}
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
	__u32 at_exit;
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
	if (l->at_exit) {
		if (ln > l->remaining)
			ln = l->remaining;
		l->remaining -= ln;
	}
	__u64 take = ln < l->limit ? ln : l->limit;
	if (take > 0)
		seg_read(l->st, base, take);
	return 0;
}

/* read_elems reads an array of n elements of size bytes for the program
 * to parse, or, when it cannot be read whole, the whole elements before
 * the end of its page (capture's pageRest). It returns how many it read:
 * 0 when none. */
GLOBAL __u64 read_elems(struct cap_state *st, __u64 addr, __u64 n, __u32 size)
{
	if (!st || size == 0)
		return 0;
	if (seg_read_here(st, addr, n * size) == 0)
		return n;
	__u64 rest = page_room(addr, size);
	if (rest == 0 || rest >= n * size || seg_read_here(st, addr, rest) != 0)
		return 0;
	return rest / size;
}

/* read_iovec mirrors capture's readIovec: with at_exit, rem bytes in all
 * (none when rem, a return value, is negative). */
GLOBAL int read_iovec(struct cap_state *st, __u64 addr, __u64 count, __u32 at_exit, __u64 rem)
{
	if (!st)
		return 0;
	__u64 n = count < MAX_ARRAY_ELEMS ? count : MAX_ARRAY_ELEMS;
	if (n == 0)
		return 0;
	n = read_elems(st, addr, n, IOVEC_SIZE);
	if (n == 0)
		return 0;
	if (at_exit && (__s64)rem < 0)
		return 0;
	struct elem_loop l = {};
	l.st = st;
	l.data_off = st->data_off;
	l.count = n;
	if (!verbose && !st->full && l.count > st->limit)
		l.count = st->limit;
	l.at_exit = at_exit;
	l.remaining = at_exit ? rem : ~0ull;
	l.limit = buf_limit(st);
	if (st->nl_iov && l.limit < MSG_NETLINK_MAX)
		l.limit = MSG_NETLINK_MAX;
	bpf_loop(MAX_ARRAY_ELEMS, iov_elem, &l, 0);
	return 0;
}

/* page_rest mirrors capture's pageRest: after a faulted read of take
 * bytes at addr, the whole elements of elem bytes (1: bytes) up to the
 * end of its page. */
GLOBAL int page_rest(struct cap_state *st, __u64 addr, __u64 take, __u32 elem)
{
	if (!st)
		return 0;
	__u64 rest = page_room(addr, elem);
	if (rest > 0 && rest < take)
		seg_read(st, addr, rest);
	return 0;
}

/* read_array mirrors capture's readArray: n elements of size bytes at
 * ptr, or the whole ones before the end of its page (page_rest). */
GLOBAL int read_array(struct cap_state *st, __u64 ptr, __u64 n, __u32 size)
{
	if (!st || !ptr || !n)
		return 0;
	__u64 take = n * size;
	if (seg_read(st, ptr, take) != 0)
		page_rest(st, ptr, take, size);
	return 0;
}

/* msghdr_body mirrors capture's msghdrBody for the struct msghdr at
 * scratch offset h. */
static __always_inline int msghdr_body(struct cap_state *st, __u32 h, __u32 name_rest, __u32 at_exit, __u64 rem)
{
	struct scratch *sc = scratch_buf();
	if (!st || !sc)
		return 0;
	__u64 name = scratch_word(sc, h + 0);
	__s32 namelen = (__s32)scratch_word(sc, h + 8);
	__u64 iov = scratch_word(sc, h + 16);
	__u64 iovlen = scratch_word(sc, h + 24);
	__u64 ctl = scratch_word(sc, h + 32);
	__u64 ctllen = scratch_word(sc, h + 40);
	__u8 nl = 0;
	if (name && namelen > 0) {
		__u64 take = namelen < MSG_NAME_MAX ? namelen : MSG_NAME_MAX;
		__u32 before = st->data_off;
		/* capture's msghdrBody: what precedes the end of the page of
		 * a name the kernel said is longer. */
		if (seg_read(st, name, take) != 0 && name_rest)
			page_rest(st, name, take, 1);
		/* A netlink address: its iovecs hold netlink messages. */
		struct seg *sg = read_seg(st, before);
		nl = sg && sg->len >= 2 && (__u16)scratch_u64(st->data_off) == AF_NETLINK;
	}
	if (iov) {
		st->nl_iov = nl;
		read_iovec(st, iov, iovlen, at_exit, rem);
		st->nl_iov = 0;
	}
	if (ctl && ctllen > 0)
		seg_read(st, ctl, ctllen < msg_control_max ? ctllen : msg_control_max);
	return 0;
}

/* capture_msghdr mirrors capture's captureMsghdr. */
GLOBAL int capture_msghdr(struct cap_state *st, __u64 addr, __u32 when)
{
	if (!st)
		return 0;
	if (seg_read_here(st, addr, MSGHDR_SIZE) != 0)
		return 0;
	if ((!st->at_exit && (when & AT_EXIT)) || (st->at_exit && st->ret < 0))
		return 0;
	msghdr_body(st, st->data_off, st->at_exit, st->at_exit, st->ret);
	return 0;
}

/* mmsg_loop is the state of a loop over a struct mmsghdr array: the
 * record, which holds the rest (mmsg_*) to keep the stack small. */
struct mmsg_loop {
	struct cap_state *st;
};

/* mmsg_elem copies what element k's header points to, as capture's
 * captureMmsghdr. */
static long mmsg_elem(__u64 k, struct mmsg_loop *l)
{
	struct cap_state *st = l->st;
	if (k >= st->mmsg_count)
		return 1;
	__u32 h = st->mmsg_arr + (__u32)k * MMSGHDR_SIZE;
	__u64 rem = 0x7fffffffffffffffull;
	if (st->mmsg_recv)
		rem = (__u32)scratch_u64(h + MMSG_LEN_OFF);
	msghdr_body(st, h, st->mmsg_recv, 1, rem);
	return 0;
}

/* capture_mmsghdr mirrors capture's captureMmsghdr. */
static __always_inline int capture_mmsghdr(struct cap_state *st, __u64 addr, __u32 when, __u64 count)
{
	if (!st)
		return 0;
	__u32 recv = when & AT_ENTRY;
	count = (__u32)count;
	__u64 n = count < MAX_ARRAY_ELEMS ? count : MAX_ARRAY_ELEMS;
	if (!verbose && !st->full && n > st->limit)
		n = st->limit;
	if (st->at_exit && recv) {
		if (st->ret < 0)
			return 0;
		if (n > (__u64)st->ret)
			n = st->ret;
	}
	if (n == 0)
		return 0;
	n = read_elems(st, addr, n, MMSGHDR_SIZE);
	if (n == 0)
		return 0;
	if (!st->at_exit)
		return 0;
	st->mmsg_arr = st->data_off;
	st->mmsg_count = n;
	st->mmsg_recv = recv != 0;
	struct mmsg_loop l = {st};
	bpf_loop(MAX_ARRAY_ELEMS, mmsg_elem, &l, 0);
	return 0;
}

/* nstr_loop is the state of a loop over a nested array's string
 * pointers (syscalls.IoctlNestedStrs). */
struct nstr_loop {
	struct cap_state *st;
	__u32 data_off;
	__u32 count;
	__u32 elem;
	__u32 size_off;
	__u32 ptr_off;
	__u32 limit;
};

/* nstr_elem reads the string of element i, as capture's nestedStrs. */
static long nstr_elem(__u64 i, struct nstr_loop *l)
{
	if (i >= l->count)
		return 1;
	__u32 at = l->data_off + i * l->elem;
	__u64 size = (__u32)scratch_u64(at + l->size_off);
	__u64 take = size < l->limit ? size : l->limit;
	if (take > 0)
		seg_read(l->st, scratch_u64(at + l->ptr_off), take);
	return 0;
}

/* nested_strs mirrors capture's read of a nested object of size bytes
 * at ptr followed by nestedStrs over its first count elements. */
static __always_inline int nested_strs(struct cap_state *st, __u64 ptr, __u32 size, __u32 count, __u32 req)
{
	if (!st)
		return 0;
	__u32 count_off = 0, size_off = 0, ptr_off = 0;
	__u32 elem = ioctl_nested_strs(req, &count_off, &size_off, &ptr_off);
	__u64 got = size;
	if (seg_read_here(st, ptr, size) != 0) {
		__u64 rest = page_room(ptr, 1);
		if (rest == 0 || rest >= size || seg_read_here(st, ptr, rest) != 0)
			return 0;
		got = rest;
	}
	if (elem == 0)
		return 0;
	__u64 n = got / elem;
	if (count < n)
		n = count;
	if (n > IOCTL_NESTED_STRS_MAX)
		n = IOCTL_NESTED_STRS_MAX;
	struct nstr_loop l = {};
	l.st = st;
	l.data_off = st->data_off;
	l.count = n;
	l.elem = elem;
	l.size_off = size_off;
	l.ptr_off = ptr_off;
	l.limit = st->limit;
	loop(IOCTL_NESTED_STRS_MAX, nstr_elem, &l);
	return 0;
}

/* read_inline makes read_array's reads of n bytes at p (those before
 * the end of the first page when they cannot all be read), inlined: from
 * ioctl_more a call to it would add a frame to the deepest chain of
 * calls. */
static __always_inline void read_inline(struct cap_state *st, __u64 p, __u64 n)
{
	if (seg_read(st, p, n) != 0) {
		__u64 rest = page_room(p, 1);
		if (rest > 0 && rest < n)
			seg_read(st, p, rest);
	}
}

/* ioctl_more mirrors the rest of capture's captureBytes for a LenIoctl
 * plan, after the read of take bytes at addr (err: it faulted): the bytes
 * up to the end of the page, a request's nested object,
 * UBI_IOCRNVOL's tail or FS_IOC_FIEMAP's extents. */
GLOBAL int ioctl_more(struct cap_state *st, __u64 addr, __u64 take, int err)
{
	if (!st)
		return 0;
	__u32 req = st->args[1];
	if (err) {
		page_rest(st, addr, take, 1);
		return 0;
	}
	__u32 ptr_off = 0;
	/* Each request's offsets checked once from here (hide). */
	__u32 nested = hide(st, ioctl_nested(req, &ptr_off));
	ptr_off = hide(st, ptr_off);
	req = hide(st, req);
	if (nested) {
		if (take >= ptr_off + 8) {
			__u64 ptr = scratch_u64(st->data_off + ptr_off);
			__u32 count_off = 0, size_off = 0, sptr_off = 0;
			if (ioctl_nested_strs(req, &count_off, &size_off, &sptr_off) && take >= count_off + 4) {
				/* count_off >= 4: the u32 is the upper half of the word before. */
				__u32 count = (__u32)(scratch_u64(st->data_off + count_off - 4) >> 32);
				nested_strs(st, ptr, nested, count, req);
			} else {
				__u32 faulted = st->faulted, nfault = st->nfault;
				if (seg_read(st, ptr, nested) != 0) {
					/* page_rest's read. nested bounds the object
					 * rather than sizing it: when the read went past
					 * the object and what precedes the page's end
					 * holds it, or the pointer is NULL, it is not a
					 * fault to retry at the exit (the call may have
					 * changed the argument by then), as for a
					 * LEN_PREFIX object. */
					__u64 room = page_room(ptr, 1);
					if (room < nested ? seg_read(st, ptr, room) == 0 : ptr == 0) {
						st->faulted = faulted;
						st->nfault = nfault;
						/* A page's rest stands for the object
						 * only as long as the next page cannot be
						 * read: user space may look again. */
						if (ptr)
							st->unsettled = 1;
					}
				}
			}
		}
		return 0;
	}
	/* UBI_IOCRNVOL's struct is longer than the IOCTL_ARG_MAX bytes read. */
	if (req == IOCTL_UBI_RNVOL && take == IOCTL_ARG_MAX) {
		seg_read(st, addr + IOCTL_ARG_MAX, UBI_RNVOL_SIZE - IOCTL_ARG_MAX);
		return 0;
	}
	if (verbose && (req & ~0xffu) == IOCTL_DM_BASE && (req & 0xff) < DM_REQUESTS && take >= DM_IOCTL_SIZE) {
		/* A device mapper struct's payload, up to its data_size. */
		__u64 size = (__u32)(scratch_u64(st->data_off + DM_DATA_SIZE_OFF - 4) >> 32);
		if (size > DM_IOCTL_SIZE) {
			if (size > DM_DATA_MAX)
				size = DM_DATA_MAX;
			read_inline(st, addr + DM_IOCTL_SIZE, size - DM_IOCTL_SIZE);
		}
		return 0;
	}
	if (verbose && req == IOCTL_BTRFS_SEARCH_V2 && st->at_exit && st->ret >= 0 && take == IOCTL_ARG_MAX) {
		/* The search's buffer past the page read with its struct,
		 * syscalls.BtrfsSearchEnd. */
		__u64 size = scratch_u64(st->data_off + BTRFS_SEARCH_BUF_SIZE_OFF);
		if (size > BTRFS_SEARCH_MAX - BTRFS_SEARCH_V2_SIZE)
			size = BTRFS_SEARCH_MAX - BTRFS_SEARCH_V2_SIZE;
		__u64 end = BTRFS_SEARCH_V2_SIZE + size;
		if (end > take)
			read_inline(st, addr + take, end - take);
		return 0;
	}
	if (req != IOCTL_FIEMAP || !verbose || !st->at_exit || st->ret < 0 || take < FIEMAP_SIZE)
		return 0;
	__u64 mapped = (__u32)(scratch_u64(st->data_off + FIEMAP_MAPPED_OFF - 4) >> 32);
	if (mapped == 0)
		return 0;
	if (mapped > FIEMAP_EXTENTS_MAX)
		mapped = FIEMAP_EXTENTS_MAX;
	seg_read(st, addr + FIEMAP_SIZE, mapped * FIEMAP_EXTENT_SIZE);
	return 0;
}

/* sg_io_buf mirrors one turn of capture's sgioObjects: iovs struct iovec
 * at ptr and len bytes of data in all, or with no iovecs len bytes at
 * ptr (at most the string limit and one more); nothing at NULL. */
static __always_inline void sg_io_buf(struct cap_state *st, __u64 ptr, __u64 len, __u64 iovs)
{
	if (!ptr || (!iovs && !len))
		return;
	if (iovs) {
		read_iovec(st, ptr, iovs, 1, len);
		return;
	}
	read_capped(st, ptr, len);
}

/* sg_io_in is the data a transfer of n bytes received, which left resid
 * of them (syscalls.inLen). */
static __always_inline __u64 sg_io_in(__u64 n, __s32 resid)
{
	return resid > 0 && (__u64)resid <= n ? n - resid : n;
}

/* sg_io_field is the field of SG_IO's struct at scratch offset h that
 * is size bytes (0 to 4; 0: none) at off: a word read and masked, with
 * no branch for the verifier to follow each way of. */
static __always_inline __u64 sg_io_field(struct scratch *sc, __u32 h, __u32 off, __u64 size)
{
	__u64 w = *(__u64 *)(sc->buf + ((h + off) & (REC_LIMIT - 1)));
	CLAMP(size, 4);
	return w & ((1ull << (size * 8)) - 1);
}

/* sg_io_read mirrors one turn of capture's sgioObjects: object j of
 * SG_IO's struct, whose segment's data is at scratch offset h, which it
 * returns (0 for none), as its layout in sg_io_tab says. Global, and
 * called with each j: its ways are checked once, not once for each
 * object. */
GLOBAL __u32 sg_io_read(struct cap_state *st, __u32 h, __u32 j)
{
	struct scratch *sc = scratch_buf();
	if (!st || !sc || h < sizeof(struct seg) || j > 1)
		return 0;
	struct seg *sg = (void *)(sc->buf + ((h - sizeof(struct seg)) & (REC_LIMIT - 1)));
	__u32 n = sg->len, id = sg_io_field(sc, h, 0, 4);
	__u32 v = id == SGIO_V3_ID && n >= SGIO_V3_SIZE ? 0 : id == SGIO_V4_ID && n >= SGIO_V4_SIZE ? 1 : 2;
	if (v > 1)
		return h;
	/* One unknown index: the rest is checked once, not once for each
	 * layout. */
	__u64 i = hide(st, v * 4 + (st->at_exit ? 2 : 0) + j);
	CLAMP(i, 7);
	__u64 l = sg_io_tab[i];
	__u64 ptr = *(__u64 *)(sc->buf + ((h + (l & 0xff)) & (REC_LIMIT - 1)));
	__u64 len = sg_io_field(sc, h, (l >> 8) & 0xff, (l >> 16) & 0xf);
	__u64 iovs = sg_io_field(sc, h, (l >> 20) & 0xff, (l >> 28) & 0xf);
	if ((l >> 40) & 0xf)
		len = sg_io_in(len, sg_io_field(sc, h, (l >> 32) & 0xff, 4));
	__s32 dir = sg_io_field(sc, h, SGIO_V3_DIR, 4);
	__u32 want = (l >> 44) & 3;
	if (want == SGIO_OUT && dir != SG_DXFER_TO_DEV && dir != SG_DXFER_TO_FROM_DEV)
		return h;
	if (want == SGIO_IN && dir != SG_DXFER_FROM_DEV && (dir != SG_DXFER_TO_FROM_DEV || !len))
		return h;
	sg_io_buf(st, ptr, hide(st, len), iovs);
	return h;
}

/* capture_ptr_len mirrors capture's capturePtrLen: a {pointer, length}
 * pair, then up to max bytes it points to. */
GLOBAL int capture_ptr_len(struct cap_state *st, __u64 addr, __u32 max)
{
	if (!st || seg_read_here(st, addr, PTR_LEN_SIZE) != 0)
		return 0;
	__u64 ptr = scratch_u64(st->data_off);
	__u64 n = scratch_u64(st->data_off + 8);
	if (ptr && n >= 1 && n <= max)
		seg_read(st, ptr, n);
	return 0;
}

/* dump_loop is the state of a dumped buffer read in pieces. */
struct dump_loop {
	struct cap_state *st;
	__u64 addr;
	__u64 len;
};

/* dump_chunk reads piece i of a dumped buffer; the loop ends after the
 * last, or at the first that faults. */
static long dump_chunk(__u64 i, struct dump_loop *l)
{
	__u64 off = i * DUMP_CHUNK;
	if (off >= l->len)
		return 1;
	__u64 n = l->len - off;
	if (n > DUMP_CHUNK)
		n = DUMP_CHUNK;
	return seg_read(l->st, l->addr + off, n) != 0;
}

/* read_dump_chunks mirrors capture's readDumpChunks: a dumped buffer of
 * len bytes, DUMP_CHUNK at a time up to the first piece that faults. A
 * function of its own, called by capture_arg rather than capture_bytes,
 * so that its loop state does not add to the deepest chain of calls. */
GLOBAL int read_dump_chunks(struct cap_state *st, __u64 addr, __u64 len)
{
	struct dump_loop l = {st, addr, len};
	if (!st)
		return 0;
	loop(FULL_LIMIT / DUMP_CHUNK, dump_chunk, &l);
	return 0;
}

/* netlink_fd reports whether descriptor fd of the current task is a
 * netlink socket (fdname.h). */
GLOBAL int netlink_fd(__s32 fd);

/* seg_bpf_object mirrors capture.Descriptors's BPFObject (fdname.h). */
GLOBAL int seg_bpf_object(struct cap_state *st, __s32 fd);

/* seg_vcpu_run mirrors capture's kvmExitReason (fdname.h). */
GLOBAL int seg_vcpu_run(struct cap_state *st, __s32 fd);

/* SG_IO_DUE is what capture_bytes returns after SG_IO's struct, whose
 * objects its caller reads then (sg_io_read). */
#define SG_IO_DUE (-2)

/* capture_bytes mirrors capture's captureBytes and ByteLen; how is the
 * plan's len_from | len_arg << 8 | page_rest << 16 | min_size8 << 17 |
 * header << 24 (BPF functions take five arguments), elem_size the plan's
 * elem_size | netlink << 31. It returns 0, or the
 * length of a dumped buffer the caller reads in pieces (read_dump_chunks,
 * capture's dumpChunked). */
GLOBAL int capture_bytes(struct cap_state *st, __u64 addr, __u32 how, __u32 elem_size, __u32 size)
{
	__u32 len_from = how & 0xff, len_arg = (how >> 8) & 0xff, rest = (how >> 16) & 1, header = how >> 24;
	__u32 min_size = ((how >> 17) & 0x7f) * 8;
	__u32 netlink = elem_size >> 31;
	__u64 n;
	if (!st)
		return 0;
	elem_size &= 0x7fffffff;
	if (netlink && netlink_args && netlink_fd((__s32)st->args[0])) {
		/* capture's Plan.Netlink: a netlink socket's messages, whole
		 * up to MSG_NETLINK_MAX bytes. */
		size = buf_limit(st);
		if (size < MSG_NETLINK_MAX)
			size = MSG_NETLINK_MAX;
	}
	/* Both paths checked once from here. */
	size = hide(st, size);
	switch (len_from) {
	case LEN_FIXED:
		/* syscalls.Plan.Header: a struct's head at entry. */
		n = header && !st->at_exit ? header : size;
		header = 0;
		break;
	case LEN_ARG:
	case LEN_ARG32:
	case LEN_ARG_PAGES: {
		if (len_arg >= MAX_ARGS)
			return 0;
		__u64 v = st->args[len_arg & 7];
		if (len_from == LEN_ARG32)
			v = (__u32)v;
		else if (len_from == LEN_ARG_PAGES) /* syscalls.Pages */
			v = v / CAPTURE_PAGE_SIZE + (v % CAPTURE_PAGE_SIZE != 0);
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
	case LEN_EXT:
		if (len_arg >= MAX_ARGS)
			return 0;
		n = st->args[len_arg & 7];
		break;
	case LEN_FDSET: {
		/* syscalls.FdSetBytes of the int count. */
		if (len_arg >= MAX_ARGS)
			return 0;
		__s32 v = st->args[len_arg & 7];
		if (v <= 0)
			return 0;
		if (v > FD_SET_MAX)
			v = FD_SET_MAX;
		n = (((__u32)v + 7) / 8 + 7) & ~7u;
		break;
	}
	case LEN_IOCTL:
		if (!capture_ioctl || len_arg >= MAX_ARGS)
			return 0;
		n = ioctl_object_size(st->args[len_arg & 7]);
		if (n == 0)
			n = (st->args[len_arg & 7] >> 16) & 0x3fff;
		if (n == 0 || (__u32)st->args[len_arg & 7] == IOCTL_RNDADDENTROPY)
			n = IOCTL_LEGACY_SIZE;
		break;
	case LEN_PREFIX: {
		/* capture's capturePrefix: the object, else what precedes
		 * the end of its first page. */
		__u64 want = (__u64)st->limit + 1;
		if (want < size)
			want = size;
		__u32 faulted = st->faulted, nfault = st->nfault;
		if (seg_read(st, addr, want) == 0)
			return 0;
		__u64 room = page_room(addr, 1);
		/* The read went past the object; what precedes the page's end
		 * holds it: not a fault to retry at the exit (the call may
		 * have changed the object by then). */
		if (room < want && seg_read(st, addr, room) == 0) {
			st->faulted = faulted;
			st->nfault = nfault;
			/* As ioctl's nested object above. */
			st->unsettled = 1;
		}
		return 0;
	}
	default:
		return 0;
	}
	/* Each kind, and each ioctl request's size, checked once from here. */
	n = hide(st, n);
	len_from = hide(st, len_from);
	__u64 limit = size ? size : buf_limit(st);
	if (limit < min_size)
		limit = min_size;
	if (elem_size) {
		/* An array (syscalls.IsArrayPlan): syscalls.ArrayTake. */
		__u64 want = ARRAY_BYTES_MAX;
		if (!verbose && ((__u64)st->limit + 1) * elem_size < want)
			want = ((__u64)st->limit + 1) * elem_size;
		want -= want % elem_size;
		if (want > limit)
			limit = want;
		limit = hide(st, limit);
	}
	__u64 take = (n < limit ? n : limit) + header;
	if (st->full && take > DUMP_CHUNK && !header && !rest && !elem_size &&
	    (len_from == LEN_ARG || len_from == LEN_ARG32 || len_from == LEN_RET))
		return take; /* for read_dump_chunks, from capture_arg */
	__u32 faulted = st->faulted, nfault = st->nfault;
	int err = seg_read(st, addr, take);
	if (len_from == LEN_FDSET) {
		/* syscalls.LenFdSet: the first descriptors when the whole set
		 * cannot be read; faults that never defer. */
		if (err && take > FD_SET_HEAD_BYTES)
			seg_read(st, addr, FD_SET_HEAD_BYTES);
		st->faulted = faulted;
		st->nfault = nfault;
	} else if (len_from == LEN_IOCTL && capture_ioctl) {
		ioctl_more(st, addr, take, err);
		/* SG_IO's objects are the caller's to read (sg_io_read): from
		 * here the chain of calls would be too deep. */
		if ((__u32)st->args[1] == IOCTL_SG_IO)
			return SG_IO_DUE;
	} else if (err && rest)
		page_rest(st, addr, take, 1);
	else if (err && elem_size)
		page_rest(st, addr, take, elem_size);
	/* An extensible struct's tail, up to EXT_TAIL_END (syscalls.LenExt). */
	if (len_from == LEN_EXT && !err && n > take && take < EXT_TAIL_END) {
		__u64 end = n < EXT_TAIL_END ? n : EXT_TAIL_END;
		seg_read(st, addr + take, end - take);
	}
	return 0;
}

/* fprog_holds mirrors syscalls.FprogCond.Holds for plan p. */
static __always_inline bool fprog_holds(struct cap_state *st, struct plan *p)
{
	__u64 ai = p->fprog_arg;
	if (ai >= MAX_ARGS)
		return false;
	CLAMP(ai, MAX_ARGS - 1);
	__u32 v = st->args[ai];
	if (p->fprog_kind == FPROG_KIND_URING) {
		__s32 count_off, tags_off;
		__u32 data_off, data_size;
		return uring_nested(v, &count_off, &data_off, &data_size, &tags_off) != 0;
	}
	return v == p->fprog_vals[0] || v == p->fprog_vals[1];
}

/* fprog_object returns the segment of the object plan p's bytes were
 * read into (the last one, at data_off, when it changed from before) when
 * plan p's condition holds and at least FPROG_SIZE bytes of it were read,
 * as capture's withFprog, withKdf and withIovs require; else NULL. */
static __always_inline struct seg *fprog_object(struct cap_state *st, struct plan *p, __u32 before)
{
	if (!fprog_holds(st, p))
		return NULL;
	struct seg *sg = read_seg(st, before);
	return sg && sg->len >= FPROG_SIZE ? sg : NULL;
}

/* iovs_due mirrors the test of capture's withIovs: at entry, an object
 * read (fprog_object) whose iovecs an argument counts. */
static __always_inline bool iovs_due(struct cap_state *st, struct plan *p, __u32 before)
{
	return !st->at_exit && p->fprog_count_arg < MAX_ARGS && fprog_object(st, p, before);
}

/* uring_arrays mirrors capture's withUring after plan p's structure, len
 * bytes of it, was read (fprog_object): at entry, the data array and the
 * tags array of the opcode in argument fprog_arg. */
static __always_inline void uring_arrays(struct cap_state *st, struct plan *p, __u32 len)
{
	__u64 ai = p->fprog_arg, ci = p->fprog_count_arg;
	if (st->at_exit || ai >= MAX_ARGS || ci >= MAX_ARGS)
		return;
	CLAMP(ai, MAX_ARGS - 1);
	CLAMP(ci, MAX_ARGS - 1);
	__s32 count_off = -1, tags_off = -1;
	__u32 data_off = 0, data_size = 0;
	__u32 head = uring_nested(st->args[ai], &count_off, &data_off, &data_size, &tags_off);
	if (!head || len < head)
		return;
	__u64 n = (__u32)st->args[ci];
	if (count_off >= 0)
		n = (__u32)scratch_u64(st->data_off + (count_off & 31));
	if (!verbose && n > st->limit)
		n = st->limit;
	if (n > NESTED_ARRAY_MAX)
		n = NESTED_ARRAY_MAX;
	/* Both pointers before the first read moves data_off on. */
	__u64 data = scratch_u64(st->data_off + (data_off & 31));
	__u64 tags = tags_off >= 0 ? scratch_u64(st->data_off + (tags_off & 31)) : 0;
	read_array(st, data, n, data_size);
	if (tags_off >= 0)
		read_array(st, tags, n, 8);
}

/* iocb_loop is the state of the loop over io_submit's iocb pointers. */
struct iocb_loop {
	struct cap_state *st;
	__u32 data_off; /* the pointers' segment's data */
	__u32 count;
};

/* iocb_elem reads the iocb at pointer i and what a valid one's aio_buf
 * holds for its opcode, as capture's iocbBuffer. */
static long iocb_elem(__u64 i, struct iocb_loop *l)
{
	struct cap_state *st = l->st;
	if (i >= l->count || !st)
		return 1;
	__u64 p = scratch_u64(l->data_off + i * 8);
	if (!p || seg_read(st, p, IOCB_SIZE) != 0)
		return 0;
	__u32 at = st->data_off;
	__u32 op = (__u16)scratch_u64(at + IOCB_OPCODE_OFF);
	__u64 buf = scratch_u64(at + IOCB_BUF_OFF);
	__u64 n = scratch_u64(at + IOCB_NBYTES_OFF);
	if ((__s64)n < 0 || !buf)
		return 0;
	if (op == IOCB_CMD_PWRITE) {
		read_capped(st, buf, n);
	} else if (op == IOCB_CMD_PREADV || op == IOCB_CMD_PWRITEV) {
		/* A vectored read's buffers are not read, as at an exit
		 * that failed. */
		read_iovec(st, buf, n, op == IOCB_CMD_PREADV, -1);
	}
	return 0;
}

/* capture_iocbs mirrors capture's withIocbs after io_submit's pointers
 * to struct iocb were read (the segment at data_off, when it changed from
 * before): each iocb and what it points to. Inlined: a frame of its own
 * would make the deepest chain of calls, through read_iovec, too deep. */
static __always_inline void capture_iocbs(struct cap_state *st, __u32 before)
{
	struct seg *sg = st ? read_seg(st, before) : NULL;
	if (!sg)
		return;
	struct iocb_loop l = {};
	l.st = st;
	l.data_off = st->data_off;
	l.count = sg->len / 8;
	if (!verbose && !st->full && l.count > st->limit)
		l.count = st->limit;
	loop(MAX_ARRAY_ELEMS, iocb_elem, &l);
}

/* fprog_more mirrors capture's withFprog after plan p's bytes were read
 * (fprog_object): a struct sock_fprog's instructions, whole ones up to
 * the end of their page when they cannot all be read; a struct iovec's
 * register set; a struct keyctl_kdf_params's string and buffer. */
GLOBAL int fprog_more(struct cap_state *st, struct plan *p, __u32 before)
{
	if (!st || !p || !p->fprog || p->fprog_kind == FPROG_KIND_PLAIN || (!verbose && p->fprog_kind == FPROG_KIND_FPROG))
		return 0;
	struct seg *sg = fprog_object(st, p, before);
	if (!sg)
		return 0;
	if (p->fprog_kind == FPROG_KIND_URING) {
		uring_arrays(st, p, sg->len);
		return 0;
	}
	if (p->fprog_kind == FPROG_KIND_KDF) {
		/* capture's withKdf: at exit, the string at hashname and the
		 * bytes at otherinfo. */
		if (!st->at_exit || sg->len < KDF_HEAD_SIZE)
			return 0;
		__u64 hashname = scratch_u64(st->data_off + KDF_HASHNAME_OFF);
		__u64 otherinfo = scratch_u64(st->data_off + KDF_OTHERINFO_OFF);
		__u64 otherlen = (__u32)scratch_u64(st->data_off + KDF_OTHERINFOLEN_OFF);
		if (hashname)
			seg_str(st, hashname, st->limit);
		if (otherinfo && otherlen)
			read_capped(st, otherinfo, otherlen);
		return 0;
	}
	if (p->fprog_kind == FPROG_KIND_IOV) {
		/* capture's withIov: the register set at iov_base. */
		__u64 base = scratch_u64(st->data_off);
		__u64 ln = scratch_u64(st->data_off + 8);
		if (ln > REGSET_MAX)
			ln = REGSET_MAX;
		if (ln > 0)
			seg_read(st, base, ln);
		return 0;
	}
	__u64 n = (__u16)scratch_u64(st->data_off);
	__u64 ptr = scratch_u64(st->data_off + FPROG_FILTER_OFF);
	if (n == 0 || ptr == 0)
		return 0;
	if (n > FPROG_INSNS_MAX)
		n = FPROG_INSNS_MAX;
	read_array(st, ptr, n, FPROG_INSN_SIZE);
	return 0;
}

/* read_ext mirrors capture's readExt: min(n, size) bytes of an
 * extensible struct at addr (parsed at st->data_off), then its tail up
 * to EXT_TAIL_END. It returns -1 when the struct could not be read. */
static __always_inline int read_ext(struct cap_state *st, __u64 addr, __u64 n, __u64 size, __u32 *head)
{
	__u64 take = n < size ? n : size;
	if (seg_read_here(st, addr, take) != 0)
		return -1;
	*head = st->data_off;
	if (n > take && take < EXT_TAIL_END) {
		__u64 end = n < EXT_TAIL_END ? n : EXT_TAIL_END;
		seg_read(st, addr + take, end - take);
	}
	return take;
}

/* read_int mirrors capture's readInt. */
static __always_inline void read_int(struct cap_state *st, __u64 addr)
{
	if (addr)
		seg_read(st, addr, 4);
}

/* capture_clone_args mirrors capture's captureCloneArgs: a struct
 * clone_args and its set_tid array at entry; at the exit of a call that
 * returned >= 0, the struct again and the ints at its pidfd and
 * parent_tid. */
GLOBAL int capture_clone_args(struct cap_state *st, __u64 addr, __u32 len_arg, __u32 size)
{
	__u32 head = 0;
	if (!st || len_arg >= MAX_ARGS || (st->at_exit && st->ret < 0))
		return 0;
	__u64 ai = len_arg;
	CLAMP(ai, MAX_ARGS - 1);
	__u64 n = st->args[ai];
	int take = read_ext(st, addr, n, size, &head);
	if (st->at_exit) {
		if (take < CLONE_PARENT_TID_OFF + 8)
			return 0;
		struct scratch *sc = scratch_buf();
		if (!sc)
			return 0;
		__u64 flags = scratch_word(sc, head);
		__u64 pidfd = scratch_word(sc, head + CLONE_PIDFD_OFF);
		__u64 ptid = scratch_word(sc, head + CLONE_PARENT_TID_OFF);
		if (flags & CLONE_FLAG_PIDFD)
			read_int(st, pidfd);
		if (flags & CLONE_FLAG_PARENT_SETTID)
			read_int(st, ptid);
		return 0;
	}
	if (take < CLONE_SET_TID_SIZE_OFF + 8)
		return 0;
	struct scratch *sc = scratch_buf();
	if (!sc)
		return 0;
	__u64 tids = scratch_word(sc, head + CLONE_SET_TID_OFF);
	__u64 cnt = scratch_word(sc, head + CLONE_SET_TID_SIZE_OFF);
	if (tids == 0 || cnt == 0 || cnt > CLONE_SET_TID_MAX)
		return 0;
	read_array(st, tids, cnt, 4);
	return 0;
}

/* ptr_str reads the C string at pointer i of a pointer array, none for
 * NULL. */
static long ptr_str(__u64 i, struct elem_loop *l)
{
	if (i >= l->count)
		return 1;
	__u64 p = scratch_u64(l->data_off + i * 8);
	if (p)
		seg_str(l->st, p, l->limit);
	return 0;
}

/* str_ptrs mirrors capture's bpfStrs over the pointers of the segment
 * whose data is at scratch offset at: the string each points to. Global,
 * so that its loop's state is not on its caller's stack. */
GLOBAL int str_ptrs(struct cap_state *st, __u32 at)
{
	struct scratch *sc = scratch_buf();
	if (!st || !sc || at < sizeof(struct seg))
		return 0;
	struct seg *sg = (void *)(sc->buf + ((at - sizeof(struct seg)) & (REC_LIMIT - 1)));
	if (sg->flags & SEG_F_FAULT)
		return 0;
	struct elem_loop l = {};
	l.st = st;
	l.data_off = at;
	l.count = sg->len / 8;
	l.limit = st->limit;
	loop(NESTED_ARRAY_MAX, ptr_str, &l);
	return 0;
}

/* PROG_INFO_DUE marks the scratch offset bpf_nested_read returns for a
 * program's information whose arrays are due (prog_info_array). */
#define PROG_INFO_DUE (1u << 31)

/* bpf_nested_read mirrors capture's bpfNested for the object at index
 * idx of bpf_nested_tab, whose attributes' first take bytes were read at
 * head (at an exit, only when the call succeeded or the object is read
 * then anyway), but for the strings of a BPF_STR_ARRAY and the arrays of
 * a program's information: it returns the scratch offset of an array it
 * read, or with PROG_INFO_DUE that of a program's information read whole
 * at an exit, else 0. Global, and its
 * object is read from the table at an index the verifier does not know:
 * its body is checked once, not once per object. */
GLOBAL __u32 bpf_nested_read(struct cap_state *st, __u32 idx, __u32 head, int take)
{
	struct scratch *sc = scratch_buf();
	if (!st || !sc || idx >= BPF_NESTED_CMDS * BPF_NESTED_SLOTS)
		return 0;
	__u64 i = idx;
	CLAMP(i, BPF_NESTED_CMDS * BPF_NESTED_SLOTS - 1);
	__u64 o = bpf_nested_tab[i];
	__u32 kind = o & 0xff;
	__s32 ptr_off = (__u8)(o >> 8), len_off = (__s8)(o >> 16), cond_off = (__s8)(o >> 24);
	if (!kind || ptr_off + 8 > take || len_off + 4 > take || cond_off + 4 > take || ((o >> 56) & 1 && !verbose) ||
	    (st->at_exit && st->ret < 0 && !((o >> 57) & 1)))
		return 0;
	/* The attributes' fields, read from the scratch buffer at once
	 * (scratch_u64 looks the buffer up at each read). */
	if (cond_off >= 0 &&
	    *(__u32 *)(sc->buf + ((head + cond_off) & (REC_LIMIT - 1))) != bpf_nested_conds[i])
		return 0;
	__u64 ptr = *(__u64 *)(sc->buf + ((head + ptr_off) & (REC_LIMIT - 1)));
	__u64 n = len_off >= 0 ? *(__u32 *)(sc->buf + ((head + len_off) & (REC_LIMIT - 1))) : (o >> 40) & 0xffff;
	__u64 limit = st->limit;
	__u32 due = 0;
	if (!ptr)
		return 0;
	switch (kind) {
	case BPF_STR:
		seg_str(st, ptr, limit);
		break;
	case BPF_PATH:
		seg_str(st, ptr, PATH_MAX_READ);
		break;
	case BPF_STRZ: {
		if (!n)
			break;
		if (n > limit) {
			seg_str(st, ptr, limit);
			break;
		}
		/* capture's strZ: n bytes and not one more; a string of n
		 * bytes without a NUL is read again whole. */
		if (seg_str(st, ptr, n - 1) == 1)
			seg_read(st, ptr, n);
		break;
	}
	case BPF_BYTES:
		read_capped(st, ptr, n);
		break;
	case BPF_OBJ_INFO:
		/* capture's objInfo: what the descriptor (the attributes'
		 * first u32) refers to, then the bytes as a BPF_ARRAY's; at an
		 * exit, a program's information read whole is the caller's to
		 * read the arrays of (PROG_INFO_DUE). */
		/* Only under -v: verbose is known at load, and without it the
		 * verifier skips this code and what it calls. */
		if (!n || !verbose)
			break;
		if (seg_bpf_object(st, *(__s32 *)(sc->buf + (head & (REC_LIMIT - 1)))) == BPF_OBJ_PROG && st->at_exit &&
		    n <= NESTED_ARRAY_MAX)
			due = PROG_INFO_DUE;
		/* fall through */
	case BPF_ARRAY:
	case BPF_STR_ARRAY: {
		/* syscalls.NestedArrayLen */
		if (!verbose && n > limit)
			n = limit;
		if (n > NESTED_ARRAY_MAX)
			n = NESTED_ARRAY_MAX;
		if (!n)
			break;
		__u32 size = (o >> 32) & 0xff;
		if (seg_read(st, ptr, n * size) != 0) {
			page_rest(st, ptr, n * size, size);
			due = 0;
		}
		/* The caller tells a pointer array (str_slot): the kind is not
		 * kept across the reads on this frame's small stack. */
		return st->data_off ? st->data_off | due : 0;
	}
	}
	return 0;
}

/* prog_info_array mirrors one turn of capture's progInfoArrays: array a
 * (a syscalls.ProgInfoArray) of the struct bpf_prog_info read whole at
 * scratch offset at (its segment's length is the bytes the caller asked
 * for; the rest reads as zero): the JITed code whatever the call
 * returned, the others when it succeeded. Global, with the array's
 * layout read from the table at an index the verifier does not know: its
 * body is checked once, not once per array. */
GLOBAL int prog_info_array(struct cap_state *st, __u32 at, __u32 a)
{
	struct scratch *sc = scratch_buf();
	if (!st || !sc || at < sizeof(struct seg) || a >= PROG_INFO_ARRAYS || (a != PROG_INFO_JITED && st->ret < 0))
		return 0;
	__u64 i = a;
	CLAMP(i, PROG_INFO_ARRAYS - 1);
	__u32 l = prog_info_tab[i];
	__u32 ptr_off = l & 0xff, len_off = (l >> 8) & 0xff, size = (l >> 16) & 0xff;
	struct seg *sg = (void *)(sc->buf + ((at - sizeof(struct seg)) & (REC_LIMIT - 1)));
	__u32 n = sg->len;
	if (ptr_off + 8 > n || len_off + 4 > n || !size)
		return 0;
	__u64 ptr = *(__u64 *)(sc->buf + ((at + ptr_off) & (REC_LIMIT - 1)));
	__u64 count = *(__u32 *)(sc->buf + ((at + len_off) & (REC_LIMIT - 1)));
	if (l >> 24)
		count /= size;
	if (!ptr || !count)
		return 0;
	if (a == PROG_INFO_JITED) {
		read_capped(st, ptr, count);
		return 0;
	}
	/* syscalls.NestedArrayLen under -v. */
	if (count > NESTED_ARRAY_MAX)
		count = NESTED_ARRAY_MAX;
	if (seg_read(st, ptr, count * size) != 0)
		page_rest(st, ptr, count * size, size);
	return 0;
}

/* str_slot returns at, where bpf_nested_read read the object at index
 * idx, when that is a pointer array whose strings are due; else 0. */
static __always_inline __u32 str_slot(__u32 idx, __u32 at)
{
	return idx < BPF_NESTED_CMDS * BPF_NESTED_SLOTS && (bpf_nested_tab[idx] & 0xff) == BPF_STR_ARRAY ? at : 0;
}

/* capture_bpf_attrs mirrors capture's captureBPFAttr: bpf(2)'s
 * attributes and the objects they point to (bpf_nested_read) at entry,
 * and the attributes again at the exit of the commands BPF_REREAD_CMDS
 * names, whatever the call returned, with the one object they point to
 * then (slot BPF_NESTED_MAX; bpf_nested_read tells whether a failed
 * call's is read). It returns the scratch offset of the pointers whose
 * strings are due (str_ptrs), or with PROG_INFO_DUE that of a program's
 * information whose arrays are (prog_info_array), else 0: its caller
 * calls those, from here the chain of calls would be too deep. One call per
 * object, written out: the deepest chain of calls goes through this
 * frame, which must stay small (at most one object of a command is a
 * pointer array). */
GLOBAL __u32 capture_bpf_attrs(struct cap_state *st, __u64 addr, __u32 len_arg, __u32 size)
{
	__u32 head = 0;
	if (!st || len_arg >= MAX_ARGS)
		return 0;
	__u64 ai = len_arg;
	CLAMP(ai, MAX_ARGS - 1);
	__u64 n = st->args[ai];
	__u32 cmd = (__u32)st->args[0];
	if (st->at_exit && (cmd >= 32 || !((BPF_REREAD_CMDS >> cmd) & 1) || n < 1 || n > BPF_ATTR_MAX))
		return 0;
	int take = read_ext(st, addr, n, size, &head);
	if (take < 0 || cmd >= BPF_NESTED_CMDS)
		return 0;
	__u32 at = cmd * BPF_NESTED_SLOTS;
	if (st->at_exit) {
		__u32 r = bpf_nested_read(st, at + BPF_NESTED_MAX, head, take);
		return r & PROG_INFO_DUE ? r : str_slot(at + BPF_NESTED_MAX, r);
	}
	__u32 strs = str_slot(at, bpf_nested_read(st, at, head, take));
	strs |= str_slot(at + 1, bpf_nested_read(st, at + 1, head, take));
	strs |= str_slot(at + 2, bpf_nested_read(st, at + 2, head, take));
	strs |= str_slot(at + 3, bpf_nested_read(st, at + 3, head, take));
	return strs;
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
	loop(MAX_STRING_ARRAY_ELEMS, array_str, &l);
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
	if (kvm_vcpu && st->at_exit && p->len_from == LEN_IOCTL && (__u32)st->args[p->len_arg & 7] == IOCTL_KVM_RUN) {
		/* -e kvm=vcpu: a successful KVM_RUN's exit reason, in place
		 * of the capture of its unused argument. */
		if ((__s64)st->ret >= 0)
			seg_vcpu_run(st, (__s32)st->args[0]);
		return 0;
	}
	__u64 idx = i;
	CLAMP(idx, MAX_ARGS - 1);
	__u64 addr = st->args[idx];
	if (p->from_stack)
		addr = st->sp + (__s64)p->stack_offset;
	if (addr == 0 || (p->fprog && p->fprog_only && !fprog_holds(st, p)))
		return 0;
	/* Each kind's code is behind its capturing() test, which the
	 * verifier knows the value of. */
	switch (p->kind) {
	case CAP_CSTRING:
		if (capturing(CAP_CSTRING))
			seg_str(st, addr, p->size ? p->size : st->limit);
		break;
	case CAP_BYTES: {
		if (!capturing(CAP_BYTES))
			break;
		if (p->ext_kind == EXT_CLONE_ARGS) {
			if (capture_clone)
				capture_clone_args(st, addr, p->len_arg, p->size);
			break;
		}
		if (p->ext_kind == EXT_BPF_ATTR) {
			__u32 due = capture_bpf_attr ? capture_bpf_attrs(st, addr, p->len_arg, p->size) : 0;
			if (verbose && (due & PROG_INFO_DUE)) {
				_Static_assert(PROG_INFO_ARRAYS == 3, "one call per array");
				due &= ~PROG_INFO_DUE;
				prog_info_array(st, due, 0);
				prog_info_array(st, due, 1);
				prog_info_array(st, due, 2);
			} else if (due)
				str_ptrs(st, due);
			break;
		}
		__u32 before = st->data_off;
		int dump = capture_bytes(st, addr, p->len_from | (__u32)p->len_arg << 8 | (__u32)(p->page_rest & 1) << 16 |
							   (__u32)(p->min_size8 & 0x7f) << 17 | (__u32)p->header << 24,
					 p->elem_size | (__u32)(p->netlink & 1) << 31, p->size);
		if (dump == SG_IO_DUE) {
			/* SG_IO's struct, the segment the last read since
			 * before appended: its two objects (sg_io_read). */
			struct seg *sg = read_seg(st, before);
			/* h comes back from the first call rather than being
			 * kept across it in this frame, which is in the deepest
			 * chain of calls. */
			if (sg && sg->len >= 4)
				sg_io_read(st, sg_io_read(st, st->data_off, 0), 1);
			/* An ioctl's plan has no fprog part: straight out, where
			 * the verifier has nothing more to check on this way. */
			break;
		}
		if (dump > 0)
			read_dump_chunks(st, addr, dump);
		if (p->fprog && capture_fprog) {
			if (p->fprog_kind == FPROG_KIND_IOCBS) {
				/* syscalls.FprogCond.Holds: a positive count. */
				if (capturing(CAP_IOVEC) && (__s64)st->args[p->fprog_arg & 7] > 0)
					capture_iocbs(st, before);
			} else if (p->fprog_kind == FPROG_KIND_IOVS) {
				if (capturing(CAP_IOVEC) && iovs_due(st, p, before))
					read_iovec(st, addr, st->args[p->fprog_count_arg & 7], 0, 0);
			} else {
				fprog_more(st, p, before);
			}
		}
		break;
	}
	case CAP_STRING_ARRAY:
		if (capturing(CAP_STRING_ARRAY))
			capture_string_array(st, addr, p->count_only);
		break;
	case CAP_IOVEC:
		if (capturing(CAP_IOVEC))
			read_iovec(st, addr, p->len_arg < MAX_ARGS ? st->args[p->len_arg & 7] : 0, st->at_exit, st->ret);
		break;
	case CAP_MSGHDR:
		if (capturing(CAP_MSGHDR))
			capture_msghdr(st, addr, p->when);
		break;
	case CAP_PTR_LEN:
		if (capturing(CAP_PTR_LEN))
			capture_ptr_len(st, addr, p->elem_size);
		break;
	case CAP_MMSGHDR:
		if (capturing(CAP_MMSGHDR))
			capture_mmsghdr(st, addr, p->when, p->len_arg < MAX_ARGS ? st->args[p->len_arg & 7] : 0);
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
#ifndef SCTRACE_LEAN
	switch (sp->dump) {
	case DUMP_READ:
		return fd_in(dump_read_bits, dump_read_all, (__s32)fd);
	case DUMP_WRITE:
		return fd_in(dump_write_bits, dump_write_all, (__s32)fd);
	case DUMP_NONE:
		break;
	}
#endif
	return false;
}

/* quick_bytes executes, inline, the plan p of argument i when it is the
 * commonest kind: a buffer whose length is an argument or the result
 * (a read's or a write's), not dumped, that reads at most SMALL_READ
 * bytes into a record with room for them. It makes the very segment
 * capture_arg would make, without its four calls of global functions;
 * it returns false, having changed nothing, for any other plan, and
 * for a read that faults (capture_arg then reads it again, and handles
 * the fault). Global, so that its stack is not the program's, which
 * begins the deepest chain of calls. */
GLOBAL int quick_bytes(struct cap_state *st, struct plan *p, __u32 i)
{
	if (!st || !p)
		return false;
	__u8 want = st->at_exit ? AT_EXIT : AT_ENTRY;
	if (!capturing(CAP_BYTES) || p->kind != CAP_BYTES || !(p->when & want) || p->from_stack || p->ext_kind ||
	    p->fprog || p->elem_size || p->size || p->header || p->page_rest || p->min_size8 || st->full)
		return false;
	__u64 n;
	switch (p->len_from) {
	case LEN_RET:
		n = st->ret > 0 ? st->ret : 0;
		break;
	case LEN_ARG:
	case LEN_ARG32:
		if (p->len_arg >= MAX_ARGS)
			return false;
		n = st->args[p->len_arg & 7];
		if (p->len_from == LEN_ARG32)
			n = (__u32)n;
		break;
	default:
		return false;
	}
	__u64 idx = i;
	CLAMP(idx, MAX_ARGS - 1);
	__u64 addr = st->args[idx];
	/* capture's overRead: a byte past the -s limit. */
	__u64 limit = (__u64)st->limit + 1;
	__u64 take = n < limit ? n : limit;
	if (addr == 0 || take == 0)
		return true; /* capture_arg reads nothing either */
	struct scratch *sc = scratch_buf();
	if (!sc || take > SMALL_READ || !seg_room(st, take))
		return false;
	__u32 off = st->off;
	__u32 d = (off + sizeof(struct seg)) & (REC_LIMIT - 1);
	if (small_read(sc, d, take, addr) != 0)
		return false;
	st->data_off = d;
	seg_end(st, sc, off, addr, take, SEG_READ, 0, 0);
	return true;
}

/* run_plans appends the segments of the plans due at st->at_exit, in
 * argument order, visiting only the arguments that have one. */
static __always_inline void run_plans(struct cap_state *st)
{
	if (!capture_kinds)
		return;
	__u32 key = st->pkey;
	struct syscall_plans *sp = bpf_map_lookup_elem(&plans, &key);
	if (!sp)
		return;
	__u8 mask = st->at_exit ? sp->exit_args : sp->entry_args;
	if (!mask)
		return;
	st->full = dumped(sp, st->args[0]);
	st->limit = st->full ? FULL_LIMIT : string_limit;
	for (int i = 0; i < MAX_ARGS; i++)
		if ((mask & (1 << i)) && !quick_bytes(st, &sp->arg[i], i))
			capture_arg(st, &sp->arg[i], i);
}

/* call_cap_state fills st (zeroed) for the call cs is in: for its entry,
 * or, with at_exit, for its exit with return value ret. */
static __always_inline void call_cap_state(struct cap_state *st, struct call_state *cs, __u32 at_exit, __s64 ret)
{
	st->nr = cs->nr;
	st->pers = cs->pers;
	st->pkey = plan_key(cs->nr, cs->pers);
	st->at_exit = at_exit;
	st->ret = ret;
	st->sp = cs->sp;
	for (int i = 0; i < MAX_ARGS; i++)
		st->args[i] = cs->args[i];
}

#endif
