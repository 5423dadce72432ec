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
    affine.for %t = 0 to 4 {
      affine.for %i = 0 to %n {
        affine.for %j = max #lb(%c0) to min #ub(%c0)[%n] {
          affine.if #edge(%i)[%n] {
            %up = affine.load %A[%i - 1, %j] : memref<?x?xf64>
            %dn = affine.load %A[%i + 1, %j] : memref<?x?xf64>
            %lf = affine.load %A[%i, %j - 1] : memref<?x?xf64>
            %rt = affine.load %A[%i, %j + 1] : memref<?x?xf64>
            %s1 = arith.addf %up, %dn : f64
            %s2 = arith.addf %lf, %rt : f64
            %s3 = arith.addf %s1, %s2 : f64
            %v = arith.mulf %s3, %quarter : f64
            affine.store %v, %B[%i, %j] : memref<?x?xf64>
          } else {
            %c = affine.load %A[%i, %j] : memref<?x?xf64>
            %h = arith.mulf %c, %half : f64
            affine.store %h, %B[%i, %j] : memref<?x?xf64>
          }
        }
      }
      affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
        affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
          %b = affine.load %B[%i, %j] : memref<?x?xf64>
          affine.store %b, %A[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }
}
