// Indirect accesses inside affine nests, raised as may accesses of the
// model (memref.load and memref.store whose index comes from another
// load through arith.index_cast): a histogram, a gather in a row-by-row
// product, and a copy of rows to rows chosen by an index array. Indices
// are taken modulo small numbers so that they repeat. Written by hand.
module {
  func.func @indirect(%h: memref<16xf64>, %w: memref<40xf64>, %idx: memref<40xi32>, %A: memref<40x40xf64>, %x: memref<40xf64>, %y: memref<40xf64>, %B: memref<40x40xf64>, %C: memref<40x40xf64>) {
    %c7 = arith.constant 7 : index
    %c40 = arith.constant 40 : index
    affine.for %i = 0 to 40 {
      %k = affine.load %idx[%i] : memref<40xi32>
      %kk = arith.index_cast %k : i32 to index
      %b = arith.remsi %kk, %c7 : index
      %v = memref.load %h[%b] : memref<16xf64>
      %u = affine.load %w[%i] : memref<40xf64>
      %s = arith.addf %v, %u : f64
      memref.store %s, %h[%b] : memref<16xf64>
    }
    affine.for %i = 0 to 40 {
      affine.for %j = 0 to 40 {
        %k = affine.load %idx[%j] : memref<40xi32>
        %kk = arith.index_cast %k : i32 to index
        %c = arith.remsi %kk, %c40 : index
        %a = affine.load %A[%i, %j] : memref<40x40xf64>
        %xv = memref.load %x[%c] : memref<40xf64>
        %p = arith.mulf %a, %xv : f64
        %yv = affine.load %y[%i] : memref<40xf64>
        %q = arith.addf %yv, %p : f64
        affine.store %q, %y[%i] : memref<40xf64>
      }
    }
    affine.for %i = 0 to 40 {
      affine.for %j = 0 to 40 {
        %k = affine.load %idx[%i] : memref<40xi32>
        %kk = arith.index_cast %k : i32 to index
        %r = arith.remsi %kk, %c7 : index
        %v = affine.load %B[%i, %j] : memref<40x40xf64>
        memref.store %v, %C[%r, %j] : memref<40x40xf64>
      }
    }
    return
  }
}
