// The shape of code a C front end emits, written by hand: module
// attributes, i32 size arguments cast to index, memrefs with a dynamic
// outer extent, constants hoisted to the function entry, fastmath and
// location attributes, an external variadic function, and a main with
// scf.while and several blocks that tessera leaves alone.
#loc = loc("kernel.c":1:1)
#map = affine_map<()[s0] -> (s0)>
#set = affine_set<(d0, d1) : (d0 - d1 >= 0)>
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i64, dense<64> : vector<2xi64>>, #dlti.dl_entry<"dlti.endianness", "little">>, llvm.target_triple = "x86_64-unknown-linux-gnu"} {
  llvm.mlir.global internal constant @fmt("%f\0A\00") {addr_space = 0 : i32}
  llvm.func @printf(!llvm.ptr, ...) -> i32
  func.func @kernel(%arg0: i32, %arg1: i32, %arg2: f64, %arg3: memref<?x36xf64>, %arg4: memref<?x36xf64>) attributes {llvm.linkage = #llvm.linkage<external>} {
    %cst = arith.constant 0.000000e+00 : f64
    %0 = arith.index_cast %arg0 : i32 to index
    %1 = arith.index_cast %arg1 : i32 to index
    func.call @kernel_nest_opt(%arg3, %arg4, %arg2, %0, %1) : (memref<?x36xf64>, memref<?x36xf64>, f64, index, index) -> ()
    func.call @kernel_nest_1_opt(%arg4, %0, %1) : (memref<?x36xf64>, index, index) -> ()
    return
  }
  func.func private @helper(%arg0: index) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %0 = scf.while (%arg1 = %c0) : (index) -> index {
      %1 = arith.cmpi slt, %arg1, %arg0 : index
      scf.condition(%1) %arg1 : index
    } do {
    ^bb0(%arg1: index):
      %1 = arith.addi %arg1, %c1 : index
      scf.yield %1 : index
    }
    cf.br ^bb1
  ^bb1:
    return %c0_i32 : i32
  }
  func.func private @kernel_nest_opt(%a_arg3: memref<?x36xf64>, %a_arg4: memref<?x36xf64>, %a_arg2: f64, %p_v0: index, %p_v1: index) { ... }
  func.func private @kernel_nest_1_opt(%a_arg4: memref<?x36xf64>, %p_v0: index, %p_v1: index) { ... }
}
// ---- diagnostics
