// MLIR affine dialect written by tessera from emit_mixed.c
module {
  // region 1 (emit_mixed.c:11)
  func.func @kernel_r1(%a_A: memref<40x50xf64>, %a_B: memref<50x40xf64>, %a_s: memref<f64>, %a_x: memref<40xf64>, %a_alpha: f64, %p_n: index, %p_m: index) attributes {llvm.emit_c_interface} {
    %l_t = memref.alloca() : memref<f64>
    affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%p_m] {
      affine.for %i_c0 = 0 to %p_n step 1 {
        affine.for %i_c1 = 0 to %p_m step 1 {
          %t1 = affine.load %a_B[%i_c1, %i_c0] : memref<50x40xf64>
          %t2 = arith.mulf %a_alpha, %t1 : f64
          %t3 = affine.load %a_x[%i_c0] : memref<40xf64>
          %t4 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c1)[]
          %t5 = arith.index_cast %t4 : index to i32
          %t6 = arith.constant 1 : i32
          %t7 = arith.addi %t5, %t6 : i32
          %t8 = arith.sitofp %t7 : i32 to f64
          %t9 = arith.divf %t3, %t8 : f64
          %t10 = arith.addf %t2, %t9 : f64
          affine.store %t10, %a_A[%i_c0, %i_c1] : memref<40x50xf64>
        }
      }
    }
    %t11 = arith.constant 0.0e+00 : f64
    affine.store %t11, %a_s[] : memref<f64>
    affine.for %i_c0 = 0 to %p_n step 1 {
      %t12 = affine.load %a_s[] : memref<f64>
      %t13 = affine.load %a_A[%i_c0, %i_c0] : memref<40x50xf64>
      %t14 = math.sqrt %t13 : f64
      %t15 = arith.addf %t12, %t14 : f64
      affine.store %t15, %a_s[] : memref<f64>
    }
    affine.for %i_c0 = 1 to %p_n step 1 {
      %t16 = affine.load %a_x[%i_c0 - 1] : memref<40xf64>
      %t17 = arith.constant 0 : i32
      %t18 = arith.sitofp %t17 : i32 to f64
      %t19 = arith.cmpf ogt, %t16, %t18 : f64
      %t20 = affine.load %a_s[] : memref<f64>
      %t21 = affine.load %a_x[%i_c0] : memref<40xf64>
      %t22 = arith.negf %t21 : f64
      %t23 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c0)[]
      %t24 = arith.index_cast %t23 : index to i32
      %t25 = arith.constant 3 : i32
      %t26 = arith.remsi %t24, %t25 : i32
      %t27 = arith.sitofp %t26 : i32 to f64
      %t28 = affine.apply affine_map<()[s0] -> (s0)>()[%p_n]
      %t29 = arith.index_cast %t28 : index to i32
      %t30 = arith.sitofp %t29 : i32 to f64
      %t31 = arith.divf %t27, %t30 : f64
      %t32 = arith.addf %t22, %t31 : f64
      %t33 = arith.select %t19, %t20, %t32 : f64
      affine.store %t33, %a_x[%i_c0] : memref<40xf64>
    }
    affine.for %i_c0 = 0 to %p_n step 1 {
      %t34 = affine.load %a_x[%i_c0] : memref<40xf64>
      %t35 = arith.constant 5.0e-01 : f32
      %t36 = arith.extf %t35 : f32 to f64
      %t37 = arith.mulf %t34, %t36 : f64
      affine.store %t37, %l_t[] : memref<f64>
      %t38 = affine.load %l_t[] : memref<f64>
      %t39 = affine.load %l_t[] : memref<f64>
      %t40 = arith.mulf %t38, %t39 : f64
      %t41 = arith.constant 1.0e-03 : f64
      %t42 = arith.subf %t40, %t41 : f64
      affine.store %t42, %a_A[%i_c0, 0] : memref<40x50xf64>
    }
    return
  }
}
