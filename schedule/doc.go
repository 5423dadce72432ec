// Package schedule holds schedule trees: the structured description of the
// execution order of the statement instances of a program, as introduced by
// Verdoolaege, Guelton, Grosser and Cohen ("Schedule Trees", IMPACT 2014)
// and used as the input of the AST generator of Grosser, Verdoolaege and
// Cohen ("Polyhedral AST Generation Is More Than Scanning Polyhedra",
// TOPLAS 37(4), 2015, section 6).
//
// # What it takes and gives
//
// It takes sets and relations of package presburger (the iteration domain,
// partial schedules, filters) and gives immutable trees of nodes, a printer,
// an isl-compatible YAML reader and writer, and the flattening of a tree
// into one schedule relation (statement instance -> flat time vector) whose
// lexicographic order is the order the tree expresses.
//
// # Representation
//
// A Tree is an immutable value: a root *Node and nothing else. Nodes are
// never modified after construction; every edit (through the functional
// constructors or a Cursor) builds new nodes along the path from the root to
// the edited node and shares the rest, so that old trees stay valid.
//
// Node kinds (isl_schedule_node_* in isl):
//
//	Domain    the root: the UnionSet of statement instances (isl domain node)
//	Context   constraints on the parameters (Set in a parameter space)
//	Band      a partial schedule: a UnionMap from each statement space to one
//	          unnamed tuple of the band's width, single valued; per member a
//	          Coincident flag and an AST option (Default, Atomic, Separate,
//	          Unroll); a Permutable flag; an optional Isolate set over
//	          [outer prefix dims -> band dims] with its own member options
//	Sequence  children (all Filter nodes) executed one after the other
//	Set       children (all Filter nodes) in any order
//	Filter    restricts the instances reaching its subtree (UnionSet)
//	Mark      an annotation (string) that the AST generator turns into ast.Mark
//	Guard     a condition on parameters and outer schedule dims (Set)
//	Extension adds instances (UnionMap from prefix schedule to instances)
//	Expansion replaces group instances G by the instances S they stand for
//	          (contraction S -> G, expansion G -> S); InlineExpansions
//	          rewrites a tree without them for generators that lack them
//	Leaf      the end of a branch (implicit: a nil child)
//
// Nodes read from YAML remember their position (Node.Pos: line and
// column of the key that names the node) for error messages.
//
// Invariants: children of Sequence and Set are Filter nodes; Domain only
// at the root; Band's member slices have the band's width; a band's partial
// schedule has one map per statement space of the domain reaching it.
//
// # YAML
//
// The YAML form is isl's schedule-tree form (isl_schedule_read_from_str,
// isl_printer_print_schedule in block style):
//
//	domain: "{ S1[i] : 0 <= i < n; S2[i, j] : 0 <= j < i < n }"
//	child:
//	  schedule: "[{ S1[i] -> [(i)]; S2[i, j] -> [(i)] }]"
//	  permutable: 1
//	  coincident: [ 1 ]
//	  options: "{ separate[x] }"
//	  child:
//	    sequence:
//	    - filter: "{ S1[i] }"
//	    - filter: "{ S2[i, j] }"
//
// Band schedules are written in isl's multi_union_pw_aff notation
// "[{ S[i] -> [(f0)] }, { S[i] -> [(f1)] }]" (one union piecewise affine
// expression per member) and also accepted in the plain union map notation
// "{ S[i] -> [f0, f1] }". Options use the isl names: separate[x], atomic[x],
// unroll[x], default[x] for the band members and isolate[[outer] -> [band]]
// for the isolated set, with the options of the isolated part spelled
// { isolate[x] : ... } kinds as in isl ("[isolate[] -> separate[x]]").
// Strings are written double quoted.
//
// The reader accepts what isl_schedule_read_from_str accepts: block or
// flow style, quoted or plain keys, '#' comments, the band keys in any
// order (the node kind is named by a key: domain, context, guard, filter,
// extension, contraction/expansion, mark, sequence, set, leaf, or a band
// key: schedule, permutable, coincident, options), "ast_build_options"
// as another name of "options", a coincident list of any length (extra
// entries ignored, missing ones 0), integer flags (non-zero is true), a
// named band tuple "L[{ ... }]", a zero-member band "([] : { domain })",
// '*' dims in options ("atomic[*]"). As in isl, band options of other
// names or shapes, and an isolate set over other dims than the enclosing
// schedule dims and the band's, are ignored. It rejects, with the
// position, a mark node without a child (isl does too: "expecting
// child"), a mapping with only a child key, an unknown key, and a band
// without a schedule. Sets and relations that package presburger does not
// read are retried after Desugar, which rewrites the isl notation it lacks
// (ranges "x = lo:hi" of parameters and tuple elements, "][" between
// tuple elements, '*' dims) into notation it reads.
//
// # Flattening
//
// Flatten returns the schedule UnionMap S[i] -> [t0, ..., tk] in which band
// members contribute their affine values and every Sequence/Set contributes
// one dimension holding the index of the child an instance goes to; shorter
// vectors are padded with zeros. Lexicographic order of the flat vectors is
// the order of the tree (a Set is given the order of its children). Ties
// (instances mapped to the same vector) are executed in the order of
// statement names and then of instance tuples; the AST generator follows the
// same rule, so the brute-force oracles compare to this order.
//
// # Transformations
//
// Cursor.TileBand tiles a band (isl_schedule_node_band_tile with scaled
// tile loops): the band f becomes a tile band s*floor(f/s) over a point
// band f. Other edits go through the cursor (InsertMark, InsertBand,
// InsertContext, InsertGuard, SetBand, Delete, Replace).
//
// # Glossary to isl
//
//	Tree            isl_schedule
//	Node            isl_schedule_node (without the cursor part)
//	Cursor          isl_schedule_node (a position in a tree)
//	Band.Schedule   isl_schedule_node_band_get_partial_schedule (as UnionMap)
//	ASTOption       isl_ast_loop_type (default, atomic, unroll, separate)
//	Flatten         isl_schedule_get_map
package schedule
