// Sums into a 0-d memref: the sum of squares of a matrix and, in a second
// nest, a dot product that reads the first sum, written by hand.
module {
  func.func @sums(%A: memref<40x40xf64>, %x: memref<40xf64>, %y: memref<40xf64>, %s: memref<f64>, %d: memref<f64>) {
    func.call @sums_nest_opt(%A, %s) : (memref<40x40xf64>, memref<f64>) -> ()
    %tessera_1 = affine.load %s[] : memref<f64>
    func.call @sums_nest_1_opt(%d, %x, %y, %tessera_1) : (memref<f64>, memref<40xf64>, memref<40xf64>, f64) -> ()
    return
  }
  func.func private @sums_nest_opt(%a_A: memref<40x40xf64>, %a_s: memref<f64>) { ... }
  func.func private @sums_nest_1_opt(%a_d: memref<f64>, %a_x: memref<40xf64>, %a_y: memref<40xf64>, %a_s_1: f64) { ... }
}
// ---- diagnostics
