// Reductions carried through iter_args inside a nest (a row sum into a
// vector, a dot product per row with a float initial value), written by
// hand; the outermost loop of the last nest carries its value out of the
// nest (read back after the call).
module {
  func.func @rows(%A: memref<40x36xf64>, %y: memref<40xf64>, %z: memref<40xf64>, %s: memref<f64>) {
    %zero = arith.constant 0.000000e+00 : f64
    affine.for %i = 0 to 40 {
      %init = affine.load %y[%i] : memref<40xf64>
      %sum = affine.for %j = 0 to 36 iter_args(%acc = %init) -> (f64) {
        %a = affine.load %A[%i, %j] : memref<40x36xf64>
        %n = arith.addf %acc, %a : f64
        affine.yield %n : f64
      }
      affine.store %sum, %y[%i] : memref<40xf64>
    }
    affine.for %i = 0 to 40 {
      %dot = affine.for %j = 0 to 36 iter_args(%acc = %zero) -> f64 {
        %a = affine.load %A[%i, %j] : memref<40x36xf64>
        %b = affine.load %A[%i, 35 - %j] : memref<40x36xf64>
        %p = arith.mulf %a, %b : f64
        %n = arith.addf %acc, %p : f64
        affine.yield %n : f64
      }
      %h = arith.mulf %dot, %dot : f64
      affine.store %h, %z[%i] : memref<40xf64>
    }
    %total = affine.for %i = 0 to 40 iter_args(%acc = %zero) -> (f64) {
      %v = affine.load %z[%i] : memref<40xf64>
      %n = arith.addf %acc, %v : f64
      affine.yield %n : f64
    }
    affine.store %total, %s[] : memref<f64>
    return
  }
}
