// A triangular product B = L * B with L lower triangular (unit
// diagonal), computed in place row by row from the bottom, written by hand.
#diag = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0)[s0] -> (s0 - d0 - 1)>
module {
  func.func @trmv_like(%L: memref<32x32xf64>, %B: memref<32x24xf64>, %x: memref<32xf64>) {
    affine.for %i = 0 to 32 {
      affine.for %j = 0 to 24 {
        affine.for %k = 0 to #diag(%i) {
          %l = affine.load %L[%i, %k] : memref<32x32xf64>
          %bk = affine.load %B[%k, %j] : memref<32x24xf64>
          %bi = affine.load %B[%i, %j] : memref<32x24xf64>
          %p = arith.mulf %l, %bk : f64
          %s = arith.addf %bi, %p : f64
          affine.store %s, %B[%i, %j] : memref<32x24xf64>
        }
      }
    }
    affine.for %i = 0 to 32 {
      affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to 32 {
        %l = affine.load %L[%k, %i] : memref<32x32xf64>
        %xi = affine.load %x[%i] : memref<32xf64>
        %xk = affine.load %x[%k] : memref<32xf64>
        %p = arith.mulf %l, %xi : f64
        %d = arith.subf %xk, %p : f64
        affine.store %d, %x[%k] : memref<32xf64>
      }
    }
    return
  }
}
