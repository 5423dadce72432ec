// Element types other than f64 in the statement bodies: f32 arithmetic
// with an f32 constant, i32 and i64 integer arithmetic, conversions
// between them (sitofp, extf, truncf, extsi, trunci, fptosi), i8 loads,
// stores and comparisons, written by hand.
module {
  func.func @mixed(%F: memref<24x24xf32>, %I: memref<24xi32>, %L: memref<24xi64>, %D: memref<24x24xf64>, %S: memref<24xi8>) {
    %half = arith.constant 5.000000e-01 : f32
    %three = arith.constant 3 : i32
    func.call @mixed_nest_opt(%D, %F, %I, %L) : (memref<24x24xf64>, memref<24x24xf32>, memref<24xi32>, memref<24xi64>) -> ()
    func.call @mixed_nest_1_opt(%I, %S) : (memref<24xi32>, memref<24xi8>) -> ()
    func.call @mixed_nest_2_opt(%D, %I) : (memref<24x24xf64>, memref<24xi32>) -> ()
    return
  }
  func.func private @mixed_nest_opt(%a_D: memref<24x24xf64>, %a_F: memref<24x24xf32>, %a_I: memref<24xi32>, %a_L: memref<24xi64>) { ... }
  func.func private @mixed_nest_1_opt(%a_I: memref<24xi32>, %a_S: memref<24xi8>) { ... }
  func.func private @mixed_nest_2_opt(%a_D: memref<24x24xf64>, %a_I: memref<24xi32>) { ... }
}
// ---- diagnostics
