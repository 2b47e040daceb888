#include "runtime/pool2d_lowering.h"

#include "kernels/op_set.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {

StatusRef LowerPool2d(const OpChecker& c, kernels::Pool2dParams* p) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* output = &c.Output();
  p->channels = Dim(*input, 3);
  ARENASTORE_RETURN_IF_FAILED(c.ExpectNhwcOutput(*input, *output, p->channels));
  const schema::Pool2dOptions& options = c.Options<schema::Pool2dOptions>();
  ARENASTORE_RETURN_IF_FAILED(c.ExpectEnums(options.padding(), options.activation()));
  p->batches = Dim(*input, 0);
  p->input_h = Dim(*input, 1);
  p->input_w = Dim(*input, 2);
  p->filter_h = options.filter_h();
  p->filter_w = options.filter_w();
  p->output_h = Dim(*output, 1);
  p->output_w = Dim(*output, 2);
  p->stride_h = options.stride_h();
  p->stride_w = options.stride_w();
  p->pad_top = options.pad_top();
  p->pad_left = options.pad_left();
  ARENASTORE_RETURN_IF_FAILED(
      c.ExpectWindow({"h", p->input_h, p->output_h, p->filter_h, p->stride_h, 1, p->pad_top}));
  ARENASTORE_RETURN_IF_FAILED(
      c.ExpectWindow({"w", p->input_w, p->output_w, p->filter_w, p->stride_w, 1, p->pad_left}));
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  // An int8-only build resolves no int16 kernel (the gate rejects the op), so it checks no more.
  if (kernels::kInt16Built && c.MixedWidths()) {
    return c.Fail("tensors.type", "int8 and int16 operands mixed; pools keep one type");
  }
  return c.ExpectActivationRange(p->activation_min, p->activation_max);  // in the output's type
}

}  // namespace arenastore::runtime
