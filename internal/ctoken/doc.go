// Package ctoken reads C text as a sequence of tokens, for the scans
// that look at the code around a region rather than at its syntax tree:
// what follows a region in its function, which loops of the function
// enclose it, what the headers of those loops name.
//
// Scan takes the bytes of a C text between two offsets and gives its
// identifiers and punctuation, one Token each, with their offsets;
// comments, string and character literals, numbers and preprocessor lines
// give no token. It does not parse: a token is an identifier or a single
// punctuation byte ("==" is two tokens "=" at consecutive offsets).
//
// EnclosingLoop and LoopHeadersMention follow the braces, the
// parenthesized headers and the statement ends of a function body up to
// an offset, and answer which loop (for, while, do) encloses that offset
// and whether the header of an enclosing loop names an identifier.
//
// Limits: macros are not expanded, so a loop or a brace hidden in a
// macro is not seen; a label or a switch is not a loop; a '?' or a
// keyword inside a macro argument is read as it stands. The callers use
// these answers to decide conservatively (an iterator whose reads they
// cannot rule out is treated as read).
//
// It imports nothing of tessera: it is below the front end, which it
// does not need.
package ctoken
