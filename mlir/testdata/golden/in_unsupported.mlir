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
    func.call @kept_nest_3_opt(%A, %B) : (memref<40xf64>, memref<40xf64>) -> ()
    return
  }
  func.func private @kept_nest_3_opt(%a_A: memref<40xf64>, %a_B: memref<40xf64>) { ... }
}
// ---- diagnostics
// testdata/in/unsupported.mlir:10:7: warning: operation scf.if is not supported inside a loop nest (tessera does not know its effects); the loop nest at 8:5 is kept as written
// testdata/in/unsupported.mlir:14:5: warning: affine.for carrying 2 values (iter_args): one is supported; the loop nest at 14:5 is kept as written
// testdata/in/unsupported.mlir:24:7: warning: operation func.call is not supported inside a loop nest (tessera does not know its effects); the loop nest at 22:5 is kept as written
