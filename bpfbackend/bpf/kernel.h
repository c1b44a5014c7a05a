/* The few kernel types sctrace's programs read, declared by hand with
 * preserve_access_index: libbpf-style CO-RE relocates each field access
 * against the running kernel's BTF, so only the fields used matter and a
 * multi-megabyte vmlinux.h is not needed. x86_64 only. */
#ifndef SCTRACE_KERNEL_H
#define SCTRACE_KERNEL_H

typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;
typedef signed char __s8;
typedef short __s16;
typedef int __s32;
typedef long long __s64;
typedef __u16 __be16;
typedef __u32 __be32;
typedef __u32 __wsum;
typedef _Bool bool;
#define true 1
#define false 0

enum bpf_map_type {
	BPF_MAP_TYPE_HASH = 1,
	BPF_MAP_TYPE_ARRAY = 2,
	BPF_MAP_TYPE_PERCPU_HASH = 5,
	BPF_MAP_TYPE_PERCPU_ARRAY = 6,
	BPF_MAP_TYPE_RINGBUF = 27,
	BPF_MAP_TYPE_TASK_STORAGE = 29,
};

enum {
	BPF_ANY = 0,
	BPF_NOEXIST = 1,
	BPF_F_NO_PREALLOC = 1,
	BPF_LOCAL_STORAGE_GET_F_CREATE = 1,
	BPF_RB_NO_WAKEUP = 1,
	BPF_RB_FORCE_WAKEUP = 2,
	BPF_RB_AVAIL_DATA = 0,
};

struct pt_regs {
	unsigned long r15, r14, r13, r12, bp, bx, r11, r10, r9, r8;
	unsigned long ax, cx, dx, si, di, orig_ax, ip, cs, flags, sp, ss;
} __attribute__((preserve_access_index));

struct sched_entity {
	__u64 sum_exec_runtime;
} __attribute__((preserve_access_index));

typedef struct {
	unsigned long sig[1];
} sigset_t;

struct sigaction {
	void *sa_handler;
	unsigned long sa_flags;
} __attribute__((preserve_access_index));

/* k_sigaction's size is relocated (bpf_core_type_size); sa.sa_handler is
 * its first field. */
struct k_sigaction {
	struct sigaction sa;
} __attribute__((preserve_access_index));

struct sighand_struct {
	struct k_sigaction action[64];
} __attribute__((preserve_access_index));

struct sigpending {
	sigset_t signal;
} __attribute__((preserve_access_index));

struct task_struct;

struct signal_struct {
	struct task_struct *group_exec_task;
	unsigned int flags; /* SIGNAL_GROUP_EXIT: the group is dying */
} __attribute__((preserve_access_index));

struct qstr {
	__u64 hash_len; /* the name's hash, and its length in the high 32 bits */
	const unsigned char *name;
} __attribute__((preserve_access_index));

/* hlist_bl_node: a dentry's d_hash; pprev is NULL when it is unhashed. */
struct hlist_bl_node {
	struct hlist_bl_node *next, **pprev;
} __attribute__((preserve_access_index));

struct dentry {
	struct hlist_bl_node d_hash;
	struct qstr d_name;
	struct dentry *d_parent;
} __attribute__((preserve_access_index));

struct vfsmount {
	struct dentry *mnt_root;
} __attribute__((preserve_access_index));

/* mount holds a vfsmount (mnt); its parent and where it is mounted there
 * lead a path up across mounts (-k's mappings). */
struct mount {
	struct mount *mnt_parent;
	struct dentry *mnt_mountpoint;
	struct vfsmount mnt;
} __attribute__((preserve_access_index));

struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
} __attribute__((preserve_access_index));

struct super_block {
	unsigned long s_magic;
} __attribute__((preserve_access_index));

struct inode {
	unsigned short i_mode;
	__u32 i_rdev;
	unsigned long i_ino;
	struct super_block *i_sb;
	void *i_private;
} __attribute__((preserve_access_index));

struct file {
	struct path f_path;
	struct inode *f_inode;
	void *private_data;
} __attribute__((preserve_access_index));

/* Sockets, for -yy (seg_sock): what sock_diag would report of one. */
struct hlist_node {
	struct hlist_node *next, **pprev;
} __attribute__((preserve_access_index));

struct in6_addr {
	__u8 in6_u[16];
} __attribute__((preserve_access_index));

struct sock_common {
	__be32 skc_daddr;
	__be32 skc_rcv_saddr;
	__be16 skc_dport;
	__u16 skc_num;
	unsigned short skc_family;
	struct hlist_node skc_node;
	struct in6_addr skc_v6_daddr;
	struct in6_addr skc_v6_rcv_saddr;
} __attribute__((preserve_access_index));

struct sock {
	struct sock_common __sk_common;
	__u16 sk_protocol;
	struct socket *sk_socket;
} __attribute__((preserve_access_index));

struct socket {
	struct sock *sk;
	struct file *file;
} __attribute__((preserve_access_index));

struct sockaddr_un {
	unsigned short sun_family;
	char sun_path[108];
} __attribute__((preserve_access_index));

struct unix_address {
	int len;
	struct sockaddr_un name[];
} __attribute__((preserve_access_index));

struct unix_sock {
	struct unix_address *addr;
	struct sock *peer;
} __attribute__((preserve_access_index));

struct netlink_sock {
	__u32 portid;
} __attribute__((preserve_access_index));

struct fdtable {
	unsigned int max_fds;
	struct file **fd;
	unsigned long *close_on_exec;
} __attribute__((preserve_access_index));

struct files_struct {
	struct fdtable *fdt;
} __attribute__((preserve_access_index));

/* fs_struct: a task's working directory (-y's AT_FDCWD). */
struct fs_struct {
	struct path pwd;
} __attribute__((preserve_access_index));

/* thread_info.status has TS_COMPAT while the task is in an ia32 call
 * (int $0x80 from a 64-bit task too), from its entry to its exit. */
struct thread_info {
	__u32 status;
} __attribute__((preserve_access_index));

#define TS_COMPAT 0x0002

/* ns_common, pid_namespace, upid and pid: a task's PID namespace
 * (scope.h); a namespace's type name, which names its nsfs file (the
 * inode's i_private, fdname.h). */
struct proc_ns_operations {
	const char *name;
} __attribute__((preserve_access_index));

struct ns_common {
	unsigned int inum;
	const struct proc_ns_operations *ops;
} __attribute__((preserve_access_index));

struct pid_namespace {
	struct ns_common ns;
} __attribute__((preserve_access_index));

struct upid {
	int nr;
	struct pid_namespace *ns;
} __attribute__((preserve_access_index));

struct pid {
	unsigned int level;
	struct upid numbers[1];
} __attribute__((preserve_access_index));

/* kuid_t, cred: a task's credentials (--uid of a task not current). */
typedef struct {
	__u32 val;
} kuid_t;

struct cred {
	kuid_t uid;
} __attribute__((preserve_access_index));

/* kernfs_node, cgroup, css_set: a task's cgroup v2 and its ancestors
 * (--cgroup of a task not current). */
struct kernfs_node {
	__u64 id;
} __attribute__((preserve_access_index));

struct cgroup {
	struct kernfs_node *kn;
	int level;
	struct cgroup *ancestors[];
} __attribute__((preserve_access_index));

struct css_set {
	struct cgroup *dfl_cgrp;
} __attribute__((preserve_access_index));

struct task_struct {
	struct thread_info thread_info;
	unsigned int __state;
	int on_cpu;
	int pid;
	int tgid;
	int exit_code;
	unsigned long nvcsw;
	unsigned long nivcsw;
	struct sched_entity se;
	struct sighand_struct *sighand;
	sigset_t blocked;
	/* real_blocked: the mask sigtimedwait restores, which unblocks
	 * the signals it waits for meanwhile (empty otherwise). */
	sigset_t real_blocked;
	struct sigpending pending;
	struct signal_struct *signal;
	struct fs_struct *fs;
	struct files_struct *files;
	unsigned long jobctl;
	struct task_struct *real_parent;
	struct pid *thread_pid;
	const struct cred *cred;
	struct css_set *cgroups;
	char comm[16];
	/* bpf_storage: the task's local storage of every BPF map; NULL when
	 * no map holds any for it. */
	void *bpf_storage;
} __attribute__((preserve_access_index));

/* vm_area_struct is one mapping of a task's memory (-k's mappings). */
struct vm_area_struct {
	unsigned long vm_start;
	unsigned long vm_end;
	unsigned long vm_flags;
	unsigned long vm_pgoff;
	struct file *vm_file;
} __attribute__((preserve_access_index));

/* bpf_iter_task_vma is the state of the open-coded iterator over a task's
 * mappings (kfuncs bpf_iter_task_vma_*). */
struct bpf_iter_task_vma {
	__u64 __opaque[1];
} __attribute__((aligned(8)));

/* bpf_task_work is UAPI (6.18): a map value's handle on a task work. */
struct bpf_task_work {
	__u64 __opaque;
} __attribute__((aligned(8)));

/* bpf_map appears in the task work callback's type; no field is read. */
struct bpf_map {
	__u32 id;
} __attribute__((preserve_access_index));

struct kernel_siginfo;
struct linux_binprm;

#endif
