// Sums into a 0-d memref: the sum of squares of a matrix and, in a second
// nest, a dot product that reads the first sum, written by hand.
module {
  func.func @sums(%A: memref<40x40xf64>, %x: memref<40xf64>, %y: memref<40xf64>, %s: memref<f64>, %d: memref<f64>) {
    affine.for %i = 0 to 40 {
      affine.for %j = 0 to 40 {
        %a = affine.load %A[%i, %j] : memref<40x40xf64>
        %sq = arith.mulf %a, %a : f64
        %acc = affine.load %s[] : memref<f64>
        %n = arith.addf %acc, %sq : f64
        affine.store %n, %s[] : memref<f64>
      }
    }
    affine.for %i = 0 to 40 {
      %xi = affine.load %x[%i] : memref<40xf64>
      %yi = affine.load %y[%i] : memref<40xf64>
      %sv = affine.load %s[] : memref<f64>
      %p = arith.mulf %xi, %yi : f64
      %q = arith.divf %p, %sv : f64
      %acc = affine.load %d[] : memref<f64>
      %n = arith.addf %acc, %q : f64
      affine.store %n, %d[] : memref<f64>
    }
    return
  }
}
