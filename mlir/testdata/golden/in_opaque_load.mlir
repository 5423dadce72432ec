// Two nests with memref.load/store: the first indexes with values
// computed by arith from the loop variables (affine, raised), the second
// gathers through an index array (not affine: raised with a may access of
// the model, written back as memref.load with the computed index). Written
// by hand.
module {
  func.func @gather(%A: memref<40x40xf64>, %idx: memref<40xi32>, %out: memref<40xf64>, %n: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    func.call @gather_nest_opt(%A) : (memref<40x40xf64>) -> ()
    func.call @gather_nest_1_opt(%A, %idx, %out) : (memref<40x40xf64>, memref<40xi32>, memref<40xf64>) -> ()
    return
  }
  func.func private @gather_nest_opt(%a_A: memref<40x40xf64>) { ... }
  func.func private @gather_nest_1_opt(%a_A: memref<40x40xf64>, %a_idx: memref<40xi32>, %a_out: memref<40xf64>) { ... }
}
// ---- diagnostics
