// Shortest paths through every intermediate node (min-plus closure) with
// arith.cmpf and arith.select, and an in-place Gauss-Seidel sweep, written
// by hand.
module {
  func.func @closure(%P: memref<30x30xf64>) {
    func.call @closure_nest_opt(%P) : (memref<30x30xf64>) -> ()
    return
  }
  func.func @sweep(%A: memref<34x34xf64>) {
    %ninth = arith.constant 9.000000e+00 : f64
    func.call @sweep_nest_opt(%A) : (memref<34x34xf64>) -> ()
    return
  }
  func.func private @closure_nest_opt(%a_P: memref<30x30xf64>) { ... }
  func.func private @sweep_nest_opt(%a_A: memref<34x34xf64>) { ... }
}
// ---- diagnostics
