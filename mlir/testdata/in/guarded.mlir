// A nest under an affine.if at the top of the function (run only when the
// size is large enough), and a loop nest reading what it wrote, written by
// hand.
#big = affine_set<()[s0] : (s0 - 8 >= 0)>
module {
  func.func @guarded(%A: memref<?x?xf64>, %v: memref<?xf64>, %n: index) {
    affine.if #big()[%n] {
      affine.for %i = 0 to %n {
        affine.for %j = 0 to %n {
          %a = affine.load %A[%j, %i] : memref<?x?xf64>
          %b = affine.load %v[%i] : memref<?xf64>
          %c = arith.addf %a, %b : f64
          affine.store %c, %A[%j, %i] : memref<?x?xf64>
        }
      }
    } else {
      affine.for %i = 0 to %n {
        %b = affine.load %v[%i] : memref<?xf64>
        %c = arith.negf %b : f64
        affine.store %c, %v[%i] : memref<?xf64>
      }
    }
    return
  }
}
