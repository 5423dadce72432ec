// affine.parallel input, strided loops and floordiv/mod subscripts, and
// math operations in the bodies, written by hand.
#half = affine_map<(d0) -> (d0 floordiv 2)>
module {
  func.func @par(%A: memref<40x40xf64>, %B: memref<40x40xf64>, %v: memref<20xf64>, %w: memref<40xf64>) {
    affine.parallel (%i, %j) = (0, 0) to (40, 40) {
      %a = affine.load %A[%i, %j] : memref<40x40xf64>
      %s = math.sqrt %a : f64
      %e = math.absf %s : f64
      affine.store %e, %B[%j, %i] : memref<40x40xf64>
    }
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
}
