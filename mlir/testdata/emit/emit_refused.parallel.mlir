// MLIR affine dialect written by tessera from emit_refused.c
module {
  // region 1 (emit_refused.c:8): not written: subscript (i - 5) / 2 uses /: not written as an affine expression (C division and remainder truncate, and the dividend is not provably non-negative)
  // region 2 (emit_refused.c:12)
  func.func @f_r2(%a_B: memref<64xf64>, %p_n: index) attributes {llvm.emit_c_interface} {
    affine.parallel (%i_c0) = (0) to (symbol(%p_n)) step (1) {
      %t1 = affine.load %a_B[%i_c0] : memref<64xf64>
      %t2 = arith.constant 2.0e+00 : f64
      %t3 = arith.mulf %t1, %t2 : f64
      affine.store %t3, %a_B[%i_c0] : memref<64xf64>
    }
    return
  }
}
