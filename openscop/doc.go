// Package openscop reads and writes OpenScop, the exchange format of the
// polyhedral tools (Clan, Candl, Clay, CLooG, Pluto), as the OpenScop
// specification 0.9 (Bastoul et al.) defines it.
//
// # What it takes and gives
//
//   - Parse reads a text of one or more documents (<OpenScop> ...
//     </OpenScop>, one after the other as Clan writes the SCoPs of a
//     file) into *Scop values; a malformed text gives an *Error
//     "file:line:col: error: ...", never a panic.
//   - Print writes documents back in the text format, with comments
//     naming the columns.
//   - FromModel turns the polyhedral model of a region (package scop)
//     into a document with the region's original schedule as scattering.
//   - Scop.Model turns a document into presburger objects (domains,
//     scatterings, context), and Body.Instance prints a statement's text
//     for one instance, the iterators replaced by expressions: what the
//     code generator (tessera codegen --openscop) and the user schedules
//     of package pipeline (tessera opt --schedule FILE.scop) need.
//
// # Representation
//
// A document keeps the text's matrices as they are: a Relation is a
// union of Parts, each a constraint matrix whose rows are
//
//	e/i | output dims | input dims | local dims | parameters | constant
//
// with e/i = 0 for an equality (row·x = 0) and 1 for an inequality
// (row·x >= 0). The relations of a statement are its DOMAIN (output dims:
// the iterators), its SCATTERING (output dims: the scattering dims, input
// dims: the iterators) and its accesses READ, WRITE, MAY_WRITE (output
// dims: the array identifier, then the subscripts; input dims: the
// iterators). Local dims are existentially quantified.
//
// The extensions that the package interprets are <strings> (parameter
// names), <body> (statement iterators and text), <arrays> (identifier to
// array name), <scatnames> and <coordinates>. Other extensions are kept
// as text (Generic) and printed back.
//
// # The mapping from tessera's model
//
//   - Parameters: Scop.Params, in the model's order; the context is the
//     model's Context.
//   - Domains: each part of the domain set is one part of the DOMAIN
//     relation. A floor division of the model (the congruence of a loop
//     step > 1, i mod 2 = 0, floord bounds) becomes a local dim with its
//     two defining inequalities (den*q <= e <= den*q + den - 1); an
//     existential stays a local dim.
//   - Scattering: the 2d+1 form beta0, i0, beta1, ..., beta_d from the
//     statement's textual positions (Statement.Beta), one equality per
//     scattering dim, -i for a loop with a negative step. It is checked
//     against the model's FlatSchedule. Statements have 2d+1 dims for d
//     enclosing loops (not padded to a common length), as Clan writes
//     them and as Pluto's reader expects.
//   - Accesses: array identifiers 1, 2, ... in the order of Scop.Arrays
//     (sorted by name), named by <arrays>; a scalar is an access with the
//     identifier only. Affine subscripts are written as one equality each,
//     without the domain's constraints (the form Pluto reads); a
//     piecewise or quasi-affine subscript as the access relation with the
//     domain's constraints and local dims.
//   - Bodies: the C names of the iterators and the statement's text (as
//     the model holds it: macros that hide reads expanded, index
//     temporaries substituted) on one line.
//
// # Limits
//
// The OpenScop library reads a statement text of at most 2047 bytes and
// takes '#' for the start of a comment: such statements are refused at
// export. Integers are 64-bit. Scop.Model requires parameter names (from
// the document or from the caller).
//
// # Glossary
//
//	Scop        osl_scop_t (one document)
//	Relation    osl_relation_t (a union: the osl list of parts)
//	Part        one osl_relation_t element of the union
//	Body        osl_body_t
//	Generic     osl_generic_t of an unknown URI
//
// # References
//
// C. Bastoul et al., "OpenScop: A Specification and a Library for Data
// Exchange in Polyhedral Compilation Tools" (2011, version 0.9); C.
// Bastoul, "Code generation in the polyhedral model is easier than you
// think" (PACT 2004) for the 2d+1 scattering.
package openscop
