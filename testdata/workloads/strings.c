/* strings: long strings (for -s truncation) and binary bytes (for -x/-xx)
 * written to stdout, and long path names. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	char lng[300];
	char path[200];
	unsigned char bin[40];
	int i;

	for (i = 0; i < (int)sizeof lng - 1; i++)
		lng[i] = (char)('a' + i % 26);
	lng[sizeof lng - 1] = '\n';
	write(1, lng, sizeof lng);
	write(1, "exactly32bytes..................", 32);
	write(1, "short\n", 6);
	write(1, "tab\there\"quote\\backslash\n", 26);
	for (i = 0; i < (int)sizeof bin; i++)
		bin[i] = (unsigned char)(i * 7 + 200);
	write(1, bin, sizeof bin);
	write(1, "\0\0\0nul", 6);
	write(1, "utf8 \xc3\xa9\xe2\x82\xac\n", 11);
	memset(path, 'p', sizeof path);
	memcpy(path, "/nonexistent/", 13);
	path[sizeof path - 1] = '\0';
	open(path, O_RDONLY);
	return 0;
}
