package scop

import (
	"github.com/tessera-opt/tessera/cfront"
)

// FromRegionBody builds the model of region r as if its statements were
// body instead of r.Body, with the variables of extra declared in addition
// to the file's (they hide declarations of the same name). It serves
// transformations that rewrite a region's statements (package split: a
// statement cut in two through a temporary array that the emitted region
// declares) and want an exact model of the result: domains, accesses,
// schedules and loops are built by the same translation as FromRegion.
//
// Synthesized statements are ordinary cfront nodes; their Text (the
// ExprStmt's Text) is what the model reports, and the emitter prints them
// from their syntax like any other statement.
func FromRegionBody(f *cfront.File, r *cfront.Region, body []cfront.Stmt, extra map[string]VarInfo, cfg Config) (*Scop, error) {
	if cfg.File == "" {
		cfg.File = f.Name
	}
	info := regionInfo(f, r)
	for name, v := range extra {
		info.Vars[name] = v
	}
	body, conds := expandMacroCalls(f, body, info.HiddenCalls)
	s, err := Build(body, info, cfg)
	if err != nil {
		return nil, err
	}
	s.Region = Region{Start: r.Start, End: r.End, Pos: r.Pos}
	s.Body = body
	s.PPCond = joinPPConds(s.PPCond, conds)
	return s, nil
}
