// RUN:  polygeist-opt --polyhedral-opt --use-polyhedral-optimizer=islexternal $ISL_OPT_PLACEHOLDER %s 2>&1 | FileCheck %s
// CHECK-NOT: isl_ctx not freed

#map = affine_map<()[s0] -> (s0)>
#set1 = affine_set<(d0)[s0] : (-d0 + s0 -1 >= 0)>
module {
  func.func @gemm(%alpha: f32, %beta: f32,
            %C: memref<?xf32>,
            %A: memref<?xf32>,
            %B: memref<?xf32>,
            %S: index,
            %N: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index

    func.call @gemm_nest_opt(%A, %B, %C, %beta, %N, %S) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, f32, index, index) -> ()
    return
  }
  func.func private @gemm_nest_opt(%a_A: memref<?xf32>, %a_B: memref<?xf32>, %a_C: memref<?xf32>, %a_beta: f32, %p_N: index, %p_S: index) { ... }
}
// ---- diagnostics
