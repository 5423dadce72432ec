// MLIR affine dialect written by tessera from emit_tiled.c
module {
  // region 1 (emit_tiled.c:11)
  func.func @kernel_r1(%a_A: memref<70x70xf64>, %a_B: memref<70x70xf64>, %a_C: memref<70x70xf64>, %a_F: memref<70x70xf32>, %a_I: memref<70x70xi32>, %a_u: memref<70x70xf64>, %a_v: memref<70x70xf64>, %p_n: index) attributes {llvm.emit_c_interface} {
    affine.parallel (%i_c0) = (0) to (symbol(%p_n)) step (1) {
      affine.for %i_c1 = 0 to %p_n step 1 {
        %t1 = affine.load %a_C[%i_c0, %i_c1] : memref<70x70xf64>
        %t2 = arith.constant 5.0e-01 : f64
        %t3 = arith.mulf %t1, %t2 : f64
        affine.store %t3, %a_C[%i_c0, %i_c1] : memref<70x70xf64>
      }
    }
    affine.parallel (%i_c0) = (0) to ((symbol(%p_n) - 1) floordiv 32 + 1) step (1) {
      affine.for %i_c1 = 0 to affine_map<()[s0] -> ((s0 - 1) floordiv 32 + 1)>()[%p_n] step 1 {
        affine.for %i_c2 = 0 to affine_map<()[s0] -> ((s0 - 1) floordiv 32 + 1)>()[%p_n] step 1 {
          affine.for %i_c3 = affine_map<(d0)[] -> (d0 * 32)>(%i_c0)[] to min affine_map<(d0)[s0] -> (d0 * 32 + 32, s0)>(%i_c0)[%p_n] step 1 {
            affine.for %i_c4 = affine_map<(d0)[] -> (d0 * 32)>(%i_c2)[] to min affine_map<(d0)[s0] -> (d0 * 32 + 32, s0)>(%i_c2)[%p_n] step 1 {
              affine.for %i_c5 = affine_map<(d0)[] -> (d0 * 32)>(%i_c1)[] to min affine_map<(d0)[s0] -> (d0 * 32 + 32, s0)>(%i_c1)[%p_n] step 1 {
                %t4 = affine.load %a_C[%i_c3, %i_c5] : memref<70x70xf64>
                %t5 = arith.constant 1.5e+00 : f64
                %t6 = affine.load %a_A[%i_c3, %i_c4] : memref<70x70xf64>
                %t7 = arith.mulf %t5, %t6 : f64
                %t8 = affine.load %a_B[%i_c4, %i_c5] : memref<70x70xf64>
                %t9 = arith.mulf %t7, %t8 : f64
                %t10 = arith.addf %t4, %t9 : f64
                affine.store %t10, %a_C[%i_c3, %i_c5] : memref<70x70xf64>
              }
            }
          }
        }
      }
    }
    affine.if affine_set<()[s0] : (s0 - 3 >= 0)>()[%p_n] {
      affine.for %i_c0 = -1 to affine_map<()[s0] -> ((s0 + 8) floordiv 32 + 1)>()[%p_n] step 1 {
        affine.if affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 * 32 + 5 >= 0)>(%i_c0)[%p_n] {
          affine.for %i_c2 = 0 to min affine_map<(d0)[s0] -> ((s0 + 5) floordiv 32 + 1, (s0 + d0 * 32 + 27) floordiv 32 + 1)>(%i_c0)[%p_n] step 1 {
            affine.for %i_c3 = max affine_map<(d0, d1)[s0] -> (0, -((s0 - d0 * 32 - 1) floordiv 2), -((s0 - d1 * 32 - 1) floordiv 2))>(%i_c0, %i_c2)[%p_n] to min affine_map<(d0)[] -> (4, d0 * 16 + 15)>(%i_c0)[] step 1 {
              affine.if affine_set<(d0, d1)[] : (d0 * 2 - d1 * 32 + 1 >= 0)>(%i_c3, %i_c0)[] {
                affine.for %i_c5 = max affine_map<(d0, d1)[] -> (d0 * 32, d1 * 2 + 1)>(%i_c2, %i_c3)[] to min affine_map<(d0, d1)[s0] -> (d0 * 32 + 32, s0 + d1 * 2 - 1)>(%i_c2, %i_c3)[%p_n] step 1 {
                  %t11 = arith.constant 2.0e-01 : f64
                  %t12 = affine.load %a_u[1, %i_c5 - %i_c3 * 2] : memref<70x70xf64>
                  %t13 = affine.load %a_u[0, %i_c5 - %i_c3 * 2] : memref<70x70xf64>
                  %t14 = arith.addf %t12, %t13 : f64
                  %t15 = affine.load %a_u[2, %i_c5 - %i_c3 * 2] : memref<70x70xf64>
                  %t16 = arith.addf %t14, %t15 : f64
                  %t17 = affine.load %a_u[1, %i_c5 - %i_c3 * 2 - 1] : memref<70x70xf64>
                  %t18 = arith.addf %t16, %t17 : f64
                  %t19 = affine.load %a_u[1, %i_c5 - %i_c3 * 2 + 1] : memref<70x70xf64>
                  %t20 = arith.addf %t18, %t19 : f64
                  %t21 = arith.mulf %t11, %t20 : f64
                  affine.store %t21, %a_v[1, %i_c5 - %i_c3 * 2] : memref<70x70xf64>
                }
              }
              affine.for %i_c4 = max affine_map<(d0, d1)[] -> (d0 * 32, d1 * 2 + 2)>(%i_c0, %i_c3)[] to min affine_map<(d0, d1)[s0] -> (d0 * 32 - (d1 floordiv 32) * 32 + 32, s0 + d1 * 2)>(%i_c0, %i_c3)[%p_n] step 1 {
                affine.if affine_set<(d0, d1, d2)[s0] : (d0 * 2 - d1 * 32 + 1 >= 0, s0 + d0 * 2 - d2 - 2 >= 0)>(%i_c3, %i_c2, %i_c4)[%p_n] {
                  %t22 = arith.constant 2.0e-01 : f64
                  %t23 = affine.load %a_u[%i_c4 - %i_c3 * 2, 1] : memref<70x70xf64>
                  %t24 = affine.load %a_u[%i_c4 - %i_c3 * 2 - 1, 1] : memref<70x70xf64>
                  %t25 = arith.addf %t23, %t24 : f64
                  %t26 = affine.load %a_u[%i_c4 - %i_c3 * 2 + 1, 1] : memref<70x70xf64>
                  %t27 = arith.addf %t25, %t26 : f64
                  %t28 = affine.load %a_u[%i_c4 - %i_c3 * 2, 0] : memref<70x70xf64>
                  %t29 = arith.addf %t27, %t28 : f64
                  %t30 = affine.load %a_u[%i_c4 - %i_c3 * 2, 2] : memref<70x70xf64>
                  %t31 = arith.addf %t29, %t30 : f64
                  %t32 = arith.mulf %t22, %t31 : f64
                  affine.store %t32, %a_v[%i_c4 - %i_c3 * 2, 1] : memref<70x70xf64>
                }
                affine.for %i_c5 = max affine_map<(d0, d1)[] -> (d0 * 32, d1 * 2 + 2)>(%i_c2, %i_c3)[] to min affine_map<(d0, d1)[s0] -> (d0 * 32 + 32, s0 + d1 * 2)>(%i_c2, %i_c3)[%p_n] step 1 {
                  affine.if affine_set<(d0, d1, d2)[s0] : (s0 + d0 * 2 - d1 - 2 >= 0, s0 + d0 * 2 - d2 - 2 >= 0)>(%i_c3, %i_c4, %i_c5)[%p_n] {
                    %t33 = arith.constant 2.0e-01 : f64
                    %t34 = affine.load %a_u[%i_c4 - %i_c3 * 2, %i_c5 - %i_c3 * 2] : memref<70x70xf64>
                    %t35 = affine.load %a_u[%i_c4 - %i_c3 * 2 - 1, %i_c5 - %i_c3 * 2] : memref<70x70xf64>
                    %t36 = arith.addf %t34, %t35 : f64
                    %t37 = affine.load %a_u[%i_c4 - %i_c3 * 2 + 1, %i_c5 - %i_c3 * 2] : memref<70x70xf64>
                    %t38 = arith.addf %t36, %t37 : f64
                    %t39 = affine.load %a_u[%i_c4 - %i_c3 * 2, %i_c5 - %i_c3 * 2 - 1] : memref<70x70xf64>
                    %t40 = arith.addf %t38, %t39 : f64
                    %t41 = affine.load %a_u[%i_c4 - %i_c3 * 2, %i_c5 - %i_c3 * 2 + 1] : memref<70x70xf64>
                    %t42 = arith.addf %t40, %t41 : f64
                    %t43 = arith.mulf %t33, %t42 : f64
                    affine.store %t43, %a_v[%i_c4 - %i_c3 * 2, %i_c5 - %i_c3 * 2] : memref<70x70xf64>
                  }
                  %t44 = affine.load %a_v[%i_c4 - %i_c3 * 2 - 1, %i_c5 - %i_c3 * 2 - 1] : memref<70x70xf64>
                  affine.store %t44, %a_u[%i_c4 - %i_c3 * 2 - 1, %i_c5 - %i_c3 * 2 - 1] : memref<70x70xf64>
                }
              }
            }
          }
        }
      }
    }
    affine.parallel (%i_c0) = (0) to (symbol(%p_n)) step (1) {
      affine.for %i_c1 = 0 to %p_n step 1 {
        %t45 = affine.load %a_F[%i_c0, %i_c1] : memref<70x70xf32>
        %t46 = arith.constant 7.5e-01 : f32
        %t47 = arith.mulf %t45, %t46 : f32
        %t48 = affine.load %a_C[%i_c0, %i_c1] : memref<70x70xf64>
        %t49 = arith.truncf %t48 : f64 to f32
        %t50 = arith.addf %t47, %t49 : f32
        affine.store %t50, %a_F[%i_c0, %i_c1] : memref<70x70xf32>
      }
    }
    affine.parallel (%i_c0) = (0) to (symbol(%p_n)) step (1) {
      affine.for %i_c1 = 0 to %p_n step 1 {
        %t51 = affine.load %a_I[%i_c0, %i_c1] : memref<70x70xi32>
        %t52 = arith.constant 3 : i32
        %t53 = arith.muli %t51, %t52 : i32
        %t54 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c0)[]
        %t55 = arith.index_cast %t54 : index to i32
        %t56 = arith.addi %t53, %t55 : i32
        %t57 = arith.constant 2 : i32
        %t58 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c1)[]
        %t59 = arith.index_cast %t58 : index to i32
        %t60 = arith.muli %t57, %t59 : i32
        %t61 = arith.subi %t56, %t60 : i32
        %t62 = arith.constant 17 : i32
        %t63 = arith.remsi %t61, %t62 : i32
        %t64 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c0)[]
        %t65 = arith.index_cast %t64 : index to i32
        %t66 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c1)[]
        %t67 = arith.index_cast %t66 : index to i32
        %t68 = arith.cmpi sgt, %t65, %t67 : i32
        %t69 = arith.extui %t68 : i1 to i32
        %t70 = arith.extui %t68 : i1 to i32
        %t71 = arith.addi %t63, %t70 : i32
        affine.store %t71, %a_I[%i_c0, %i_c1] : memref<70x70xi32>
      }
    }
    return
  }
}
