// KernelRows: turns an operator's typed variant entry points into registry rows, so an op's
// unit (ops/<op>/<op>.cc) lists its variants as data and no one writes an adapter by hand.
// A variant exports `size_t XScratchBytes(const XParams&)` and
// `Status X(const XParams&, <input pointers...>, <output pointer>, std::span<uint8_t> scratch)`;
// the row's adapters pick the op's member of the OpParams union and hand each OpOperands
// pointer to the matching parameter: inputs in order (absent ones as nullptr), the output last;
// a `const T* const*` parameter takes every input (variadic ops such as concatenation), and a
// `T* const*` output parameter every output (split's parts).
// Freestanding; everything here is constexpr data or inline code, never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

#include "base/status.h"
#include "kernels/cortex_m_build.h"
#include "kernels/op_set.h"
#include "kernels/registry.h"
#include "kernels/runtime_isa.h"

namespace arenastore::kernels {

namespace internal {

template <typename T>
inline constexpr bool kIsInputArray = false;
template <typename T>
inline constexpr bool kIsInputArray<const T* const*> = true;

// The first `required` inputs must be present and non-null, at most `inputs_taken` given, and
// the output non-null (kKernelInvalidParams naming the kernel, "softmax/ref").
Status CheckOperandCount(const OpOperands& operands, int32_t required, int32_t inputs_taken,
                         const char* op, Isa isa);

template <typename Pointer>
Pointer InputAt(const OpOperands& operands, size_t k) {
  using Element = std::remove_pointer_t<Pointer>;
  return static_cast<int32_t>(k) < operands.num_inputs
             ? static_cast<Pointer>(const_cast<void*>(static_cast<const volatile void*>(
                   static_cast<const Element*>(operands.inputs[k]))))
             : nullptr;
}

// A kernel's output parameter: the first output, or (`T* const*`) every output, nullptr past
// num_outputs so the kernel refuses a missing one.
template <typename Pointer>
struct OutputPointers {
  explicit OutputPointers(const OpOperands& operands)
      : pointer(static_cast<Pointer>(operands.outputs[0])) {}
  Pointer Get() const { return pointer; }
  Pointer pointer;
};
template <typename T>
struct OutputPointers<T* const*> {
  explicit OutputPointers(const OpOperands& operands) {
    for (int32_t k = 0; k < operands.num_outputs && k < kBuiltMaxOpOutputs; ++k) {
      pointers[k] = static_cast<T*>(operands.outputs[k]);
    }
  }
  T* const* Get() const { return pointers; }
  T* pointers[kMaxOpOutputs] = {};
};

template <typename... Args>
struct Signature {
  static constexpr size_t kPointers = sizeof...(Args) - 1;  // the last one is the scratch span
  template <size_t I>
  using Arg = std::tuple_element_t<I, std::tuple<Args...>>;
  static_assert(std::is_same_v<Arg<kPointers>, std::span<uint8_t>>,
                "a kernel's last parameter is its scratch span");
};

// Calls `eval` with the operands spread over its pointer parameters.
template <typename Params, typename... Args, size_t... I>
Status Spread(Status (*eval)(const Params&, Args...), const Params& params,
              const OpOperands& operands, std::span<uint8_t> scratch, std::index_sequence<I...>) {
  using S = Signature<Args...>;
  constexpr size_t kOutput = S::kPointers - 1;
  const OutputPointers<typename S::template Arg<kOutput>> outputs(operands);
  auto operand = [&]<size_t K>() -> typename S::template Arg<K> {
    using Pointer = typename S::template Arg<K>;
    if constexpr (K == kOutput) {
      return outputs.Get();
    } else if constexpr (kIsInputArray<Pointer>) {
      return nullptr;  // filled by the caller below
    } else {
      return InputAt<Pointer>(operands, K);
    }
  };
  return eval(params, operand.template operator()<I>()..., scratch);
}

// `allowed_inputs` < 0: as many as the kernel takes. `op` and `isa` name the kernel in errors.
template <typename Params, typename... Args>
Status CallWithOperands(Status (*eval)(const Params&, Args...), const Params& params,
                        const OpOperands& operands, std::span<uint8_t> scratch,
                        int32_t required_inputs, int32_t allowed_inputs, const char* op, Isa isa) {
  using S = Signature<Args...>;
  constexpr bool kVariadic = kIsInputArray<typename S::template Arg<0>>;
  const int32_t taken = kVariadic ? kBuiltMaxOpInputs : static_cast<int32_t>(S::kPointers - 1);
  const int32_t inputs_taken = allowed_inputs >= 0 ? allowed_inputs : taken;
  ARENASTORE_RETURN_IF_ERROR(CheckOperandCount(operands, required_inputs, inputs_taken, op, isa));
  if constexpr (kVariadic) {
    static_assert(S::kPointers == 2, "a variadic kernel takes (params, inputs, output, scratch)");
    using Element = std::remove_cv_t<std::remove_pointer_t<typename S::template Arg<0>>>;
    Element inputs[kBuiltMaxOpInputs] = {};
    for (int32_t k = 0; k < operands.num_inputs; ++k) {
      inputs[k] = InputAt<Element>(operands, static_cast<size_t>(k));
    }
    return eval(params, inputs, static_cast<typename S::template Arg<1>>(operands.outputs[0]),
                scratch);
  } else {
    return Spread(eval, params, operands, scratch, std::make_index_sequence<S::kPointers>{});
  }
}

// The input position of a split kernel's k-th pointer parameter: prepare takes the inputs
// whose bit is set in `constant_inputs` (in order), run takes the others and then the output.
constexpr size_t NthInput(uint32_t constant_inputs, size_t k, bool constant) {
  for (size_t input = 0; input < 32; ++input) {
    if (((constant_inputs >> input) & 1u) == (constant ? 1u : 0u) && k-- == 0) return input;
  }
  return 32;
}

template <uint32_t kConstantInputs, typename Params, typename... Args, size_t... I>
Status SpreadPrepare(Status (*prepare)(const Params&, Args...), const Params& params,
                     const OpOperands& operands, std::span<uint8_t> scratch, KernelState* state,
                     std::index_sequence<I...>) {
  using Tuple = std::tuple<Args...>;
  return prepare(params,
                 InputAt<std::tuple_element_t<I, Tuple>>(
                     operands, NthInput(kConstantInputs, I, /*constant=*/true))...,
                 scratch, state);
}

template <uint32_t kConstantInputs, typename Params, typename... Args, size_t... I>
Status SpreadRun(Status (*run)(const Params&, Args...), const Params& params,
                 const OpOperands& operands, std::span<uint8_t> scratch, const KernelState& state,
                 std::index_sequence<I...>) {
  using Tuple = std::tuple<Args...>;
  using Output = std::tuple_element_t<sizeof...(I), Tuple>;
  return run(params,
             InputAt<std::tuple_element_t<I, Tuple>>(
                 operands, NthInput(kConstantInputs, I, /*constant=*/false))...,
             static_cast<Output>(operands.outputs[0]), scratch, state);
}

}  // namespace internal

// The split form of a variant (kernels/kernel_state.h) as a registry row's SplitKernel:
//   prepare: Status(const XParams&, <the constant inputs, in order>, span scratch, KernelState*)
//   run:     Status(const XParams&, <the other inputs>, <output>, span scratch, const KernelState&)
// kConstantInputs: bit k set when input k is prepared once (and must be an artifact constant).
template <auto kMember, auto kPrepare, auto kRun, auto kScratch, uint32_t kConstantInputs>
struct SplitForm {
  static size_t Scratch(const OpParams& params) { return kScratch(params.*kMember); }

  template <typename Params, typename... Args>
  static constexpr size_t PointersOf(Status (*)(const Params&, Args...)) {
    return sizeof...(Args);
  }

  static Status Prepare(const OpParams& params, const OpOperands& operands,
                        std::span<uint8_t> scratch, KernelState* state) {
    constexpr size_t kInputs = PointersOf(kPrepare) - 2;  // less scratch and state
    return internal::SpreadPrepare<kConstantInputs>(kPrepare, params.*kMember, operands, scratch,
                                                    state, std::make_index_sequence<kInputs>{});
  }

  static Status Run(const OpParams& params, const OpOperands& operands, std::span<uint8_t> scratch,
                    const KernelState& state) {
    constexpr size_t kInputs = PointersOf(kRun) - 3;  // less output, scratch and state
    return internal::SpreadRun<kConstantInputs>(kRun, params.*kMember, operands, scratch, state,
                                                std::make_index_sequence<kInputs>{});
  }

  static constexpr SplitKernel kSplit = {&Prepare, &Run, &Scratch, kConstantInputs};
};

// Per op kind this build carries, its member of the OpParams union and its operand counts
// (k<Name>Arity, declared in ops/<op>/<op>.h): what an op's rows take from its kind.
template <OpKind kOp>
struct OpTraits;
#define ARENASTORE_OP_TRAITS_OF(Name, name)                  \
  template <>                                                \
  struct OpTraits<OpKind::k##Name> {                         \
    static constexpr auto kMember = &OpParams::name;         \
    static constexpr const OpArity& kArity = k##Name##Arity; \
  };
#define ARENASTORE_OP_TRAITS(id, name, Name, Options, options_id) \
  ARENASTORE_IF_OP_BUILT(name, ARENASTORE_OP_TRAITS_OF(Name, name), )
ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_TRAITS)
#undef ARENASTORE_OP_TRAITS
#undef ARENASTORE_OP_TRAITS_OF

// Whether this build compiles a variant's code: ref everywhere, the Arm variants where the
// compiler targets the DSP extension or Helium (MVE), the x86 ones on x86-64 (where they also
// refuse to run on a CPU without their instructions). Elsewhere a row keeps only its size
// function, and its eval function is named but never referenced, so never linked.
constexpr bool VariantCompiledHere(Isa isa) {
  switch (isa) {
    case Isa::kRef:
      return true;
    case Isa::kArmDsp:
#if defined(__ARM_FEATURE_DSP)
      return true;
#else
      return false;
#endif
    case Isa::kArmMve:
#if defined(__ARM_FEATURE_MVE)
      return true;
#else
      return false;
#endif
    case Isa::kX86Avx2:
    case Isa::kX86Avx512Vnni:
#if defined(__x86_64__)
      return true;
#else
      return false;
#endif
  }
  return false;
}

// The rows of op kOp: its params member and required inputs come from its kind (OpTraits, its
// k<Name>Arity: the first min_inputs inputs every variant needs, the rest optional, e.g. a bias).
// kAllowedInputs, when not -1, admits inputs the kernels do not read (reshape's shape operand).
// A row is `Rows::Row<Isa, &ScratchBytes, &Eval>()`, its name "<op>/<isa>" by construction.
template <OpKind kOp, int32_t kAllowedInputs = -1>
struct KernelRows {
  static constexpr auto kMember = OpTraits<kOp>::kMember;
  static constexpr int32_t kRequiredInputs = OpTraits<kOp>::kArity.min_inputs;

  template <auto kScratch>
  static size_t Scratch(const OpParams& params) {
    return kScratch(params.*kMember);
  }

  template <Isa kIsa, auto kEval>
  static Status Eval(const OpParams& params, const OpOperands& operands,
                     std::span<uint8_t> scratch) {
    return internal::CallWithOperands(kEval, params.*kMember, operands, scratch, kRequiredInputs,
                                      kAllowedInputs, OpKindName(params.kind), kIsa);
  }

  // An int8 row (or `kDtype`'s); `split` is the variant's split form, if it has one.
  template <Isa kIsa, auto kScratch, auto kEval, KernelDtype kDtype = KernelDtype::kInt8>
  static constexpr KernelEntry Row(const SplitKernel* split = nullptr) {
    if constexpr (!VariantKeptHere(kIsa)) {
      return {kOp, kDtype, kIsa, nullptr, nullptr, nullptr};
    } else if constexpr (VariantCompiledHere(kIsa)) {
      return {kOp, kDtype, kIsa, &Scratch<kScratch>, &Eval<kIsa, kEval>, split};
    } else {
      return {kOp, kDtype, kIsa, &Scratch<kScratch>, nullptr, nullptr};
    }
  }

  // A variant's kernel of another form (KernelEntry::WithOverInput): `kApplies` says for which
  // params it exists, `kScratch` what it needs there; its eval takes the op's params like a
  // row's. The registry's size function is the two in one (kFormMissingBytes where it does not
  // apply).
  template <auto kApplies, auto kScratch>
  static size_t FormScratch(const OpParams& params) {
    const auto& p = params.*kMember;
    return kApplies(p) ? kScratch(p) : kFormMissingBytes;
  }
  // A form whose size function itself says where it applies (kFormMissingBytes elsewhere): one
  // function, sharing its tests with its sizes.
  template <Isa kIsa, auto kFormBytes, auto kEval>
  static constexpr KernelForm kSizedForm = {
      VariantKeptHere(kIsa) ? &Scratch<kFormBytes> : nullptr,
      VariantKeptHere(kIsa) && VariantCompiledHere(kIsa) ? &Eval<kIsa, kEval> : nullptr};
  template <Isa kIsa, auto kApplies, auto kScratch, auto kEval>
  static constexpr KernelForm kForm = {
      VariantKeptHere(kIsa) ? &FormScratch<kApplies, kScratch> : nullptr,
      VariantKeptHere(kIsa) && VariantCompiledHere(kIsa) ? &Eval<kIsa, kEval> : nullptr};
  // The same two, for a variant that borrows ref's kernel of the form (FormSpeed::kReference):
  // the size functions are ref's, so a device's gate pays no code for them.
  template <Isa kIsa, auto kFormBytes, auto kEval>
  static constexpr KernelForm kReferenceSizedForm = {
      kSizedForm<kIsa, kFormBytes, kEval>.scratch_bytes, kSizedForm<kIsa, kFormBytes, kEval>.eval,
      &AlwaysReference};
  template <Isa kIsa, auto kApplies, auto kScratch, auto kEval>
  static constexpr KernelForm kReferenceForm = {kForm<kIsa, kApplies, kScratch, kEval>.scratch_bytes,
                                                kForm<kIsa, kApplies, kScratch, kEval>.eval,
                                                &AlwaysReference};
  // A variant's own kernel of a form within ref's size function (so, again, no gate code): its
  // eval serves the params that scratch allows with its own code and runs ref's for the rest,
  // as kSpeed(params) says (KernelForm::speed).
  template <auto kSpeed>
  static FormSpeed SpeedOf(const OpParams& params) {
    return kSpeed(params.*kMember);
  }
  template <Isa kIsa, auto kFormBytes, auto kEval, auto kSpeed>
  static constexpr KernelForm kOwnSizedFormInRefBytes = {
      kSizedForm<kIsa, kFormBytes, kEval>.scratch_bytes, kSizedForm<kIsa, kFormBytes, kEval>.eval,
      &SpeedOf<kSpeed>};
  template <Isa kIsa, auto kApplies, auto kScratch, auto kEval, auto kSpeed>
  static constexpr KernelForm kOwnFormInRefBytes = {
      kForm<kIsa, kApplies, kScratch, kEval>.scratch_bytes,
      kForm<kIsa, kApplies, kScratch, kEval>.eval, &SpeedOf<kSpeed>};

  // An int8 row whose one kernel also writes over its first input where kApplies(params) holds,
  // its scratch unchanged: for elementwise kernels, which read each position just before writing
  // it. `split` as for Row.
  template <Isa kIsa, auto kScratch, auto kEval, auto kApplies>
  static constexpr KernelEntry InPlaceRow(const SplitKernel* split = nullptr) {
    const KernelEntry row = Row<kIsa, kScratch, kEval>(split);
    if constexpr (VariantKeptHere(kIsa)) {
      return row.WithOverInput(&kForm<kIsa, kApplies, kScratch, kEval>);
    } else {
      return row;
    }
  }

  // An int8 row with its split form (kernels/kernel_state.h, SplitForm above), where built; with
  // kApplies, its whole kernel also writes over its first input where kApplies(params) holds, as
  // InPlaceRow's (the split form serves whole-tensor plans only).
  template <Isa kIsa, auto kScratch, auto kEval, auto kPrepare, auto kRun, auto kSplitScratch,
            uint32_t kConstantInputs, auto kApplies = nullptr>
  static constexpr KernelEntry SplitRow() {
    const SplitKernel* split = nullptr;
    if constexpr (VariantCompiledHere(kIsa)) {
      split = &SplitForm<kMember, kPrepare, kRun, kSplitScratch, kConstantInputs>::kSplit;
    }
    // By type: a function's address compared with null is no constant expression under the
    // sanitizers' instrumentation.
    if constexpr (std::is_null_pointer_v<decltype(kApplies)>) {
      return Row<kIsa, kScratch, kEval>(split);
    } else {
      return InPlaceRow<kIsa, kScratch, kEval, kApplies>(split);
    }
  }

  // An int16 row: where int16 is not built (ARENASTORE_DTYPES=int8) the registry resolves none,
  // so the row names neither function and an int8-only image links neither.
  template <Isa kIsa, auto kScratch, auto kEval>
  static constexpr KernelEntry Int16Row(const SplitKernel* split = nullptr) {
    if constexpr (kInt16Built) {
      return Row<kIsa, kScratch, kEval, KernelDtype::kInt16>(split);
    } else {
      return {kOp, KernelDtype::kInt16, kIsa, nullptr, nullptr, nullptr};
    }
  }
};

// Never defined: only named in a compile error.
void TwoRowsForOneDtypeAndIsa();
void FirstRowIsNotRef();

// The op's OpKernels: its rows and their (dtype, ISA) positions. Its rows start with its ref
// kernel, built everywhere (only the ISA is compared: under -fsanitize GCC keeps null checks, so
// a function's address is not a constant it may compare with nullptr).
template <size_t kCount>
consteval OpKernels OpKernelsOf(const KernelEntry (&entries)[kCount]) {
  if (entries[0].isa != Isa::kRef) FirstRowIsNotRef();  // not constexpr: a compile error here
  OpKernels kernels{entries, static_cast<int32_t>(kCount), {}};
  for (auto& row : kernels.position) {
    for (int8_t& position : row) position = -1;
  }
  bool seen[kKernelDtypeCount][kIsaCount] = {};
  for (size_t i = 0; i < kCount; ++i) {
    const auto dtype = static_cast<int>(entries[i].dtype);
    const auto isa = static_cast<int>(entries[i].isa);
    if (seen[dtype][isa]) TwoRowsForOneDtypeAndIsa();  // not constexpr: a compile error here
    seen[dtype][isa] = true;
    // A row this build does not keep (VariantKeptHere) resolves to none.
    if (VariantKeptHere(entries[i].isa)) kernels.position[dtype][isa] = static_cast<int8_t>(i);
  }
  return kernels;
}

// The rows of an op whose one variant is ref: its int8 kernel and, when given, its int16 one (the
// same function where the kernel moves bytes or reads its input type from the params).
template <OpKind kOp, auto kScratch, auto kEval, auto... kEvalInt16>
inline constexpr KernelEntry kRefOnlyRows[] = {
    KernelRows<kOp>::template Row<Isa::kRef, kScratch, kEval>(),
    KernelRows<kOp>::template Int16Row<Isa::kRef, kScratch, kEvalInt16>()...};

// Such an op's whole registration: `extern const OpKernels kSplitKernels =
// RefOnlyKernels<OpKind::kSplit, &ref::SplitScratchBytes, &ref::Split, &ref::Split>();`
template <OpKind kOp, auto kScratch, auto kEval, auto... kEvalInt16>
consteval OpKernels RefOnlyKernels() {
  static_assert(sizeof...(kEvalInt16) <= 1, "one int16 kernel at most");
  return OpKernelsOf(kRefOnlyRows<kOp, kScratch, kEval, kEvalInt16...>);
}

}  // namespace arenastore::kernels

// Cortex-M (M-profile) builds carry no x86 rows: a microcontroller's gate only sizes the
// variants its own core runs, and the x86 size functions would cost every image about 1.5 KiB.
#define ARENASTORE_REGISTER_X86 (!ARENASTORE_CORTEX_M_BUILD)
