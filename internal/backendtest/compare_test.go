package backendtest

import (
	"context"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/bpfbackend"
	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/ptrace"
	"github.com/sctrace/sctrace/trace"
)

// workload builds testdata/workloads/NAME.c and returns it as a target.
func workload(t *testing.T, name string) trace.Target {
	t.Helper()
	bin := testutil.BuildC(t, testutil.WorkloadSource(t, name))
	return trace.Target{Path: bin, Argv: []string{filepath.Base(bin)}, Env: []string{"LC_ALL=C"}}
}

func defaultOpts() trace.Options {
	return trace.Options{StringLimit: 32, SignalsWanted: true}
}

// collect traces target with b and returns copies of the events. No
// capture may have been read again from the live task or have missed the
// kernel's record of it.
func collect(t *testing.T, b trace.Backend, target trace.Target, opts trace.Options) ([]trace.Event, trace.Result) {
	t.Helper()
	var evs []trace.Event
	res, err := b.Run(context.Background(), target, opts, func(ev *trace.Event) error {
		var c trace.Event
		ev.CopyTo(&c)
		evs = append(evs, c)
		return nil
	})
	if err != nil {
		t.Fatalf("%s run: %v", b.Name(), err)
	}
	if res.Stats.CaptureRereads != 0 || res.Stats.CaptureMismatches != 0 {
		t.Errorf("%s: %d captures re-read, %d mismatched", b.Name(), res.Stats.CaptureRereads, res.Stats.CaptureMismatches)
	}
	return evs, res
}

// TestSignals checks handled and ignored signals against the ptrace
// backend's view of the same workload.
func TestSignals(t *testing.T) {
	testutil.RequireBPF(t)
	testutil.RequirePtrace(t)
	target := workload(t, "signals")
	signals := func(b trace.Backend) []int32 {
		evs, _ := collect(t, b, target, defaultOpts())
		var sigs []int32
		for _, ev := range evs {
			if ev.Kind == trace.Signal {
				sigs = append(sigs, ev.Signal.Signo)
			}
		}
		return sigs
	}
	want, got := signals(ptrace.New()), signals(bpfbackend.New())
	if len(want) == 0 || len(got) != len(want) {
		t.Fatalf("ebpf signals %v, ptrace %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("ebpf signals %v, ptrace %v", got, want)
		}
	}
}

// TestGroupStop checks that every thread of a process that stops itself
// with SIGSTOP reports its group stop, as under ptrace, and that the
// leader's exit comes after its threads', as strace (through wait) sees it.
func TestGroupStop(t *testing.T) {
	testutil.RequireBPF(t)
	testutil.RequirePtrace(t)
	target := workload(t, "jobctl")
	target.Argv = append(target.Argv, "thread")
	opts := defaultOpts()
	opts.FollowForks = true
	stops := func(b trace.Backend) (n int, lastExit trace.Event) {
		evs, res := collect(t, b, target, opts)
		if res.ExitCode != 0 {
			t.Errorf("%s: exit code %d, want 0", b.Name(), res.ExitCode)
		}
		for _, ev := range evs {
			switch {
			case ev.Kind == trace.Signal && ev.Signal.GroupStop:
				if ev.Signal.Signo != int32(unix.SIGSTOP) {
					t.Errorf("%s: tid %d stopped by signal %d, want SIGSTOP", b.Name(), ev.TID, ev.Signal.Signo)
				}
				n++
			case ev.Kind == trace.Exit && ev.PID == evs[0].PID:
				lastExit = ev
			}
		}
		return n, lastExit
	}
	want, ptraceExit := stops(ptrace.New())
	got, ebpfExit := stops(bpfbackend.New())
	if want != 2 || got != want {
		t.Errorf("group stops: ebpf %d, ptrace %d; want 2 (both threads)", got, want)
	}
	for _, ev := range []trace.Event{ptraceExit, ebpfExit} {
		if ev.TID != ev.PID {
			t.Errorf("the group's last exit is tid %d's, want the leader's (%d)", ev.TID, ev.PID)
		}
	}
}

// TestCountOnly checks the kernel's per-syscall counts against the calls
// the ptrace backend reports for the same deterministic command; with
// CountHistograms each syscall's histogram holds all its calls, without,
// none (the programs keep none).
func TestCountOnly(t *testing.T) {
	testutil.RequireBPF(t)
	testutil.RequirePtrace(t)
	target := workload(t, "fileio")
	want := map[int32]uint64{}
	evs, _ := collect(t, ptrace.New(), target, defaultOpts())
	for _, ev := range evs {
		if ev.Kind == trace.SyscallExit && !ev.NoReturn {
			want[ev.NR]++
		}
	}
	for _, c := range []struct{ wall, hists bool }{{false, true}, {true, true}, {false, false}} {
		wall := c.wall
		opts := defaultOpts()
		opts.CountOnly = true
		opts.SummaryWallTime = wall
		opts.CountHistograms = c.hists
		evs, res := collect(t, bpfbackend.New(), target, opts)
		for _, ev := range evs {
			if ev.Kind == trace.SyscallEnter || ev.Kind == trace.SyscallExit {
				t.Fatalf("syscall event under CountOnly: %+v", ev)
			}
		}
		got := map[int32]uint64{}
		for k, st := range res.Counts {
			got[k.NR] = st.Calls
			var hist uint64
			for _, n := range st.Hist {
				hist += n
			}
			if want := map[bool]uint64{true: st.Calls}[c.hists]; hist != want || st.MinNS > st.MaxNS || st.TotalNS < st.MaxNS {
				t.Errorf("histograms %v: nr %d: inconsistent stats %+v (histogram of %d calls, want %d)", c.hists, k.NR, st, hist, want)
			}
		}
		for k, n := range want {
			if got[k] != n {
				t.Errorf("wall %v: nr %d counted %d times, ptrace saw %d", wall, k, got[k], n)
			}
		}
		if len(got) != len(want) {
			t.Errorf("wall %v: %d syscalls counted, ptrace saw %d", wall, len(got), len(want))
		}
	}
}

// TestStacks: under Options.StackSize (-k) both backends give every traced
// call's entry and every signal the thread's registers and the top of its
// stack, the call's exit the same sample, and a successful execve's exit
// the new program's: its instruction pointer is where the program starts.
func TestStacks(t *testing.T) {
	testutil.RequireBPF(t)
	testutil.RequirePtrace(t)
	target := workload(t, "signals")
	const size = 8192
	opts := defaultOpts()
	opts.StackSize = size
	type counts struct{ calls, signals, execs int }
	check := func(b trace.Backend) counts {
		evs, _ := collect(t, b, target, opts)
		var n counts
		entries := map[int32]*trace.UserStack{}
		for i := range evs {
			ev := &evs[i]
			switch ev.Kind {
			case trace.SyscallEnter:
				st := ev.Stack
				if st == nil {
					t.Errorf("%s: %d's call %d has no stack", b.Name(), ev.TID, ev.NR)
					continue
				}
				if st.Regs[16] != ev.IP || len(st.Data) == 0 || len(st.Data) > size || st.Regs[7]%8 != 0 {
					t.Errorf("%s: call %d: ip %#x (event %#x), sp %#x, %d bytes of stack", b.Name(), ev.NR, st.Regs[16], ev.IP, st.Regs[7], len(st.Data))
				}
				entries[ev.TID] = st
				n.calls++
			case trace.SyscallExit:
				st, entry := ev.Stack, entries[ev.TID]
				if ev.NR == unix.SYS_EXECVE && ev.Ret == 0 {
					if st == nil || st == entry || entry != nil && st.Regs[7] == entry.Regs[7] {
						t.Errorf("%s: the execve's exit has not the new program's stack", b.Name())
					}
					n.execs++
				} else if st == nil || entry == nil || st.Regs != entry.Regs {
					t.Errorf("%s: call %d's exit has not its entry's stack", b.Name(), ev.NR)
				}
			case trace.Signal:
				if ev.Stack == nil || len(ev.Stack.Data) == 0 {
					t.Errorf("%s: signal %d has no stack", b.Name(), ev.Signal.Signo)
				}
				n.signals++
			}
		}
		return n
	}
	want, got := check(ptrace.New()), check(bpfbackend.New())
	if want.calls == 0 || want.signals == 0 || want.execs != 1 || got != want {
		t.Errorf("calls, signals and execs with stacks: ebpf %+v, ptrace %+v", got, want)
	}
}
