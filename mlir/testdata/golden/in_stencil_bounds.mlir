// A time-iterated five-point stencil on a dynamic square grid, written by
// hand: the interior bounds are affine.max/affine.min maps, the boundary
// rows are selected with affine.if, and the update goes through a copy.
#lb = affine_map<(d0) -> (d0, 1)>
#ub = affine_map<(d0)[s0] -> (d0 + 30, s0 - 1)>
#edge = affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 - 2 >= 0)>
module {
  func.func @stencil(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %n: index, %steps: index) {
    %c0 = arith.constant 0 : index
    %quarter = arith.constant 2.500000e-01 : f64
    %half = arith.constant 5.000000e-01 : f64
    func.call @stencil_nest_opt(%A, %B, %n) : (memref<?x?xf64>, memref<?x?xf64>, index) -> ()
    return
  }
  func.func @stencil_nest_opt(%a_A: memref<?x?xf64>, %a_B: memref<?x?xf64>, %p_n: index) attributes {llvm.emit_c_interface} {
    affine.if affine_set<()[s0] : (s0 - 3 >= 0)>()[%p_n] {
      affine.for %i_c1 = max affine_map<()[s0] -> (0, -((s0 + 4) floordiv 8), -((s0 + 13) floordiv 16))>()[%p_n] to min affine_map<()[s0] -> (((s0 + 5) floordiv 16) + 1, ((s0 + 25) floordiv 8) + 1, (((s0 * 3) + 61) floordiv 16) + 1)>()[%p_n] step 1 {
        affine.if affine_set<(d0)[s0] : (((d0 * 16) + 16) - s0 >= 0, d0 - 4 >= 0, s0 - ((d0 * 16) + 1) >= 0)>(%i_c1)[%p_n] {
          affine.for %i_c3 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (4)>()[] step 1 {
            affine.for %i_c5 = affine_map<()[] -> (1)>()[] to affine_map<()[] -> (30)>()[] step 1 {
              %t1 = affine.load %a_A[symbol(%p_n) - 1, %i_c5] : memref<?x?xf64>
              %t2 = arith.constant 5.0e-01 : f64
              %t3 = arith.mulf %t1, %t2 : f64
              affine.store %t3, %a_B[symbol(%p_n) - 1, %i_c5] : memref<?x?xf64>
            }
          }
        }
        affine.for %i_c2 = affine_map<(d0)[] -> (d0 floordiv 4)>(%i_c1)[] to min affine_map<(d0)[s0] -> (((s0 + 1) floordiv 32) + 1, (((s0 + (d0 * 16)) + 13) floordiv 64) + 1)>(%i_c1)[%p_n] step 1 {
          affine.for %i_c3 = max affine_map<(d0, d1)[s0] -> (0, -(((s0 - (d0 * 16)) - 1) floordiv 2), ((d1 * 32) - s0) + 2)>(%i_c1, %i_c2)[%p_n] to affine_map<()[] -> (4)>()[] step 1 {
            affine.if affine_set<(d0, d1)[] : (d0 == 0, d1 == 0)>(%i_c2, %i_c1)[] {
              affine.for %i_c5 = affine_map<()[] -> (1)>()[] to min affine_map<()[s0] -> (30, (s0 - 2) + 1)>()[%p_n] step 1 {
                %t4 = affine.load %a_A[0, %i_c5] : memref<?x?xf64>
                %t5 = arith.constant 5.0e-01 : f64
                %t6 = arith.mulf %t4, %t5 : f64
                affine.store %t6, %a_B[0, %i_c5] : memref<?x?xf64>
              }
            }
            affine.if affine_set<(d0)[s0] : (((d0 * 2) + 2) - s0 >= 0)>(%i_c3)[%p_n] {
              affine.for %i_c5 = affine_map<()[] -> (1)>()[] to affine_map<()[s0] -> (s0 - 1)>()[%p_n] step 1 {
                %t7 = affine.load %a_A[symbol(%p_n) - 1, %i_c5] : memref<?x?xf64>
                %t8 = arith.constant 5.0e-01 : f64
                %t9 = arith.mulf %t7, %t8 : f64
                affine.store %t9, %a_B[symbol(%p_n) - 1, %i_c5] : memref<?x?xf64>
              }
              affine.if affine_set<(d0)[s0] : (((d0 * 2) + 2) - s0 == 0)>(%i_c3)[%p_n] {
                affine.for %i_c5 = affine_map<()[s0] -> (s0)>()[%p_n] to affine_map<()[s0] -> ((s0 * 2) - 2)>()[%p_n] step 1 {
                  %t10 = affine.load %a_A[((symbol(%p_n) - (%i_c3 * 2)) - 1) + -1, (%i_c5 - symbol(%p_n)) + 1] : memref<?x?xf64>
                  %t11 = affine.load %a_A[((symbol(%p_n) - (%i_c3 * 2)) - 1) + 1, (%i_c5 - symbol(%p_n)) + 1] : memref<?x?xf64>
                  %t12 = arith.addf %t10, %t11 : f64
                  %t13 = affine.load %a_A[(symbol(%p_n) - (%i_c3 * 2)) - 1, ((%i_c5 - symbol(%p_n)) + 1) + -1] : memref<?x?xf64>
                  %t14 = affine.load %a_A[(symbol(%p_n) - (%i_c3 * 2)) - 1, ((%i_c5 - symbol(%p_n)) + 1) + 1] : memref<?x?xf64>
                  %t15 = arith.addf %t13, %t14 : f64
                  %t16 = arith.addf %t12, %t15 : f64
                  %t17 = arith.constant 2.5e-01 : f64
                  %t18 = arith.mulf %t16, %t17 : f64
                  affine.store %t18, %a_B[(symbol(%p_n) - (%i_c3 * 2)) - 1, (%i_c5 - symbol(%p_n)) + 1] : memref<?x?xf64>
                }
              }
            }
            affine.if affine_set<(d0)[s0] : (((d0 * 2) + 1) - s0 >= 0)>(%i_c3)[%p_n] {
              affine.for %i_c5 = max affine_map<(d0, d1)[] -> (d0 * 64, (d1 * 2) + 2)>(%i_c2, %i_c3)[] to min affine_map<(d0)[s0] -> (((d0 * 2) + 30) + 1, ((s0 + (d0 * 2)) - 1) + 1)>(%i_c3)[%p_n] step 1 {
                %t19 = affine.load %a_A[0, (%i_c5 - (%i_c3 * 2)) - 1] : memref<?x?xf64>
                %t20 = affine.load %a_A[2, (%i_c5 - (%i_c3 * 2)) - 1] : memref<?x?xf64>
                %t21 = arith.addf %t19, %t20 : f64
                %t22 = affine.load %a_A[1, ((%i_c5 - (%i_c3 * 2)) - 1) + -1] : memref<?x?xf64>
                %t23 = affine.load %a_A[1, ((%i_c5 - (%i_c3 * 2)) - 1) + 1] : memref<?x?xf64>
                %t24 = arith.addf %t22, %t23 : f64
                %t25 = arith.addf %t21, %t24 : f64
                %t26 = arith.constant 2.5e-01 : f64
                %t27 = arith.mulf %t25, %t26 : f64
                affine.store %t27, %a_B[1, (%i_c5 - (%i_c3 * 2)) - 1] : memref<?x?xf64>
              }
            }
            affine.if affine_set<(d0, d1)[s0] : (((d0 * 2) + 1) - (d1 * 16) >= 0, s0 - ((d0 * 2) + 3) >= 0)>(%i_c3, %i_c1)[%p_n] {
              affine.for %i_c5 = max affine_map<(d0, d1)[] -> (d0 * 64, (d1 * 2) + 2)>(%i_c2, %i_c3)[] to min affine_map<(d0)[s0] -> (((d0 * 2) + 30) + 1, ((s0 + (d0 * 2)) - 1) + 1)>(%i_c3)[%p_n] step 1 {
                %t28 = affine.load %a_A[0, (%i_c5 - (%i_c3 * 2)) - 1] : memref<?x?xf64>
                %t29 = affine.load %a_A[2, (%i_c5 - (%i_c3 * 2)) - 1] : memref<?x?xf64>
                %t30 = arith.addf %t28, %t29 : f64
                %t31 = affine.load %a_A[1, ((%i_c5 - (%i_c3 * 2)) - 1) + -1] : memref<?x?xf64>
                %t32 = affine.load %a_A[1, ((%i_c5 - (%i_c3 * 2)) - 1) + 1] : memref<?x?xf64>
                %t33 = arith.addf %t31, %t32 : f64
                %t34 = arith.addf %t30, %t33 : f64
                %t35 = arith.constant 2.5e-01 : f64
                %t36 = arith.mulf %t34, %t35 : f64
                affine.store %t36, %a_B[1, (%i_c5 - (%i_c3 * 2)) - 1] : memref<?x?xf64>
              }
            }
            affine.for %i_c4 = max affine_map<(d0, d1, d2)[s0] -> (d0 * 16, (d1 * 2) + 2, ((d2 * 64) - s0) + 2)>(%i_c1, %i_c3, %i_c2)[%p_n] to min affine_map<(d0, d1, d2)[s0] -> (((d0 * 64) + 62) + 1, ((d1 * 16) + 15) + 1, ((s0 + (d2 * 2)) - 1) + 1)>(%i_c2, %i_c1, %i_c3)[%p_n] step 1 {
              affine.if affine_set<(d0)[s0] : (s0 - (d0 + 1) == 0)>(%i_c4)[%p_n] {
                affine.for %i_c5 = max affine_map<(d0)[] -> (d0 * 64, 1)>(%i_c2)[] to min affine_map<()[s0] -> (30, (s0 - 2) + 1)>()[%p_n] step 1 {
                  %t37 = affine.load %a_A[%i_c4, %i_c5] : memref<?x?xf64>
                  %t38 = arith.constant 5.0e-01 : f64
                  %t39 = arith.mulf %t37, %t38 : f64
                  affine.store %t39, %a_B[%i_c4, %i_c5] : memref<?x?xf64>
                }
              }
              affine.for %i_c5 = max affine_map<(d0, d1)[] -> (d0 * 64, d1 + 1)>(%i_c2, %i_c4)[] to min affine_map<(d0, d1)[s0] -> (((d0 * 64) + 63) + 1, ((s0 + d1) - 2) + 1)>(%i_c2, %i_c4)[%p_n] step 1 {
                affine.if affine_set<(d0, d1, d2)[s0] : ((d0 + 29) - d1 >= 0, (s0 + (d2 * 2)) - (d0 + 2) >= 0)>(%i_c4, %i_c5, %i_c3)[%p_n] {
                  %t40 = affine.load %a_A[(%i_c4 - (%i_c3 * 2)) + -1, %i_c5 - %i_c4] : memref<?x?xf64>
                  %t41 = affine.load %a_A[(%i_c4 - (%i_c3 * 2)) + 1, %i_c5 - %i_c4] : memref<?x?xf64>
                  %t42 = arith.addf %t40, %t41 : f64
                  %t43 = affine.load %a_A[%i_c4 - (%i_c3 * 2), (%i_c5 - %i_c4) + -1] : memref<?x?xf64>
                  %t44 = affine.load %a_A[%i_c4 - (%i_c3 * 2), (%i_c5 - %i_c4) + 1] : memref<?x?xf64>
                  %t45 = arith.addf %t43, %t44 : f64
                  %t46 = arith.addf %t42, %t45 : f64
                  %t47 = arith.constant 2.5e-01 : f64
                  %t48 = arith.mulf %t46, %t47 : f64
                  affine.store %t48, %a_B[%i_c4 - (%i_c3 * 2), %i_c5 - %i_c4] : memref<?x?xf64>
                }
                %t49 = affine.load %a_B[(%i_c4 - (%i_c3 * 2)) - 1, %i_c5 - %i_c4] : memref<?x?xf64>
                affine.store %t49, %a_A[(%i_c4 - (%i_c3 * 2)) - 1, %i_c5 - %i_c4] : memref<?x?xf64>
              }
            }
            affine.if affine_set<(d0, d1)[s0] : (d0 == 0, s0 - ((d0 * 64) + 64) >= 0, ((d1 * 16) + 16) - s0 >= 0)>(%i_c2, %i_c1)[%p_n] {
              affine.for %i_c5 = affine_map<()[] -> (1)>()[] to affine_map<()[] -> (30)>()[] step 1 {
                %t50 = affine.load %a_A[symbol(%p_n) - 1, %i_c5] : memref<?x?xf64>
                %t51 = arith.constant 5.0e-01 : f64
                %t52 = arith.mulf %t50, %t51 : f64
                affine.store %t52, %a_B[symbol(%p_n) - 1, %i_c5] : memref<?x?xf64>
              }
            }
          }
        }
      }
    }
    return
  }
}
// ---- diagnostics
