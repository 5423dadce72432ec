// RUN: if [ %polymer_enabled == 1 ]; then polygeist-opt --polyhedral-opt --use-polyhedral-optimizer=tadashi -debug-only=tadashi-opt,islscop %s; fi

#map = affine_map<()[s0] -> (s0)>
#set1 = affine_set<(d0)[s0] : (-d0 + s0 -1 >= 0)>
module {
  func.func @gemm(%alpha: f32, %beta: f32,
            %C: memref<?x?xf32>,
            %A: memref<?x?xf32>,
            %B: memref<?x?xf32>,
            %S: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %NI = memref.dim %C, %c0 : memref<?x?xf32>
    %NJ = memref.dim %C, %c1 : memref<?x?xf32>
    %NK = memref.dim %A, %c1 : memref<?x?xf32>

    func.call @gemm_nest_opt(%A, %B, %C, %alpha, %beta, %NI, %NJ, %NK, %S) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, f32, f32, index, index, index, index) -> ()
    return
  }
  func.func @gemm_nest_opt(%a_A: memref<?x?xf32>, %a_B: memref<?x?xf32>, %a_C: memref<?x?xf32>, %a_alpha: f32, %a_beta: f32, %p_NI: index, %p_NJ: index, %p_NK: index, %p_S: index) attributes {llvm.emit_c_interface} {
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[s0] -> (s0)>()[%p_NI] step 1 {
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[s0] -> (s0)>()[%p_NJ] step 1 {
        %t1 = affine.load %a_C[%i_c0, %i_c1] : memref<?x?xf32>
        %t2 = arith.mulf %t1, %a_beta : f32
        affine.store %t2, %a_C[%i_c0, %i_c1] : memref<?x?xf32>
      }
    }
    affine.for %i_c0 = affine_map<()[] -> (0)>()[] to affine_map<()[s0] -> (((s0 - 1) floordiv 32) + 1)>()[%p_NI] step 1 {
      affine.for %i_c1 = affine_map<()[] -> (0)>()[] to affine_map<()[s0] -> (((s0 - 1) floordiv 64) + 1)>()[%p_NJ] step 1 {
        affine.for %i_c2 = affine_map<()[] -> (0)>()[] to min affine_map<()[s0, s1] -> (((s0 - 1) floordiv 32) + 1, ((s1 - 1) floordiv 32) + 1)>()[%p_S, %p_NK] step 1 {
          affine.for %i_c3 = affine_map<(d0)[] -> (d0 * 32)>(%i_c0)[] to min affine_map<(d0)[s0] -> (((d0 * 32) + 31) + 1, (s0 - 1) + 1)>(%i_c0)[%p_NI] step 1 {
            affine.for %i_c4 = affine_map<(d0)[] -> (d0 * 32)>(%i_c2)[] to min affine_map<(d0)[s0, s1] -> (((d0 * 32) + 31) + 1, (s0 - 1) + 1, (s1 - 1) + 1)>(%i_c2)[%p_S, %p_NK] step 1 {
              affine.for %i_c5 = affine_map<(d0)[] -> (d0 * 64)>(%i_c1)[] to min affine_map<(d0)[s0] -> (((d0 * 64) + 63) + 1, (s0 - 1) + 1)>(%i_c1)[%p_NJ] step 1 {
                %t3 = affine.load %a_C[%i_c3, %i_c5] : memref<?x?xf32>
                %t4 = affine.load %a_A[%i_c3, %i_c4] : memref<?x?xf32>
                %t5 = arith.mulf %a_alpha, %t4 : f32
                %t6 = affine.load %a_B[%i_c4, %i_c5] : memref<?x?xf32>
                %t7 = arith.mulf %t5, %t6 : f32
                %t8 = arith.addf %t3, %t7 : f32
                affine.store %t8, %a_C[%i_c3, %i_c5] : memref<?x?xf32>
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
