// The operator list: every operator arenastore knows, one line each, in the order of its
// persisted id. Every dispatch is generated from it: kernels::OpKind and its names, the params
// union, the artifact schema's OpKind enum and OpOptions union (cmake/ArenastoreOps.cmake reads
// these lines too), the kernel registry, the runtime's lowering table and the planner's tables.
// Ids and options ids are persisted in artifacts and the store: never change or reuse one;
// append. A new operator is a line here plus its folder ops/<name>/ (docs/adding-an-operator.md).
//
//   X(id, name, Name, OptionsTable, options_id)
//     id            kernels::OpKind value (persisted)
//     name          snake_case name: the folder ops/<name>/, the CLI's and the store's spelling
//     Name          CamelCase prefix of the op's symbols (Conv2dParams, kConv2dKernels, ...)
//     OptionsTable  the artifact options table its operators carry (several ops may share one)
//     options_id    that table's id in the schema's OpOptions union (persisted)
#pragma once

// clang-format off
#define ARENASTORE_FOR_EACH_OP(X) \
  X(0, conv2d, Conv2d, Conv2dOptions, 1) \
  X(1, depthwise_conv2d, DepthwiseConv2d, DepthwiseConv2dOptions, 2) \
  X(2, fully_connected, FullyConnected, FullyConnectedOptions, 3) \
  X(3, batch_matmul, BatchMatmul, BatchMatmulOptions, 4) \
  X(4, transpose_conv2d, TransposeConv2d, TransposeConv2dOptions, 5) \
  X(5, average_pool2d, AveragePool2d, Pool2dOptions, 6) \
  X(6, max_pool2d, MaxPool2d, Pool2dOptions, 6) \
  X(7, add, Add, AddOptions, 7) \
  X(8, mul, Mul, MulOptions, 8) \
  X(9, softmax, Softmax, SoftmaxOptions, 9) \
  X(10, reshape, Reshape, ReshapeOptions, 10) \
  X(11, pad, Pad, PadOptions, 11) \
  X(12, concatenation, Concatenation, ConcatenationOptions, 12) \
  X(13, relu, Relu, TableLookupOptions, 13) \
  X(14, relu6, Relu6, TableLookupOptions, 13) \
  X(15, leaky_relu, LeakyRelu, TableLookupOptions, 13) \
  X(16, logistic, Logistic, TableLookupOptions, 13) \
  X(17, tanh, Tanh, TableLookupOptions, 13) \
  X(18, hard_swish, HardSwish, TableLookupOptions, 13) \
  X(19, elu, Elu, TableLookupOptions, 13) \
  X(20, abs, Abs, TableLookupOptions, 13) \
  X(21, quantize, Quantize, TableLookupOptions, 13) \
  X(22, sub, Sub, AddOptions, 7) \
  X(23, squared_difference, SquaredDifference, SquaredDifferenceOptions, 14) \
  X(24, maximum, Maximum, MaximumMinimumOptions, 15) \
  X(25, minimum, Minimum, MaximumMinimumOptions, 15) \
  X(26, rsqrt, Rsqrt, TableLookupOptions, 13) \
  X(27, prelu, Prelu, PreluOptions, 16) \
  X(28, pack, Pack, PackOptions, 17) \
  X(29, transpose, Transpose, TransposeOptions, 18) \
  X(30, strided_slice, StridedSlice, SliceOptions, 19) \
  X(31, slice, Slice, SliceOptions, 19) \
  X(32, space_to_depth, SpaceToDepth, BlockSizeOptions, 20) \
  X(33, depth_to_space, DepthToSpace, BlockSizeOptions, 20) \
  X(34, reverse_v2, ReverseV2, SliceOptions, 19) \
  X(35, batch_to_space_nd, BatchToSpaceNd, BlockSpaceOptions, 21) \
  X(36, space_to_batch_nd, SpaceToBatchNd, BlockSpaceOptions, 21) \
  X(37, mirror_pad, MirrorPad, MirrorPadOptions, 22) \
  X(38, broadcast_to, BroadcastTo, BroadcastToOptions, 23) \
  X(39, mean, Mean, ReduceOptions, 24) \
  X(40, sum, Sum, ReduceOptions, 24) \
  X(41, reduce_max, ReduceMax, ReduceOptions, 24) \
  X(42, reduce_min, ReduceMin, ReduceOptions, 24) \
  X(43, resize_nearest_neighbor, ResizeNearestNeighbor, ResizeOptions, 25) \
  X(44, resize_bilinear, ResizeBilinear, ResizeOptions, 25) \
  X(45, l2_normalization, L2Normalization, L2NormalizationOptions, 26) \
  X(46, comparison, Comparison, ComparisonOptions, 27) \
  X(47, arg_min_max, ArgMinMax, ArgMinMaxOptions, 28) \
  X(48, select_v2, SelectV2, SelectV2Options, 29) \
  X(49, split, Split, SplitOptions, 30) \
  X(50, add_n, AddN, AddNOptions, 31) \
  X(51, div, Div, DivOptions, 32) \
  X(52, cumsum, Cumsum, CumsumOptions, 33) \
  X(53, log_softmax, LogSoftmax, LogSoftmaxOptions, 34) \
  X(54, gather, Gather, GatherOptions, 35) \
  X(55, dynamic_update_slice, DynamicUpdateSlice, DynamicUpdateSliceOptions, 36) \
  X(56, fill, Fill, EmptyOptions, 37) \
  X(57, zeros_like, ZerosLike, EmptyOptions, 37) \
  X(58, shape, Shape, EmptyOptions, 37) \
  X(59, dequantize, Dequantize, EmptyOptions, 37) \
  X(60, quantize_float, QuantizeFloat, EmptyOptions, 37) \
  X(61, requantize, Requantize, RequantizeOptions, 38) \
  X(62, cast, Cast, EmptyOptions, 37) \
  X(63, svdf, Svdf, SvdfOptions, 39) \
  X(64, unidirectional_sequence_lstm, UnidirectionalSequenceLstm, LstmOptions, 40)
// clang-format on
