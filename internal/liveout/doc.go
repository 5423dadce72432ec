// Package liveout keeps the final values of the loop iterators that a
// region's code leaves behind when they are read after the region.
//
// A region's loops may use iterators declared outside it ("int i, j;" at
// the top of the function). The generated code has iterators of its own,
// so after it the original iterators would keep the values they had
// before the region. When such an iterator may be read after the region,
// Keep appends to the region's new text the original loop structure with
// every statement removed: its loop headers and conditions (affine in
// iterators and parameters, which the region does not write) give each
// iterator exactly its original final value, and the C compiler replaces
// the empty loops by those values.
//
// Input: the parsed file (cfront.File), the region (cfront.Region) and the
// region's new text. Output: the text with the statement-free loops
// appended, and a remark for --explain; or an error (a *cfront.Error at
// the statement) when a statement of the region assigns such an
// iterator, whose final value the empty loops would then not reproduce.
//
// Iterators decides which iterators may be read after the region: those
// declared outside the region's function, whose address the function
// takes, or whose first use after the region (going round any loop that
// encloses the region, whose header runs again) is not an assignment that
// always runs. It reads the function's text as tokens (package ctoken),
// indexed once per function (cfront.Memo), so that the work per region is
// about the size of the code up to the next use of its iterators.
//
// Macros are not expanded, but a macro whose body names an iterator, or
// uses a macro that does, counts as a read of it where it is used after
// the region or in the header of a loop around it.
//
// Limits: the address of the iterator taken inside a macro is not seen;
// a use that a condition, loop, jump, case label or short-circuit operator
// may skip counts as possibly a read, so an iterator may be kept live
// that is not.
package liveout
