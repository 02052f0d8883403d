package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
)

// The chart: one group of horizontal bars per operation, one bar per
// library, each bar running from 1× (the reference library) to the
// library's ratio on a logarithmic axis, so that a bar to the left is faster
// than the reference and a bar to the right slower.

var libColors = map[string]string{
	"kestrel": "#d1495b",
	"base":    "#edae49",
	"libsecp": "#6c757d",
	"geth":    "#3d5a80",
	"decred":  "#2a9d8f",
	"btcec":   "#e9a03b",
}

const (
	chartWidth = 980
	plotLeft   = 210
	plotRight  = chartWidth - 48
	barHeight  = 15
	barGap     = 3
	groupGap   = 16
	fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif"
	charWidth  = 6.3 // average advance of the 11 px label font
)

func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// ticks returns the 1-2-5 values from lo to hi.
func ticks(lo, hi float64) []float64 {
	var ts []float64
	for e := math.Floor(math.Log10(lo)) - 1; e <= math.Ceil(math.Log10(hi))+1; e++ {
		for _, m := range []float64{1, 2, 5} {
			v := m * math.Pow(10, e)
			if v >= lo*0.999 && v <= hi*1.001 {
				ts = append(ts, v)
			}
		}
	}
	return ts
}

// tickBelow and tickAbove return the nearest 1-2-5 value below and above v.
func tickBelow(v float64) float64 {
	e := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{5, 2, 1} {
		if m*e < v*0.999 {
			return m * e
		}
	}
	return 0.5 * e
}

func tickAbove(v float64) float64 {
	e := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*e > v*1.001 {
			return m * e
		}
	}
	return 20 * e
}

func barLabel(r Result) string {
	return formatRatio(r.Ratio) + " · " + formatDuration(r.Median)
}

// writeChart writes the SVG chart of results.
func writeChart(w io.Writer, env Env, libs []*Lib, results []Result) error {
	type group struct {
		op   Op
		rows []Result
		ref  string
	}
	var groups []group
	for _, op := range ops {
		g := group{op: op}
		for _, l := range libs {
			if r := lookup(results, op.Name, l.Name); r != nil {
				g.rows = append(g.rows, *r)
				g.ref = r.Ref
			}
		}
		if len(g.rows) > 0 {
			groups = append(groups, g)
		}
	}
	if len(groups) == 0 {
		return fmt.Errorf("no results to chart")
	}

	// The axis: from a 1-2-5 value below the smallest ratio to one above
	// the largest, widened until every label fits beside its bar.
	lo, hi := 1.0, 1.0
	for _, g := range groups {
		for _, r := range g.rows {
			lo, hi = min(lo, r.Ratio), max(hi, r.Ratio)
		}
	}
	lo, hi = tickBelow(lo), tickAbove(hi)
	x := func(v float64) float64 {
		return plotLeft + (plotRight-plotLeft)*math.Log(v/lo)/math.Log(hi/lo)
	}
	for range 20 {
		fits := true
		for _, g := range groups {
			for _, r := range g.rows {
				width := charWidth*float64(len([]rune(barLabel(r)))) + 6
				if r.Ratio < 0.999 && x(r.Ratio)-width < plotLeft {
					lo, fits = tickBelow(lo), false
				}
				if r.Ratio >= 0.999 && x(r.Ratio)+width > plotRight {
					hi, fits = tickAbove(hi), false
				}
			}
		}
		if fits {
			break
		}
	}

	primary := primaryRef(libs)
	refLabel := labelOf(libs, primary)
	top := 118.0
	height := top
	for _, g := range groups {
		height += float64(len(g.rows))*(barHeight+barGap) - barGap + groupGap
	}
	bottom := height
	height += 78

	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%.0f" viewBox="0 0 %d %.0f" font-family="%s">`+"\n",
		chartWidth, height, chartWidth, height, fontFamily)
	p(`<rect width="100%%" height="100%%" fill="#ffffff"/>` + "\n")
	p(`<text x="20" y="30" font-size="19" font-weight="bold" fill="#222">%s</text>`+"\n",
		esc("secp256k1 libraries: time per operation relative to "+refLabel))
	p(`<text x="20" y="52" font-size="12" fill="#444">%s</text>`+"\n",
		esc(fmt.Sprintf("Median process CPU time per operation, log scale · %s · %s, %s · %s %s", env.Date, env.CPU, env.Affinity, env.Go, env.Arch)))

	// Legend.
	lx := 20.0
	for _, l := range libs {
		p(`<rect x="%.1f" y="66" width="14" height="14" rx="2" fill="%s"/>`+"\n", lx, libColors[l.Name])
		p(`<text x="%.1f" y="77.5" font-size="12" fill="#222">%s</text>`+"\n", lx+19, esc(l.Label))
		lx += 19 + 7.2*float64(len([]rune(l.Label))) + 24
	}

	// Grid and axis.
	for _, t := range ticks(lo, hi) {
		stroke, sw := "#e3e3e3", 1.0
		if math.Abs(t-1) < 1e-9 {
			stroke, sw = "#555", 1.5
		}
		p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%.1f"/>`+"\n", x(t), top-10, x(t), bottom, stroke, sw)
		p(`<text x="%.1f" y="%.1f" font-size="11" fill="#444" text-anchor="middle">%s</text>`+"\n", x(t), bottom+16, esc(trimRatio(t)))
	}
	p(`<text x="%.1f" y="%.1f" font-size="12" fill="#222" text-anchor="middle">%s</text>`+"\n", (plotLeft+plotRight)/2.0, bottom+36,
		esc("time ÷ "+refLabel+"'s time (log scale): left of 1× is faster"))
	footer := fmt.Sprintf("%d rounds per operation, libraries interleaved. github.com/kestrel-crypto/secp256k1/bench/compare", env.Timing.rounds)
	for _, g := range groups {
		if g.ref != primary {
			footer = fmt.Sprintf("* relative to %s: %s. ", labelOf(libs, g.ref), missingRef(libs)) + footer
			break
		}
	}
	p(`<text x="20" y="%.1f" font-size="11" fill="#666">%s</text>`+"\n", bottom+60, esc(footer))

	// Bars.
	y := top
	separated := false
	for _, g := range groups {
		gh := float64(len(g.rows))*(barHeight+barGap) - barGap
		name := g.op.Name
		if g.ref != primary {
			name += " *"
			if !separated && y > top {
				p(`<line x1="20" y1="%.1f" x2="%d" y2="%.1f" stroke="#999" stroke-dasharray="4 3"/>`+"\n", y-groupGap/2-2, chartWidth-20, y-groupGap/2-2)
			}
			separated = true
		}
		p(`<text x="%d" y="%.1f" font-size="13" fill="#222" text-anchor="end">%s</text>`+"\n", plotLeft-12, y+gh/2+4.5, esc(name))
		for _, r := range g.rows {
			x0, x1 := x(1), x(r.Ratio)
			color := libColors[r.Lib]
			if math.Abs(x1-x0) < 2 {
				p(`<rect x="%.1f" y="%.1f" width="4" height="%d" fill="%s"/>`+"\n", x0-2, y, barHeight, color)
			} else {
				p(`<rect x="%.1f" y="%.1f" width="%.1f" height="%d" fill="%s"><title>%s</title></rect>`+"\n",
					min(x0, x1), y, math.Abs(x1-x0), barHeight, color, esc(labelOf(libs, r.Lib)+" "+g.op.Name+": "+barLabel(r)))
			}
			if r.Ratio < 0.999 {
				p(`<text x="%.1f" y="%.1f" font-size="11" fill="#222" text-anchor="end">%s</text>`+"\n", x1-4, y+barHeight-3.5, esc(barLabel(r)))
			} else {
				p(`<text x="%.1f" y="%.1f" font-size="11" fill="#222">%s</text>`+"\n", max(x1, x0+2)+4, y+barHeight-3.5, esc(barLabel(r)))
			}
			y += barHeight + barGap
		}
		y += groupGap - barGap
	}
	p("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// trimRatio prints a tick value: 0.1×, 0.2×, 1×, 20×.
func trimRatio(v float64) string {
	s := fmt.Sprintf("%.3f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + "×"
}
