// Linear-algebra kernels of the PolyBench kind in affine MLIR, written by
// hand: two chained matrix products with scalars, a transposed
// matrix-vector product through a temporary vector, and a symmetric rank-k
// update over the lower triangle; arrays are initialized from the loop
// indices (index_cast, sitofp) in the first nest.
module {
  func.func @init(%A: memref<40x30xf64>, %B: memref<30x35xf64>) {
    func.call @init_nest_opt(%A) : (memref<40x30xf64>) -> ()
    func.call @init_nest_1_opt(%B) : (memref<30x35xf64>) -> ()
    return
  }
  func.func @two_products(%alpha: f64, %beta: f64, %tmp: memref<40x35xf64>, %A: memref<40x30xf64>, %B: memref<30x35xf64>, %C: memref<35x20xf64>, %D: memref<40x20xf64>) {
    %zero = arith.constant 0.000000e+00 : f64
    func.call @two_products_nest_opt(%A, %B, %tmp, %alpha) : (memref<40x30xf64>, memref<30x35xf64>, memref<40x35xf64>, f64) -> ()
    func.call @two_products_nest_1_opt(%C, %D, %tmp, %beta) : (memref<35x20xf64>, memref<40x20xf64>, memref<40x35xf64>, f64) -> ()
    return
  }
  func.func @transposed_mv(%A: memref<38x42xf64>, %x: memref<42xf64>, %y: memref<42xf64>, %tmp: memref<38xf64>) {
    %zero = arith.constant 0.000000e+00 : f64
    func.call @transposed_mv_nest_opt(%y) : (memref<42xf64>) -> ()
    func.call @transposed_mv_nest_1_opt(%A, %tmp, %x, %y) : (memref<38x42xf64>, memref<38xf64>, memref<42xf64>, memref<42xf64>) -> ()
    return
  }
  func.func @rank_k(%alpha: f64, %beta: f64, %C: memref<30x30xf64>, %A: memref<30x20xf64>) {
    func.call @rank_k_nest_opt(%A, %C, %alpha, %beta) : (memref<30x20xf64>, memref<30x30xf64>, f64, f64) -> ()
    return
  }
  func.func private @init_nest_opt(%a_A: memref<40x30xf64>) { ... }
  func.func private @init_nest_1_opt(%a_B: memref<30x35xf64>) { ... }
  func.func private @two_products_nest_opt(%a_A: memref<40x30xf64>, %a_B: memref<30x35xf64>, %a_tmp: memref<40x35xf64>, %a_alpha: f64) { ... }
  func.func private @two_products_nest_1_opt(%a_C: memref<35x20xf64>, %a_D: memref<40x20xf64>, %a_tmp: memref<40x35xf64>, %a_beta: f64) { ... }
  func.func private @transposed_mv_nest_opt(%a_y: memref<42xf64>) { ... }
  func.func private @transposed_mv_nest_1_opt(%a_A: memref<38x42xf64>, %a_tmp: memref<38xf64>, %a_x: memref<42xf64>, %a_y: memref<42xf64>) { ... }
  func.func private @rank_k_nest_opt(%a_A: memref<30x20xf64>, %a_C: memref<30x30xf64>, %a_alpha: f64, %a_beta: f64) { ... }
}
// ---- diagnostics
