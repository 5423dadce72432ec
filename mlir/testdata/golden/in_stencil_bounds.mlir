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
  func.func private @stencil_nest_opt(%a_A: memref<?x?xf64>, %a_B: memref<?x?xf64>, %p_n: index) { ... }
}
// ---- diagnostics
