/* Descriptor naming, for -y and -yy: what the descriptors a call creates
 * refer to (SEG_FD: file system magic, inode, dentry name, close-on-exec),
 * and the state of the sockets a call takes or makes (SEG_SOCK), read
 * from the task's descriptor table while the call's files still exist. */
#ifndef SCTRACE_FDNAME_H
#define SCTRACE_FDNAME_H

/* fd_names (trace.Options.NameNewFDs, -y): a call's exit record names the
 * descriptors the call created (SEG_FD segments), read from the task's
 * descriptor table then: by the time user space prints the line, the
 * process (and its pipe or socket) may be gone from /proc. */
#ifndef SCTRACE_LEAN
const volatile __u32 fd_names = 0;
/* sock_states (trace.Options.DescribeSockets, -yy): exit records also
 * carry the state of each socket the call takes or makes (SEG_SOCK), as
 * sock_diag would describe it then. */
const volatile __u32 sock_states = 0;
#else
#define fd_names LEAN_OFF
#define sock_states LEAN_OFF
#endif
/* netlink_args: capture.h. */

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

/* The socket file system's magic number and the address families read. */
#define SOCKFS_MAGIC 0x534F434B
#define AF_UNIX 1
#define AF_INET 2
#define AF_INET6 10
/* AF_NETLINK: zz_goconsts.h */

/* swap16 turns a network-order port into host order. */
static __always_inline __u16 swap16(__u16 v) { return (v >> 8) | (v << 8); }

/* AT_FDCWD: a directory descriptor argument naming the working
 * directory. */
#define AT_FDCWD_ARG (-100)

/* NSFS_MAGIC is the namespace file system's magic number. */
#define NSFS_MAGIC 0x6e736673

/* fd_path_of fills fn's path, flags and the PATH_BUF bytes after it in
 * sc (at data, below REC_LIMIT) with the path of dentry d on mount mnt,
 * as d_path names it; nothing for a path longer or deeper than PATH_BUF
 * and PATH_DEPTH allow. The path is built past its place, then moved. */
static __always_inline void fd_path_of(struct fd_name *fn, struct scratch *sc, __u32 data, struct dentry *d,
				       struct vfsmount *mnt)
{
	if (!d || !mnt)
		return;
	struct dentry *kd = KCAST(d, struct dentry);
	struct dentry *parent = kd->d_parent;
	if ((__u64)d == (__u64)parent && (__u64)d != (__u64)KCAST(mnt, struct vfsmount)->mnt_root) {
		fn->flags |= FDN_PSEUDO;
		return;
	}
	if ((__u64)d != (__u64)parent && !kd->d_hash.pprev)
		fn->flags |= FDN_DELETED;
	__u32 to = data + sizeof(*fn);
	long pos = walk_path(sc, to + PATH_BUF, d, mnt, path_step_direct);
	if (pos < 0)
		return;
	__u64 len = PATH_BUF - pos;
	if (len == 0) {
		sc->buf[to & (REC_LIMIT - 1)] = '/';
		len = 1;
	} else {
		CLAMP(len, PATH_BUF);
		bpf_probe_read_kernel(sc->buf + (to & (REC_LIMIT - 1)), len,
				      sc->buf + ((to + PATH_BUF + pos) & (REC_LIMIT - 1)));
	}
	fn->path_len = len;
	fn->flags |= FDN_PATH;
}

/* fd_name_seg appends a SEG_FD segment naming file f (NULL: not open),
 * at descriptor fd of the current task's table fdt, with its path. */
static __always_inline void fd_name_seg(struct cap_state *st, struct file *f, struct fdtable *fdt, __s32 fd)
{
	struct scratch *sc;
	long off;
	struct fd_name *fn = seg_data(st, sizeof(*fn) + 2 * PATH_BUF, &sc, &off);
	if (!fn)
		return;
	__builtin_memset(fn, 0, sizeof(*fn));
	fn->fd = fd;
	if (f) {
		unsigned long *coe = KCAST(fdt, struct fdtable)->close_on_exec;
		unsigned long word = 0;
		bpf_probe_read_kernel(&word, sizeof(word), &coe[(__u32)fd / 64]);
		fn->cloexec = (word >> (fd & 63)) & 1;
		struct file *kf = KCAST(f, struct file);
		struct inode *ino = kf->f_inode;
		fn->ino = ino->i_ino;
		fn->magic = ino->i_sb->s_magic;
		fn->mode = ino->i_mode;
		fn->rdev = ino->i_rdev;
		fn->flags = FDN_OPEN;
		struct dentry *d = kf->f_path.dentry;
		const char *name = (const char *)d->d_name.name;
		if (fn->magic == NSFS_MAGIC) {
			/* /proc names a namespace's file by its type,
			 * "user:[INODE]", which its dentry does not hold. */
			struct ns_common *ns = (struct ns_common *)ino->i_private;
			name = BPF_CORE_READ(ns, ops, name);
		}
		if (bpf_probe_read_kernel_str(fn->name, sizeof(fn->name), name) < 0)
			fn->name[0] = 0;
		fd_path_of(fn, sc, off + sizeof(struct seg), d, kf->f_path.mnt);
	} else if (fd == AT_FDCWD_ARG) {
		struct task_struct *task = bpf_get_current_task_btf();
		struct fs_struct *fs = BPF_CORE_READ(task, fs);
		if (fs) {
			fn->flags = FDN_OPEN;
			fd_path_of(fn, sc, off + sizeof(struct seg), BPF_CORE_READ(fs, pwd.dentry),
				   BPF_CORE_READ(fs, pwd.mnt));
		}
	}
	__u32 len = fn->path_len;
	if (len > PATH_BUF)
		len = PATH_BUF;
	seg_end(st, sc, off, fd, sizeof(struct fd_name) + len, SEG_FD, 0, 0);
}

/* sock_state_seg appends a SEG_SOCK segment with the state of the socket
 * file f is, at descriptor fd; nothing when f is not a socket, or not a
 * netlink one when netlink_only. */
static __always_inline void sock_state_seg(struct cap_state *st, struct file *f, __s32 fd, bool netlink_only)
{
	struct scratch *sc;
	long off;
	if (BPF_CORE_READ(f, f_inode, i_sb, s_magic) != SOCKFS_MAGIC)
		return;
	struct socket *sock = BPF_CORE_READ(f, private_data);
	struct sock *sk = BPF_CORE_READ(sock, sk);
	if (!sk)
		return;
	__u16 family = BPF_CORE_READ(sk, __sk_common.skc_family);
	if (netlink_only && family != AF_NETLINK)
		return;
	struct sock_state *ss = seg_data(st, sizeof(*ss), &sc, &off);
	if (!ss)
		return;
	__builtin_memset(ss, 0, sizeof(*ss));
	ss->fd = fd;
	ss->ino = BPF_CORE_READ(f, f_inode, i_ino);
	const unsigned char *name = BPF_CORE_READ(f, f_path.dentry, d_name.name);
	bpf_probe_read_kernel_str(ss->proto, sizeof(ss->proto), name);
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
enum { FD_NAME = 1, FD_SOCK = 2, FD_NETLINK = 4, FD_CLOSED = 8 };

/* seg_fd appends, for descriptor fd of the current task, a SEG_FD segment
 * naming it (want & FD_NAME) and a SEG_SOCK segment with its state if it
 * is a socket (want & FD_SOCK) or a netlink one (want & FD_NETLINK); when
 * fd is not open, a SEG_FD segment saying so (want & FD_CLOSED), or the
 * working directory's for AT_FDCWD, else nothing. A global function: the
 * verifier checks the path's walk once. */
GLOBAL int seg_fd(struct cap_state *st, __s32 fd, __u32 want)
{
	struct fdtable *fdt;
	if (!st)
		return 0;
	struct file *f = file_of(fd, &fdt);
	if (!f) {
		/* Without a table (a task exiting), nothing is known. */
		if (fd_names && (want & FD_CLOSED) && (fdt || fd == AT_FDCWD_ARG))
			fd_name_seg(st, 0, fdt, fd);
		return 0;
	}
	if (fd_names && (want & FD_NAME))
		fd_name_seg(st, f, fdt, fd);
	if (want & (FD_SOCK | FD_NETLINK))
		sock_state_seg(st, f, fd, !(want & FD_SOCK));
	return 0;
}

/* netlink_fd reports whether descriptor fd of the current task is a
 * netlink socket. */
GLOBAL int netlink_fd(__s32 fd)
{
	struct fdtable *fdt;
	struct file *f = file_of(fd, &fdt);
	if (!f || BPF_CORE_READ(f, f_inode, i_sb, s_magic) != SOCKFS_MAGIC)
		return 0;
	struct socket *sock = BPF_CORE_READ(f, private_data);
	struct sock *sk = BPF_CORE_READ(sock, sk);
	return sk && BPF_CORE_READ(sk, __sk_common.skc_family) == AF_NETLINK;
}

/* The anonymous inodes' file system's magic number; the names its files
 * of BPF maps and programs have (/proc shows anon_inode:NAME), as the
 * little-endian words of their first 8 bytes ("bpf-map" and its NUL,
 * "bpf-prog", whose NUL follows). */
#define ANON_INODE_FS_MAGIC 0x09041934
#define BPF_MAP_WORD 0x0070616d2d667062ULL
#define BPF_PROG_WORD 0x676f72702d667062ULL

/* seg_bpf_object mirrors capture.Process's BPFObject: it appends a
 * SEG_BPF_OBJ segment saying what descriptor fd of the current task
 * refers to, a syscalls.BPFObject, and returns that. */
GLOBAL int seg_bpf_object(struct cap_state *st, __s32 fd)
{
	struct fdtable *fdt;
	struct scratch *sc = scratch_buf();
	if (!st || !sc)
		return BPF_OBJ_OTHER;
	int obj = BPF_OBJ_OTHER;
	struct file *f = file_of(fd, &fdt);
	union {
		char c[16];
		__u64 w[2];
	} name = {};
	if (f && BPF_CORE_READ(f, f_inode, i_sb, s_magic) == ANON_INODE_FS_MAGIC &&
	    bpf_probe_read_kernel_str(name.c, sizeof(name.c), BPF_CORE_READ(f, f_path.dentry, d_name.name)) > 0) {
		if (name.w[0] == BPF_MAP_WORD)
			obj = BPF_OBJ_MAP;
		else if (name.w[0] == BPF_PROG_WORD && name.c[8] == 0)
			obj = BPF_OBJ_PROG;
	}
	long off = seg_begin(st, 0);
	if (off >= 0)
		seg_end(st, sc, off, (__u32)fd, 0, SEG_BPF_OBJ, 0, obj);
	return obj;
}

/* The open-coded iterator over a task's mappings (here and stacks.h). */
extern int bpf_iter_task_vma_new(struct bpf_iter_task_vma *it, struct task_struct *task, __u64 addr) __ksym __weak;
extern struct vm_area_struct *bpf_iter_task_vma_next(struct bpf_iter_task_vma *it) __ksym __weak;
extern void bpf_iter_task_vma_destroy(struct bpf_iter_task_vma *it) __ksym __weak;

/* KVM_VCPU_WORD is "kvm-vcpu", the first 8 bytes of a KVM vcpu file's
 * name ("kvm-vcpu:N"), as a little-endian word. */
#define KVM_VCPU_WORD 0x757063762d6d766bULL

/* file_name16 reads the first 15 bytes of the name of file f, of the
 * anonymous inode file system, into name (zeroed first); false for
 * another file or an empty name. */
static __always_inline bool file_name16(struct file *f, __u64 name[2])
{
	name[0] = name[1] = 0;
	return f && BPF_CORE_READ(f, f_inode, i_sb, s_magic) == ANON_INODE_FS_MAGIC &&
	       bpf_probe_read_kernel_str(name, 2 * sizeof(__u64), BPF_CORE_READ(f, f_path.dentry, d_name.name)) > 0;
}

/* seg_vcpu_run mirrors capture's kvmExitReason and capture.Process's
 * VcpuRun: when descriptor fd of the current task is a KVM vcpu's, it
 * looks for the task's first mapping of a file of the same name, and
 * appends a SEG_VCPU segment whose aux is that mapping's start, if it is
 * KVM_RUN_SIZE bytes or more, else 0; then it reads the struct
 * kvm_run's exit reason there. */
GLOBAL int seg_vcpu_run(struct cap_state *st, __s32 fd)
{
	struct fdtable *fdt;
	struct scratch *sc = scratch_buf();
	if (!st || !sc)
		return 0;
	__u64 name[2], other[2];
	__u64 run = 0;
	if (file_name16(file_of(fd, &fdt), name) && name[0] == KVM_VCPU_WORD && (name[1] & 0xff) == ':') {
		struct bpf_iter_task_vma it;
		struct vm_area_struct *vma;
		bpf_iter_task_vma_new(&it, bpf_get_current_task_btf(), 0);
		while ((vma = bpf_iter_task_vma_next(&it))) {
			if (!file_name16(vma->vm_file, other) || other[0] != name[0] || other[1] != name[1])
				continue;
			if (vma->vm_end - vma->vm_start >= KVM_RUN_SIZE)
				run = vma->vm_start;
			break;
		}
		bpf_iter_task_vma_destroy(&it);
	}
	long off = seg_begin(st, 0);
	if (off >= 0)
		seg_end(st, sc, off, (__u32)fd, 0, SEG_VCPU, 0, run);
	if (run)
		seg_read(st, run + KVM_RUN_EXIT_REASON_OFF, 4);
	return 0;
}

/* CMSGS_MAX bounds the control messages name_cmsg_fds looks at, and
 * CMSG_FDS_MAX the descriptors it names (strace prints -s of them). */
#define CMSGS_MAX 8
#define CMSG_FDS_MAX 32

/* cmsg_walk is the state of name_cmsg_fds's walk over a control buffer:
 * at a header (left 0) or among an SCM_RIGHTS message's descriptors. */
struct cmsg_walk {
	struct cap_state *st;
	__u64 ctl;  /* the buffer */
	__u64 end;  /* its length */
	__u64 off;  /* the next header's offset */
	__u64 left; /* descriptors of the message still to name */
	__u64 at;   /* the next one's address */
	__u32 want;
	__u32 named;
};

/* cmsg_step names the walk's next descriptor, or reads the next header as
 * the kernel's CMSG_NXTHDR does (a header too short or running past the
 * buffer ends the list); 1 ends the walk. */
static long cmsg_step(__u64 i, struct cmsg_walk *w)
{
	if (w->left) {
		__s32 fd;
		w->left--;
		if (bpf_probe_read_user(&fd, sizeof(fd), (void *)w->at) != 0)
			return 1;
		w->at += sizeof(fd);
		seg_fd(w->st, fd, w->want);
		return ++w->named >= CMSG_FDS_MAX;
	}
	struct {
		__u64 len;
		__s32 level;
		__s32 type;
	} h;
	if (w->off + sizeof(h) > w->end || bpf_probe_read_user(&h, sizeof(h), (void *)(w->ctl + w->off)) != 0)
		return 1;
	if (h.len < sizeof(h) || h.len > w->end - w->off)
		return 1;
	if (h.level == 1 /* SOL_SOCKET */ && h.type == 1 /* SCM_RIGHTS */) {
		w->left = (h.len - sizeof(h)) / sizeof(__s32);
		w->at = w->ctl + w->off + sizeof(h);
	}
	w->off += (h.len + 7) & ~7ull;
	return 0;
}

/* name_cmsg_fds calls seg_fd with want for each descriptor, up to
 * CMSG_FDS_MAX, that the SCM_RIGHTS control messages of the struct msghdr
 * at msg (native layout: msg_control at 32, msg_controllen at 40) carry,
 * in up to CMSGS_MAX messages: a sendmsg's as it finds them, a recvmsg's
 * as it made them. A global function. */
GLOBAL int name_cmsg_fds(struct cap_state *st, __u64 msg, __u32 want)
{
	if (!st)
		return 0;
	__u64 ctl[2]; /* msg_control, msg_controllen */
	if (bpf_probe_read_user(ctl, sizeof(ctl), (void *)(msg + 32)) != 0 || !ctl[0])
		return 0;
	struct cmsg_walk w = {.st = st, .ctl = ctl[0], .end = ctl[1] < CMSG_WALK_MAX ? ctl[1] : CMSG_WALK_MAX,
			      .want = want};
	loop(CMSGS_MAX + CMSG_FDS_MAX, cmsg_step, &w);
	return 0;
}

/* STRUCT_FDS_MAX bounds the descriptors of a call's poll array or select
 * sets that name_struct_fds names; FDSET_BITS_MAX is the most bits of a
 * select set read (as strace and the decoder read it: syscalls.FdSetMax). */
#define STRUCT_FDS_MAX 64
#define FDSET_BITS_MAX FD_SET_MAX

/* struct_walk is the state of name_struct_fds's walk: over a poll array
 * (sets[0] its address, bits its length), or over select's three sets,
 * bit by bit, a word at a time (bits bits each). */
struct struct_walk {
	struct cap_state *st;
	__u64 sets[3];
	__u64 bits;
	__u64 set;  /* select: the set being read, 0 to 2 */
	__u64 bit;  /* select: the next bit of it; poll: the next entry */
	__u64 word; /* select: the word holding bit, shifted to it */
	__u32 want;
	__u32 named;
};

/* poll_step names the descriptor of the poll array's next entry (a
 * negative one is ignored, by the kernel too); 1 ends the walk. */
static long poll_step(__u64 i, struct struct_walk *w)
{
	__s32 fd;
	if (w->bit >= w->bits || bpf_probe_read_user(&fd, sizeof(fd), (void *)(w->sets[0] + 8 * w->bit)) != 0)
		return 1;
	w->bit++;
	if (fd < 0)
		return 0;
	seg_fd(w->st, fd, w->want);
	return ++w->named >= STRUCT_FDS_MAX;
}

/* select_step names the descriptor of the next bit set in select's sets:
 * it reads a set's next word at a word's first bit (skipping a word
 * without any), else tests one bit; 1 ends the walk. A set that cannot be
 * read is left, as the decoder leaves it unprinted. */
static long select_step(__u64 i, struct struct_walk *w)
{
	__u64 set = w->set;
	if (set > 2)
		return 1;
	__u64 at = w->sets[set];
	if (w->bit >= w->bits || !at) {
		w->set = set + 1;
		w->bit = 0;
		return 0;
	}
	if ((w->bit & 63) == 0) {
		if (bpf_probe_read_user(&w->word, sizeof(w->word), (void *)(at + w->bit / 8)) != 0) {
			w->bit = w->bits;
			return 0;
		}
		if (w->word == 0) {
			w->bit += 64;
			return 0;
		}
	}
	__u64 fd = w->bit++;
	__u64 on = w->word & 1;
	w->word >>= 1;
	if (!on)
		return 0;
	seg_fd(w->st, fd, w->want);
	return ++w->named >= STRUCT_FDS_MAX;
}

/* name_struct_fds calls seg_fd with want for each descriptor, up to
 * STRUCT_FDS_MAX, that the structures of a call of kind fd_structs hold
 * (syscall_plans.fd_structs): a poll array's entries, select's sets'
 * bits. A global function. */
GLOBAL int name_struct_fds(struct cap_state *st, __u32 fd_structs, __u32 want)
{
	if (!st)
		return 0;
	struct struct_walk w = {.st = st, .want = want};
	if (fd_structs == FD_STRUCTS_POLL) {
		w.sets[0] = st->args[0];
		w.bits = (__u32)st->args[1];
		if (w.sets[0])
			loop(STRUCT_FDS_MAX, poll_step, &w);
		return 0;
	}
	if (fd_structs != FD_STRUCTS_SELECT || (__s32)st->args[0] <= 0)
		return 0;
	w.bits = (__s32)st->args[0];
	if (w.bits > FDSET_BITS_MAX)
		w.bits = FDSET_BITS_MAX;
	w.sets[0] = st->args[1];
	w.sets[1] = st->args[2];
	w.sets[2] = st->args[3];
	/* At most a bit per step and a step per set's end. */
	loop(3 * FDSET_BITS_MAX + 3, select_step, &w);
	return 0;
}

/* sock_args appends, at a call's entry, for each of its descriptor
 * arguments (syscall_plans.fd_args) a SEG_FD segment under fd_names
 * (strace names an argument as the call finds it: open or not, and
 * AT_FDCWD's working directory) and a SEG_SOCK segment for each socket
 * among them under sock_states. Otherwise (or at an exit) it appends one
 * for each netlink socket among its nl_args, whose data the decoder shows
 * as netlink messages of the socket's protocol. may_hold: the entry may
 * be held (hold_entries). */
static __always_inline void sock_args(struct cap_state *st, bool may_hold)
{
	bool all = (sock_states || fd_names) && !st->at_exit;
	if (!all && !netlink_args)
		return;
	__u32 key = st->pkey;
	struct syscall_plans *sp = bpf_map_lookup_elem(&plans, &key);
	if (!sp)
		return;
	__u8 mask = all ? sp->fd_args : sp->nl_args;
	__u32 want = all ? (sock_states ? FD_SOCK : FD_NETLINK) : FD_NETLINK;
	/* An entry that may be held names them when it is sent
	 * (name_late_args). */
	if (all && fd_names && !(may_hold && sp->fd_late))
		want |= FD_NAME | FD_CLOSED;
	for (int i = 0; i < MAX_ARGS; i++)
		if (mask & (1 << i))
			seg_fd(st, st->args[i], want);
	/* A sendmsg's descriptors and a poll's or select's, with its
	 * arguments: the sockets among them described, and named unless
	 * that waits for the entry to be sent. */
	__u32 inner = want & (FD_NAME | FD_CLOSED | FD_SOCK);
	if (!all || !inner)
		return;
	if (sp->cmsg_fds == CMSG_FDS_ENTRY)
		name_cmsg_fds(st, st->args[1], inner);
	if (sp->fd_structs)
		name_struct_fds(st, sp->fd_structs, inner);
}

/* name_new_fds appends, at a successful exit, a SEG_FD segment for each
 * descriptor the call created (syscall_plans.new_fds and cmsg_fds), and under
 * sock_states a SEG_SOCK segment for each socket among them. */
static __always_inline void name_new_fds(struct cap_state *st)
{
	__u32 key = st->pkey;
	struct syscall_plans *sp = bpf_map_lookup_elem(&plans, &key);
	if (!sp || st->ret < 0)
		return;
	__u32 want = FD_NAME | (sock_states ? FD_SOCK : 0);
	/* A recvmsg's received descriptors. */
	if (sp->cmsg_fds == CMSG_FDS_EXIT)
		name_cmsg_fds(st, st->args[1], want);
	if (sp->new_fds == NEW_FDS_NONE)
		return;
	if (sp->new_fds == NEW_FDS_RET) {
		seg_fd(st, st->ret, want);
		return;
	}
	if (sp->new_fds == NEW_FDS_RET_BPF) {
		__u32 cmd = (__u32)st->args[0];
		if (cmd < 32 && ((BPF_FD_CMDS >> cmd) & 1))
			seg_fd(st, st->ret, want);
		return;
	}
	if (sp->new_fds == NEW_FDS_RET_IOCTL) {
		if (ioctl_returns_fd((__u32)st->args[1]))
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

#endif
