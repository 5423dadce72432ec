// MLIR affine dialect written by tessera from emit_indirect.c
module {
  // region 1 (emit_indirect.c:10)
  func.func @kernel_r1(%a_A: memref<40x40xf64>, %a_B: memref<40x40xf64>, %a_h: memref<7xf64>, %a_idx: memref<40xi32>, %a_w: memref<40xf64>, %a_y: memref<40xf64>, %p_n: index) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = 0 to %p_n step 1 {
      %t1 = affine.load %a_idx[%i_c0] : memref<40xi32>
      %t2 = arith.constant 7 : i32
      %t3 = arith.remsi %t1, %t2 : i32
      %t4 = arith.index_cast %t3 : i32 to index
      %t5 = memref.load %a_h[%t4] : memref<7xf64>
      %t6 = affine.load %a_w[%i_c0] : memref<40xf64>
      %t7 = arith.addf %t5, %t6 : f64
      memref.store %t7, %a_h[%t4] : memref<7xf64>
    }
    affine.for %i_c0 = 0 to %p_n step 1 {
      affine.for %i_c1 = 0 to %p_n step 1 {
        %t8 = affine.load %a_y[%i_c0] : memref<40xf64>
        %t9 = affine.load %a_A[%i_c0, %i_c1] : memref<40x40xf64>
        %t10 = affine.load %a_idx[%i_c1] : memref<40xi32>
        %t11 = arith.index_cast %t10 : i32 to index
        %t12 = memref.load %a_w[%t11] : memref<40xf64>
        %t13 = arith.mulf %t9, %t12 : f64
        %t14 = arith.addf %t8, %t13 : f64
        affine.store %t14, %a_y[%i_c0] : memref<40xf64>
      }
    }
    affine.for %i_c0 = 0 to %p_n step 1 {
      affine.for %i_c1 = 0 to %p_n step 1 {
        %t15 = affine.load %a_idx[%i_c0] : memref<40xi32>
        %t16 = arith.constant 7 : i32
        %t17 = arith.remsi %t15, %t16 : i32
        %t18 = arith.index_cast %t17 : i32 to index
        %t19 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c1)[]
        %t20 = affine.load %a_A[%i_c0, %i_c1] : memref<40x40xf64>
        %t21 = affine.load %a_idx[%i_c1] : memref<40xi32>
        %t22 = arith.constant 7 : i32
        %t23 = arith.remsi %t21, %t22 : i32
        %t24 = arith.index_cast %t23 : i32 to index
        %t25 = memref.load %a_h[%t24] : memref<7xf64>
        %t26 = arith.addf %t20, %t25 : f64
        memref.store %t26, %a_B[%t18, %t19] : memref<40x40xf64>
      }
    }
    return
  }
}
