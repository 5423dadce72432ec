// Linear-algebra kernels of the PolyBench kind in affine MLIR, written by
// hand: two chained matrix products with scalars, a transposed
// matrix-vector product through a temporary vector, and a symmetric rank-k
// update over the lower triangle; arrays are initialized from the loop
// indices (index_cast, sitofp) in the first nest.
module {
  func.func @init(%A: memref<40x30xf64>, %B: memref<30x35xf64>) {
    affine.for %i = 0 to 40 {
      affine.for %j = 0 to 30 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %p = arith.muli %ii, %jj : i32
        %c1 = arith.constant 1 : i32
        %q = arith.addi %p, %c1 : i32
        %c7 = arith.constant 7 : i32
        %r = arith.remsi %q, %c7 : i32
        %f = arith.sitofp %r : i32 to f64
        %c7f = arith.constant 7.000000e+00 : f64
        %v = arith.divf %f, %c7f : f64
        affine.store %v, %A[%i, %j] : memref<40x30xf64>
      }
    }
    affine.for %i = 0 to 30 {
      affine.for %j = 0 to 35 {
        %ii = arith.index_cast %i : index to i32
        %f = arith.sitofp %ii : i32 to f64
        %jj = arith.index_cast %j : index to i32
        %g = arith.sitofp %jj : i32 to f64
        %h = arith.subf %f, %g : f64
        %c = arith.constant 3.000000e+01 : f64
        %v = arith.divf %h, %c : f64
        affine.store %v, %B[%i, %j] : memref<30x35xf64>
      }
    }
    return
  }
  func.func @two_products(%alpha: f64, %beta: f64, %tmp: memref<40x35xf64>, %A: memref<40x30xf64>, %B: memref<30x35xf64>, %C: memref<35x20xf64>, %D: memref<40x20xf64>) {
    %zero = arith.constant 0.000000e+00 : f64
    affine.for %i = 0 to 40 {
      affine.for %j = 0 to 35 {
        affine.store %zero, %tmp[%i, %j] : memref<40x35xf64>
        affine.for %k = 0 to 30 {
          %a = affine.load %A[%i, %k] : memref<40x30xf64>
          %aa = arith.mulf %alpha, %a : f64
          %b = affine.load %B[%k, %j] : memref<30x35xf64>
          %p = arith.mulf %aa, %b : f64
          %t = affine.load %tmp[%i, %j] : memref<40x35xf64>
          %s = arith.addf %t, %p : f64
          affine.store %s, %tmp[%i, %j] : memref<40x35xf64>
        }
      }
    }
    affine.for %i = 0 to 40 {
      affine.for %j = 0 to 20 {
        %d = affine.load %D[%i, %j] : memref<40x20xf64>
        %db = arith.mulf %d, %beta : f64
        affine.store %db, %D[%i, %j] : memref<40x20xf64>
        affine.for %k = 0 to 35 {
          %t = affine.load %tmp[%i, %k] : memref<40x35xf64>
          %c = affine.load %C[%k, %j] : memref<35x20xf64>
          %p = arith.mulf %t, %c : f64
          %o = affine.load %D[%i, %j] : memref<40x20xf64>
          %s = arith.addf %o, %p : f64
          affine.store %s, %D[%i, %j] : memref<40x20xf64>
        }
      }
    }
    return
  }
  func.func @transposed_mv(%A: memref<38x42xf64>, %x: memref<42xf64>, %y: memref<42xf64>, %tmp: memref<38xf64>) {
    %zero = arith.constant 0.000000e+00 : f64
    affine.for %i = 0 to 42 {
      affine.store %zero, %y[%i] : memref<42xf64>
    }
    affine.for %i = 0 to 38 {
      affine.store %zero, %tmp[%i] : memref<38xf64>
      affine.for %j = 0 to 42 {
        %t = affine.load %tmp[%i] : memref<38xf64>
        %a = affine.load %A[%i, %j] : memref<38x42xf64>
        %xj = affine.load %x[%j] : memref<42xf64>
        %p = arith.mulf %a, %xj : f64
        %s = arith.addf %t, %p : f64
        affine.store %s, %tmp[%i] : memref<38xf64>
      }
      affine.for %j = 0 to 42 {
        %yj = affine.load %y[%j] : memref<42xf64>
        %a = affine.load %A[%i, %j] : memref<38x42xf64>
        %t = affine.load %tmp[%i] : memref<38xf64>
        %p = arith.mulf %a, %t : f64
        %s = arith.addf %yj, %p : f64
        affine.store %s, %y[%j] : memref<42xf64>
      }
    }
    return
  }
  func.func @rank_k(%alpha: f64, %beta: f64, %C: memref<30x30xf64>, %A: memref<30x20xf64>) {
    affine.for %i = 0 to 30 {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %c = affine.load %C[%i, %j] : memref<30x30xf64>
        %cb = arith.mulf %c, %beta : f64
        affine.store %cb, %C[%i, %j] : memref<30x30xf64>
      }
      affine.for %k = 0 to 20 {
        affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
          %a = affine.load %A[%j, %k] : memref<30x20xf64>
          %aa = arith.mulf %alpha, %a : f64
          %b = affine.load %A[%i, %k] : memref<30x20xf64>
          %p = arith.mulf %aa, %b : f64
          %o = affine.load %C[%i, %j] : memref<30x30xf64>
          %s = arith.addf %o, %p : f64
          affine.store %s, %C[%i, %j] : memref<30x30xf64>
        }
      }
    }
    return
  }
}
