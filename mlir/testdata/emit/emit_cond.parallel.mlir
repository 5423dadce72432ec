// MLIR affine dialect written by tessera from emit_cond.c
module {
  // region 1 (emit_cond.c:18)
  func.func @kernel_r1(%a_A: memref<48x48xf64>, %a_F: memref<48xf32>, %a_I: memref<48x48xi32>, %a_L: memref<48xi64>, %a_S: memref<48xi8>, %a_x: memref<48xf64>, %p_n: index) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = 0 to min affine_map<()[s0] -> (3, s0)>()[%p_n] step 1 {
      %t1 = affine.load %a_x[%i_c0] : memref<48xf64>
      %t2 = arith.constant 2.0e+00 : f64
      %t3 = arith.mulf %t1, %t2 : f64
      %t4 = arith.constant 1.0e+00 : f64
      %t5 = arith.addf %t3, %t4 : f64
      affine.store %t5, %a_x[%i_c0] : memref<48xf64>
    }
    affine.for %i_c0 = max affine_map<()[s0] -> (s0 - 3, 3)>()[%p_n] to %p_n step 1 {
      %t6 = affine.load %a_x[%i_c0] : memref<48xf64>
      %t7 = arith.constant 2.0e+00 : f64
      %t8 = arith.mulf %t6, %t7 : f64
      %t9 = arith.constant 1.0e+00 : f64
      %t10 = arith.addf %t8, %t9 : f64
      affine.store %t10, %a_x[%i_c0] : memref<48xf64>
    }
    affine.for %i_c0 = 1 to %p_n step 1 {
      affine.for %i_c1 = 0 to affine_map<(d0)[] -> (d0)>(%i_c0)[] step 1 {
        %t11 = affine.load %a_A[%i_c0, %i_c1] : memref<48x48xf64>
        %t12 = affine.load %a_A[%i_c1, %i_c0] : memref<48x48xf64>
        %t13 = arith.cmpf ogt, %t11, %t12 : f64
        %t14 = affine.load %a_A[%i_c0, %i_c1] : memref<48x48xf64>
        %t15 = affine.load %a_A[%i_c1, %i_c0] : memref<48x48xf64>
        %t16 = arith.select %t13, %t14, %t15 : f64
        %t17 = affine.load %a_x[%i_c1] : memref<48xf64>
        %t18 = arith.constant 5.0e-01 : f64
        %t19 = arith.maxnumf %t17, %t18 : f64
        %t20 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c0)[]
        %t21 = arith.index_cast %t20 : index to i32
        %t22 = arith.constant 3 : i32
        %t23 = arith.divsi %t21, %t22 : i32
        %t24 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c1)[]
        %t25 = arith.index_cast %t24 : index to i32
        %t26 = arith.constant 5 : i32
        %t27 = arith.remsi %t25, %t26 : i32
        %t28 = arith.subi %t23, %t27 : i32
        %t29 = arith.sitofp %t28 : i32 to f64
        %t30 = arith.mulf %t19, %t29 : f64
        %t31 = arith.subf %t16, %t30 : f64
        affine.store %t31, %a_A[%i_c0, %i_c1] : memref<48x48xf64>
      }
    }
    affine.parallel (%i_c0) = (0) to (symbol(%p_n)) step (3) {
      %t32 = affine.load %a_F[%i_c0] : memref<48xf32>
      %t33 = arith.constant 2.5e-01 : f32
      %t34 = arith.mulf %t32, %t33 : f32
      %t35 = math.exp %t34 : f32
      %t36 = affine.load %a_F[%i_c0] : memref<48xf32>
      %t37 = arith.constant 2.0e+00 : f32
      %t38 = math.powf %t36, %t37 : f32
      %t39 = arith.addf %t35, %t38 : f32
      %t40 = affine.load %a_x[%i_c0] : memref<48xf64>
      %t41 = affine.load %a_x[%i_c0] : memref<48xf64>
      %t42 = arith.mulf %t40, %t41 : f64
      %t43 = arith.constant 1.0e+00 : f64
      %t44 = arith.addf %t42, %t43 : f64
      %t45 = math.sqrt %t44 : f64
      %t46 = arith.truncf %t45 : f64 to f32
      %t47 = arith.subf %t39, %t46 : f32
      affine.store %t47, %a_F[%i_c0] : memref<48xf32>
    }
    affine.for %i_c0 = 1 to %p_n step 1 {
      affine.for %i_c1 = 1 to %p_n step 1 {
        %t48 = affine.load %a_I[%i_c0 - 1, %i_c1] : memref<48x48xi32>
        %t49 = arith.constant 2 : i32
        %t50 = arith.shli %t48, %t49 : i32
        %t51 = affine.load %a_I[%i_c0, %i_c1 - 1] : memref<48x48xi32>
        %t52 = arith.constant 1 : i32
        %t53 = arith.shrsi %t51, %t52 : i32
        %t54 = arith.xori %t50, %t53 : i32
        %t55 = arith.constant 1000 : i32
        %t56 = arith.remsi %t54, %t55 : i32
        %t57 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c1)[]
        %t58 = arith.index_cast %t57 : index to i32
        %t59 = arith.constant -1 : i32
        %t60 = arith.xori %t58, %t59 : i32
        %t61 = arith.addi %t56, %t60 : i32
        %t62 = affine.load %a_S[%i_c1] : memref<48xi8>
        %t63 = arith.constant 98 : i32
        %t64 = arith.extsi %t62 : i8 to i32
        %t65 = arith.extsi %t62 : i8 to i32
        %t66 = arith.cmpi sgt, %t65, %t63 : i32
        %t67 = arith.extui %t66 : i1 to i32
        %t68 = arith.extui %t66 : i1 to i32
        %t69 = arith.addi %t61, %t68 : i32
        affine.store %t69, %a_I[%i_c0, %i_c1] : memref<48x48xi32>
        %t70 = affine.load %a_L[%i_c0] : memref<48xi64>
        %t71 = affine.load %a_I[%i_c0, %i_c1] : memref<48x48xi32>
        %t72 = arith.extsi %t71 : i32 to i64
        %t73 = arith.constant 3 : i32
        %t74 = arith.extsi %t73 : i32 to i64
        %t75 = arith.muli %t72, %t74 : i64
        %t76 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c0)[]
        %t77 = arith.index_cast %t76 : index to i32
        %t78 = arith.extsi %t77 : i32 to i64
        %t79 = arith.subi %t75, %t78 : i64
        %t80 = arith.addi %t70, %t79 : i64
        affine.store %t80, %a_L[%i_c0] : memref<48xi64>
      }
    }
    affine.parallel (%i_c0) = (0) to (symbol(%p_n)) step (1) {
      %t81 = affine.load %a_S[%i_c0] : memref<48xi8>
      %t82 = affine.load %a_x[%i_c0] : memref<48xf64>
      %t83 = arith.constant 0.0e+00 : f64
      %t84 = arith.cmpf ogt, %t82, %t83 : f64
      %t85 = affine.load %a_F[%i_c0] : memref<48xf32>
      %t86 = arith.constant 3.0e+00 : f32
      %t87 = arith.cmpf olt, %t85, %t86 : f32
      %t88 = arith.andi %t84, %t87 : i1
      %t89 = arith.extsi %t81 : i8 to i32
      %t90 = arith.extui %t88 : i1 to i32
      %t91 = arith.extsi %t81 : i8 to i32
      %t92 = arith.extui %t88 : i1 to i32
      %t93 = arith.addi %t91, %t92 : i32
      %t94 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c0)[]
      %t95 = arith.index_cast %t94 : index to i32
      %t96 = arith.constant 1 : i32
      %t97 = arith.andi %t95, %t96 : i32
      %t98 = arith.trunci %t97 : i32 to i8
      %t99 = arith.extsi %t98 : i8 to i32
      %t100 = arith.extsi %t98 : i8 to i32
      %t101 = arith.subi %t93, %t100 : i32
      %t102 = arith.trunci %t101 : i32 to i8
      affine.store %t102, %a_S[%i_c0] : memref<48xi8>
    }
    affine.for %i_c0 = 0 to %p_n step 1 {
      %t103 = affine.load %a_L[%i_c0 floordiv 2 + %i_c0 mod 3] : memref<48xi64>
      %t104 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c0)[]
      %t105 = arith.index_cast %t104 : index to i32
      %t106 = arith.extsi %t105 : i32 to i64
      %t107 = arith.addi %t103, %t106 : i64
      affine.store %t107, %a_L[%i_c0 floordiv 2 + %i_c0 mod 3] : memref<48xi64>
    }
    return
  }
}
