// Package ints forwards the engine's checked int64 arithmetic to package
// presburger/ints, where it lives (one implementation for the engine and
// for the packages above it: the AST generator and the scheduler). The
// engine's files import this path; new code imports presburger/ints. Each
// function is a one-line call that the compiler inlines, and
// OverflowError is the same type, so that the engine's recovery of
// overflow panics sees one panic value.
package ints

import "github.com/tessera-opt/tessera/presburger/ints"

// OverflowError is ints.OverflowError.
type OverflowError = ints.OverflowError

func Add(a, b int64) int64                { return ints.Add(a, b) }
func Sub(a, b int64) int64                { return ints.Sub(a, b) }
func Mul(a, b int64) int64                { return ints.Mul(a, b) }
func Neg(a int64) int64                   { return ints.Neg(a) }
func Abs(a int64) int64                   { return ints.Abs(a) }
func FloorDiv(a, b int64) int64           { return ints.FloorDiv(a, b) }
func CeilDiv(a, b int64) int64            { return ints.CeilDiv(a, b) }
func Mod(a, b int64) int64                { return ints.Mod(a, b) }
func GCD(a, b int64) int64                { return ints.GCD(a, b) }
func LCM(a, b int64) int64                { return ints.LCM(a, b) }
func RowGCD(r []int64) int64              { return ints.RowGCD(r) }
func ScaleRow(r []int64, a int64) []int64 { return ints.ScaleRow(r, a) }
func CombineRows(r1 []int64, a int64, r2 []int64, b int64) []int64 {
	return ints.CombineRows(r1, a, r2, b)
}
func AddMulRow(dst, src []int64, a int64) { ints.AddMulRow(dst, src, a) }
func DivRowExact(r []int64, d int64)      { ints.DivRowExact(r, d) }
func Sign(a int64) int                    { return ints.Sign(a) }
func AddOK(a, b int64) (int64, bool)      { return ints.AddOK(a, b) }
func MulOK(a, b int64) (int64, bool)      { return ints.MulOK(a, b) }
