package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDecodeOptions compares sctrace with strace, line for line after
// normalization (addresses, pids, inodes, times), under the options that
// change how values are shown: -y, -yy, -X, -e raw=, -e abbrev=,
// -e verbose= and the -e read=/write= dumps.
func TestDecodeOptions(t *testing.T) {
	strace, sctrace := tracers(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(file, []byte("hello world, this is a longer line\n\x00\x01binary\xff\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pipes := workload(t, "pipes")
	sockets := workload(t, "sockets")
	fileio := workload(t, "fileio")
	cases := []struct {
		name string
		args []string
	}{
		{"cat -y", []string{"-y", "/bin/cat", file}},
		{"cat -yy", []string{"-yy", "/bin/cat", file}},
		{"pipes -y", []string{"-y", pipes}},
		{"sockets -yy", []string{"-yy", sockets}},
		{"fileio --decode-fds=path", []string{"--decode-fds=path", fileio, dir}},
		{"cat -X raw", []string{"-X", "raw", "/bin/cat", file}},
		{"cat -X verbose", []string{"-X", "verbose", "/bin/cat", file}},
		{"cat -X verbose -v", []string{"-X", "verbose", "-v", "/bin/cat", file}},
		{"cat raw=", []string{"-e", "raw=openat,read,mmap", "/bin/cat", file}},
		{"cat verbose=none", []string{"-e", "verbose=none", "/bin/cat", file}},
		{"cat abbrev=none", []string{"-e", "abbrev=none", "/bin/cat", file}},
		{"cat read= write=", []string{"-e", "read=3", "-e", "write=1", "/bin/cat", file}},
		{"pipes read=all write=all", []string{"-e", "read=all", "-e", "write=all", pipes}},
		{"sockets read=all write=all", []string{"-e", "read=all", "-e", "write=all", sockets}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, _ := traceFile(t, strace, c.args...)
			got, _ := traceFile(t, sctrace, c.args...)
			if d := sameLines(withoutScratch(normalized(want)), withoutScratch(normalized(got))); d != "" {
				t.Errorf("differs from strace at %s", d)
			}
		})
	}
}

// withoutScratch replaces test directories (each run has its own working
// directory, which -y shows) with SCRATCH.
func withoutScratch(ls []string) []string {
	for i := range ls {
		ls[i] = scratchPath.ReplaceAllString(ls[i], "SCRATCH")
	}
	return ls
}
