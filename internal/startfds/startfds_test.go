package startfds

import (
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// childEnv makes the test binary print Closed() and exit, as a child.
const childEnv = "STARTFDS_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		var s []string
		for _, fd := range Closed() {
			s = append(s, strconv.Itoa(fd))
		}
		// Descriptor 3 is the report's: 1 and 2 may be closed.
		f := os.NewFile(3, "report")
		_, _ = f.WriteString(strings.Join(s, ",") + "\n")
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestClosed starts the test binary with each combination of standard
// descriptors closed and checks that it reports exactly those, although
// the runtime reopened them.
func TestClosed(t *testing.T) {
	if !Known() {
		if testutil.InCI() {
			t.Fatal("CI=true but built without cgo: descriptors closed at start are not recorded")
		}
		t.Skip("built without cgo: descriptors closed at start are not recorded")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for mask := range 8 {
		var want []int
		files := []*os.File{os.Stdin, os.Stdout, os.Stderr}
		for fd := range 3 {
			if mask&(1<<fd) != 0 {
				files[fd] = nil
				want = append(want, fd)
			}
		}
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		p, err := os.StartProcess(self, []string{self}, &os.ProcAttr{
			Env:   append(os.Environ(), childEnv+"=1"),
			Files: append(files, w),
		})
		w.Close()
		if err != nil {
			r.Close()
			t.Fatal(err)
		}
		out, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Wait(); err != nil {
			t.Fatal(err)
		}
		var got []int
		for _, f := range strings.Split(strings.TrimSpace(string(out)), ",") {
			if fd, err := strconv.Atoi(f); err == nil {
				got = append(got, fd)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("closed %v at start: Closed() = %v", want, got)
		}
	}
}
