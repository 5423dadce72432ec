// Two nests with memref.load/store: the first indexes with values
// computed by arith from the loop variables (affine, raised), the second
// gathers through an index array (not affine: the nest is kept as written,
// with a warning from the model). Written by hand.
module {
  func.func @gather(%A: memref<40x40xf64>, %idx: memref<40xi32>, %out: memref<40xf64>, %n: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    func.call @gather_nest_opt(%A) : (memref<40x40xf64>) -> ()
    affine.for %i = 0 to 40 {
      %k = affine.load %idx[%i] : memref<40xi32>
      %kk = arith.index_cast %k : i32 to index
      %c40 = arith.constant 40 : index
      %m = arith.remsi %kk, %c40 : index
      %v = memref.load %A[%m, %i] : memref<40x40xf64>
      memref.store %v, %out[%i] : memref<40xf64>
    }
    return
  }
  func.func private @gather_nest_opt(%a_A: memref<40x40xf64>) { ... }
}
// ---- diagnostics
// testdata/in/opaque_load.mlir:25:7: warning: non-affine subscript A[(((long)idx[i]) % 40)][i] (array element idx[i] used as an index or bound: its value is not known statically) (region left unchanged); the loop nest is kept as written
