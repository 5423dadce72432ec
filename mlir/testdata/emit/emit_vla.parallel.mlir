// MLIR affine dialect written by tessera from emit_vla.c
module {
  // region 1 (emit_vla.c:8)
  func.func @kernel_r1(%a_A: memref<?x?xf64>, %a_B: memref<?x?xf64>, %a_v: memref<?xf64>, %p_n: index, %p_m: index) attributes {llvm.emit_c_interface} {
    affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%p_m] {
      affine.for %i_c0 = 0 to %p_n step 1 {
        affine.for %i_c1 = 0 to %p_m step 1 {
          %t1 = affine.load %a_A[%i_c0, %i_c1] : memref<?x?xf64>
          %t2 = arith.constant 5.0e-01 : f64
          %t3 = arith.mulf %t1, %t2 : f64
          %t4 = affine.load %a_B[%i_c1, %i_c0] : memref<?x?xf64>
          %t5 = affine.load %a_v[%i_c1] : memref<?xf64>
          %t6 = arith.mulf %t4, %t5 : f64
          %t7 = arith.addf %t3, %t6 : f64
          affine.store %t7, %a_A[%i_c0, %i_c1] : memref<?x?xf64>
        }
      }
    }
    affine.for %i_c0 = 0 to %p_m step 1 {
      %t8 = affine.load %a_v[%i_c0] : memref<?xf64>
      %t9 = affine.load %a_A[symbol(%p_n) - 1, %i_c0] : memref<?x?xf64>
      %t10 = arith.addf %t8, %t9 : f64
      affine.store %t10, %a_v[%i_c0] : memref<?xf64>
    }
    return
  }
}
