// Two nests with memref.load/store: the first indexes with values
// computed by arith from the loop variables (affine, raised), the second
// gathers through an index array (not affine: raised with a may access of
// the model, written back as memref.load with the computed index). Written
// by hand.
module {
  func.func @gather(%A: memref<40x40xf64>, %idx: memref<40xi32>, %out: memref<40xf64>, %n: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    affine.for %i = 0 to 19 {
      affine.for %j = 0 to 40 {
        %r = arith.muli %i, %c2 : index
        %r1 = arith.addi %r, %c1 : index
        %v = memref.load %A[%r1, %j] : memref<40x40xf64>
        %w = memref.load %A[%r, %j] : memref<40x40xf64>
        %s = arith.addf %v, %w : f64
        memref.store %s, %A[%r, %j] : memref<40x40xf64>
      }
    }
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
}
