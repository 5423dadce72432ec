// C += A * B over static 64x64 matrices, written by hand.
module {
  func.func @matmul(%A: memref<64x48xf64>, %B: memref<48x32xf64>, %C: memref<64x32xf64>) attributes {llvm.emit_c_interface} {
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 32 {
        affine.for %k = 0 to 48 {
          %a = affine.load %A[%i, %k] : memref<64x48xf64>
          %b = affine.load %B[%k, %j] : memref<48x32xf64>
          %c = affine.load %C[%i, %j] : memref<64x32xf64>
          %p = arith.mulf %a, %b : f64
          %s = arith.addf %c, %p : f64
          affine.store %s, %C[%i, %j] : memref<64x32xf64>
        }
      }
    }
    return
  }
}
