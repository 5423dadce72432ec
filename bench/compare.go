package bench

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// CompareOutputs compares a flow's stdout with the baseline's. rtol == 0
// asks for byte equality. Otherwise both texts must have the same
// structure (same non-numeric tokens in the same places) and every number
// b of the flow must satisfy, against the baseline's a,
//
//	|a - b| <= rtol * max(|a|, |b|, scale)
//
// where scale is the magnitude of the array the number belongs to: the
// largest |element| of a "full" block; for a "checksum" block the abssum
// for its sum lines (7 * abssum for wsum) and the mean |element|
// (abssum / count) for its samples. The scale keeps values that cancel to
// near zero from failing on rounding noise. It returns "" when the outputs
// agree, else a one-line description of the first difference.
func CompareOutputs(want, got []byte, rtol float64) string {
	if bytes.Equal(want, got) {
		return ""
	}
	if rtol == 0 {
		return firstDiff(want, got)
	}
	wl, gl := splitLines(want), splitLines(got)
	if len(wl) != len(gl) {
		return fmt.Sprintf("output has %d lines, baseline %d", len(gl), len(wl))
	}
	scales := blockScales(wl)
	block := ""
	for i := range wl {
		wt, gt := strings.Fields(wl[i]), strings.Fields(gl[i])
		if len(wt) != len(gt) {
			return fmt.Sprintf("line %d: %q, baseline %q", i+1, clip(gl[i]), clip(wl[i]))
		}
		if len(wt) > 1 && wt[0] == "tessera-array" {
			block = wt[1]
		}
		for j := range wt {
			a, errA := strconv.ParseFloat(wt[j], 64)
			b, errB := strconv.ParseFloat(gt[j], 64)
			if errA != nil || errB != nil {
				if wt[j] != gt[j] {
					return fmt.Sprintf("line %d: %q, baseline %q", i+1, clip(gl[i]), clip(wl[i]))
				}
				continue
			}
			if math.IsNaN(b) || math.IsInf(b, 0) {
				if wt[j] != gt[j] {
					return fmt.Sprintf("line %d (%s): %s, baseline %s", i+1, block, gt[j], wt[j])
				}
				continue
			}
			scale := scales[i]
			if d := math.Abs(a - b); d > rtol*math.Max(math.Max(math.Abs(a), math.Abs(b)), scale) {
				return fmt.Sprintf("line %d (%s): %s, baseline %s (difference %.3g, tolerance %.3g relative)", i+1, block, gt[j], wt[j], d, rtol)
			}
		}
	}
	return ""
}

// blockScales gives for every line of a dump the magnitude its numbers are
// compared at (see CompareOutputs).
func blockScales(lines []string) []float64 {
	scales := make([]float64, len(lines))
	start := -1
	mode := ""
	count := 1.0
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "tessera-array" && len(f) == 4:
			start, mode = i, f[3]
			if c, err := strconv.ParseFloat(f[2], 64); err == nil && c > 0 {
				count = c
			}
		case f[0] == "tessera-end" && start >= 0:
			maxAbs, abssum := 0.0, 0.0
			for _, bl := range lines[start+1 : i] {
				bf := strings.Fields(bl)
				if len(bf) == 2 && bf[0] == "abssum" {
					abssum, _ = strconv.ParseFloat(bf[1], 64)
				}
				if mode == "full" {
					for _, t := range bf {
						if v, err := strconv.ParseFloat(t, 64); err == nil && !math.IsInf(v, 0) {
							maxAbs = math.Max(maxAbs, math.Abs(v))
						}
					}
				}
			}
			for k := start + 1; k < i; k++ {
				bf := strings.Fields(lines[k])
				switch {
				case mode == "full":
					scales[k] = maxAbs
				case len(bf) > 0 && (bf[0] == "sum" || bf[0] == "abssum"):
					scales[k] = abssum
				case len(bf) > 0 && bf[0] == "wsum":
					scales[k] = 7 * abssum
				default:
					scales[k] = abssum / count
				}
			}
			start = -1
		}
	}
	return scales
}

func splitLines(b []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

func firstDiff(want, got []byte) string {
	wl, gl := splitLines(want), splitLines(got)
	for i := 0; i < len(wl) && i < len(gl); i++ {
		if wl[i] != gl[i] {
			return fmt.Sprintf("line %d: %q, baseline %q (exact comparison)", i+1, clip(gl[i]), clip(wl[i]))
		}
	}
	return fmt.Sprintf("output has %d lines, baseline %d (exact comparison)", len(gl), len(wl))
}

func clip(s string) string {
	if len(s) > 120 {
		return s[:117] + "..."
	}
	return s
}
