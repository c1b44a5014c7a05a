package e2e

import (
	"path/filepath"
	"testing"
)

// TestTracePath: -P selects the same calls as strace's -P on both
// backends: calls naming the path, and calls taking a descriptor of it
// (the directory fileio opens and passes as openat's dirfd), including a
// relative path that strace resolves (and says so).
func TestTracePath(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "fileio")
	for _, backend := range []string{"ptrace", "ebpf"} {
		for _, c := range []struct {
			name  string
			paths func(dir string) []string
		}{
			{"dir", func(dir string) []string { return []string{"-P", dir} }},
			{"dir and sub", func(dir string) []string { return []string{"-P", dir, "--trace-path=" + filepath.Join(dir, "sub")} }},
			{"with -e trace", func(dir string) []string { return []string{"-P", dir, "-e", "trace=close,openat"} }},
			{"no such path", func(string) []string { return []string{"-P", "/nonexistent"} }},
		} {
			t.Run(backend+"/"+c.name, func(t *testing.T) {
				dir := t.TempDir()
				args := append(c.paths(dir), bin, dir)
				ref, refRun := traceFile(t, strace, args...)
				got, gotRun := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
				if gotRun.exit != refRun.exit || gotRun.stderr != asSctrace(refRun.stderr) {
					t.Errorf("exit %d, stderr %q; strace: %d, %q", gotRun.exit, gotRun.stderr, refRun.exit, refRun.stderr)
				}
				if d := sameLines(normalized(ref), normalized(got)); d != "" {
					t.Errorf("trace differs from strace's at %s", d)
				}
				if len(lines(ref)) < 2 && c.name != "no such path" {
					t.Errorf("strace selected nothing: the test's premise is stale:\n%s", ref)
				}
			})
		}
	}
}

// TestFilteredDescriptorNames: -y names descriptors made by calls that
// -e trace= hides, as strace does, on both backends (the eBPF backend
// reports those calls to the resolver without printing them).
func TestFilteredDescriptorNames(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "fileio")
	for _, backend := range []string{"ptrace", "ebpf"} {
		for _, filter := range []string{"trace=read,write,close", "trace=fstat,lseek,getdents64"} {
			t.Run(backend+"/"+filter, func(t *testing.T) {
				dir := t.TempDir()
				args := []string{"-y", "-e", filter, bin, dir}
				ref, _ := traceFile(t, strace, args...)
				got, r := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
				if r.exit != 0 {
					t.Errorf("exit %d, stderr %q", r.exit, r.stderr)
				}
				if d := sameLines(normalized(ref), normalized(got)); d != "" {
					t.Errorf("trace differs from strace's at %s", d)
				}
			})
		}
	}
}
