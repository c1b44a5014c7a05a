package trace

import (
	"sync"
	"testing"
	"time"
)

func TestStepsOrderAndOrigin(t *testing.T) {
	origin := time.Now()
	s := NewSteps(origin)
	s.Add("second", origin.Add(2*time.Millisecond), origin.Add(5*time.Millisecond))
	s.Add("first", origin.Add(time.Millisecond), origin.Add(3*time.Millisecond))
	s.Add("never started", time.Time{}, origin.Add(time.Millisecond))
	end := s.Begin("now")
	end()
	got := s.List()
	if len(got) != 3 {
		t.Fatalf("List() = %+v, want 3 steps", got)
	}
	// Begin's step began microseconds after the origin: before the others.
	if now := got[0]; now.Name != "now" || now.StartNS < 0 || now.StartNS >= 1e6 || now.EndNS < now.StartNS {
		t.Errorf("first step %+v: want Begin's, from the origin on, ending after it began", now)
	}
	want := []Step{{"first", 1e6, 3e6}, {"second", 2e6, 5e6}}
	for i, w := range want {
		if got[i+1] != w {
			t.Errorf("step %d = %+v, want %+v", i+1, got[i+1], w)
		}
	}
}

func TestStepsNil(t *testing.T) {
	var s *Steps
	s.Begin("x")()
	s.Add("y", time.Now(), time.Now())
	if got := s.List(); got != nil {
		t.Errorf("nil Steps listed %+v", got)
	}
}

func TestStepsConcurrent(t *testing.T) {
	s := NewSteps(time.Now())
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				s.Begin("load")()
			}
		})
	}
	wg.Wait()
	if n := len(s.List()); n != 800 {
		t.Errorf("%d steps recorded, want 800", n)
	}
}
