// Package cdecl prints what the generated C code of a region declares
// besides its loops, and the statements' bodies that go with those
// declarations.
//
// It takes the region's syntax (package cfront) and its model (package
// scop) and gives:
//
//   - the region's own local variables, hoisted out of the statements
//     (Collect, Decls): a declaration with an initializer becomes an
//     assignment in the statement's body, and the declaration itself is
//     printed before the region (names declared at the region's top level,
//     whose scope continues after it) or in a block around the generated
//     code (names declared in a nested block);
//   - the statement printer of emit.Config.Body (StatementBodies): each
//     statement's original C with its iterators replaced by the
//     arguments of its call in the AST;
//   - the type of the generated iterators and loop-invariant temporaries
//     (IterType): the widest integer type among the region's iterators
//     and parameters;
//   - the type words a printed type may keep (StorageFree, DropConst,
//     PlainElemTypes): a hoisted declaration, a cast or a parameter of an
//     outlined function carries no storage class.
//
// It refuses, with an error that says why, the regions where hoisting a
// declaration could change which variable a name denotes, and the
// iterator types without a signed equivalent. It is its own package
// because every lowering stage prints types and statements the same way,
// and none of them decides what the region declares.
package cdecl
