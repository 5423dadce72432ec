// Package ast is the tree of generated code: loops, conditions, blocks,
// statement instances, marks and constant declarations, over integer
// expressions. It takes nothing from the rest of tessera; the AST
// generator (astgen) builds it, astopt and vector rewrite it, emit prints
// it into C, and its interpreter is the oracle of every AST generator test.
//
// # Representation
//
// Statements implement Node, a closed interface (unexported marker
// method): *For, *If, *Block, *User, *Mark and *Decl. A type switch over
// these six is exhaustive. Nodes are mutable and owned by one pass at a
// time; Copy makes a deep copy, EqualNode compares trees, Walk visits them.
// A User node that a pass builds for its own printer (package vector's
// kernel statements) carries typed data in its Payload, an immutable
// value that copies share; passes read it by its type, never by parsing
// the node's Name.
//
// Expressions implement Expr, also closed: *Int (an int64 constant),
// *Ident (iterator, Decl name or parameter), *Op (an OpKind applied to
// arguments) and *Call (an opaque function call). The constructors (Add,
// Sub, Mul, Neg, FloorDiv, CeilDiv, ExactDiv, PDivQ, Rem, Min, Max, Eq, Ne,
// Lt, Le, Gt, Ge, And, Or, AndEager, OrEager, Not, Select) fold constants
// with checked arithmetic (an overflowing fold is simply not done) and
// apply trivial identities (x + 0, 1 * x, min(a) = a, a negative constant
// divisor made positive). They never drop a subexpression that could fail
// at run time (0 * (a / 0) is kept). NewOp builds an operator unfolded;
// Simplify refolds a tree, Subst replaces names by expressions (and
// refolds; SubstNode on a whole tree, e.g. to unroll), RewriteExprs
// edits every expression of a tree in place, and Idents, Mentions and
// FreeNames list the names used. Treat expressions as values: build new
// ones rather than editing shared ones.
//
// # Semantics
//
// Interpret executes a tree with exact int64 arithmetic and returns the
// sequence of User instances. Overflow, division by zero, an inexact
// ExactDiv, a PDivQ with a negative operand, an unbound name or an
// exhausted step budget are errors (ErrOverflow, ErrDivZero, ErrDomain,
// ErrUnbound, ErrBudget; ErrInvalid for a malformed tree or a Call without
// a hook), never wrong values. Conditions are C truth
// values (non-zero is true); comparisons and logical operators give 0 or
// 1. FloorDiv and CeilDiv round towards -inf and +inf for divisors of
// either sign; Rem truncates like C's %.
//
// # Printing
//
// PrintC prints isl's C style: `for (int c0 = 0; c0 <= n - 1; c0 += 1)`,
// braces only around bodies of several statements (and around the then
// branch of an if that has an else), `S1(c0, c1);`, marks as `// name`
// comments, Decls as `const int x = ...;`, two-space indentation.
// Expressions print with minimal parentheses under C precedence (ExprC);
// floord, ceild, min and max print as calls, defined by package emit
// (Helpers renames them).
// Printer's hooks let emit print User bodies and pragmas with the same
// layout. Dump prints the tree structure; Verify checks the invariants.
//
// # Glossary (isl)
//
//	For      isl_ast_node_for (iterator, init, cond, inc, body)
//	If       isl_ast_node_if
//	Block    isl_ast_node_block
//	User     isl_ast_node_user (isl: a call expression S(args))
//	Mark     isl_ast_node_mark
//	Decl     no isl node: a let binding made by LICM
//	Op kinds isl_ast_expr_op_type: add sub mul minus fdiv_q div pdiv_q
//	         pdiv_r/zdiv_r min max eq lt le gt ge and and_then or
//	         or_else select/cond call
//
// The tree follows isl's AST as described by Grosser, Verdoolaege and
// Cohen, "Polyhedral AST generation is more than scanning polyhedra",
// TOPLAS 2015 (section 5: AST expressions, min/max/floord and
// short-circuit conditions).
package ast
