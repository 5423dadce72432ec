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
