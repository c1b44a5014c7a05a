/* Calls for -e inject= and -e fault=: each line of output says what the
 * program saw, so that a test compares the program's own view with the
 * trace. Run under "-e inject=..." rules by internal/e2e/inject_test.go. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void on_usr1(int sig) { got = sig; }

static void say(const char *what, long r)
{
	char line[128];
	int n = snprintf(line, sizeof(line), "%s %ld %d\n", what, r, r < 0 ? errno : 0);
	write(1, line, n);
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);

	for (int i = 0; i < 6; i++)
		say("chdir", chdir("/"));

	char buf[8] = "abcdefg";
	int fd = open("/dev/zero", O_RDONLY);
	say("read", read(fd, buf, sizeof(buf)));
	close(fd);

	char msg[] = "hello\n";
	say("write", write(1, msg, sizeof(msg) - 1));

	say("getppid", getppid() > 0);
	say("getpid", getpid() > 0);
	say("signal", got);
	return 0;
}
