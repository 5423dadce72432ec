// Nests that tessera does not raise, each kept as written with a warning
// that names the reason: an scf.if inside the nest, two values carried
// through iter_args, a call; the last nest is raised. Written by hand.
module {
  func.func private @tick()
  func.func @kept(%A: memref<40xf64>, %B: memref<40xf64>, %s: memref<f64>, %flag: i1) {
    %zero = arith.constant 0.000000e+00 : f64
    affine.for %i = 0 to 40 {
      %a = affine.load %A[%i] : memref<40xf64>
      scf.if %flag {
        affine.store %a, %B[%i] : memref<40xf64>
      }
    }
    %sum:2 = affine.for %i = 0 to 40 iter_args(%acc = %zero, %sq = %zero) -> (f64, f64) {
      %a = affine.load %A[%i] : memref<40xf64>
      %n = arith.addf %acc, %a : f64
      %m = arith.mulf %a, %a : f64
      %q = arith.addf %sq, %m : f64
      affine.yield %n, %q : f64, f64
    }
    affine.store %sum#0, %s[] : memref<f64>
    affine.for %i = 0 to 40 {
      %a = affine.load %A[%i] : memref<40xf64>
      func.call @tick() : () -> ()
    }
    affine.for %i = 1 to 40 {
      %a = affine.load %A[%i - 1] : memref<40xf64>
      %b = affine.load %B[%i] : memref<40xf64>
      %c = arith.addf %a, %b : f64
      affine.store %c, %A[%i] : memref<40xf64>
    }
    return
  }
}
