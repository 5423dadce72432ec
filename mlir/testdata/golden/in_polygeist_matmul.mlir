// RUN: if [ %polymer_enabled == 1 ]; then polygeist-opt --polyhedral-opt --use-polyhedral-optimizer=islexternal $ISL_OPT_PLACEHOLDER %s; fi
#map = affine_map<()[s0] -> (s0)>
module {
  func.func @gemm(%alpha: f32, %beta: f32,
            %C: memref<?x?xf32>,
            %A: memref<?x?xf32>,
            %B: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %NI = memref.dim %C, %c0 : memref<?x?xf32>
    %NJ = memref.dim %C, %c1 : memref<?x?xf32>
    %NK = memref.dim %A, %c1 : memref<?x?xf32>

    func.call @gemm_nest_opt(%A, %B, %C, %alpha, %beta, %NI, %NJ, %NK) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, f32, f32, index, index, index) -> ()
    return
  }
  func.func private @gemm_nest_opt(%a_A: memref<?x?xf32>, %a_B: memref<?x?xf32>, %a_C: memref<?x?xf32>, %a_alpha: f32, %a_beta: f32, %p_NI: index, %p_NJ: index, %p_NK: index) { ... }
}
// ---- diagnostics
