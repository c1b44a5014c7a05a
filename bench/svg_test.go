package bench

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"
)

// svgElement is one element of a parsed chart.
type svgElement struct {
	name  string
	attrs map[string]string
	text  string
}

// parseSVG parses a chart with encoding/xml and returns its elements.
func parseSVG(t *testing.T, doc []byte) []svgElement {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var out []svgElement
	var stack []int
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("chart is not well-formed XML: %v\n%s", err, doc)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			e := svgElement{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			out = append(out, e)
			stack = append(stack, len(out)-1)
		case xml.CharData:
			if len(stack) > 0 {
				out[stack[len(stack)-1]].text += string(tok)
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if len(out) == 0 || out[0].name != "svg" {
		t.Fatalf("root element is not <svg>")
	}
	return out
}

func TestWriteSVG(t *testing.T) {
	rep := &Report{
		Workload: "dd if=/dev/zero of=/dev/null bs=1 count=500k", Runs: 5,
		Started: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC),
		Machine: Machine{Kernel: "Linux 6.18", CPUs: 2},
		Rows: []Row{
			{Name: "native", Runs: 5, Ratio: 1},
			{Name: "sctrace-ptrace-full", Runs: 5, Ratio: 150},
			{Name: "sctrace-ebpf-c", Runs: 5, Ratio: 1.6},
			{Name: "strace-<full>&", Runs: 5, Ratio: 310},
			{Name: "perf-trace-s", Skipped: "perf not found"},
		},
	}
	var buf bytes.Buffer
	if err := rep.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	els := parseSVG(t, buf.Bytes())

	labels := map[string]bool{}
	bars := map[string]svgElement{}
	values := map[string]string{}
	skipped := map[string]bool{}
	ticks := map[string]float64{}
	var axisTitle bool
	for _, e := range els {
		switch e.attrs["class"] {
		case "label":
			labels[e.text] = true
		case "bar":
			bars[e.attrs["data-config"]] = e
		case "value":
			values[e.attrs["data-config"]] = e.text
		case "skipped":
			skipped[e.attrs["data-config"]] = true
		case "tick":
			ticks[e.text] = attrFloat(t, e, "x")
		case "axis-title":
			axisTitle = strings.Contains(e.text, "log scale")
		}
	}
	if !axisTitle {
		t.Error("no axis title saying the scale is logarithmic")
	}
	// The ratios span 1 to 310: the axis runs from 1 to 1000, three decades.
	x0, x1 := float64(svgLabelWidth), float64(svgWidth-svgValueWidth)
	decade := (x1 - x0) / 3
	for label, want := range map[string]float64{"1×": x0, "10×": x0 + decade, "100×": x0 + 2*decade, "1000×": x1} {
		got, ok := ticks[label]
		if !ok {
			t.Errorf("no tick labelled %q (ticks: %v)", label, ticks)
		} else if math.Abs(got-want) > 0.1 {
			t.Errorf("tick %q at x=%.1f, want %.1f", label, got, want)
		}
	}
	for _, r := range rep.Rows {
		if !labels[r.Name] {
			t.Errorf("no label for %q", r.Name)
		}
		if r.Skipped != "" {
			if !skipped[r.Name] {
				t.Errorf("skipped %q is not marked skipped", r.Name)
			}
			if _, ok := bars[r.Name]; ok {
				t.Errorf("skipped %q has a bar", r.Name)
			}
			continue
		}
		bar, ok := bars[r.Name]
		if !ok {
			t.Errorf("no bar for %q", r.Name)
			continue
		}
		if values[r.Name] != formatRatio(r.Ratio) {
			t.Errorf("bar %q is labelled %q, want %q", r.Name, values[r.Name], formatRatio(r.Ratio))
		}
		// A bar ends where log10(ratio) puts it: native's is a sliver.
		wantEnd := x0 + math.Log10(r.Ratio)*decade
		gotEnd := attrFloat(t, bar, "x") + attrFloat(t, bar, "width")
		if r.Ratio == 1 {
			wantEnd = x0 + 1
		}
		if math.Abs(gotEnd-wantEnd) > 0.1 {
			t.Errorf("bar %q ends at x=%.1f, want %.1f (log scale)", r.Name, gotEnd, wantEnd)
		}
	}
}

func TestLogScale(t *testing.T) {
	for _, tc := range []struct {
		values []float64
		lo, hi float64
	}{
		{[]float64{1, 1.6, 2.5}, 1, 10},
		{[]float64{1, 10}, 1, 10},
		{[]float64{0.8, 37}, 0.1, 100},
		{[]float64{1}, 1, 10},
		{[]float64{0, 150}, 1, 1000},
	} {
		s := newLogScale(tc.values, 100, 400)
		if math.Abs(s.lo-tc.lo) > 1e-9 || math.Abs(s.hi-tc.hi) > 1e-9 {
			t.Errorf("newLogScale(%v) spans %g..%g, want %g..%g", tc.values, s.lo, s.hi, tc.lo, tc.hi)
			continue
		}
		if s.x(tc.lo) != 100 || math.Abs(s.x(tc.hi)-400) > 1e-9 {
			t.Errorf("scale %g..%g maps its ends to %v, %v", s.lo, s.hi, s.x(tc.lo), s.x(tc.hi))
		}
		mid := math.Sqrt(tc.lo * tc.hi) // the geometric mean sits in the middle
		if math.Abs(s.x(mid)-250) > 1e-9 {
			t.Errorf("scale %g..%g puts %g at %v, want 250", s.lo, s.hi, mid, s.x(mid))
		}
	}
}

// attrFloat returns a numeric attribute of e.
func attrFloat(t *testing.T, e svgElement, name string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(e.attrs[name], 64)
	if err != nil {
		t.Fatalf("<%s> attribute %s=%q: %v", e.name, name, e.attrs[name], err)
	}
	return v
}
