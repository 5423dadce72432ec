// affine.parallel input, strided loops and floordiv/mod subscripts, and
// math operations in the bodies, written by hand.
#half = affine_map<(d0) -> (d0 floordiv 2)>
module {
  func.func @par(%A: memref<40x40xf64>, %B: memref<40x40xf64>, %v: memref<20xf64>, %w: memref<40xf64>) {
    func.call @par_nest_opt(%A, %B) : (memref<40x40xf64>, memref<40x40xf64>) -> ()
    affine.for %i = 0 to 40 step 2 {
      %x = affine.load %w[%i] : memref<40xf64>
      %y = affine.load %w[%i + 1] : memref<40xf64>
      %m = arith.maxnumf %x, %y : f64
      affine.store %m, %v[%i floordiv 2] : memref<20xf64>
    }
    affine.for %i = 0 to 40 {
      %h = affine.apply #half(%i)
      %x = affine.load %v[%h] : memref<20xf64>
      %o = affine.load %w[%i mod 2 + 2 * (%i floordiv 2)] : memref<40xf64>
      %p = math.powf %x, %o : f64
      %q = arith.negf %p : f64
      affine.store %q, %w[%i] : memref<40xf64>
    }
    return
  }
  func.func private @par_nest_opt(%a_A: memref<40x40xf64>, %a_B: memref<40x40xf64>) { ... }
}
// ---- diagnostics
// testdata/in/parallel_mod.mlir:16:7: warning: region not written as MLIR: subscript floord(i, 2) is not affine
// testdata/in/parallel_mod.mlir:24:7: warning: region not written as MLIR: subscript floord(i, 2) is not affine
