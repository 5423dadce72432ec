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
// Limits: a use hidden in a macro is not seen, so a macro that reads an
// iterator after the region is missed unless it is also named; a name
// used after a label or a switch case counts as possibly read.
package liveout
