/* scopemark: a marker for the scope tests (internal/e2e/scope_test.go).
 * Usage: scopemark PATH [UID]. With UID it first takes that user id (and
 * group id). Then, for each line read on stdin: "open" opens PATH (which
 * need not exist: the call is what the test looks for), "fork" makes a
 * child that opens PATH.child and waits for it; either way the line is
 * written back once done, so the test knows the call was made. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void open_close(const char *path)
{
	int fd = open(path, O_RDONLY);
	if (fd >= 0)
		close(fd);
}

int main(int argc, char **argv)
{
	char line[64], child[4096];

	if (argc < 2)
		return 2;
	if (argc > 2) {
		unsigned id = (unsigned)atoi(argv[2]);
		if (setresgid(id, id, id) || setresuid(id, id, id))
			return 3;
	}
	snprintf(child, sizeof child, "%s.child", argv[1]);
	for (;;) {
		ssize_t n = read(0, line, sizeof line - 1);
		if (n <= 0)
			return 0;
		line[n] = 0;
		if (!strncmp(line, "open", 4)) {
			open_close(argv[1]);
		} else if (!strncmp(line, "fork", 4)) {
			pid_t pid = fork();
			if (pid == 0) {
				open_close(child);
				_exit(0);
			}
			waitpid(pid, NULL, 0);
		}
		if (write(1, line, (size_t)n) != n)
			return 4;
	}
}
