// End-to-end tests of the CLI around the x86 kernel variants: `kernels` lists them with what
// this machine runs, `compile --target native` plans for the best of them, `run` plays the
// artifact's target (or --isa) and reports per op which variant ran, and the fallback policy
// lets a runtime whose variants need more scratch than planned run slower variants that fit.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "kernels/op_kind.h"
#include "tests/tools/cli_runner.h"

namespace arenastore::cli::testing {
namespace {

std::vector<char> ReadFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

nlohmann::json Json(const CliResult& result) { return nlohmann::json::parse(result.out); }

constexpr const char* kAcceleratedOps[] = {"conv2d",
                                           "depthwise_conv2d",
                                           "fully_connected",
                                           "batch_matmul",
                                           "transpose_conv2d",
                                           "average_pool2d",
                                           "max_pool2d",
                                           "add",
                                           "mul",
                                           "pad",
                                           "concatenation"};
// Ops only the AVX-512 variant specialises (the AVX2 one runs ref's kernel for them).
constexpr const char* kAvx512OnlyOps[] = {"softmax"};

bool RunsOwnVariant(const std::string& kind, kernels::Isa isa) {
  auto listed = [&kind](const auto& ops) {
    return std::find(std::begin(ops), std::end(ops), kind) != std::end(ops);
  };
  return listed(kAcceleratedOps) || (isa == kernels::Isa::kX86Avx512Vnni && listed(kAvx512OnlyOps));
}

TEST(CliX86, KernelsListsBothX86VariantsOfEveryAcceleratedOp) {
  const CliResult result = RunCli({"kernels", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = Json(result);
  std::set<std::string> listed;
  for (const auto& kernel : json["kernels"]) {
    listed.insert(kernel["name"].get<std::string>());
#if defined(__x86_64__)
    if (kernel["isa"] != "arm_dsp" && kernel["isa"] != "arm_mve") {
      EXPECT_TRUE(kernel["built"].get<bool>()) << kernel["name"];
    }
#endif
  }
  for (const char* op : kAcceleratedOps) {
    EXPECT_TRUE(listed.count(std::string(op) + "/x86_avx2")) << op;
    EXPECT_TRUE(listed.count(std::string(op) + "/x86_avx512vnni")) << op;
  }
  for (const char* op : kAvx512OnlyOps) {
    EXPECT_FALSE(listed.count(std::string(op) + "/x86_avx2")) << op;
    EXPECT_TRUE(listed.count(std::string(op) + "/x86_avx512vnni")) << op;
  }
  EXPECT_EQ(json["best_isa"], kernels::IsaName(kernels::BestRunnableIsa()));
}

TEST(CliX86, TheAllowListNarrowsWhatKernelsCallsRunnable) {
  const CliResult result = RunCli({"kernels", "--json"}, "ARENASTORE_ISA_ALLOW=ref");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = Json(result);
  EXPECT_EQ(json["best_isa"], "ref");
  for (const auto& kernel : json["kernels"]) {
    EXPECT_EQ(kernel["runnable"].get<bool>(), kernel["isa"] == "ref") << kernel["name"];
  }
}

TEST(CliX86, NativeTargetPlansForTheBestIsaThisMachineRuns) {
  TempDir dir;
  const CliResult native = RunCli({"compile", "--example", "resnet8", "--target", "native", "-o",
                                   dir.File("n.arena"), "--json"});
  ASSERT_EQ(native.exit_code, 0) << native.err;
  EXPECT_EQ(Json(native)["target_isa"], kernels::IsaName(kernels::BestRunnableIsa()));
  const CliResult narrowed = RunCli({"compile", "--example", "resnet8", "--target", "native", "-o",
                                     dir.File("r.arena"), "--json"},
                                    "ARENASTORE_ISA_ALLOW=ref");
  ASSERT_EQ(narrowed.exit_code, 0) << narrowed.err;
  EXPECT_EQ(Json(narrowed)["target_isa"], "ref");
  const CliResult bad =
      RunCli({"compile", "--example", "resnet8", "--target", "avx9", "-o", dir.File("b.arena")});
  EXPECT_EQ(bad.exit_code, 2);  // a bad argument
  EXPECT_NE(bad.err.find("native"), std::string::npos) << bad.err;
}

// Every built-in example planned for each x86 ISA this CPU runs computes, with that ISA's
// kernels, exactly what ref computes, and run --json names the variant each op ran.
TEST(CliX86, EachExampleRunsItsTargetsVariantsBitExactWithRef) {
  bool exercised = false;
  for (const kernels::Isa isa : {kernels::Isa::kX86Avx2, kernels::Isa::kX86Avx512Vnni}) {
    if (!kernels::IsaRunnable(isa)) continue;
    for (const char* example : {"ds-cnn", "mobilenet-v1", "resnet8", "all-ops"}) {
      TempDir dir;
      const std::string name = kernels::IsaName(isa);
      ASSERT_EQ(RunCli({"compile", "--example", example, "-o", dir.File("ref.arena")}).exit_code,
                0);
      ASSERT_EQ(
          RunCli({"compile", "--example", example, "--target", name, "-o", dir.File("x86.arena")})
              .exit_code,
          0);
      const CliResult ref = RunCli({"run", dir.File("ref.arena"), "--random-input", "5", "--output",
                                    dir.File("ref.bin"), "--json"});
      ASSERT_EQ(ref.exit_code, 0) << ref.err;
      const CliResult x86 = RunCli({"run", dir.File("x86.arena"), "--random-input", "5", "--output",
                                    dir.File("x86.bin"), "--json"});
      ASSERT_EQ(x86.exit_code, 0) << x86.err;
      EXPECT_EQ(ReadFile(dir.File("ref.bin")), ReadFile(dir.File("x86.bin")))
          << example << " on " << name;
      const auto json = Json(x86);
      EXPECT_EQ(json["verdict"], "accept") << example;
      EXPECT_EQ(json["runtime_isa"], name);
      for (const auto& op : json["operators"]) {
        EXPECT_EQ(op["variant"], RunsOwnVariant(op["kind"], isa) ? name : "ref")
            << example << " op " << op["index"];
      }
      const auto ref_json = Json(ref);  // a range-for over a temporary's member would dangle
      for (const auto& op : ref_json["operators"]) EXPECT_EQ(op["variant"], "ref");
      exercised = true;
    }
  }
  if (!exercised) GTEST_SKIP() << "this machine runs neither x86_avx2 nor x86_avx512vnni";
}

// A ref-planned artifact run as an x86 runtime: its conv2d kernels need more scratch than ref
// planned, so the default policy refuses (exit 3) and the fallback policy runs ref where the
// x86 variant does not fit, with the same outputs.
TEST(CliX86, FallbackRunsRefWhereTheX86VariantDoesNotFit) {
  const kernels::Isa best = kernels::BestRunnableIsa();
  if (best != kernels::Isa::kX86Avx2 && best != kernels::Isa::kX86Avx512Vnni) {
    GTEST_SKIP() << "this machine runs neither x86_avx2 nor x86_avx512vnni";
  }
  TempDir dir;
  ASSERT_EQ(RunCli({"compile", "--example", "resnet8", "-o", dir.File("ref.arena")}).exit_code, 0);
  const CliResult refused =
      RunCli({"run", dir.File("ref.arena"), "--random-input", "3", "--isa", "native"});
  EXPECT_EQ(refused.exit_code, 3) << refused.out << refused.err;
  const CliResult fallback =
      RunCli({"run", dir.File("ref.arena"), "--random-input", "3", "--isa", "native", "--policy",
              "fallback", "--output", dir.File("fallback.bin"), "--json"});
  ASSERT_EQ(fallback.exit_code, 0) << fallback.out << fallback.err;
  const auto json = Json(fallback);
  EXPECT_EQ(json["verdict"], "warn");
  std::set<std::string> variants;
  for (const auto& op : json["operators"]) variants.insert(op["variant"].get<std::string>());
  EXPECT_TRUE(variants.count("ref")) << fallback.out;
  EXPECT_TRUE(variants.count(kernels::IsaName(best)) || variants.count("x86_avx2"))
      << "no op ran an x86 variant: " << fallback.out;
  ASSERT_EQ(
      RunCli({"run", dir.File("ref.arena"), "--random-input", "3", "--output", dir.File("ref.bin")})
          .exit_code,
      0);
  EXPECT_EQ(ReadFile(dir.File("ref.bin")), ReadFile(dir.File("fallback.bin")));
}

}  // namespace
}  // namespace arenastore::cli::testing
