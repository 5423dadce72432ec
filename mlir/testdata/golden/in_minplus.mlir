// Shortest paths through every intermediate node (min-plus closure) with
// arith.cmpf and arith.select, and an in-place Gauss-Seidel sweep, written
// by hand.
module {
  func.func @closure(%P: memref<30x30xf64>) {
    func.call @closure_nest_opt(%P) : (memref<30x30xf64>) -> ()
    return
  }
  func.func @sweep(%A: memref<34x34xf64>) {
    %ninth = arith.constant 9.000000e+00 : f64
    func.call @sweep_nest_opt(%A) : (memref<34x34xf64>) -> ()
    return
  }
  func.func @closure_nest_opt(%a_P: memref<30x30xf64>) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (30)>()[] step 1 {
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (30)>()[] step 1 {
        affine.for %i_c2 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (30)>()[] step 1 {
          %t1 = affine.load %a_P[%i_c1, %i_c2] : memref<30x30xf64>
          %t2 = affine.load %a_P[%i_c1, %i_c0] : memref<30x30xf64>
          %t3 = affine.load %a_P[%i_c0, %i_c2] : memref<30x30xf64>
          %t4 = arith.addf %t2, %t3 : f64
          %t5 = arith.cmpf olt, %t1, %t4 : f64
          %t6 = affine.load %a_P[%i_c1, %i_c2] : memref<30x30xf64>
          %t7 = affine.load %a_P[%i_c1, %i_c0] : memref<30x30xf64>
          %t8 = affine.load %a_P[%i_c0, %i_c2] : memref<30x30xf64>
          %t9 = arith.addf %t7, %t8 : f64
          %t10 = arith.select %t5, %t6, %t9 : f64
          affine.store %t10, %a_P[%i_c1, %i_c2] : memref<30x30xf64>
        }
      }
    }
    return
  }
  func.func @sweep_nest_opt(%a_A: memref<34x34xf64>) attributes {llvm.emit_c_interface} {
    affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (2)>()[] step 1 {
      affine.for %i_c2 = affine_map<()[] -> (0)>()[] to affine_map<(d0)[] -> (((d0 + 2) floordiv 2) + 1)>(%i_c1)[] step 1 {
        affine.for %i_c3 = max affine_map<(d0, d1)[] -> (0, ((d0 * 64) - (d1 * 32)) - 63)>(%i_c2, %i_c1)[] to affine_map<()[] -> (3)>()[] step 1 {
          affine.for %i_c4 = max affine_map<(d0, d1, d2)[] -> (d0 * 32, ((d1 * 64) - d2) - 32, d2 + 1)>(%i_c1, %i_c2, %i_c3)[] to min affine_map<(d0, d1)[] -> ((d0 + 32) + 1, ((d1 * 32) + 31) + 1)>(%i_c3, %i_c1)[] step 1 {
            affine.for %i_c5 = max affine_map<(d0, d1, d2)[] -> (d0 * 64, (d1 + d2) + 1)>(%i_c2, %i_c3, %i_c4)[] to min affine_map<(d0, d1, d2)[] -> (((d0 + d1) + 32) + 1, ((d2 * 64) + 63) + 1)>(%i_c3, %i_c4, %i_c2)[] step 1 {
              %t1 = affine.load %a_A[(%i_c4 - %i_c3) + -1, ((%i_c5 - %i_c3) - %i_c4) + -1] : memref<34x34xf64>
              %t2 = affine.load %a_A[(%i_c4 - %i_c3) + -1, (%i_c5 - %i_c3) - %i_c4] : memref<34x34xf64>
              %t3 = arith.addf %t1, %t2 : f64
              %t4 = affine.load %a_A[(%i_c4 - %i_c3) + -1, ((%i_c5 - %i_c3) - %i_c4) + 1] : memref<34x34xf64>
              %t5 = arith.addf %t3, %t4 : f64
              %t6 = affine.load %a_A[%i_c4 - %i_c3, ((%i_c5 - %i_c3) - %i_c4) + -1] : memref<34x34xf64>
              %t7 = arith.addf %t5, %t6 : f64
              %t8 = affine.load %a_A[%i_c4 - %i_c3, (%i_c5 - %i_c3) - %i_c4] : memref<34x34xf64>
              %t9 = arith.addf %t7, %t8 : f64
              %t10 = affine.load %a_A[%i_c4 - %i_c3, ((%i_c5 - %i_c3) - %i_c4) + 1] : memref<34x34xf64>
              %t11 = arith.addf %t9, %t10 : f64
              %t12 = affine.load %a_A[(%i_c4 - %i_c3) + 1, ((%i_c5 - %i_c3) - %i_c4) + -1] : memref<34x34xf64>
              %t13 = arith.addf %t11, %t12 : f64
              %t14 = affine.load %a_A[(%i_c4 - %i_c3) + 1, (%i_c5 - %i_c3) - %i_c4] : memref<34x34xf64>
              %t15 = arith.addf %t13, %t14 : f64
              %t16 = affine.load %a_A[(%i_c4 - %i_c3) + 1, ((%i_c5 - %i_c3) - %i_c4) + 1] : memref<34x34xf64>
              %t17 = arith.addf %t15, %t16 : f64
              %t18 = arith.constant 9.0e+00 : f64
              %t19 = arith.divf %t17, %t18 : f64
              affine.store %t19, %a_A[%i_c4 - %i_c3, (%i_c5 - %i_c3) - %i_c4] : memref<34x34xf64>
            }
          }
        }
      }
    }
    return
  }
}
// ---- diagnostics
