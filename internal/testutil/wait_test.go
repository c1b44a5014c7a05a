package testutil

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// WaitFor returns as soon as a writer on another goroutine has written
// the text, and String sees every write; run with -race, this also checks
// that writes and reads are serialized.
func TestOutputWaitFor(t *testing.T) {
	var o Output
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 100 {
			fmt.Fprintf(&o, "line %d\n", i)
		}
	}()
	got := o.WaitFor(t, "line 99\n", 10*time.Second)
	wg.Wait()
	if got != o.String() || len(got) != len("line 0\n")*10+len("line 10\n")*90 {
		t.Errorf("WaitFor returned %d bytes, String %d", len(got), len(o.String()))
	}
}

func TestEventually(t *testing.T) {
	n := 0
	if !Eventually(10*time.Second, func() bool { n++; return n == 3 }) || n != 3 {
		t.Errorf("Eventually: condition checked %d times", n)
	}
	if Eventually(20*time.Millisecond, func() bool { return false }) {
		t.Error("Eventually reported a condition that never held")
	}
}

// An Idle process answers each line it is sent.
func TestIdleEcho(t *testing.T) {
	p := StartIdle(t)
	p.Echo(t, "again")
	if err := p.Cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = p.Cmd.Wait()
}
