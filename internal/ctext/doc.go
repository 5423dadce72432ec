// Package ctext holds the lexical facts about C text that the lowering
// stages share: the identifiers of a piece of C, the C keywords that a
// statement's text may hold besides names, and the indentation of a
// block of generated lines.
//
// The lowering stages (package cdecl and the packages under internal that
// outline, privatize and guard loops) print statements as C text through
// emit's Body callback, and some of them must then know which names such a
// text mentions (to pass them to an outlined function, to declare them).
// They read the text with these functions rather than each with its own
// regular expression, so that all of them agree on what a name is.
//
// It takes and gives strings; it knows nothing of the model or the AST.
// It is its own package because several lowering packages need it and
// none of them is below the others.
package ctext
