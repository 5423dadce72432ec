// A triangular product B = L * B with L lower triangular (unit
// diagonal), computed in place row by row from the bottom, written by hand.
#diag = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0)[s0] -> (s0 - d0 - 1)>
module {
  func.func @trmv_like(%L: memref<32x32xf64>, %B: memref<32x24xf64>, %x: memref<32xf64>) {
    func.call @trmv_like_nest_opt(%B, %L) : (memref<32x24xf64>, memref<32x32xf64>) -> ()
    func.call @trmv_like_nest_1_opt(%L, %x) : (memref<32x32xf64>, memref<32xf64>) -> ()
    return
  }
  func.func @trmv_like_nest_opt(%a_B: memref<32x24xf64>, %a_L: memref<32x32xf64>) attributes {llvm.emit_c_interface} {
    affine.for %i_c3 = affine_map<()[] -> (1)>()[] to affine_map<()[] -> (32)>()[] step 1 {
      affine.for %i_c4 = affine_map<()[] -> (0)>()[] to affine_map<(d0)[] -> (d0)>(%i_c3)[] step 1 {
        affine.for %i_c5 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (24)>()[] step 1 {
          %t1 = affine.load %a_B[%i_c3, %i_c5] : memref<32x24xf64>
          %t2 = affine.load %a_L[%i_c3, %i_c4] : memref<32x32xf64>
          %t3 = affine.load %a_B[%i_c4, %i_c5] : memref<32x24xf64>
          %t4 = arith.mulf %t2, %t3 : f64
          %t5 = arith.addf %t1, %t4 : f64
          affine.store %t5, %a_B[%i_c3, %i_c5] : memref<32x24xf64>
        }
      }
    }
    return
  }
  func.func @trmv_like_nest_1_opt(%a_L: memref<32x32xf64>, %a_x: memref<32xf64>) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (31)>()[] step 1 {
      affine.for %i_c1 = affine_map<(d0)[] -> (d0 + 1)>(%i_c0)[] to affine_map<()[] -> (32)>()[] step 1 {
        %t1 = affine.load %a_x[%i_c1] : memref<32xf64>
        %t2 = affine.load %a_L[%i_c1, %i_c0] : memref<32x32xf64>
        %t3 = affine.load %a_x[%i_c0] : memref<32xf64>
        %t4 = arith.mulf %t2, %t3 : f64
        %t5 = arith.subf %t1, %t4 : f64
        affine.store %t5, %a_x[%i_c1] : memref<32xf64>
      }
    }
    return
  }
}
// ---- diagnostics
