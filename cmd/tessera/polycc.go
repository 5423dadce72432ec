package main

import "github.com/tessera-opt/tessera/internal/cli"

// addPolyccAliases gives `tessera opt` the spellings of Pluto's polycc
// where tessera has the same meaning, and a one-line refusal saying why
// for the polycc flags whose meaning tessera does not offer. (--tile,
// --notile, --parallel, --l2tile, --identity and --context are tessera's
// own flags; --context=N is read by parseContext.)
func addPolyccAliases(c *cli.Command) {
	for name, al := range map[string]cli.Alias{
		"smartfuse":   {Flag: "fuse", Value: "smart", Help: "--fuse=smart"},
		"maxfuse":     {Flag: "fuse", Value: "max", Help: "--fuse=max"},
		"nofuse":      {Flag: "fuse", Value: "no", Help: "--fuse=no"},
		"parallelize": {Flag: "parallel", Value: "true", Help: "--parallel"},
		"noparallel":  {Flag: "parallel", Value: "false", Help: "--parallel=false (the default)"},
		"debug":       {Flag: "explain", Value: "true", Help: "--explain"},
		"verbose":     {Flag: "explain", Value: "true", Help: "--explain"},
		"moredebug":   {Flag: "explain", Value: "full", Help: "--explain=full"},
		"q":           {Flag: "silent", Value: "true", Help: "--silent"},
		// polycc's spellings of what tessera does anyway: accepted.
		"indent":              {Help: "accepted: the output is indented"},
		"intratileopt":        {Help: "accepted: the loops inside a tile are reordered for contiguous accesses by default"},
		"determine-tile-size": {Help: "accepted: tile sizes come from the cache model by default"},
		"nodiamond-tile":      {Help: "accepted: tessera does no diamond tiling"},
		"isldep":              {Help: "accepted: tessera's dependences are exact, as isl's"},
		"iss":                 {Help: "accepted: index-set splitting applies where it makes loops parallel (--parallel)"},
		"diamond-tile": {Refuse: "tessera does no diamond tiling; time-iterated stencils are skewed and tiled, " +
			"with a wavefront when no loop of the band is parallel"},
		"full-diamond-tile": {Refuse: "tessera does no diamond tiling; time-iterated stencils are skewed and tiled, " +
			"with a wavefront when no loop of the band is parallel"},
		"multipar": {Refuse: "tessera marks the outermost parallel loop of each nest (OpenMP), not every degree of parallelism"},
		"rar":      {Refuse: "tessera's scheduler does not use read-after-read dependences"},
		"lastwriter": {Refuse: "tessera opt schedules with memory-based dependences and expands scalars where that helps; " +
			"tessera deps --dataflow prints the value-based ones"},
		"pet":      {Refuse: "tessera reads C with its own front end"},
		"readscop": {Refuse: "tessera opt reads C or MLIR; an OpenScop document's scatterings go through tessera codegen --openscop"},
		"typedfuse": {Refuse: "tessera has no typed fusion (fusing only where no parallelism is lost); " +
			"the fusion policies are --fuse=smart, --fuse=max and --fuse=no"},
		"innerpar": {Refuse: "tessera has no choice of inner parallel loops over a wavefront: it skews tile loops " +
			"into a wavefront only when no loop of the band is parallel"},
		"unroll": {Refuse: "tessera does not unroll-and-jam loops in general; it unrolls and jams only the " +
			"register tiles of its vector kernels (--unroll-jam=ROWS)"},
		"ufactor": {Refuse: "tessera does not unroll-and-jam loops in general; it unrolls and jams only the " +
			"register tiles of its vector kernels (--unroll-jam=ROWS)"},
		"prevector": {Refuse: "polycc's pre-vectorization (a parallel loop moved innermost) is not offered as such; " +
			"tessera's vector code is --vectorize, on by default"},
		"noprevector": {Refuse: "polycc's pre-vectorization is not offered as such; " +
			"turn tessera's vector code off with --novectorize"},
	} {
		c.Aliases[name] = al
	}
}
