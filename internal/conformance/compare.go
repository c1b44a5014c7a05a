package conformance

import (
	"fmt"
	"sort"
	"strings"
)

// Result is how two normalized traces of one run compare.
type Result struct {
	// Want and Got count the reference's (strace's) and the candidate's
	// (sctrace's) lines.
	Want, Got int
	// Same counts the lines both traces share, in order within each task
	// (the longest common subsequence, summed over tasks).
	Same int
	// Diff lists the lines that differ, "-" for the reference only and "+"
	// for the candidate only, each with its task.
	Diff []string
}

// Total is the number of lines the score is out of: the longer of the two
// traces, so that extra lines cost as much as missing ones.
func (r Result) Total() int { return max(r.Want, r.Got) }

// Compare matches want (the reference) against got task by task: lines are
// grouped by their normalized pid, and each group's longest common
// subsequence counts as identical.
func Compare(want, got []Line) Result {
	wg, gg := groupByTask(want), groupByTask(got)
	tasks := map[string]bool{}
	for k := range wg {
		tasks[k] = true
	}
	for k := range gg {
		tasks[k] = true
	}
	order := make([]string, 0, len(tasks))
	for k := range tasks {
		order = append(order, k)
	}
	sort.Slice(order, func(i, j int) bool { return taskLess(order[i], order[j]) })

	r := Result{Want: len(want), Got: len(got)}
	for _, task := range order {
		same, diff := lcsDiff(wg[task], gg[task])
		r.Same += same
		for _, d := range diff {
			if task != "" {
				d = d[:1] + task + " " + d[1:]
			}
			r.Diff = append(r.Diff, d)
		}
	}
	return r
}

// taskLess orders "", PID1, PID2, ..., PID10 numerically.
func taskLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// groupByTask splits lines into per-task sequences of text.
func groupByTask(lines []Line) map[string][]string {
	g := map[string][]string{}
	for _, l := range lines {
		g[l.Task] = append(g[l.Task], l.Text)
	}
	return g
}

// lcsDiff returns the length of the longest common subsequence of a and b and
// the lines outside it, prefixed "-" (only in a) or "+" (only in b), in order.
func lcsDiff(a, b []string) (int, []string) {
	// Trim the common prefix and suffix first: traces mostly agree, and this
	// keeps the quadratic table small.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, m := len(ma), len(mb)
	// t[i][j] = LCS length of ma[i:] and mb[j:].
	t := make([][]int32, n+1)
	for i := range t {
		t[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case ma[i] == mb[j]:
				t[i][j] = t[i+1][j+1] + 1
			case t[i+1][j] >= t[i][j+1]:
				t[i][j] = t[i+1][j]
			default:
				t[i][j] = t[i][j+1]
			}
		}
	}
	var diff []string
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && ma[i] == mb[j]:
			i++
			j++
		case j == m || (i < n && t[i+1][j] >= t[i][j+1]):
			diff = append(diff, "-"+ma[i])
			i++
		default:
			diff = append(diff, "+"+mb[j])
			j++
		}
	}
	return pre + suf + int(t[0][0]), diff
}

// Percent is 100*same/total, or 100 when there is nothing to compare.
func Percent(same, total int) float64 {
	if total == 0 {
		return 100
	}
	return 100 * float64(same) / float64(total)
}

// FormatDiff renders at most limit diff lines, noting how many were left out.
func FormatDiff(diff []string, limit int) string {
	var b strings.Builder
	for i, d := range diff {
		if i == limit {
			fmt.Fprintf(&b, "... %d more differing lines\n", len(diff)-limit)
			break
		}
		b.WriteString(d)
		b.WriteByte('\n')
	}
	return b.String()
}
