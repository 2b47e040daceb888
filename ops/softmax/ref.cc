#include "ops/softmax/ref.h"

#include "kernels/fixed_point.h"
#include "kernels/gemmlowp_fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "softmax/ref";
constexpr int kScaledDiffIntegerBits = 5;     // rescaled differences are Q5.26
constexpr int kAccumulationIntegerBits = 12;  // the sum of exponentials is Q12.19

// exp(beta * input_scale * diff) in Q0.31 for diff = input - row max <= 0.
int32_t ExpOfDiff(const SoftmaxParams& params, int32_t diff) {
  const int32_t diff_q5_26 =
      MultiplyByQuantizedMultiplier(diff, params.input_multiplier, params.input_left_shift);
  return fixed_point::ExpOnNegativeValues<kScaledDiffIntegerBits>(diff_q5_26);
}

// x / 2^exponent rounded half away from zero, also for exponents of 32 and more, where
// gemmlowp's version is undefined: |x| < 2^31 then always rounds to 0.
int32_t RoundingDivideByPOTWide(int32_t x, int exponent) {
  return exponent < 32 ? RoundingDivideByPOT(x, exponent) : 0;
}

// One row to Out (int8 or int16): probabilities in units of 2^-bits, offset by the type's minimum.
template <typename Out>
void SoftmaxRow(const SoftmaxParams& params, const int8_t* input, Out* output) {
  constexpr int kOutputBits = 8 * sizeof(Out);
  constexpr int32_t kOutputMin = -(1 << (kOutputBits - 1));
  constexpr int32_t kOutputMax = (1 << (kOutputBits - 1)) - 1;
  int32_t row_max = -128;
  for (int32_t c = 0; c < params.depth; ++c) row_max = input[c] > row_max ? input[c] : row_max;

  // From depth 4096 on the sum can wrap, as the reference's int32 additions do in practice.
  int32_t sum_q12_19 = 0;
  for (int32_t c = 0; c < params.depth; ++c) {
    const int32_t diff = input[c] - row_max;
    if (diff < params.diff_min) continue;
    sum_q12_19 = fixed_point::WrappingAdd(
        sum_q12_19, RoundingDivideByPOT(ExpOfDiff(params, diff), kAccumulationIntegerBits));
  }

  int num_bits_over_unit = 0;
  const int32_t reciprocal_q0_31 =
      fixed_point::GetReciprocal(sum_q12_19, kAccumulationIntegerBits, &num_bits_over_unit);
  for (int32_t c = 0; c < params.depth; ++c) {
    const int32_t diff = input[c] - row_max;
    if (diff < params.diff_min) {
      output[c] = static_cast<Out>(kOutputMin);
      continue;
    }
    const int32_t probability_q0_31 =
        SaturatingRoundingDoublingHighMul(reciprocal_q0_31, ExpOfDiff(params, diff));
    // Q0.31 scaled by 2^-num_bits_over_unit, to units of 2^-bits.
    const int32_t unsigned_output =
        RoundingDivideByPOTWide(probability_q0_31, num_bits_over_unit + 31 - kOutputBits);
    output[c] = static_cast<Out>(Clamp(unsigned_output + kOutputMin, kOutputMin, kOutputMax));
  }
}

template <typename Out>
void SoftmaxRows(const SoftmaxParams& params, const int8_t* input, Out* output) {
  for (int32_t row = 0; row < params.outer_size; ++row) {
    const ptrdiff_t offset = static_cast<ptrdiff_t>(row) * params.depth;
    SoftmaxRow(params, input + offset, output + offset);
  }
}

// TFLM's LUTLookup on a 513-entry table: entry 256 + value / 2^7 and the next, interpolated by
// the low 7 bits (rounded). The slope is an int16 as in TFLM (the tables' steps are far smaller).
int16_t InterpolatedLookup(const int16_t* table, int16_t value) {
  const int32_t index = 256 + (value >> 7);
  const int32_t offset = value & 0x7F;
  const auto slope = static_cast<int16_t>(table[index + 1] - table[index]);
  return static_cast<int16_t>(table[index] + ((slope * offset + 64) >> 7));
}

int16_t SaturateToInt16(int32_t value) { return static_cast<int16_t>(Clamp(value, -32768, 32767)); }

// One int16 row: exp(diff) in Q0.15 for each element (kept in the output), their sum's
// reciprocal from the 1 / (1 + x) table after normalising the sum to [1, 2), then each
// exponential times it.
void SoftmaxInt16Row(const SoftmaxParams& params, const int16_t* input, int16_t* output) {
  int16_t row_max = -32768;
  for (int32_t c = 0; c < params.depth; ++c) row_max = input[c] > row_max ? input[c] : row_max;

  int32_t sum_q16_15 = 0;  // depth <= 65536 exponentials of at most 32767: no overflow
  for (int32_t c = 0; c < params.depth; ++c) {
    // -65535 is -10.0 after rescaling; recentred to the table's int16 input range.
    const int32_t scaled_diff = MultiplyByQuantizedMultiplier(
        input[c] - row_max, params.input_multiplier, params.input_left_shift);
    output[c] = InterpolatedLookup(kSoftmaxInt16ExpTable, SaturateToInt16(scaled_diff + 32767));
    sum_q16_15 += output[c];
  }

  // The maximum's own exp(0) is in the sum, so it is positive and headroom_plus_one in [1, 17].
  const int headroom_plus_one = fixed_point::CountLeadingZeros(static_cast<uint32_t>(sum_q16_15));
  // The sum scaled into [2^15, 2^16) (x + 1 with x in [0, 1)), recentred for the table.
  const auto shifted_sum = static_cast<int32_t>(
      ((static_cast<int64_t>(sum_q16_15) << (headroom_plus_one - 1)) + (1 << 13)) >> 14);
  const int16_t reciprocal_q0_15 = InterpolatedLookup(
      kSoftmaxInt16OneOverOnePlusXTable, SaturateToInt16(shifted_sum - ((1 << 15) + (1 << 16))));

  const int right_shift = 31 - headroom_plus_one;
  const int64_t round = int64_t{1} << (right_shift - 1);
  for (int32_t c = 0; c < params.depth; ++c) {
    const auto result = static_cast<int32_t>(
        (static_cast<int64_t>(output[c]) * reciprocal_q0_15 + round) >> right_shift);
    output[c] = static_cast<int16_t>(Clamp(result, 0, 32767));
  }
}

Status CheckSoftmaxInt16Params(const SoftmaxParams& p) {
  constexpr const char* kInt16Name = "softmax/ref (int16)";
  ARENASTORE_CHECK_OR_RETURN(
      p.outer_size >= 0 && p.depth >= 1 && p.depth <= 65536, ErrorCode::kKernelInvalidParams,
      "%s: %d rows of depth %d (depth must be in [1, 65536])", kInt16Name, p.outer_size, p.depth);
  ARENASTORE_CHECK_OR_RETURN(
      p.input_left_shift >= -31 && p.input_left_shift <= 30, ErrorCode::kKernelInvalidParams,
      "%s: input_left_shift %d not in [-31, 30]", kInt16Name, p.input_left_shift);
  ARENASTORE_CHECK_OR_RETURN(p.output_type == ElementType::kInt16, ErrorCode::kKernelInvalidParams,
                             "%s: output type %d is not int16", kInt16Name,
                             static_cast<int>(p.output_type));
  return Status::Ok();
}

}  // namespace

const int16_t kSoftmaxInt16ExpTable[kSoftmaxInt16TableEntries] = {
    2,     2,     2,     2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
    2,     2,     2,     2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
    2,     3,     3,     3,     3,     3,     3,     3,     3,     3,     3,     3,     3,
    3,     3,     3,     3,     3,     4,     4,     4,     4,     4,     4,     4,     4,
    4,     4,     4,     4,     4,     5,     5,     5,     5,     5,     5,     5,     5,
    5,     5,     6,     6,     6,     6,     6,     6,     6,     6,     7,     7,     7,
    7,     7,     7,     7,     7,     8,     8,     8,     8,     8,     8,     9,     9,
    9,     9,     9,     9,     10,    10,    10,    10,    10,    11,    11,    11,    11,
    11,    12,    12,    12,    12,    13,    13,    13,    13,    14,    14,    14,    14,
    15,    15,    15,    16,    16,    16,    17,    17,    17,    18,    18,    18,    19,
    19,    19,    20,    20,    21,    21,    21,    22,    22,    23,    23,    24,    24,
    25,    25,    26,    26,    27,    27,    28,    28,    29,    29,    30,    30,    31,
    32,    32,    33,    34,    34,    35,    36,    36,    37,    37,    38,    39,    40,
    40,    42,    42,    43,    44,    45,    45,    46,    47,    48,    49,    50,    51,
    52,    53,    54,    55,    56,    57,    59,    60,    60,    62,    63,    65,    65,
    67,    68,    69,    71,    73,    74,    75,    77,    78,    80,    81,    83,    85,
    86,    88,    90,    92,    93,    95,    97,    99,    101,   103,   105,   107,   109,
    112,   114,   116,   118,   121,   123,   126,   128,   131,   133,   135,   139,   141,
    144,   147,   149,   152,   155,   158,   162,   165,   168,   171,   174,   178,   181,
    185,   189,   192,   196,   200,   204,   208,   212,   217,   221,   225,   230,   234,
    239,   243,   248,   253,   258,   263,   268,   273,   279,   284,   290,   296,   302,
    308,   314,   320,   327,   333,   340,   346,   353,   360,   366,   374,   381,   389,
    397,   404,   413,   421,   429,   437,   446,   455,   464,   473,   482,   492,   501,
    511,   522,   532,   543,   553,   564,   575,   586,   598,   610,   622,   634,   646,
    659,   672,   685,   699,   713,   727,   741,   756,   771,   786,   801,   817,   833,
    850,   866,   884,   901,   919,   937,   955,   974,   993,   1013,  1033,  1053,  1074,
    1095,  1117,  1139,  1161,  1184,  1207,  1232,  1256,  1281,  1306,  1332,  1358,  1385,
    1412,  1440,  1468,  1497,  1527,  1557,  1587,  1619,  1651,  1683,  1716,  1750,  1785,
    1820,  1856,  1892,  1930,  1968,  2006,  2046,  2087,  2128,  2170,  2212,  2256,  2300,
    2346,  2392,  2439,  2488,  2537,  2587,  2638,  2690,  2743,  2796,  2852,  2908,  2966,
    3024,  3084,  3145,  3207,  3270,  3334,  3400,  3467,  3535,  3605,  3677,  3749,  3822,
    3898,  3975,  4053,  4133,  4214,  4297,  4383,  4469,  4557,  4647,  4739,  4833,  4927,
    5024,  5124,  5225,  5328,  5433,  5541,  5649,  5761,  5875,  5991,  6109,  6230,  6352,
    6477,  6605,  6736,  6868,  7004,  7141,  7282,  7427,  7572,  7722,  7874,  8030,  8188,
    8350,  8514,  8683,  8854,  9028,  9206,  9387,  9572,  9762,  9954,  10151, 10351, 10555,
    10763, 10976, 11191, 11412, 11637, 11867, 12102, 12341, 12583, 12831, 13085, 13342, 13606,
    13874, 14148, 14427, 14711, 15002, 15297, 15599, 15907, 16221, 16541, 16867, 17199, 17539,
    17884, 18237, 18597, 18964, 19338, 19719, 20108, 20505, 20909, 21322, 21742, 22171, 22608,
    23054, 23509, 23973, 24445, 24928, 25419, 25921, 26432, 26953, 27485, 28027, 28580, 29143,
    29718, 30304, 30902, 31512, 32133, 32767,
};

const int16_t kSoftmaxInt16OneOverOnePlusXTable[kSoftmaxInt16TableEntries] = {
    32767, 32704, 32640, 32578, 32514, 32451, 32388, 32326, 32264, 32202, 32141, 32079, 32018,
    31957, 31896, 31835, 31775, 31715, 31655, 31596, 31537, 31476, 31418, 31359, 31301, 31242,
    31184, 31127, 31069, 31011, 30954, 30897, 30840, 30784, 30727, 30671, 30615, 30560, 30504,
    30449, 30394, 30339, 30283, 30229, 30175, 30121, 30067, 30013, 29960, 29906, 29853, 29800,
    29746, 29694, 29642, 29589, 29537, 29486, 29434, 29382, 29331, 29280, 29229, 29177, 29127,
    29076, 29026, 28976, 28926, 28877, 28827, 28777, 28728, 28679, 28630, 28581, 28532, 28484,
    28436, 28388, 28340, 28292, 28244, 28197, 28150, 28103, 28056, 28008, 27962, 27915, 27869,
    27823, 27777, 27731, 27685, 27640, 27594, 27549, 27504, 27459, 27413, 27369, 27324, 27280,
    27236, 27192, 27148, 27104, 27060, 27016, 26973, 26930, 26887, 26844, 26801, 26758, 26715,
    26673, 26630, 26588, 26546, 26504, 26463, 26421, 26380, 26338, 26297, 26255, 26214, 26174,
    26132, 26092, 26051, 26011, 25971, 25931, 25891, 25851, 25811, 25772, 25732, 25693, 25653,
    25614, 25575, 25536, 25497, 25458, 25420, 25381, 25343, 25305, 25267, 25229, 25191, 25153,
    25116, 25078, 25041, 25003, 24966, 24928, 24892, 24855, 24818, 24781, 24745, 24709, 24672,
    24636, 24600, 24564, 24528, 24492, 24457, 24421, 24385, 24350, 24315, 24280, 24245, 24210,
    24175, 24140, 24105, 24070, 24036, 24002, 23967, 23933, 23899, 23865, 23831, 23798, 23764,
    23730, 23697, 23664, 23630, 23597, 23564, 23530, 23498, 23465, 23432, 23399, 23366, 23334,
    23302, 23269, 23237, 23205, 23173, 23141, 23109, 23077, 23046, 23014, 22982, 22951, 22920,
    22888, 22857, 22826, 22795, 22764, 22733, 22703, 22672, 22641, 22611, 22580, 22550, 22520,
    22490, 22459, 22429, 22400, 22370, 22340, 22310, 22281, 22251, 22221, 22192, 22163, 22134,
    22104, 22075, 22046, 22017, 21988, 21959, 21931, 21902, 21874, 21845, 21817, 21788, 21760,
    21732, 21704, 21676, 21648, 21620, 21592, 21565, 21537, 21509, 21482, 21455, 21427, 21400,
    21372, 21345, 21318, 21291, 21264, 21237, 21210, 21183, 21157, 21130, 21103, 21077, 21050,
    21024, 20998, 20971, 20945, 20919, 20893, 20867, 20841, 20816, 20790, 20764, 20738, 20713,
    20687, 20662, 20636, 20611, 20586, 20560, 20535, 20510, 20485, 20460, 20435, 20410, 20385,
    20360, 20336, 20311, 20287, 20262, 20238, 20213, 20189, 20165, 20141, 20117, 20092, 20068,
    20044, 20021, 19997, 19973, 19949, 19926, 19902, 19878, 19855, 19832, 19808, 19784, 19762,
    19738, 19715, 19692, 19668, 19645, 19622, 19600, 19577, 19553, 19531, 19508, 19485, 19463,
    19440, 19418, 19395, 19373, 19351, 19328, 19306, 19284, 19262, 19240, 19218, 19196, 19174,
    19152, 19130, 19109, 19087, 19065, 19044, 19022, 19000, 18979, 18958, 18936, 18915, 18893,
    18872, 18851, 18830, 18809, 18787, 18766, 18745, 18725, 18704, 18682, 18662, 18641, 18620,
    18600, 18579, 18559, 18538, 18518, 18497, 18477, 18457, 18436, 18416, 18396, 18376, 18356,
    18336, 18316, 18296, 18276, 18256, 18236, 18216, 18197, 18177, 18157, 18138, 18118, 18099,
    18079, 18059, 18040, 18021, 18001, 17982, 17963, 17944, 17924, 17905, 17886, 17867, 17848,
    17829, 17810, 17791, 17772, 17754, 17735, 17716, 17697, 17679, 17660, 17641, 17623, 17604,
    17586, 17568, 17549, 17531, 17513, 17494, 17476, 17458, 17440, 17422, 17404, 17386, 17368,
    17350, 17332, 17314, 17296, 17278, 17261, 17243, 17225, 17208, 17190, 17172, 17155, 17137,
    17120, 17102, 17085, 17067, 17050, 17033, 17015, 16999, 16981, 16964, 16947, 16930, 16913,
    16895, 16878, 16862, 16845, 16828, 16810, 16794, 16777, 16760, 16743, 16727, 16710, 16693,
    16677, 16660, 16644, 16627, 16611, 16594, 16578, 16562, 16545, 16529, 16513, 16497, 16480,
    16464, 16448, 16432, 16416, 16400, 16384,
};

size_t SoftmaxScratchBytes(const SoftmaxParams&) { return 0; }

Status Softmax(const SoftmaxParams& params, const int8_t* input, void* output,
               std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SoftmaxScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckSoftmaxParams(params, kName));
  if (params.output_type == ElementType::kInt16) {
    SoftmaxRows(params, input, static_cast<int16_t*>(output));
  } else {
    SoftmaxRows(params, input, static_cast<int8_t*>(output));
  }
  return Status::Ok();
}

Status SoftmaxInt16(const SoftmaxParams& params, const int16_t* input, int16_t* output,
                    std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SoftmaxScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckSoftmaxInt16Params(params));
  for (int32_t row = 0; row < params.outer_size; ++row) {
    const ptrdiff_t offset = static_cast<ptrdiff_t>(row) * params.depth;
    SoftmaxInt16Row(params, input + offset, output + offset);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
