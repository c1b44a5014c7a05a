// Command soak is TestSoak's workload: goroutines that meet on channels,
// timers and tickers, a timer callback, and a subprocess started through
// os/exec (the program itself, as "soak child"). It exits with status 3
// when everything went as planned, 1 otherwise.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"sync"
	"time"
)

// workers is how many goroutines tick and wait.
const workers = 8

func main() {
	if len(os.Args) > 1 && os.Args[1] == "child" {
		fmt.Println("child")
		return
	}
	var wg sync.WaitGroup
	results := make(chan int, workers)
	for i := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			timer := time.NewTimer(time.Duration(i) * time.Millisecond)
			tick := time.NewTicker(time.Millisecond)
			defer tick.Stop()
			for range 5 {
				<-tick.C
			}
			<-timer.C
			results <- i
		}()
	}
	fired := make(chan struct{})
	time.AfterFunc(2*time.Millisecond, func() { close(fired) })

	out, err := exec.Command(os.Args[0], "child").Output()
	wg.Wait()
	close(results)
	sum := 0
	for r := range results {
		sum += r
	}
	select {
	case <-fired:
	case <-time.After(10 * time.Second):
		err = fmt.Errorf("the timer callback never ran")
	}
	if err != nil || string(out) != "child\n" || sum != workers*(workers-1)/2 {
		fmt.Fprintf(os.Stderr, "soak: child %q, %v, sum %d\n", out, err, sum)
		os.Exit(1)
	}
	os.Exit(3)
}
