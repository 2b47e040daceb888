// Replays the buffer lifetimes of two real models through every placement algorithm: the
// requests the compile pipeline made (reference kernels' scratch, importer order, 16 B
// alignment) for ../shared/models/vww_96_int8.tflite and pretrainedResnet_quant.tflite,
// captured as data so this test pins the placement alone. TensorFlow Lite Micro plans
// 73,728 B of activations and scratch for vww where the lower bound is 55,296 B.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "planner/memory_plan.h"
#include "planner/plan_validator.h"
#include "tests/planner/plan_test_util.h"

namespace arenastore::planner {
namespace {

struct Lifetime {
  size_t bytes;
  int32_t first_step;
  int32_t last_step;
  int is_scratch;
};

// vww_96_int8: a MobileNet-style chain of 31 ops.
constexpr Lifetime kVww[] = {
    {27648, 0, 0, 0},   // tensor 0
    {18432, 0, 1, 0},   // tensor 57
    {28, 0, 0, 1},      // scratch of op 0 (conv2d)
    {18432, 1, 2, 0},   // tensor 58
    {32, 1, 1, 1},      // scratch of op 1 (depthwise_conv2d)
    {36864, 2, 3, 0},   // tensor 59
    {9216, 3, 4, 0},    // tensor 60
    {64, 3, 3, 1},      // scratch of op 3 (depthwise_conv2d)
    {18432, 4, 5, 0},   // tensor 61
    {18432, 5, 6, 0},   // tensor 62
    {128, 5, 5, 1},     // scratch of op 5 (depthwise_conv2d)
    {18432, 6, 7, 0},   // tensor 63
    {4608, 7, 8, 0},    // tensor 64
    {128, 7, 7, 1},     // scratch of op 7 (depthwise_conv2d)
    {9216, 8, 9, 0},    // tensor 65
    {9216, 9, 10, 0},   // tensor 66
    {256, 9, 9, 1},     // scratch of op 9 (depthwise_conv2d)
    {9216, 10, 11, 0},  // tensor 67
    {2304, 11, 12, 0},  // tensor 68
    {256, 11, 11, 1},   // scratch of op 11 (depthwise_conv2d)
    {4608, 12, 13, 0},  // tensor 69
    {4608, 13, 14, 0},  // tensor 70
    {512, 13, 13, 1},   // scratch of op 13 (depthwise_conv2d)
    {4608, 14, 15, 0},  // tensor 71
    {4608, 15, 16, 0},  // tensor 72
    {512, 15, 15, 1},   // scratch of op 15 (depthwise_conv2d)
    {4608, 16, 17, 0},  // tensor 73
    {4608, 17, 18, 0},  // tensor 74
    {512, 17, 17, 1},   // scratch of op 17 (depthwise_conv2d)
    {4608, 18, 19, 0},  // tensor 75
    {4608, 19, 20, 0},  // tensor 76
    {512, 19, 19, 1},   // scratch of op 19 (depthwise_conv2d)
    {4608, 20, 21, 0},  // tensor 77
    {4608, 21, 22, 0},  // tensor 78
    {512, 21, 21, 1},   // scratch of op 21 (depthwise_conv2d)
    {4608, 22, 23, 0},  // tensor 79
    {1152, 23, 24, 0},  // tensor 80
    {512, 23, 23, 1},   // scratch of op 23 (depthwise_conv2d)
    {2304, 24, 25, 0},  // tensor 81
    {2304, 25, 26, 0},  // tensor 82
    {1024, 25, 25, 1},  // scratch of op 25 (depthwise_conv2d)
    {2304, 26, 27, 0},  // tensor 83
    {256, 27, 29, 0},   // tensor 84
    {1024, 27, 27, 1},  // scratch of op 27 (average_pool2d)
    {2, 29, 30, 0},     // tensor 86
    {2, 30, 30, 0},     // tensor 87
};

// pretrainedResnet_quant: ResNet-8, whose residual adds keep block inputs alive.
constexpr Lifetime kResnet[] = {
    {3072, 0, 0, 0},    // tensor 0
    {16384, 0, 3, 0},   // tensor 21
    {28, 0, 0, 1},      // scratch of op 0 (conv2d)
    {16384, 1, 2, 0},   // tensor 22
    {144, 1, 1, 1},     // scratch of op 1 (conv2d)
    {16384, 2, 3, 0},   // tensor 23
    {144, 2, 2, 1},     // scratch of op 2 (conv2d)
    {16384, 3, 6, 0},   // tensor 24
    {8192, 4, 5, 0},    // tensor 25
    {144, 4, 4, 1},     // scratch of op 4 (conv2d)
    {8192, 5, 7, 0},    // tensor 26
    {288, 5, 5, 1},     // scratch of op 5 (conv2d)
    {8192, 6, 7, 0},    // tensor 27
    {16, 6, 6, 1},      // scratch of op 6 (conv2d)
    {8192, 7, 10, 0},   // tensor 28
    {4096, 8, 9, 0},    // tensor 29
    {288, 8, 8, 1},     // scratch of op 8 (conv2d)
    {4096, 9, 11, 0},   // tensor 30
    {576, 9, 9, 1},     // scratch of op 9 (conv2d)
    {4096, 10, 11, 0},  // tensor 31
    {32, 10, 10, 1},    // scratch of op 10 (conv2d)
    {4096, 11, 12, 0},  // tensor 32
    {64, 12, 14, 0},    // tensor 33
    {256, 12, 12, 1},   // scratch of op 12 (average_pool2d)
    {10, 14, 15, 0},    // tensor 35
    {10, 15, 15, 0},    // tensor 36
};

template <size_t N>
std::vector<BufferRequest> Requests(const Lifetime (&lifetimes)[N]) {
  std::vector<BufferRequest> buffers;
  for (size_t i = 0; i < N; ++i) {
    BufferRequest buffer = Buffer(Named("buffer ", i), lifetimes[i].bytes, lifetimes[i].first_step,
                                  lifetimes[i].last_step);
    buffer.is_scratch = lifetimes[i].is_scratch != 0;
    buffers.push_back(std::move(buffer));
  }
  return buffers;
}

size_t PlannedBytes(const std::vector<BufferRequest>& buffers, PlacementAlgorithm algorithm) {
  Result<MemoryPlan> plan = PlanMemory(buffers, OneUnboundedPool(), With(algorithm));
  EXPECT_TRUE(plan.ok()) << plan.status().message();
  if (!plan.ok()) return 0;
  EXPECT_TRUE(ValidatePlan(buffers, OneUnboundedPool(), *plan).ok());
  return plan->pool_bytes[0];
}

TEST(RealModelLifetimes, VwwPlansAtItsLowerBoundWhereTfliteMicroNeeds73728) {
  const auto buffers = Requests(kVww);
  // Greedy puts the input (step 0) at offset 0 beside op 2's output (steps 2-3, largest), so
  // op 0's output goes above the input and op 1's output, live with both, starts at 46,080 B.
  // The search places op 1's output before op 2's: it takes offset 0, below op 0's output,
  // and op 2's output sits on it, ending at 55,296 B.
  EXPECT_EQ(PlannedBytes(buffers, PlacementAlgorithm::kGreedyBySize), 64512u);
  EXPECT_EQ(PlannedBytes(buffers, PlacementAlgorithm::kGreedyByConflicts), 64512u);
  EXPECT_EQ(PlannedBytes(buffers, PlacementAlgorithm::kSearch), 55296u);
  Result<MemoryPlan> plan = PlanMemory(buffers, OneUnboundedPool(), {});
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->pool_bytes[0], 55296u);
  EXPECT_EQ(plan->lower_bound_bytes, 55296u);
  EXPECT_EQ(plan->algorithm, "search");
}

TEST(RealModelLifetimes, ResnetPlansAtItsLowerBoundDespiteSkipConnections) {
  const auto buffers = Requests(kResnet);
  EXPECT_EQ(PlannedBytes(buffers, PlacementAlgorithm::kGreedyBySize), 49296u);
  EXPECT_EQ(PlannedBytes(buffers, PlacementAlgorithm::kGreedyByConflicts), 49296u);
  EXPECT_EQ(PlannedBytes(buffers, PlacementAlgorithm::kSearch), 49296u);
  Result<MemoryPlan> plan = PlanMemory(buffers, OneUnboundedPool(), {});
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->pool_bytes[0], 49296u);
  EXPECT_EQ(plan->lower_bound_bytes, 49296u);
  EXPECT_EQ(plan->algorithm, "greedy_by_size");
}

}  // namespace
}  // namespace arenastore::planner
