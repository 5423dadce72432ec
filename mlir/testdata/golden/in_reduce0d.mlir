// Sums into a 0-d memref: the sum of squares of a matrix and, in a second
// nest, a dot product that reads the first sum, written by hand.
module {
  func.func @sums(%A: memref<40x40xf64>, %x: memref<40xf64>, %y: memref<40xf64>, %s: memref<f64>, %d: memref<f64>) {
    func.call @sums_nest_opt(%A, %s) : (memref<40x40xf64>, memref<f64>) -> ()
    %tessera_1 = affine.load %s[] : memref<f64>
    func.call @sums_nest_1_opt(%d, %x, %y, %tessera_1) : (memref<f64>, memref<40xf64>, memref<40xf64>, f64) -> ()
    return
  }
  func.func @sums_nest_opt(%a_A: memref<40x40xf64>, %a_s: memref<f64>) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (40)>()[] step 1 {
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (40)>()[] step 1 {
        %t1 = affine.load %a_s[] : memref<f64>
        %t2 = affine.load %a_A[%i_c0, %i_c1] : memref<40x40xf64>
        %t3 = affine.load %a_A[%i_c0, %i_c1] : memref<40x40xf64>
        %t4 = arith.mulf %t2, %t3 : f64
        %t5 = arith.addf %t1, %t4 : f64
        affine.store %t5, %a_s[] : memref<f64>
      }
    }
    return
  }
  func.func @sums_nest_1_opt(%a_d: memref<f64>, %a_x: memref<40xf64>, %a_y: memref<40xf64>, %a_s_1: f64) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[] -> (40)>()[] step 1 {
      %t1 = affine.load %a_d[] : memref<f64>
      %t2 = affine.load %a_x[%i_c0] : memref<40xf64>
      %t3 = affine.load %a_y[%i_c0] : memref<40xf64>
      %t4 = arith.mulf %t2, %t3 : f64
      %t5 = arith.divf %t4, %a_s_1 : f64
      %t6 = arith.addf %t1, %t5 : f64
      affine.store %t6, %a_d[] : memref<f64>
    }
    return
  }
}
// ---- diagnostics
