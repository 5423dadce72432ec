// C += A * B over static 64x64 matrices, written by hand.
module {
  func.func @matmul(%A: memref<64x48xf64>, %B: memref<48x32xf64>, %C: memref<64x32xf64>) attributes {llvm.emit_c_interface} {
    func.call @matmul_nest_opt(%A, %B, %C) : (memref<64x48xf64>, memref<48x32xf64>, memref<64x32xf64>) -> ()
    return
  }
  func.func private @matmul_nest_opt(%a_A: memref<64x48xf64>, %a_B: memref<48x32xf64>, %a_C: memref<64x32xf64>) { ... }
}
// ---- diagnostics
