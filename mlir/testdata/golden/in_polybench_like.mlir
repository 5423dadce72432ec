// Linear-algebra kernels of the PolyBench kind in affine MLIR, written by
// hand: two chained matrix products with scalars, a transposed
// matrix-vector product through a temporary vector, and a symmetric rank-k
// update over the lower triangle; arrays are initialized from the loop
// indices (index_cast, sitofp) in the first nest.
module {
  func.func @init(%A: memref<40x30xf64>, %B: memref<30x35xf64>) {
    func.call @init_nest_opt(%A) : (memref<40x30xf64>) -> ()
    func.call @init_nest_1_opt(%B) : (memref<30x35xf64>) -> ()
    return
  }
  func.func @two_products(%alpha: f64, %beta: f64, %tmp: memref<40x35xf64>, %A: memref<40x30xf64>, %B: memref<30x35xf64>, %C: memref<35x20xf64>, %D: memref<40x20xf64>) {
    %zero = arith.constant 0.000000e+00 : f64
    func.call @two_products_nest_opt(%A, %B, %tmp, %alpha) : (memref<40x30xf64>, memref<30x35xf64>, memref<40x35xf64>, f64) -> ()
    func.call @two_products_nest_1_opt(%C, %D, %tmp, %beta) : (memref<35x20xf64>, memref<40x20xf64>, memref<40x35xf64>, f64) -> ()
    return
  }
  func.func @transposed_mv(%A: memref<38x42xf64>, %x: memref<42xf64>, %y: memref<42xf64>, %tmp: memref<38xf64>) {
    %zero = arith.constant 0.000000e+00 : f64
    func.call @transposed_mv_nest_opt(%y) : (memref<42xf64>) -> ()
    func.call @transposed_mv_nest_1_opt(%A, %tmp, %x, %y) : (memref<38x42xf64>, memref<38xf64>, memref<42xf64>, memref<42xf64>) -> ()
    return
  }
  func.func @rank_k(%alpha: f64, %beta: f64, %C: memref<30x30xf64>, %A: memref<30x20xf64>) {
    func.call @rank_k_nest_opt(%A, %C, %alpha, %beta) : (memref<30x20xf64>, memref<30x30xf64>, f64, f64) -> ()
    return
  }
  func.func @init_nest_opt(%a_A: memref<40x30xf64>) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (40)>()[] step 1 {
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (30)>()[] step 1 {
        %t1 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c0)[]
        %t2 = arith.index_cast %t1 : index to i32
        %t3 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c1)[]
        %t4 = arith.index_cast %t3 : index to i32
        %t5 = arith.muli %t2, %t4 : i32
        %t6 = arith.constant 1 : i32
        %t7 = arith.addi %t5, %t6 : i32
        %t8 = arith.constant 7 : i32
        %t9 = arith.remsi %t7, %t8 : i32
        %t10 = arith.sitofp %t9 : i32 to f64
        %t11 = arith.constant 7.0e+00 : f64
        %t12 = arith.divf %t10, %t11 : f64
        affine.store %t12, %a_A[%i_c0, %i_c1] : memref<40x30xf64>
      }
    }
    return
  }
  func.func @init_nest_1_opt(%a_B: memref<30x35xf64>) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (30)>()[] step 1 {
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (35)>()[] step 1 {
        %t1 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c0)[]
        %t2 = arith.index_cast %t1 : index to i32
        %t3 = arith.sitofp %t2 : i32 to f64
        %t4 = affine.apply affine_map<(d0)[] -> (d0)>(%i_c1)[]
        %t5 = arith.index_cast %t4 : index to i32
        %t6 = arith.sitofp %t5 : i32 to f64
        %t7 = arith.subf %t3, %t6 : f64
        %t8 = arith.constant 3.0e+01 : f64
        %t9 = arith.divf %t7, %t8 : f64
        affine.store %t9, %a_B[%i_c0, %i_c1] : memref<30x35xf64>
      }
    }
    return
  }
  func.func @two_products_nest_opt(%a_A: memref<40x30xf64>, %a_B: memref<30x35xf64>, %a_tmp: memref<40x35xf64>, %a_alpha: f64) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (40)>()[] step 1 {
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (35)>()[] step 1 {
        %t1 = arith.constant 0.0e+00 : f64
        affine.store %t1, %a_tmp[%i_c0, %i_c1] : memref<40x35xf64>
      }
    }
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (2)>()[] step 1 {
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (2)>()[] step 1 {
        affine.for %i_c3 = affine_map<(d0)[] -> (d0 * 32)>(%i_c0)[] to min affine_map<(d0)[] -> (40, ((d0 * 32) + 31) + 1)>(%i_c0)[] step 1 {
          affine.for %i_c4 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (30)>()[] step 1 {
            affine.for %i_c5 = affine_map<(d0)[] -> (d0 * 32)>(%i_c1)[] to min affine_map<(d0)[] -> (35, ((d0 * 32) + 31) + 1)>(%i_c1)[] step 1 {
              %t2 = affine.load %a_tmp[%i_c3, %i_c5] : memref<40x35xf64>
              %t3 = affine.load %a_A[%i_c3, %i_c4] : memref<40x30xf64>
              %t4 = arith.mulf %a_alpha, %t3 : f64
              %t5 = affine.load %a_B[%i_c4, %i_c5] : memref<30x35xf64>
              %t6 = arith.mulf %t4, %t5 : f64
              %t7 = arith.addf %t2, %t6 : f64
              affine.store %t7, %a_tmp[%i_c3, %i_c5] : memref<40x35xf64>
            }
          }
        }
      }
    }
    return
  }
  func.func @two_products_nest_1_opt(%a_C: memref<35x20xf64>, %a_D: memref<40x20xf64>, %a_tmp: memref<40x35xf64>, %a_beta: f64) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (40)>()[] step 1 {
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (20)>()[] step 1 {
        %t1 = affine.load %a_D[%i_c0, %i_c1] : memref<40x20xf64>
        %t2 = arith.mulf %t1, %a_beta : f64
        affine.store %t2, %a_D[%i_c0, %i_c1] : memref<40x20xf64>
      }
    }
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (2)>()[] step 1 {
      affine.for %i_c2 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (2)>()[] step 1 {
        affine.for %i_c3 = affine_map<(d0)[] -> (d0 * 32)>(%i_c0)[] to min affine_map<(d0)[] -> (40, ((d0 * 32) + 31) + 1)>(%i_c0)[] step 1 {
          affine.for %i_c4 = affine_map<(d0)[] -> (d0 * 32)>(%i_c2)[] to min affine_map<(d0)[] -> (35, ((d0 * 32) + 31) + 1)>(%i_c2)[] step 1 {
            affine.for %i_c5 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (20)>()[] step 1 {
              %t3 = affine.load %a_D[%i_c3, %i_c5] : memref<40x20xf64>
              %t4 = affine.load %a_tmp[%i_c3, %i_c4] : memref<40x35xf64>
              %t5 = affine.load %a_C[%i_c4, %i_c5] : memref<35x20xf64>
              %t6 = arith.mulf %t4, %t5 : f64
              %t7 = arith.addf %t3, %t6 : f64
              affine.store %t7, %a_D[%i_c3, %i_c5] : memref<40x20xf64>
            }
          }
        }
      }
    }
    return
  }
  func.func @transposed_mv_nest_opt(%a_y: memref<42xf64>) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (42)>()[] step 1 {
      %t1 = arith.constant 0.0e+00 : f64
      affine.store %t1, %a_y[%i_c0] : memref<42xf64>
    }
    return
  }
  func.func @transposed_mv_nest_1_opt(%a_A: memref<38x42xf64>, %a_tmp: memref<38xf64>, %a_x: memref<42xf64>, %a_y: memref<42xf64>) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (38)>()[] step 1 {
      %t1 = arith.constant 0.0e+00 : f64
      affine.store %t1, %a_tmp[%i_c0] : memref<38xf64>
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (42)>()[] step 1 {
        %t2 = affine.load %a_tmp[%i_c0] : memref<38xf64>
        %t3 = affine.load %a_A[%i_c0, %i_c1] : memref<38x42xf64>
        %t4 = affine.load %a_x[%i_c1] : memref<42xf64>
        %t5 = arith.mulf %t3, %t4 : f64
        %t6 = arith.addf %t2, %t5 : f64
        affine.store %t6, %a_tmp[%i_c0] : memref<38xf64>
      }
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (42)>()[] step 1 {
        %t7 = affine.load %a_y[%i_c1] : memref<42xf64>
        %t8 = affine.load %a_A[%i_c0, %i_c1] : memref<38x42xf64>
        %t9 = affine.load %a_tmp[%i_c0] : memref<38xf64>
        %t10 = arith.mulf %t8, %t9 : f64
        %t11 = arith.addf %t7, %t10 : f64
        affine.store %t11, %a_y[%i_c1] : memref<42xf64>
      }
    }
    return
  }
  func.func @rank_k_nest_opt(%a_A: memref<30x20xf64>, %a_C: memref<30x30xf64>, %a_alpha: f64, %a_beta: f64) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (30)>()[] step 1 {
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<(d0)[] -> (d0 + 1)>(%i_c0)[] step 1 {
        %t1 = affine.load %a_C[%i_c0, %i_c1] : memref<30x30xf64>
        %t2 = arith.mulf %t1, %a_beta : f64
        affine.store %t2, %a_C[%i_c0, %i_c1] : memref<30x30xf64>
      }
    }
    affine.for %i_c3 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (30)>()[] step 1 {
      affine.for %i_c4 = affine_map<()[] -> (0)>()[] to affine_map<(d0)[] -> (d0 + 1)>(%i_c3)[] step 1 {
        affine.for %i_c5 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (20)>()[] step 1 {
          %t3 = affine.load %a_C[%i_c3, %i_c4] : memref<30x30xf64>
          %t4 = affine.load %a_A[%i_c4, %i_c5] : memref<30x20xf64>
          %t5 = arith.mulf %a_alpha, %t4 : f64
          %t6 = affine.load %a_A[%i_c3, %i_c5] : memref<30x20xf64>
          %t7 = arith.mulf %t5, %t6 : f64
          %t8 = arith.addf %t3, %t7 : f64
          affine.store %t8, %a_C[%i_c3, %i_c4] : memref<30x30xf64>
        }
      }
    }
    return
  }
}
// ---- diagnostics
