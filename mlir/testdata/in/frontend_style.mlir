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
    affine.for %arg5 = 0 to %0 {
      affine.for %arg6 = 0 to #map()[%1] {
        affine.if #set(%arg5, %arg6) {
          %2 = affine.load %arg3[%arg5, %arg6] : memref<?x36xf64> loc(#loc)
          %3 = arith.mulf %2, %arg2 {fastmath = #arith.fastmath<none>} : f64
          affine.store %3, %arg4[%arg6, %arg5] : memref<?x36xf64>
        } else {
          affine.store %cst, %arg4[%arg6, %arg5] : memref<?x36xf64>
        }
      }
    }
    affine.for %arg5 = 1 to %0 {
      affine.for %arg6 = 0 to %1 {
        %2 = affine.load %arg4[%arg5 - 1, %arg6] : memref<?x36xf64>
        %3 = affine.load %arg4[%arg5, %arg6] : memref<?x36xf64>
        %4 = arith.addf %2, %3 fastmath<contract> : f64
        affine.store %4, %arg4[%arg5, %arg6] : memref<?x36xf64>
      }
    }
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
}
