package pipeline

import (
	"github.com/tessera-opt/tessera/internal/cdecl"
	"github.com/tessera-opt/tessera/scop"
)

// The declarations of a region's generated code (hoisted locals, the
// iterator type, the statements' bodies) are printed by package cdecl.
// These are the entries that the stages before the lowering use.

// storageFree returns typ without its storage-class words, and the first
// of them (cdecl.StorageFree).
func storageFree(typ string) (string, string) { return cdecl.StorageFree(typ) }

// dropConst removes the const qualifier from a type's specifiers.
func dropConst(typ string) string { return cdecl.DropConst(typ) }

// plainElemTypes removes the storage-class words from the element types
// of s's arrays, which the later stages compare and print.
func plainElemTypes(s *scop.Scop) { cdecl.PlainElemTypes(s) }
