// Reductions carried through iter_args inside a nest (a row sum into a
// vector, a dot product per row with a float initial value), written by
// hand; the outermost loop of the last nest carries its value out of the
// nest (read back after the call).
module {
  func.func @rows(%A: memref<40x36xf64>, %y: memref<40xf64>, %z: memref<40xf64>, %s: memref<f64>) {
    %zero = arith.constant 0.000000e+00 : f64
    func.call @rows_nest_opt(%A, %y) : (memref<40x36xf64>, memref<40xf64>) -> ()
    func.call @rows_nest_1_opt(%A, %z) : (memref<40x36xf64>, memref<40xf64>) -> ()
    %tessera_1 = memref.alloca() : memref<f64>
    func.call @rows_nest_2_opt(%tessera_1, %z) : (memref<f64>, memref<40xf64>) -> ()
    %total = affine.load %tessera_1[] : memref<f64>
    affine.store %total, %s[] : memref<f64>
    return
  }
  func.func private @rows_nest_opt(%a_A: memref<40x36xf64>, %a_y: memref<40xf64>) { ... }
  func.func private @rows_nest_1_opt(%a_A: memref<40x36xf64>, %a_z: memref<40xf64>) { ... }
  func.func private @rows_nest_2_opt(%a_acc: memref<f64>, %a_z: memref<40xf64>) { ... }
}
// ---- diagnostics
