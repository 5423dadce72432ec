// A nest under an affine.if at the top of the function (run only when the
// size is large enough), and a loop nest reading what it wrote, written by
// hand.
#big = affine_set<()[s0] : (s0 - 8 >= 0)>
module {
  func.func @guarded(%A: memref<?x?xf64>, %v: memref<?xf64>, %n: index) {
    func.call @guarded_nest_opt(%A, %v, %n) : (memref<?x?xf64>, memref<?xf64>, index) -> ()
    return
  }
  func.func private @guarded_nest_opt(%a_A: memref<?x?xf64>, %a_v: memref<?xf64>, %p_n: index) { ... }
}
// ---- diagnostics
