package main

// addPolyccAliases gives `tessera opt` the spellings of Pluto's polycc
// where tessera has the same meaning, and a one-line refusal saying why
// for the polycc flags whose meaning tessera does not offer. (--tile,
// --notile, --parallel, --l2tile, --identity and --context are tessera's
// own flags; --context=N is read by parseContext.)
func addPolyccAliases(c *cli) {
	for name, al := range map[string]alias{
		"smartfuse":  {flag: "fuse", value: "smart", help: "--fuse=smart"},
		"maxfuse":    {flag: "fuse", value: "max", help: "--fuse=max"},
		"nofuse":     {flag: "fuse", value: "no", help: "--fuse=no"},
		"noparallel": {flag: "parallel", value: "false", help: "--parallel=false (the default)"},
		"debug":      {flag: "explain", value: "true", help: "--explain"},
		"verbose":    {flag: "explain", value: "true", help: "--explain"},
		"typedfuse": {refuse: "tessera has no typed fusion (fusing only where no parallelism is lost); " +
			"the fusion policies are --fuse=smart, --fuse=max and --fuse=no"},
		"innerpar": {refuse: "tessera has no choice of inner parallel loops over a wavefront: it skews tile loops " +
			"into a wavefront only when no loop of the band is parallel"},
		"unroll": {refuse: "tessera does not unroll-and-jam loops in general; it unrolls and jams only the " +
			"register tiles of its vector kernels (--unroll-jam=ROWS)"},
		"ufactor": {refuse: "tessera does not unroll-and-jam loops in general; it unrolls and jams only the " +
			"register tiles of its vector kernels (--unroll-jam=ROWS)"},
		"prevector": {refuse: "polycc's pre-vectorization (a parallel loop moved innermost) is not offered as such; " +
			"tessera's vector code is --vectorize, on by default"},
		"noprevector": {refuse: "polycc's pre-vectorization is not offered as such; " +
			"turn tessera's vector code off with --novectorize"},
	} {
		c.aliases[name] = al
	}
}
