// Reductions carried through iter_args inside a nest (a row sum into a
// vector, a dot product per row with a float initial value), written by
// hand; the outermost loop of the last nest carries its value out of the
// nest and is kept as written.
module {
  func.func @rows(%A: memref<40x36xf64>, %y: memref<40xf64>, %z: memref<40xf64>, %s: memref<f64>) {
    %zero = arith.constant 0.000000e+00 : f64
    func.call @rows_nest_opt(%A, %y) : (memref<40x36xf64>, memref<40xf64>) -> ()
    func.call @rows_nest_1_opt(%A, %z) : (memref<40x36xf64>, memref<40xf64>) -> ()
    %total = affine.for %i = 0 to 40 iter_args(%acc = %zero) -> (f64) {
      %v = affine.load %z[%i] : memref<40xf64>
      %n = arith.addf %acc, %v : f64
      affine.yield %n : f64
    }
    affine.store %total, %s[] : memref<f64>
    return
  }
  func.func @rows_nest_opt(%a_A: memref<40x36xf64>, %a_y: memref<40xf64>) attributes {llvm.emit_c_interface} { ... }
  func.func @rows_nest_1_opt(%a_A: memref<40x36xf64>, %a_z: memref<40xf64>) attributes {llvm.emit_c_interface} { ... }
}
// ---- diagnostics
// testdata/in/iter_args.mlir:28:5: warning: the outermost loop of a nest carries values (iter_args): its results are used outside the nest; the loop nest at 28:5 is kept as written
