package testutil

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// build caches what this test binary compiled: sctrace once, each C workload
// once per distinct set of compiler flags. Everything lands in one temporary
// directory, removed by RemoveBuildDir.
var build struct {
	mu      sync.Mutex
	dir     string
	dirErr  error
	sctrace string
	scErr   error
	scDone  bool
	cbins   map[string]string
}

// buildDir returns the shared output directory, creating it on first use.
// The caller holds build.mu.
func buildDir() (string, error) {
	if build.dir == "" && build.dirErr == nil {
		build.dir, build.dirErr = os.MkdirTemp("", "sctrace-testbuild-")
		if build.dirErr != nil {
			build.dirErr = fmt.Errorf("create build directory: %w", build.dirErr)
		}
	}
	return build.dir, build.dirErr
}

// RemoveBuildDir deletes everything BuildSctrace and BuildC compiled. Call it
// from TestMain after m.Run; later calls to the builders start afresh.
func RemoveBuildDir() {
	build.mu.Lock()
	defer build.mu.Unlock()
	if build.dir != "" {
		_ = os.RemoveAll(build.dir)
	}
	build.dir, build.dirErr = "", nil
	build.sctrace, build.scErr, build.scDone = "", nil, false
	build.cbins = nil
}

// RepoRoot returns the directory holding sctrace's go.mod, found by walking
// up from the working directory (a test's working directory is its package).
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatalf("getwd: %v", err)
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(b), "module github.com/sctrace/sctrace") {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no sctrace go.mod above the working directory")
		}
		dir = parent
	}
}

// WorkloadSource returns the path of testdata/workloads/NAME.c, failing the
// test if it does not exist.
func WorkloadSource(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(RepoRoot(t), "testdata", "workloads", name+".c")
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("workload %s: %v", name, err)
	}
	return p
}

// BuildSctrace returns the path of an sctrace binary for this test run. If
// SCTRACE_BIN is set it is used as is, a relative path being taken from the
// repository's root (so CI can test the binary `make` built, bin/sctrace);
// otherwise ./cmd/sctrace is compiled once per test binary.
func BuildSctrace(t testing.TB) string {
	t.Helper()
	root := RepoRoot(t)
	if p := os.Getenv("SCTRACE_BIN"); p != "" {
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p) // relative to the repository, not the package
		}
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("SCTRACE_BIN: %v", err)
		}
		return p
	}
	build.mu.Lock()
	defer build.mu.Unlock()
	if !build.scDone {
		build.scDone = true
		build.sctrace, build.scErr = buildSctrace(root)
	}
	if build.scErr != nil {
		t.Fatalf("%v", build.scErr)
	}
	return build.sctrace
}

// buildSctrace compiles ./cmd/sctrace into the build directory. The caller
// holds build.mu.
func buildSctrace(root string) (string, error) {
	dir, err := buildDir()
	if err != nil {
		return "", err
	}
	out := filepath.Join(dir, "sctrace")
	cmd := exec.Command("go", "build", "-o", out, "github.com/sctrace/sctrace/cmd/sctrace")
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/sctrace: %w\n%s", err, msg)
	}
	return out, nil
}

// BuildC compiles the C file src with gcc -O0 -pthread plus extraFlags and
// returns the executable's path. Each distinct (src, flags) pair is compiled
// once per test binary. It needs gcc (RequireCommand(t, "gcc")).
func BuildC(t testing.TB, src string, extraFlags ...string) string {
	t.Helper()
	RequireCommand(t, "gcc")
	key := src + "\x00" + strings.Join(extraFlags, "\x00")
	build.mu.Lock()
	defer build.mu.Unlock()
	if p, ok := build.cbins[key]; ok {
		return p
	}
	dir, err := buildDir()
	if err != nil {
		t.Fatalf("%v", err)
	}
	name := strings.TrimSuffix(filepath.Base(src), ".c")
	for _, f := range extraFlags {
		name += "_" + strings.Trim(f, "-")
	}
	out := filepath.Join(dir, fmt.Sprintf("%s.%d", name, len(build.cbins)))
	args := append([]string{"-O0", "-pthread", "-o", out, src}, extraFlags...)
	if msg, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	if build.cbins == nil {
		build.cbins = map[string]string{}
	}
	build.cbins[key] = out
	return out
}

// ExitCode returns the exit status of a finished command: its exit code, or
// 128+N when it was killed by signal N (what a shell reports). A nil error is
// 0; an error that is not an exit status is -1.
func ExitCode(err error) int {
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return -1
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ee.ExitCode()
}

// RunAndClean runs m's tests, deletes what the builders compiled and exits
// with the tests' status: the body of a TestMain that builds workloads.
func RunAndClean(m *testing.M) {
	code := m.Run()
	RemoveBuildDir()
	os.Exit(code)
}
