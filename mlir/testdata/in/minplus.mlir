// Shortest paths through every intermediate node (min-plus closure) with
// arith.cmpf and arith.select, and an in-place Gauss-Seidel sweep, written
// by hand.
module {
  func.func @closure(%P: memref<30x30xf64>) {
    affine.for %k = 0 to 30 {
      affine.for %i = 0 to 30 {
        affine.for %j = 0 to 30 {
          %ij = affine.load %P[%i, %j] : memref<30x30xf64>
          %ik = affine.load %P[%i, %k] : memref<30x30xf64>
          %kj = affine.load %P[%k, %j] : memref<30x30xf64>
          %via = arith.addf %ik, %kj : f64
          %lt = arith.cmpf olt, %ij, %via : f64
          %m = arith.select %lt, %ij, %via : f64
          affine.store %m, %P[%i, %j] : memref<30x30xf64>
        }
      }
    }
    return
  }
  func.func @sweep(%A: memref<34x34xf64>) {
    %ninth = arith.constant 9.000000e+00 : f64
    affine.for %t = 0 to 3 {
      affine.for %i = 1 to 33 {
        affine.for %j = 1 to 33 {
          %a = affine.load %A[%i - 1, %j - 1] : memref<34x34xf64>
          %b = affine.load %A[%i - 1, %j] : memref<34x34xf64>
          %c = affine.load %A[%i - 1, %j + 1] : memref<34x34xf64>
          %d = affine.load %A[%i, %j - 1] : memref<34x34xf64>
          %e = affine.load %A[%i, %j] : memref<34x34xf64>
          %f = affine.load %A[%i, %j + 1] : memref<34x34xf64>
          %g = affine.load %A[%i + 1, %j - 1] : memref<34x34xf64>
          %h = affine.load %A[%i + 1, %j] : memref<34x34xf64>
          %k = affine.load %A[%i + 1, %j + 1] : memref<34x34xf64>
          %s1 = arith.addf %a, %b : f64
          %s2 = arith.addf %s1, %c : f64
          %s3 = arith.addf %s2, %d : f64
          %s4 = arith.addf %s3, %e : f64
          %s5 = arith.addf %s4, %f : f64
          %s6 = arith.addf %s5, %g : f64
          %s7 = arith.addf %s6, %h : f64
          %s8 = arith.addf %s7, %k : f64
          %v = arith.divf %s8, %ninth : f64
          affine.store %v, %A[%i, %j] : memref<34x34xf64>
        }
      }
    }
    return
  }
}
