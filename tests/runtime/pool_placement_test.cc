// Placing a plan's logical pools into a device's physical memories: by name where names match,
// shared and aligned where they do not, and a failure that names the memory and the bytes short.
#include "runtime/pool_placement.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "runtime/gate.h"
#include "tests/runtime/artifact_fixture.h"

namespace arenastore::runtime {
namespace {

using namespace testing;  // NOLINT: the fixture's vocabulary reads best unqualified

// The tiny model (its tensors in pool 0, "sram") plus pools no tensor uses, as a plan with a
// state or an io pool has them.
ArtifactSpec WithPools(const std::vector<PoolSpec>& extra) {
  ArtifactSpec spec = TinyModelSizedFor(kernels::Isa::kRef);
  for (const PoolSpec& pool : extra) spec.pools.push_back(pool);
  return spec;
}

PoolSpec Pool(const char* name, uint64_t bytes, uint32_t alignment = 16) {
  PoolSpec pool;
  pool.name = name;
  pool.planned_bytes = bytes;
  pool.alignment = alignment;
  return pool;
}

struct Placed {
  PlacementOutcome outcome;
  std::vector<PoolPlace> places;
};

Placed Place(const OpenedArtifact& artifact, const std::vector<PoolCapacity>& memories,
             PlacementRule rule = PlacementRule::kShared) {
  Placed placed;
  placed.places.assign(static_cast<size_t>(artifact.view().pool_count()), {-1, 0});
  placed.outcome = PlacePools(artifact.view(), memories, rule, placed.places);
  return placed;
}

// The invariant every placement keeps: inside its memory, aligned, no two pools overlapping.
void ExpectSound(const ArtifactView& view, const std::vector<PoolCapacity>& memories,
                 const std::vector<PoolPlace>& places) {
  for (int32_t a = 0; a < view.pool_count(); ++a) {
    const PoolPlace& place = places[static_cast<size_t>(a)];
    ASSERT_GE(place.memory_index, 0) << "pool " << a;
    const uint64_t bytes = view.pool(a).planned_bytes();
    EXPECT_LE(place.offset_bytes + bytes, memories[static_cast<size_t>(place.memory_index)].bytes);
    EXPECT_EQ(place.offset_bytes % view.pool(a).alignment(), 0u) << "pool " << a;
    for (int32_t b = a + 1; b < view.pool_count(); ++b) {
      const PoolPlace& other = places[static_cast<size_t>(b)];
      if (other.memory_index != place.memory_index) continue;
      const bool apart = place.offset_bytes + bytes <= other.offset_bytes ||
                         other.offset_bytes + view.pool(b).planned_bytes() <= place.offset_bytes;
      EXPECT_TRUE(apart) << "pools " << a << " and " << b << " overlap";
    }
  }
}

TEST(PoolPlacement, APoolGoesToTheMemoryOfItsName) {
  const OpenedArtifact artifact(WithPools({}));
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  const uint64_t sram = artifact.view().pool(0).planned_bytes();
  const std::vector<PoolCapacity> memories = {{"ram", 1 << 20}, {"sram", sram}};
  const Placed placed = Place(artifact, memories);
  ASSERT_TRUE(placed.outcome.placed);
  EXPECT_EQ(placed.places[0].memory_index, 1);
  EXPECT_EQ(placed.places[0].offset_bytes, 0u);
}

TEST(PoolPlacement, PoolsOfOtherNamesShareOneMemoryEachAligned) {
  const OpenedArtifact artifact(WithPools({Pool("state", 100, 16), Pool("io", 7, 64)}));
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  const uint64_t sram = artifact.view().pool(0).planned_bytes();
  // Largest first, each aligned: sram at 0, state at 16-aligned, io at 64-aligned after it.
  const uint64_t state_at = AlignUp(sram, 16);
  const uint64_t io_at = AlignUp(state_at + 100, 64);
  const std::vector<PoolCapacity> memories = {{"ram", io_at + 7}};
  const Placed placed = Place(artifact, memories);
  ASSERT_TRUE(placed.outcome.placed);
  ExpectSound(artifact.view(), memories, placed.places);
  EXPECT_EQ(placed.places[1].offset_bytes, state_at);
  EXPECT_EQ(placed.places[2].offset_bytes, io_at);
}

TEST(PoolPlacement, FindsAPlacementWhereLargestIntoRoomiestFails) {
  // Pools X, b, b with b < X < 2b into memories of 2b and X: X first into the roomier 2b leaves
  // no room for both b; the only placement puts X alone in the smaller memory.
  const OpenedArtifact probe(WithPools({}));
  ASSERT_TRUE(probe.ok());
  const uint64_t x = probe.view().pool(0).planned_bytes();
  const uint64_t b = AlignUp(x * 3 / 4, 16);
  ASSERT_TRUE(b < x && x < 2 * b && x % 16 == 0) << x;
  const OpenedArtifact artifact(WithPools({Pool("state", b), Pool("io", b)}));
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  const std::vector<PoolCapacity> memories = {{"dtcm", 2 * b}, {"ram", x}};
  const Placed placed = Place(artifact, memories);
  ASSERT_TRUE(placed.outcome.placed);
  ExpectSound(artifact.view(), memories, placed.places);
  EXPECT_EQ(placed.places[0].memory_index, 1);
}

TEST(PoolPlacement, AFailureNamesTheMemoryAndTheBytesMissing) {
  const OpenedArtifact artifact(WithPools({Pool("state", 96)}));
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  const uint64_t total = AlignUp(artifact.view().pool(0).planned_bytes(), 16) + 96;
  const Placed placed = Place(artifact, {{"ram", total - 5}});
  EXPECT_FALSE(placed.outcome.placed);
  EXPECT_EQ(placed.outcome.memory_index, 0);
  EXPECT_EQ(placed.outcome.needed_bytes - placed.outcome.free_bytes, 5u);
}

TEST(PoolPlacement, AMemoryOfThePoolsNameIsBindingEvenWhenAnotherHasRoom) {
  const OpenedArtifact artifact(WithPools({}));
  ASSERT_TRUE(artifact.ok());
  const uint64_t sram = artifact.view().pool(0).planned_bytes();
  const Placed placed = Place(artifact, {{"ram", 1 << 20}, {"sram", sram - 1}});
  EXPECT_FALSE(placed.outcome.placed);
  EXPECT_EQ(placed.outcome.memory_index, 1);
  EXPECT_EQ(placed.outcome.free_bytes, sram - 1);
}

TEST(PoolPlacement, ByNameRefusesMemoriesOfOtherNames) {
  const OpenedArtifact artifact(WithPools({}));
  ASSERT_TRUE(artifact.ok());
  const Placed placed = Place(artifact, {{"ram", 1 << 20}}, PlacementRule::kByName);
  EXPECT_FALSE(placed.outcome.placed);
  EXPECT_EQ(placed.outcome.pool_index, 0);
  EXPECT_EQ(placed.outcome.memory_index, -1);
}

// The gate judges with the same rule: the default policy places, the strict one matches names.
TEST(PoolPlacement, TheGateAcceptsOneRamMemoryAndRejectsOneTooSmallNamingIt) {
  const OpenedArtifact artifact(WithPools({Pool("state", 96)}));
  ASSERT_TRUE(artifact.ok());
  const uint64_t total = AlignUp(artifact.view().pool(0).planned_bytes(), 16) + 96;
  std::vector<Finding> findings(8);
  for (const GatePolicy policy : {GatePolicy::kDefault, GatePolicy::kFallback}) {
    const std::vector<PoolCapacity> fits = {{"ram", total}};
    EXPECT_EQ(EvaluateGate(artifact.view(), ThisRuntime(), policy, fits, findings, {}).verdict,
              Verdict::kAccept);
  }
  const std::vector<PoolCapacity> small = {{"ram", total - 5}};
  const GateReport report =
      EvaluateGate(artifact.view(), ThisRuntime(), GatePolicy::kDefault, small, findings, {});
  ASSERT_EQ(report.findings_stored, 1);
  EXPECT_EQ(findings[0].kind, FindingKind::kPoolTooSmall);
  char text[256];
  FormatFinding(findings[0], text, sizeof(text));
  EXPECT_EQ(std::string(text),
            "pool 1 'state': plan needs 96 B, memory 'ram' has 91 B; 5 B missing, re-plan for this "
            "device's capacity");
  const std::vector<PoolCapacity> fits = {{"ram", total}};
  const GateReport strict =
      EvaluateGate(artifact.view(), ThisRuntime(), GatePolicy::kStrict, fits, findings, {});
  ASSERT_EQ(strict.findings_stored, 1);
  EXPECT_EQ(findings[0].kind, FindingKind::kPoolMissing);
}

}  // namespace
}  // namespace arenastore::runtime
