package summary

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/sctrace/sctrace/trace"
)

// TableOptions shape the -c table.
type TableOptions struct {
	// Columns are the columns in order (-U); nil means DefaultColumns.
	Columns []Column
	// Sort orders the rows (-S).
	Sort SortKey
}

// WriteTable writes strace's -c table of counts: per architecture, a
// header, a dashed line, a row per system call, a dashed line and the
// total row. Widths, number formats and rounding are strace 6.1's
// (count.c). It writes nothing when counts hold no call, as strace does.
func WriteTable(w io.Writer, counts Counts, opts TableOptions) error {
	cols := opts.Columns
	if len(cols) == 0 {
		cols = DefaultColumns
	}
	for _, g := range groups(counts) {
		sortRows(g.rows, opts.Sort)
		var buf bytes.Buffer
		if g.heading != "" {
			buf.WriteString(g.heading + "\n")
		}
		if err := renderTable(&buf, cols, g.rows); err != nil {
			return fmt.Errorf("summary table: %w", err)
		}
		if _, err := w.Write(buf.Bytes()); err != nil {
			return fmt.Errorf("write summary: %w", err)
		}
	}
	return nil
}

// columnSpec is how one column prints.
type columnSpec struct {
	header string
	// minWidth is strace's historical minimum width.
	minWidth int
	left     bool
	// cell formats a row's value; total the total row's.
	cell  func(r row, t *tableTotals) string
	total func(t *tableTotals) string
}

// tableTotals is what a group's cells are computed from, strace's way.
type tableTotals struct {
	sum *trace.SyscallStats
	// cumSeconds is the total time in seconds (float_tv_cum).
	cumSeconds float64
}

// usecs formats a duration in microseconds with three decimals, for the
// latency columns.
func usecs(ns uint64) string { return strconv.FormatFloat(float64(ns)/1e3, 'f', 3, 64) }

// avgUsecs is strace's "usecs/call" of a mean: the rounded mean's float
// seconds times a million, truncated.
func avgUsecs(avgNS uint64) uint64 { return uint64(seconds(avgNS) * 1e6) }

var columnSpecs = map[Column]columnSpec{
	TimePercent: {header: "% time", minWidth: 6,
		cell: func(r row, t *tableTotals) string {
			percent := 100.0 * seconds(r.stats.TotalNS)
			if percent != 0 { // else 0/0 when every call took no time
				percent /= t.cumSeconds
			}
			return strconv.FormatFloat(percent, 'f', 2, 64)
		},
		total: func(*tableTotals) string { return "100.00" }},
	TotalTime: {header: "seconds", minWidth: 11,
		cell:  func(r row, _ *tableTotals) string { return sixDecimals(seconds(r.stats.TotalNS)) },
		total: func(t *tableTotals) string { return sixDecimals(t.cumSeconds) }},
	MinTime: {header: "shortest", minWidth: 8,
		cell:  func(r row, _ *tableTotals) string { return sixDecimals(seconds(r.stats.MinNS)) },
		total: func(t *tableTotals) string { return sixDecimals(seconds(t.sum.MinNS)) }},
	MaxTime: {header: "longest", minWidth: 7,
		cell:  func(r row, _ *tableTotals) string { return sixDecimals(seconds(r.stats.MaxNS)) },
		total: func(t *tableTotals) string { return sixDecimals(seconds(t.sum.MaxNS)) }},
	AvgTime: {header: "usecs/call", minWidth: 11,
		cell: func(r row, _ *tableTotals) string { return strconv.FormatUint(avgUsecs(r.avgNS), 10) },
		total: func(t *tableTotals) string {
			return strconv.FormatUint(uint64(t.cumSeconds/float64(t.sum.Calls)*1e6), 10)
		}},
	Calls: {header: "calls", minWidth: 9,
		cell:  func(r row, _ *tableTotals) string { return strconv.FormatUint(r.stats.Calls, 10) },
		total: func(t *tableTotals) string { return strconv.FormatUint(t.sum.Calls, 10) }},
	Errors: {header: "errors", minWidth: 9,
		cell:  func(r row, _ *tableTotals) string { return blankZero(r.stats.Errors) },
		total: func(t *tableTotals) string { return blankZero(t.sum.Errors) }},
	Name: {header: "syscall", minWidth: 16, left: true,
		cell:  func(r row, _ *tableTotals) string { return r.name },
		total: func(*tableTotals) string { return "total" }},
	P50: {header: "p50(us)",
		cell:  func(r row, _ *tableTotals) string { return usecs(Percentile(r.stats, 0.50)) },
		total: func(t *tableTotals) string { return usecs(Percentile(t.sum, 0.50)) }},
	P99: {header: "p99(us)",
		cell:  func(r row, _ *tableTotals) string { return usecs(Percentile(r.stats, 0.99)) },
		total: func(t *tableTotals) string { return usecs(Percentile(t.sum, 0.99)) }},
	Max: {header: "max(us)",
		cell:  func(r row, _ *tableTotals) string { return usecs(r.stats.MaxNS) },
		total: func(t *tableTotals) string { return usecs(t.sum.MaxNS) }},
}

func sixDecimals(f float64) string { return strconv.FormatFloat(f, 'f', 6, 64) }

// blankZero is printf's "%.0u": nothing for 0.
func blankZero(n uint64) string {
	if n == 0 {
		return ""
	}
	return strconv.FormatUint(n, 10)
}

// columnWidth is strace's width of column c: its minimum, widened to fit
// the widest value strace expects in it (count.c's cwidths). The latency
// columns fit their widest cell.
func columnWidth(c Column, rows []row, t *tableTotals, cells [][]string, ci int) int {
	spec := columnSpecs[c]
	w := max(spec.minWidth, len(spec.header))
	switch c {
	case TotalTime:
		w = max(w, len(sixDecimals(t.cumSeconds)))
	case MinTime, MaxTime:
		var widest uint64 // the largest minimum (or maximum) of a row
		for _, r := range rows {
			if c == MinTime {
				widest = max(widest, r.stats.MinNS)
			} else {
				widest = max(widest, r.stats.MaxNS)
			}
		}
		w = max(w, len(strconv.FormatUint(widest/1_000_000_000, 10))+len(".000000"))
	case AvgTime:
		var widest uint64
		for _, r := range rows {
			widest = max(widest, r.avgNS)
		}
		w = max(w, len(strconv.FormatUint(avgUsecs(widest), 10)))
	case Calls:
		w = max(w, len(strconv.FormatUint(t.sum.Calls, 10)))
	case Errors:
		w = max(w, len(strconv.FormatUint(t.sum.Errors, 10)))
	case Name:
		for _, r := range rows {
			w = max(w, len(r.name)+1)
		}
	default:
		for _, line := range cells {
			w = max(w, len(line[ci]))
		}
	}
	return w
}

// renderTable lays one group out with tablewriter: no borders, one space
// between columns, dashed lines under the header and above the total.
func renderTable(out *bytes.Buffer, cols []Column, rows []row) error {
	t := &tableTotals{sum: totals(rows)}
	t.cumSeconds = seconds(t.sum.TotalNS)

	header := make([]string, len(cols))
	footer := make([]string, len(cols))
	body := make([][]string, len(rows))
	for i := range body {
		body[i] = make([]string, len(cols))
	}
	aligns := make([]tw.Align, len(cols))
	for ci, c := range cols {
		spec := columnSpecs[c]
		header[ci] = spec.header
		footer[ci] = spec.total(t)
		for ri, r := range rows {
			body[ri][ci] = spec.cell(r, t)
		}
		aligns[ci] = tw.AlignRight
		if spec.left {
			aligns[ci] = tw.AlignLeft
		}
	}
	widths := tw.NewMapper[int, int]()
	all := append(body[:len(body):len(body)], footer)
	for ci, c := range cols {
		w := columnWidth(c, rows, t, all, ci)
		// A total wider than strace's width would overflow its column in
		// strace; tablewriter would cut it instead, so widen the column.
		widths.Set(ci, max(w, len(footer[ci])))
	}

	cell := tw.CellConfig{
		Formatting: tw.CellFormatting{AutoFormat: tw.Off, AutoWrap: tw.WrapNone},
		Padding:    tw.CellPadding{Global: tw.PaddingNone},
		Alignment:  tw.CellAlignment{PerColumn: aligns},
	}
	symbols := tw.NewSymbolCustom("strace-summary").
		WithRow("-").WithColumn(" ").WithCenter(" ").WithMidLeft("").WithMidRight("")
	rend := renderer.NewBlueprint(tw.Rendition{
		Borders: tw.Border{Left: tw.Off, Right: tw.Off, Top: tw.Off, Bottom: tw.Off},
		Symbols: symbols,
		Settings: tw.Settings{
			Separators: tw.Separators{BetweenColumns: tw.On, BetweenRows: tw.Off, ShowHeader: tw.On, ShowFooter: tw.On},
			Lines:      tw.Lines{ShowHeaderLine: tw.On, ShowFooterLine: tw.On},
		},
	})
	var tb bytes.Buffer
	table := tablewriter.NewTable(&tb,
		tablewriter.WithRenderer(rend),
		tablewriter.WithHeaderConfig(cell),
		tablewriter.WithRowConfig(cell),
		tablewriter.WithFooterConfig(cell),
		tablewriter.WithColumnWidths(widths),
		tablewriter.WithBehavior(tw.Behavior{TrimSpace: tw.Off, AutoHide: tw.Off}),
	)
	table.Header(header)
	if err := table.Bulk(body); err != nil {
		return err
	}
	table.Footer(footer)
	if err := table.Render(); err != nil {
		return err
	}
	// strace prints a last, left-aligned column unpadded.
	trim := columnSpecs[cols[len(cols)-1]].left
	for _, line := range bytes.SplitAfter(tb.Bytes(), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if trim {
			line = append(bytes.TrimRight(bytes.TrimSuffix(line, []byte("\n")), " "), '\n')
		}
		out.Write(line)
	}
	return nil
}
