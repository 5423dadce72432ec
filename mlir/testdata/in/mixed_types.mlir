// Element types other than f64 in the statement bodies: f32 arithmetic
// with an f32 constant, i32 and i64 integer arithmetic, conversions
// between them (sitofp, extf, truncf, extsi, trunci, fptosi), i8 loads,
// stores and comparisons, written by hand.
module {
  func.func @mixed(%F: memref<24x24xf32>, %I: memref<24xi32>, %L: memref<24xi64>, %D: memref<24x24xf64>, %S: memref<24xi8>) {
    %half = arith.constant 5.000000e-01 : f32
    %three = arith.constant 3 : i32
    affine.for %i = 0 to 24 {
      affine.for %j = 0 to 24 {
        %f = affine.load %F[%j, %i] : memref<24x24xf32>
        %g = arith.mulf %f, %half : f32
        %ii = affine.load %I[%i] : memref<24xi32>
        %fi = arith.sitofp %ii : i32 to f32
        %h = arith.addf %g, %fi : f32
        affine.store %h, %F[%j, %i] : memref<24x24xf32>
        %e = arith.extf %h : f32 to f64
        %d = affine.load %D[%i, %j] : memref<24x24xf64>
        %s = arith.subf %d, %e : f64
        affine.store %s, %D[%i, %j] : memref<24x24xf64>
      }
      %v = affine.load %I[%i] : memref<24xi32>
      %w = arith.muli %v, %three : i32
      %x = arith.extsi %w : i32 to i64
      %l = affine.load %L[%i] : memref<24xi64>
      %y = arith.addi %l, %x : i64
      affine.store %y, %L[%i] : memref<24xi64>
    }
    affine.for %i = 0 to 12 {
      %c = affine.load %S[%i] : memref<24xi8>
      %e = arith.extsi %c : i8 to i32
      %k = affine.load %I[%i] : memref<24xi32>
      %m = arith.addi %k, %e : i32
      affine.store %m, %I[%i] : memref<24xi32>
      %big = arith.cmpi sgt, %c, %c : i8
      %t = arith.trunci %m : i32 to i8
      %u = arith.select %big, %c, %t : i8
      affine.store %u, %S[23 - %i] : memref<24xi8>
    }
    affine.for %i = 0 to 24 {
      %d = affine.load %D[%i, %i] : memref<24x24xf64>
      %t = arith.truncf %d : f64 to f32
      %n = arith.fptosi %t : f32 to i32
      affine.store %n, %I[%i] : memref<24xi32>
    }
    return
  }
}
