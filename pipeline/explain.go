package pipeline

import (
	"io"
	"strings"

	"github.com/tessera-opt/tessera/internal/explain"
)

// --explain: the pipeline hands what it kept of each region to package
// explain, which writes the account in the source's terms.

// ExplainLevel is how much --explain says (explain.Short, Long, Full).
type ExplainLevel = explain.Level

// The levels of --explain.
const (
	ExplainShort = explain.Short
	ExplainLong  = explain.Long
	ExplainFull  = explain.Full
)

// ExplainConfig configures Explain. Its zero value prints ExplainLong.
type ExplainConfig = explain.Config

// Explain writes the account of every region of res to w; path is the
// input's name as the diagnostics give it.
func Explain(w io.Writer, path string, res *Result, cfg ExplainConfig) {
	regions := make([]*explain.Region, len(res.Regions))
	for i, r := range res.Regions {
		regions[i] = explainRegion(r)
	}
	explain.Write(w, path, regions, cfg)
}

// explainRegion is what package explain needs of r.
func explainRegion(r *Region) *explain.Region {
	out := &explain.Region{Scop: r.Scop, AST: r.AST, Vector: r.Vector, Remarks: r.Remarks, Kept: r.Kept}
	if r.Region != nil {
		out.Line, out.Col = r.Region.Pos.Line, r.Region.Pos.Col
	}
	for _, t := range r.Times {
		out.Times = append(out.Times, explain.StageTime{Stage: t.Stage, Time: t.Time})
	}
	ch := r.choice
	if ch == nil {
		return out
	}
	xc := &explain.Choice{Verdict: ch.verdict}
	if rest, ok := strings.CutPrefix(ch.verdict, whyGains); ok {
		xc.Gains, xc.GainsRest = true, rest
	}
	for _, c := range ch.cands {
		x := explainCandidate(c)
		xc.Cands = append(xc.Cands, x)
		if c == ch.win {
			xc.Win = x
		}
	}
	if ch.win != nil && xc.Win == nil {
		xc.Win = explainCandidate(ch.win)
	}
	out.Choice = xc
	return out
}

func explainCandidate(c *candidate) *explain.Candidate {
	x := &explain.Candidate{Name: c.name, How: c.how}
	switch c.kind {
	case kindOriginal:
		x.Kind = explain.Original
	case kindScheduled:
		x.Kind = explain.Scheduled
	case kindOriginalParallel:
		x.Kind = explain.OriginalParallel
	case kindVectorOriginal:
		x.Kind = explain.VectorOriginal
	case kindUser:
		x.Kind = explain.User
	case kindIdentity:
		x.Kind = explain.Identity
	}
	if c.m != nil {
		x.Expanded = c.m.exp != nil
		if c.m.sched != nil {
			x.SchedulerRemarks = c.m.sched.Remarks
		}
	}
	return x
}
