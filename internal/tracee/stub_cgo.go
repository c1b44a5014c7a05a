//go:build cgo && linux

package tracee

/*
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

// The wake sentinel and the common exec stub (stub.go) in C, as a
// constructor that runs before the Go runtime starts: a launch then waits
// for no runtime start-up of the stub, which takes milliseconds of CPU
// while the tracer loads its programs, and the command is executed from a
// process of one thread. A stub with a -D socket, or with a value it
// cannot read, returns to the Go code (runExecStub), which does
// everything. glibc passes the constructor the arguments and environment;
// elsewhere the Go code serves.

#ifdef __GLIBC__

// sctrace_kaction is the kernel's struct sigaction (rt_sigaction(2)).
struct sctrace_kaction {
	void *handler;
	unsigned long flags;
	void *restorer;
	uint64_t mask;
};

// sctrace_env_name_is reports whether the environment entry kv is of the
// variable name.
static int sctrace_env_name_is(const char *kv, const char *name)
{
	size_t n = strlen(name);
	return strncmp(kv, name, n) == 0 && kv[n] == '=';
}

// sctrace_env_first returns the value of the first entry of name, as the
// Go runtime's lookup does, or NULL.
static const char *sctrace_env_first(char **envp, const char *name)
{
	for (char **e = envp; *e; e++)
		if (sctrace_env_name_is(*e, name))
			return *e + strlen(name) + 1;
	return NULL;
}

// sctrace_parse_hex64 reads all of s[0:n] as a hexadecimal number, as
// strconv.ParseUint(s, 16, 64) does.
static int sctrace_parse_hex64(const char *s, size_t n, uint64_t *v)
{
	if (n == 0 || n > 16)
		return -1;
	*v = 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return -1;
		*v = *v << 4 | (uint64_t)d;
	}
	return 0;
}

// sctrace_stub_fail ends the stub as stubFail does.
static void sctrace_stub_fail(const char *what, int err)
{
	fprintf(stderr, "sctrace: %s: %s\n", what, strerror(err));
	_exit(1);
}

// sctrace_run_wake is runWakeStub.
static void sctrace_run_wake(void)
{
	char buf[64];
	for (;;) {
		ssize_t n = read(0, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			_exit(0);
	}
}

// sctrace_seccomp_prog is the --seccomp-bpf filter an exec stub installs.
static struct sock_filter sctrace_seccomp_prog[BPF_MAXINSNS];

// sctrace_parse_seccomp reads s, the filter SeccompSpec encodes (16
// hexadecimal digits an instruction: code, jt, jf, k), into
// sctrace_seccomp_prog, as decodeSeccompProgram does, and returns its
// length, or -1.
static int sctrace_parse_seccomp(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n % 16 != 0 || n / 16 > BPF_MAXINSNS)
		return -1;
	for (size_t i = 0; i < n / 16; i++) {
		uint64_t v;
		if (sctrace_parse_hex64(s + 16 * i, 16, &v))
			return -1;
		sctrace_seccomp_prog[i] = (struct sock_filter){
			.code = (uint16_t)(v >> 48), .jt = (uint8_t)(v >> 40), .jf = (uint8_t)(v >> 32), .k = (uint32_t)v};
	}
	return (int)(n / 16);
}

// sctrace_parse_u32 reads the decimal number at *s, as strconv.ParseUint
// does with base 10 and 32 bits, and moves *s past it.
static int sctrace_parse_u32(const char **s, uint32_t *v)
{
	const char *p = *s;
	uint64_t n = 0;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++)
		if ((n = n * 10 + (uint64_t)(*p - '0')) > UINT32_MAX)
			return -1;
	*v = (uint32_t)n;
	*s = p;
	return 0;
}

// sctrace_groups are the supplementary groups of -u (at most NGROUPS_MAX,
// 65536 since Linux 2.6.4).
static uint32_t sctrace_groups[65536];

// sctrace_parse_creds reads s, the identity credSpec writes
// ("UID:GID:EUID:EGID:G1,G2,..."), as parseCredSpec does: the ids into
// ids, the groups into sctrace_groups and their number into *ngroups.
static int sctrace_parse_creds(const char *s, uint32_t ids[4], size_t *ngroups)
{
	for (int i = 0; i < 4; i++) {
		if (sctrace_parse_u32(&s, &ids[i]) || *s != ':')
			return -1;
		s++;
	}
	size_t n = 0;
	while (*s) {
		if (*s == ',') {
			s++;
			continue;
		}
		if (n == sizeof(sctrace_groups) / sizeof(sctrace_groups[0]) || sctrace_parse_u32(&s, &sctrace_groups[n]))
			return -1;
		n++;
		if (*s && *s != ',')
			return -1;
	}
	*ngroups = n;
	return 0;
}

// sctrace_run_exec_stub is runExecStub for a stub without a -D socket. It
// returns, having changed nothing, when it leaves the stub to the Go code.
static void sctrace_run_exec_stub(int argc, char **argv, char **envp)
{
	if (argc < 2)
		return;
	const char *signals = NULL, *closed = NULL, *seccomp = NULL, *creds = NULL;
	int quiet = 0;
	for (char **e = envp; *e; e++) {
		if (sctrace_env_name_is(*e, "SCTRACE_DAEMON_STUB"))
			return;
		if (sctrace_env_name_is(*e, "SCTRACE_CREDS"))
			creds = *e + strlen("SCTRACE_CREDS=");
		else if (sctrace_env_name_is(*e, "SCTRACE_SECCOMP"))
			seccomp = *e + strlen("SCTRACE_SECCOMP=");
		else if (sctrace_env_name_is(*e, "SCTRACE_STUB_QUIET_EXEC"))
			quiet = 1;
		else if (sctrace_env_name_is(*e, "SCTRACE_STUB_SIGNALS"))
			signals = *e + strlen("SCTRACE_STUB_SIGNALS=");
		else if (sctrace_env_name_is(*e, "SCTRACE_STUB_CLOSE"))
			closed = *e + strlen("SCTRACE_STUB_CLOSE=");
	}
	// Everything is read before anything changes.
	uint64_t ignored = 0, blocked = 0;
	if (signals) {
		const char *colon = strchr(signals, ':');
		if (!colon || sctrace_parse_hex64(signals, colon - signals, &ignored) ||
		    sctrace_parse_hex64(colon + 1, strlen(colon + 1), &blocked))
			return;
	}
	int filter_len = 0;
	if (seccomp && (filter_len = sctrace_parse_seccomp(seccomp)) < 0)
		return;
	uint32_t ids[4];
	size_t ngroups = 0;
	if (creds && sctrace_parse_creds(creds, ids, &ngroups) != 0)
		return;
	int close_fd[3] = {0, 0, 0};
	if (closed && *closed) {
		for (const char *p = closed;; p += 2) {
			if (p[0] < '0' || p[0] > '2' || (p[1] != ',' && p[1] != '\0'))
				return;
			close_fd[p[0] - '0'] = 1;
			if (p[1] == '\0')
				break;
		}
	}

	// The command's environment: the stub's, in place (the command gets
	// the address a process's own environment has), less the stub's
	// GODEBUG in front and its markers.
	char **env = envp, **out = envp;
	if (*env && strcmp(*env, "GODEBUG=asyncpreemptoff=1") == 0)
		env++;
	for (; *env; env++) {
		static const char *const markers[] = {"SCTRACE_EXEC_STUB", "SCTRACE_STUB_QUIET_EXEC", "SCTRACE_STUB_SIGNALS",
						      "SCTRACE_STUB_CLOSE", "SCTRACE_SECCOMP", "SCTRACE_CREDS"};
		int marker = 0;
		for (unsigned i = 0; i < sizeof(markers) / sizeof(markers[0]); i++)
			marker |= sctrace_env_name_is(*env, markers[i]);
		if (!marker)
			*out++ = *env;
	}
	*out = NULL;

	// The command's signal dispositions and mask are set before the stop,
	// so that the tracer sees none of these calls: a signal ignored when
	// sctrace started is ignored, any other has its default action.
	if (signals) {
		for (int sig = 1; sig <= 64; sig++) {
			if (sig == SIGKILL || sig == SIGSTOP)
				continue;
			struct sctrace_kaction old, act = {.handler = SIG_DFL};
			int ignore = (ignored >> (sig - 1)) & 1;
			if (syscall(SYS_rt_sigaction, sig, NULL, &old, sizeof(uint64_t)) != 0)
				continue; // not a signal this kernel has
			if (ignore)
				act.handler = SIG_IGN;
			else if (old.handler != SIG_IGN)
				continue;
			if (syscall(SYS_rt_sigaction, sig, &act, NULL, sizeof(uint64_t)) != 0)
				sctrace_stub_fail(ignore ? "ignore signal" : "default signal action", errno);
		}
		if (syscall(SYS_rt_sigprocmask, SIG_SETMASK, &blocked, NULL, sizeof(uint64_t)) != 0)
			sctrace_stub_fail("set signal mask", errno);
	}
	if (syscall(SYS_tgkill, getpid(), (pid_t)syscall(SYS_gettid), SIGSTOP) != 0) {
		fprintf(stderr, "sctrace: exec stub: stop: %s\n", strerror(errno));
		_exit(1);
	}
	// Traced from here on (hidden until the execve): close what sctrace
	// found closed, take the command's identity (raw calls: glibc's
	// wrappers would change every thread's, and there is only this one),
	// then its filter.
	for (int fd = 0; fd < 3; fd++)
		if (close_fd[fd] && close(fd) != 0 && errno != EBADF)
			sctrace_stub_fail("exec stub: close descriptor", errno);
	if (creds) {
		if (syscall(SYS_setgroups, ngroups, sctrace_groups) != 0)
			sctrace_stub_fail("setgroups", errno);
		if (syscall(SYS_setregid, ids[1], ids[3]) != 0)
			sctrace_stub_fail("setregid", errno);
		if (syscall(SYS_setreuid, ids[0], ids[2]) != 0)
			sctrace_stub_fail("setreuid", errno);
	}
	if (filter_len > 0) {
		struct sock_fprog prog = {.len = (unsigned short)filter_len, .filter = sctrace_seccomp_prog};
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
			sctrace_stub_fail("prctl(PR_SET_NO_NEW_PRIVS)", errno);
		if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0)
			sctrace_stub_fail("prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER)", errno);
	}
	// The command does not die with sctrace (StartStub).
	if (prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0) != 0)
		sctrace_stub_fail("clear parent-death signal", errno);
	execve(argv[1], argv + 2, envp);
	if (!quiet)
		fprintf(stderr, "%s: exec: %s\n", argv[0], strerror(errno));
	_exit(1);
}

__attribute__((constructor)) static void sctrace_stubs(int argc, char **argv, char **envp)
{
	if (!argv || !envp)
		return;
	const char *wake = sctrace_env_first(envp, "SCTRACE_WAKE_STUB");
	if (wake && strcmp(wake, "1") == 0)
		sctrace_run_wake();
	const char *stub = sctrace_env_first(envp, "SCTRACE_EXEC_STUB");
	if (stub && strcmp(stub, "1") == 0)
		sctrace_run_exec_stub(argc, argv, envp);
}

// sctrace_check_creds and sctrace_check_seccomp run the constructor's
// parsers for the tests: 0 (and the groups' or instructions' number in
// *n), -1 for a value they refuse.
static int sctrace_check_creds(const char *s, size_t *n)
{
	uint32_t ids[4];
	return sctrace_parse_creds(s, ids, n);
}

static int sctrace_check_seccomp(const char *s, size_t *n)
{
	int len = sctrace_parse_seccomp(s);
	*n = len < 0 ? 0 : (size_t)len;
	return len < 0 ? -1 : 0;
}

#else

static int sctrace_check_creds(const char *s, size_t *n) { return -2; }
static int sctrace_check_seccomp(const char *s, size_t *n) { return -2; }

#endif
*/
import "C"

import (
	"errors"
	"unsafe"
)

// cStubs says that the constructor above serves the wake sentinel and the
// common exec stub.
const cStubs = true

// cParse runs the constructor's parser of credStubEnv's value (seccomp
// false) or seccompStubEnv's (true) on s, for the tests: the number of
// groups or filter instructions it read.
func cParse(s string, seccomp bool) (int, error) {
	cs := C.CString(s)
	defer C.free(unsafe.Pointer(cs))
	var n C.size_t
	var rc C.int
	if seccomp {
		rc = C.sctrace_check_seccomp(cs, &n)
	} else {
		rc = C.sctrace_check_creds(cs, &n)
	}
	switch rc {
	case 0:
		return int(n), nil
	case -2:
		return 0, errNoCStub
	}
	return 0, errors.New("refused")
}
