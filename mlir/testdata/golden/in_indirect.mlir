// Indirect accesses inside affine nests, raised as may accesses of the
// model (memref.load and memref.store whose index comes from another
// load through arith.index_cast): a histogram, a gather in a row-by-row
// product, and a copy of rows to rows chosen by an index array. Indices
// are taken modulo small numbers so that they repeat. Written by hand.
module {
  func.func @indirect(%h: memref<16xf64>, %w: memref<40xf64>, %idx: memref<40xi32>, %A: memref<40x40xf64>, %x: memref<40xf64>, %y: memref<40xf64>, %B: memref<40x40xf64>, %C: memref<40x40xf64>) {
    %c7 = arith.constant 7 : index
    %c40 = arith.constant 40 : index
    func.call @indirect_nest_opt(%h, %idx, %w) : (memref<16xf64>, memref<40xi32>, memref<40xf64>) -> ()
    func.call @indirect_nest_1_opt(%A, %idx, %x, %y) : (memref<40x40xf64>, memref<40xi32>, memref<40xf64>, memref<40xf64>) -> ()
    func.call @indirect_nest_2_opt(%B, %C, %idx) : (memref<40x40xf64>, memref<40x40xf64>, memref<40xi32>) -> ()
    return
  }
  func.func private @indirect_nest_opt(%a_h: memref<16xf64>, %a_idx: memref<40xi32>, %a_w: memref<40xf64>) { ... }
  func.func private @indirect_nest_1_opt(%a_A: memref<40x40xf64>, %a_idx: memref<40xi32>, %a_x: memref<40xf64>, %a_y: memref<40xf64>) { ... }
  func.func private @indirect_nest_2_opt(%a_B: memref<40x40xf64>, %a_C: memref<40x40xf64>, %a_idx: memref<40xi32>) { ... }
}
// ---- diagnostics
