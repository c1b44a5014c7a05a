package bench

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
)

// The chart's geometry, in SVG user units.
const (
	svgWidth      = 860
	svgLabelWidth = 190 // left column: configuration names
	svgValueWidth = 90  // right of the plot: room for the last value label
	svgTop        = 54  // title and subtitle
	svgRowHeight  = 26
	svgBarHeight  = 18
	svgBottom     = 56 // axis ticks and axis title
)

// logScale maps ratios to x positions on a logarithmic axis.
type logScale struct {
	lo, hi float64 // the axis's range of ratios, powers of ten
	x0, x1 float64 // where lo and hi are drawn
}

// newLogScale returns a scale from the decade at or below the smallest
// value (and 1) to the decade at or above the largest, drawn from x0 to x1.
func newLogScale(values []float64, x0, x1 float64) logScale {
	lo, hi := 1.0, 1.0
	for _, v := range values {
		if v > 0 {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	lo = math.Pow(10, math.Floor(math.Log10(lo)+1e-9))
	hi = math.Pow(10, math.Ceil(math.Log10(hi)-1e-9))
	if hi <= lo {
		hi = lo * 10
	}
	return logScale{lo: lo, hi: hi, x0: x0, x1: x1}
}

// x returns the position of ratio v.
func (s logScale) x(v float64) float64 {
	f := (math.Log10(v) - math.Log10(s.lo)) / (math.Log10(s.hi) - math.Log10(s.lo))
	return s.x0 + f*(s.x1-s.x0)
}

// ticks returns the ratios labelled on the axis: 1, 2 and 5 times each
// power of ten in range.
func (s logScale) ticks() []float64 {
	var out []float64
	for d := s.lo; d <= s.hi*1.0001; d *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if v := d * m; v <= s.hi*1.0001 {
				out = append(out, v)
			}
		}
	}
	return out
}

// WriteSVG writes a horizontal bar chart of each configuration's median
// wall time relative to native, on a log scale, one labelled bar per
// configuration that ran and a "skipped" label for the others.
func (rep *Report) WriteSVG(w io.Writer) error {
	var ratios []float64
	for _, r := range rep.Rows {
		ratios = append(ratios, r.Ratio)
	}
	plotX0, plotX1 := float64(svgLabelWidth), float64(svgWidth-svgValueWidth)
	sc := newLogScale(ratios, plotX0, plotX1)
	plotBottom := svgTop + len(rep.Rows)*svgRowHeight
	height := plotBottom + svgBottom

	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		svgWidth, height, svgWidth, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text class="title" x="%d" y="20" font-size="15" font-weight="bold">%s</text>`+"\n", 10,
		esc("Wall time of the traced command relative to native (median of "+fmt.Sprint(rep.Runs)+" runs)"))
	fmt.Fprintf(&b, `<text class="subtitle" x="%d" y="38" fill="#555">%s</text>`+"\n", 10,
		esc(fmt.Sprintf("%s; %s, %d CPUs; %s", rep.Workload, rep.Machine.Kernel, rep.Machine.CPUs, rep.Started.Format("2006-01-02"))))

	for _, t := range sc.ticks() {
		x := sc.x(t)
		fmt.Fprintf(&b, `<line class="grid" x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", x, svgTop-4, x, plotBottom)
		fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x, plotBottom+16, esc(formatRatio(t)))
	}
	fmt.Fprintf(&b, `<line class="axis" x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="black"/>`+"\n", plotX0, plotBottom, plotX1, plotBottom)
	fmt.Fprintf(&b, `<text class="axis-title" x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", (plotX0+plotX1)/2, plotBottom+40,
		esc("median wall time ÷ native median (log scale)"))

	for i, r := range rep.Rows {
		y := svgTop + i*svgRowHeight
		mid := float64(y) + svgRowHeight/2.0 + 4
		fmt.Fprintf(&b, `<text class="label" x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", svgLabelWidth-8, mid, esc(r.Name))
		if r.Ratio <= 0 {
			fmt.Fprintf(&b, `<text class="skipped" data-config="%s" x="%.1f" y="%.1f" fill="#888">%s</text>`+"\n", esc(r.Name), plotX0+6, mid, esc("skipped"))
			continue
		}
		x := sc.x(r.Ratio)
		width := math.Max(x-plotX0, 1) // native's ratio 1 sits on the axis's origin: keep it visible
		fmt.Fprintf(&b, `<rect class="bar" data-config="%s" data-ratio="%g" x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n",
			esc(r.Name), r.Ratio, plotX0, y+(svgRowHeight-svgBarHeight)/2, width, svgBarHeight, barColor(r.Name))
		fmt.Fprintf(&b, `<text class="value" data-config="%s" x="%.1f" y="%.1f">%s</text>`+"\n", esc(r.Name), plotX0+width+5, mid, esc(formatRatio(r.Ratio)))
	}
	b.WriteString("</svg>\n")
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("write SVG: %w", err)
	}
	return nil
}

// formatRatio prints a ratio with the precision its size warrants.
func formatRatio(v float64) string {
	switch {
	case v >= 100 || v == math.Trunc(v):
		return fmt.Sprintf("%.0f×", v)
	case v >= 10:
		return fmt.Sprintf("%.1f×", v)
	}
	return fmt.Sprintf("%.2f×", v)
}

// barColor gives each tool family its colour.
func barColor(name string) string {
	switch {
	case name == "native":
		return "#7f7f7f"
	case strings.HasPrefix(name, "sctrace-ebpf"):
		return "#2ca02c"
	case strings.HasPrefix(name, "sctrace-ptrace"):
		return "#1f77b4"
	case strings.HasPrefix(name, "strace"):
		return "#d62728"
	}
	return "#9467bd"
}

// esc escapes s for SVG text and attribute values.
func esc(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s)) // writes to a bytes.Buffer cannot fail
	return b.String()
}
