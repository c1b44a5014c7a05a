/* sysmisc: process and memory control calls a real program makes: prctl,
 * rlimits, capabilities, CPU affinity, memory policy, madvise/mremap/msync,
 * openat2, fcntl locks, faccessat2, readlinkat, statfs, terminal ioctls on
 * descriptors that are not terminals, futex, mount/umount2, setns/unshare,
 * io_uring, keyctl and execveat. argv[1] is a scratch directory. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/futex.h>
#include <linux/io_uring.h>
#include <linux/keyctl.h>
#include <linux/openat2.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static void process_control(void)
{
	struct __user_cap_header_struct hdr = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct data[2];
	struct rlimit rl;
	char name[16];
	cpu_set_t set;
	int mode;

	prctl(PR_SET_NAME, "sysmisc");
	prctl(PR_GET_NAME, name);
	prctl(PR_GET_DUMPABLE);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	getrlimit(RLIMIT_NOFILE, &rl);
	setrlimit(RLIMIT_NOFILE, &rl);
	prlimit(0, RLIMIT_STACK, NULL, &rl);
	syscall(SYS_capget, &hdr, data);
	syscall(SYS_capset, &hdr, data);
	CPU_ZERO(&set);
	sched_getaffinity(0, sizeof set, &set);
	syscall(SYS_get_mempolicy, &mode, NULL, 0, NULL, 0);
	syscall(SYS_set_mempolicy, 0, NULL, 0);
	unshare(0);
	setns(-1, CLONE_NEWNET);
	struct sched_param sp = {0};
	sched_getscheduler(0);
	sched_getparam(0, &sp);
	sched_setscheduler(0, SCHED_OTHER, &sp);
	sched_get_priority_max(SCHED_FIFO);
	sched_get_priority_min(SCHED_RR);
}

static void memory(void)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	madvise(p, 8192, MADV_DONTNEED);
	madvise(p, 4096, MADV_WILLNEED);
	msync(p, 4096, MS_SYNC | MS_INVALIDATE);
	p = mremap(p, 8192, 16384, MREMAP_MAYMOVE);
	munmap(p, 16384);
}

static void files(const char *dir)
{
	struct open_how how;
	struct flock fl;
	struct statfs sfs;
	char path[256], link[256];
	int fd, dfd, w = 0, w2 = 0;

	memset(&how, 0, sizeof how);
	how.flags = O_RDWR | O_CREAT | O_CLOEXEC;
	how.mode = 0600;
	how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH;
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	fd = syscall(SYS_openat2, dfd, "locked", &how, sizeof how);
	syscall(SYS_openat2, dfd, "/etc/passwd", &how, sizeof how);
	close(dfd);
	snprintf(path, sizeof path, "%s/locked", dir);
	memset(&fl, 0, sizeof fl);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	fl.l_len = 10;
	fcntl(fd, F_SETLK, &fl);
	fcntl(fd, F_GETLK, &fl);
	fl.l_type = F_UNLCK;
	fcntl(fd, F_SETLKW, &fl);
	fl.l_pid = 0;
	fl.l_type = F_RDLCK;
	fcntl(fd, F_OFD_SETLK, &fl);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	fcntl(fd, F_GETFD);
	fcntl(fd, F_DUPFD_CLOEXEC, 10);
	syscall(SYS_faccessat2, AT_FDCWD, path, R_OK | W_OK, AT_EACCESS);
	snprintf(link, sizeof link, "%s/link", dir);
	symlink("locked", link);
	readlinkat(AT_FDCWD, link, path, sizeof path);
	readlink(link, path, 3);
	unlink(link);
	snprintf(path, sizeof path, "%s/locked", dir);
	unlink(path);
	close(fd);
	close(10);
	statfs("/proc", &sfs);
	fstatfs(0, &sfs);

	struct termios tio;
	struct winsize ws;
	int n, on = 1, pg = 0;
	/* stdin is not a terminal: TCGETS fails and TCSETSW then prints
	 * these zeros, not whatever the stack held. */
	memset(&tio, 0, sizeof(tio));
	ioctl(0, TCGETS, &tio);
	ioctl(0, TCSETSW, &tio);
	ioctl(0, TIOCGWINSZ, &ws);
	ioctl(0, TIOCGPGRP, &pg);
	ioctl(0, TIOCSPGRP, &pg);
	int p[2];
	pipe(p);
	write(p[1], "abc", 3);
	ioctl(p[0], FIONREAD, &n);
	ioctl(p[0], FIONBIO, &on);
	close(p[0]);
	close(p[1]);

	syscall(SYS_futex, &w, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	syscall(SYS_futex, &w, FUTEX_WAIT_PRIVATE, 1, NULL, NULL, 0);
	syscall(SYS_futex, &w, FUTEX_WAKE_OP_PRIVATE, 1, 1, &w2,
		FUTEX_OP(FUTEX_OP_ADD, 1, FUTEX_OP_CMP_GT, 1));
	mount("none", dir, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m");
	umount2(dir, MNT_DETACH);
	umount2("/nonexistent", 0);
}

static void timers(void)
{
	struct sigevent sev;
	struct itimerspec its, old;
	timer_t t;

	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGALRM;
	timer_create(CLOCK_MONOTONIC, &sev, &t);
	/* Old and current values are read only while the timer is disarmed:
	 * an armed timer's remaining time differs from run to run. */
	memset(&its, 0, sizeof its);
	timer_settime(t, 0, &its, &old);
	its.it_value.tv_sec = 100;
	timer_settime(t, 0, &its, NULL);
	its.it_value.tv_sec = 0;
	timer_settime(t, 0, &its, NULL);
	timer_gettime(t, &its);
	timer_getoverrun(t);
	timer_delete(t);
}

static void rings(void)
{
	struct io_uring_params params;
	memset(&params, 0, sizeof params);
	int fd = syscall(SYS_io_uring_setup, 4, &params);
	syscall(SYS_io_uring_enter, fd, 0, 0, 0, NULL, 0);

	/* Resources whose structures point to arrays: descriptors, buffers
	 * and their tags, registered and updated. */
	int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	int zero = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	int files[3] = {null, -1, zero};
	__u64 tags[3] = {0x11, 0, 0x33};
	struct io_uring_rsrc_register reg;
	memset(&reg, 0, sizeof reg);
	reg.nr = 3;
	reg.data = (unsigned long)files;
	reg.tags = (unsigned long)tags;
	syscall(SYS_io_uring_register, fd, IORING_REGISTER_FILES2, &reg, sizeof reg);
	int skip[2] = {IORING_REGISTER_FILES_SKIP, null};
	struct io_uring_rsrc_update2 upd;
	memset(&upd, 0, sizeof upd);
	upd.data = (unsigned long)skip;
	upd.nr = 2;
	syscall(SYS_io_uring_register, fd, IORING_REGISTER_FILES_UPDATE2, &upd, sizeof upd);
	struct io_uring_files_update fupd = {.offset = 1, .fds = (unsigned long)skip};
	syscall(SYS_io_uring_register, fd, IORING_REGISTER_FILES_UPDATE, &fupd, 2);
	syscall(SYS_io_uring_register, fd, IORING_UNREGISTER_FILES, NULL, 0);

	static char bufa[64], bufb[128];
	struct iovec bufs[2] = {{bufa, sizeof bufa}, {bufb, sizeof bufb}};
	memset(&reg, 0, sizeof reg);
	reg.nr = 2;
	reg.data = (unsigned long)bufs;
	reg.tags = (unsigned long)tags;
	syscall(SYS_io_uring_register, fd, IORING_REGISTER_BUFFERS2, &reg, sizeof reg);
	memset(&upd, 0, sizeof upd);
	upd.offset = 1;
	upd.data = (unsigned long)bufs;
	upd.tags = (unsigned long)(tags + 1);
	upd.nr = 1;
	syscall(SYS_io_uring_register, fd, IORING_REGISTER_BUFFERS_UPDATE, &upd, sizeof upd);
	syscall(SYS_io_uring_register, fd, IORING_UNREGISTER_BUFFERS, NULL, 0);
	close(zero);
	close(null);
	close(fd);
}

/* keys: keyctl commands whose arguments point to more memory, refused
 * for keys that do not exist or are not being instantiated. */
static void keys(void)
{
	char type[] = "user", desc[] = "a payload longer than -s8";
	struct iovec iov[2] = {{type, sizeof type}, {desc, sizeof desc - 1}};
	syscall(SYS_keyctl, KEYCTL_INSTANTIATE_IOV, 12345, iov, 2, KEY_SPEC_SESSION_KEYRING);

	struct keyctl_dh_params dh = {.private = 12345, .prime = 12346, .base = 12347};
	char otherinfo[] = "other\1info";
	struct keyctl_kdf_params kdf;
	memset(&kdf, 0, sizeof kdf);
	kdf.hashname = "sha256";
	kdf.otherinfo = otherinfo;
	kdf.otherinfolen = sizeof otherinfo;
	char out[16];
	syscall(SYS_keyctl, KEYCTL_DH_COMPUTE, &dh, out, sizeof out, &kdf);
}

static void exec_at(void)
{
	char *argv[] = {"true", NULL};
	char *envp[] = {"A=1", NULL};
	sigset_t mask, old;
	siginfo_t si;
	int status;

	sigemptyset(&mask);
	sigaddset(&mask, SIGCHLD);
	sigprocmask(SIG_BLOCK, &mask, &old);
	pid_t pid = fork();
	if (pid == 0) {
		syscall(SYS_execveat, AT_FDCWD, "/bin/true", argv, envp, 0);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	/* Already reaped: ECHILD, whatever the timing. */
	memset(&si, 0, sizeof si);
	waitid(P_PID, pid, &si, WEXITED | WNOHANG);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	process_control();
	memory();
	files(argv[1]);
	timers();
	keys();
	exec_at();
	/* Last: closing the ring hands its teardown to a kernel worker,
	 * which later queues work to this task as if with a signal: a call
	 * blocked then (exec_at's wait4) would end with ERESTARTSYS and be
	 * restarted, depending on timing. Only exit_group follows. */
	rings();
	return 0;
}
