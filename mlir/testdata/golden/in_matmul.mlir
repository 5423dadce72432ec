// C += A * B over static 64x64 matrices, written by hand.
module {
  func.func @matmul(%A: memref<64x48xf64>, %B: memref<48x32xf64>, %C: memref<64x32xf64>) attributes {llvm.emit_c_interface} {
    func.call @matmul_nest_opt(%A, %B, %C) : (memref<64x48xf64>, memref<48x32xf64>, memref<64x32xf64>) -> ()
    return
  }
  func.func @matmul_nest_opt(%a_A: memref<64x48xf64>, %a_B: memref<48x32xf64>, %a_C: memref<64x32xf64>) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (2)>()[] step 1 {
      affine.for %i_c2 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (2)>()[] step 1 {
        affine.for %i_c3 = affine_map<(d0)[] -> (d0 * 32)>(%i_c0)[] to affine_map<(d0)[] -> (((d0 * 32) + 31) + 1)>(%i_c0)[] step 1 {
          affine.for %i_c4 = affine_map<(d0)[] -> (d0 * 32)>(%i_c2)[] to min affine_map<(d0)[] -> (48, ((d0 * 32) + 31) + 1)>(%i_c2)[] step 1 {
            affine.for %i_c5 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (32)>()[] step 1 {
              %t1 = affine.load %a_C[%i_c3, %i_c5] : memref<64x32xf64>
              %t2 = affine.load %a_A[%i_c3, %i_c4] : memref<64x48xf64>
              %t3 = affine.load %a_B[%i_c4, %i_c5] : memref<48x32xf64>
              %t4 = arith.mulf %t2, %t3 : f64
              %t5 = arith.addf %t1, %t4 : f64
              affine.store %t5, %a_C[%i_c3, %i_c5] : memref<64x32xf64>
            }
          }
        }
      }
    }
    return
  }
}
// ---- diagnostics
