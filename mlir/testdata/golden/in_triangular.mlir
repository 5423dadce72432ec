// A triangular product B = L * B with L lower triangular (unit
// diagonal), computed in place row by row from the bottom, written by hand.
#diag = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0)[s0] -> (s0 - d0 - 1)>
module {
  func.func @trmv_like(%L: memref<32x32xf64>, %B: memref<32x24xf64>, %x: memref<32xf64>) {
    func.call @trmv_like_nest_opt(%B, %L) : (memref<32x24xf64>, memref<32x32xf64>) -> ()
    func.call @trmv_like_nest_1_opt(%L, %x) : (memref<32x32xf64>, memref<32xf64>) -> ()
    return
  }
  func.func private @trmv_like_nest_opt(%a_B: memref<32x24xf64>, %a_L: memref<32x32xf64>) { ... }
  func.func private @trmv_like_nest_1_opt(%a_L: memref<32x32xf64>, %a_x: memref<32xf64>) { ... }
}
// ---- diagnostics
