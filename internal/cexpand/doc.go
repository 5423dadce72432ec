// Package cexpand is the C side of scalar expansion (package expand):
// which scalars of a region may get new storage as far as the file
// around the region is concerned, and that storage in the generated C.
//
// # What it takes and gives
//
// NewRegion takes a parsed file (package cfront), one of its regions and
// the region's model (package scop). Its Dead method answers
// expand.Config.Dead for a scalar of the model: whether the scalar may
// get an array of its own, or why not, and it records the scalar's type
// as written. Storage then takes the webs that expand.Expand expanded and
// gives their Storage: the names of the new arrays (Arrays), their
// declaration as a parameter of an outlined function (Param), and the
// region's C text wrapped in their allocation and release (Wrap), with
// __builtin_malloc, __builtin_abort and __builtin_free, so that the file
// needs no header. The pointers are restrict: the storage is fresh, no
// other name reaches it. Describe lists the expanded scalars for the
// reports.
//
// # When a scalar is dead after the region
//
// A scalar declared inside the region qualifies when its declaration is
// nested in a block of the region (its scope ends there) or, declared at
// the region's top level, when the rest of the enclosing block does not
// mention it. A scalar declared before the region qualifies when it is a
// local variable of the enclosing function, its address is not taken in
// the function, and the function does not mention it after the region
// (nor, when the region is inside a loop, before the region in that
// loop). In both cases the declaration is not static, volatile, extern,
// thread-local, atomic or register, its type is a plain one (no pointer,
// array or function), and no loop header or condition of the region uses
// it. A mention counts also through the body of a macro, and through
// macros that macro uses.
//
// # Limits
//
// The scans read the file's tokens (package ctoken), not its syntax: a
// mention hidden in a macro defined in a header the file does not show
// is not seen, and an address taken through a macro's argument neither.
// Both answers err on the side of "not dead" only for the cases the scans
// see; the callers rely on the file being the whole function.
//
// An extent of an array is at least 1 (a parameter that makes a loop
// empty still allocates one element), and the allocation's size is
// computed in __SIZE_TYPE__ from the extents as expand gives them.
package cexpand
