package bench

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// plotColors are used for the flows in order (the baseline is the 1x line).
var plotColors = []string{"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#9c755f", "#bab0ac", "#e15759"}

// WritePlot draws the speedups over the baseline as an SVG grouped bar
// chart: one group per kernel, one bar per non-baseline flow, on a log2
// axis with the 1x line marked. A WRONG cell is drawn as a red cross, a
// failed or skipped cell as a grey dot; neither has a bar.
func (rep *Report) WritePlot(w io.Writer) error {
	var flows []string
	for _, f := range rep.Flows {
		if f != "baseline" {
			flows = append(flows, f)
		}
	}
	var kernels []string
	seen := map[string]bool{}
	for _, r := range rep.Results {
		if !seen[r.Kernel] {
			seen[r.Kernel] = true
			kernels = append(kernels, r.Kernel)
		}
	}
	// Axis range: powers of two around every speedup and 1.
	lo, hi := 0.5, 2.0
	for _, r := range rep.Results {
		if r.Flow != "baseline" && r.Speedup > 0 {
			lo = math.Min(lo, r.Speedup)
			hi = math.Max(hi, r.Speedup)
		}
	}
	loE, hiE := math.Floor(math.Log2(lo)), math.Ceil(math.Log2(hi))
	const (
		left, right, top, bottom = 70.0, 20.0, 48.0, 110.0
		plotH                    = 320.0
		barW                     = 12.0
		gap                      = 14.0
	)
	nf := math.Max(1, float64(len(flows)))
	groupW := nf*barW + gap
	plotW := math.Max(640, groupW*float64(len(kernels))) // room for the title and 4 legend columns
	if len(kernels) > 0 {
		groupW = plotW / float64(len(kernels)) // spread few kernels over the width
	}
	width := left + plotW + right
	legendH := 18.0 * math.Ceil(float64(len(flows))/4)
	height := top + plotH + bottom + legendH
	y := func(s float64) float64 {
		return top + plotH*(hiE-math.Log2(s))/(hiE-loE)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="11">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="18" font-size="14">tessera bench: speedup over the baseline (log scale)</text>`+"\n", left)
	fmt.Fprintf(&b, `<text x="%.0f" y="32" fill="#555">baseline: %s; dataset %s; %d threads; red cross = WRONG output, grey dot = failed or skipped</text>`+"\n",
		left, html.EscapeString(rep.Compiler), rep.Dataset, rep.Threads)
	// Grid lines and labels at powers of two.
	for e := loE; e <= hiE; e++ {
		s := math.Exp2(e)
		yy := y(s)
		stroke, dash := "#dddddd", ""
		if e == 0 {
			stroke = "#333333"
		} else {
			dash = ` stroke-dasharray="3,3"`
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"%s/>`+"\n", left, yy, left+plotW, yy, stroke, dash)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end">%sx</text>`+"\n", left-6, yy+4, fmtAxis(s))
	}
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>`+"\n", left, top, left, top+plotH)
	// Bars.
	for ki, k := range kernels {
		x0 := left + float64(ki)*groupW + (groupW-nf*barW)/2
		for fi, f := range flows {
			c, ok := rep.Cell(k, f)
			if !ok {
				continue
			}
			x := x0 + float64(fi)*barW
			color := plotColors[fi%len(plotColors)]
			title := fmt.Sprintf("%s / %s: %s", k, f, c.Status)
			switch {
			case c.Status == StatusOK && c.Speedup > 0:
				y1, y2 := y(1), y(c.Speedup)
				if y2 > y1 {
					y1, y2 = y2, y1
				}
				title = fmt.Sprintf("%s / %s: %.2fx", k, f, c.Speedup)
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s</title></rect>`+"\n",
					x, y2, barW-1, math.Max(1, y1-y2), color, html.EscapeString(title))
			case c.Status == StatusWrong:
				cx, cy := x+barW/2, y(1)
				fmt.Fprintf(&b, `<g stroke="#d62728" stroke-width="2"><title>%s</title><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/></g>`+"\n",
					html.EscapeString(title), cx-4, cy-4, cx+4, cy+4, cx-4, cy+4, cx+4, cy-4)
			default:
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="#999"><title>%s</title></circle>`+"\n", x+barW/2, y(1), html.EscapeString(title))
			}
		}
		lx, ly := x0+nf*barW/2, top+plotH+8
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end" transform="rotate(-60 %.1f %.1f)">%s</text>`+"\n", lx, ly, lx, ly, html.EscapeString(k))
	}
	// Legend.
	for fi, f := range flows {
		lx := left + float64(fi%4)*160
		ly := top + plotH + bottom + 18*float64(fi/4)
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="12" height="12" fill="%s"/><text x="%.1f" y="%.1f">%s</text>`+"\n",
			lx, ly-10, plotColors[fi%len(plotColors)], lx+16, ly, html.EscapeString(f+geoLabel(rep, f)))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func geoLabel(rep *Report, flow string) string {
	for _, s := range rep.Summary {
		if s.Flow == flow && s.GeoMean > 0 {
			return fmt.Sprintf(" (geomean %.2fx)", s.GeoMean)
		}
	}
	return ""
}

func fmtAxis(s float64) string {
	if s >= 1 {
		return fmt.Sprintf("%g", s)
	}
	return fmt.Sprintf("1/%g", 1/s)
}
