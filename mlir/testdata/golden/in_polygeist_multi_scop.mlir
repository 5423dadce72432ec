// RUN: [ "%polymer_enabled" == "" ] || polygeist-opt --polyhedral-opt --use-polyhedral-optimizer=islexternal $ISL_OPT_PLACEHOLDER %s

// RUN: mkdir -p %t/schedules
// RUN: mkdir -p %t/accesses
// RUN: [ "%polymer_enabled" == "" ] || polygeist-opt --polyhedral-opt --use-polyhedral-optimizer=islexternal --islexternal-dump-schedules=%t/schedules --islexternal-dump-accesses=%t/accesses $ISL_OPT_PLACEHOLDER %s
// RUN: [ "%polymer_enabled" == "" ] || polygeist-opt --polyhedral-opt --use-polyhedral-optimizer=islexternal --islexternal-import-schedules=%t/schedules $ISL_OPT_PLACEHOLDER %s

#map = affine_map<()[s0] -> (s0)>
#set1 = affine_set<(d0)[s0] : (-d0 + s0 -1 >= 0)>
module {
  func.func private @foo()
  func.func @f1(%beta: f32,
            %C: memref<?xf32>,
            %N: index) {
    func.call @f1_nest_opt(%C, %beta, %N) : (memref<?xf32>, f32, index) -> ()
    func.call @foo() : () -> ()
    // TODO these should be the same scop
    func.call @f1_nest_1_opt(%C, %beta, %N) : (memref<?xf32>, f32, index) -> ()
    func.call @f1_nest_2_opt(%C, %beta, %N) : (memref<?xf32>, f32, index) -> ()
    return
  }
  func.func @f2(%beta: f32,
            %C: memref<?xf32>,
            %N: index) {
    func.call @f2_nest_opt(%C, %beta, %N) : (memref<?xf32>, f32, index) -> ()
    return
  }
  func.func private @f1_nest_opt(%a_C: memref<?xf32>, %a_beta: f32, %p_N: index) { ... }
  func.func private @f1_nest_1_opt(%a_C: memref<?xf32>, %a_beta: f32, %p_N: index) { ... }
  func.func private @f1_nest_2_opt(%a_C: memref<?xf32>, %a_beta: f32, %p_N: index) { ... }
  func.func private @f2_nest_opt(%a_C: memref<?xf32>, %a_beta: f32, %p_N: index) { ... }
}
// ---- diagnostics
