package testutil

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// Output collects what a running process writes (as its cmd.Stdout or
// cmd.Stderr) so that a test may read it while the process runs: writes
// and reads are serialized, and WaitFor blocks until a given text arrives.
type Output struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	changed chan struct{} // closed and replaced at each write
}

// Write appends p and wakes the callers of WaitFor.
func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n, err := o.buf.Write(p)
	if o.changed != nil {
		close(o.changed)
		o.changed = nil
	}
	return n, err
}

// String returns everything written so far.
func (o *Output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

// snapshot returns the text so far and a channel closed at the next write.
func (o *Output) snapshot() (string, <-chan struct{}) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.changed == nil {
		o.changed = make(chan struct{})
	}
	return o.buf.String(), o.changed
}

// WaitFor blocks until the output contains text and returns the output
// then. It fails the test if text has not arrived within timeout (a
// bound on a hang, not a measure of anything).
func (o *Output) WaitFor(t testing.TB, text string, timeout time.Duration) string {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s, changed := o.snapshot()
		if strings.Contains(s, text) {
			return s
		}
		select {
		case <-changed:
		case <-deadline.C:
			t.Fatalf("no %q in the output within %v; it has:\n%s", text, timeout, s)
		}
	}
}

// pollInterval is how often Eventually checks its condition.
const pollInterval = 5 * time.Millisecond

// Eventually checks cond until it holds or timeout passes, and reports
// whether it held. It is for states the kernel shows (in /proc, or by an
// object id no longer found) and announces by no event a test can wait
// for: a task blocked in a given call, a BPF object freed after its last
// reference. Everything else waits for its event.
func Eventually(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		<-tick.C
	}
	return true
}

// Idle is a running cat(1) (or shell loop) that answered a line, so it
// has executed and its main loop runs: a process to attach to. It then
// waits in read(0) for the next line.
type Idle struct {
	Cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// StartIdle starts cat with pipes on its standard input and output and
// returns once it has echoed a first line. The test's cleanup kills it
// and reaps it, if the test has not.
func StartIdle(t testing.TB) *Idle {
	t.Helper()
	return startIdle(t, exec.Command(RequireCommand(t, "cat")))
}

// StartIdleShell is StartIdle with a shell that runs script (sh -c script
// sh args...) in cat's place: a script that echoes each line it reads, and
// does whatever else the test traces, between reads.
func StartIdleShell(t testing.TB, script string, args ...string) *Idle {
	t.Helper()
	return startIdle(t, exec.Command(RequireCommand(t, "sh"), append([]string{"-c", script, "sh"}, args...)...))
}

// startIdle starts cmd with pipes on its standard input and output and
// returns once it has echoed a first line.
func startIdle(t testing.TB, cmd *exec.Cmd) *Idle {
	t.Helper()
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &Idle{Cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	p.Echo(t, "started")
	return p
}

// echoTimeout bounds the wait for cat's answer: a stopped cat never
// answers.
const echoTimeout = 10 * time.Second

// Echo writes line to the process and reads it back: it returns once the
// process has run, so it is neither stopped nor gone.
func (p *Idle) Echo(t testing.TB, line string) {
	t.Helper()
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		t.Fatalf("write to %s: %v", p.Cmd.Args[0], err)
	}
	answer := make(chan error, 1)
	go func() {
		got, err := p.out.ReadString('\n')
		if err == nil && got != line+"\n" {
			err = fmt.Errorf("%s answered %q", p.Cmd.Args[0], got)
		}
		answer <- err
	}()
	select {
	case err := <-answer:
		if err != nil {
			t.Fatalf("echo %q: %v", line, err)
		}
	case <-time.After(echoTimeout):
		t.Fatalf("%s did not echo %q within %v: it is stopped or gone", p.Cmd.Args[0], line, echoTimeout)
	}
}
