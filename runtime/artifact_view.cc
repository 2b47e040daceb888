#include "runtime/artifact_view.h"

#include "kernels/op_kind.h"
#include "runtime/artifact_validation.h"
#include "runtime/format_version.h"
#include "runtime/plan_verification.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

static_assert(FLATBUFFERS_LITTLEENDIAN, "artifacts are little-endian and read in place");

uint16_t ReadU16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | (p[1] << 8)); }
uint32_t ReadU32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) |
         (static_cast<uint32_t>(p[2]) << 16) | (static_cast<uint32_t>(p[3]) << 24);
}

Status CheckSizeAndAlignment(std::span<const uint8_t> bytes) {
  ARENASTORE_CHECK_OR_RETURN(bytes.size() >= kMinArtifactBytes, ErrorCode::kFormatTooSmall,
                             "artifact is %zu bytes, smaller than the %zu-byte minimum of any "
                             "artifact; the file is empty or truncated",
                             bytes.size(), kMinArtifactBytes);
  ARENASTORE_CHECK_OR_RETURN(
      bytes.size() < FLATBUFFERS_MAX_BUFFER_SIZE, ErrorCode::kFormatVerifierFailed,
      "artifact is %zu bytes, more than a FlatBuffer can address", bytes.size());
  const size_t address = reinterpret_cast<uintptr_t>(bytes.data());
  ARENASTORE_CHECK_OR_RETURN(address % kArtifactAlignment == 0, ErrorCode::kFormatMisaligned,
                             "artifact buffer at 0x%zx is not %zu-byte aligned (its constants are "
                             "force_align %zu); copy the bytes into a %zu-byte aligned buffer",
                             address, kArtifactAlignment, kArtifactAlignment, kArtifactAlignment);
  return Status::Ok();
}

char Printable(uint8_t c) { return c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '?'; }

Status CheckIdentifier(std::span<const uint8_t> bytes) {
  const char* expected = schema::ArtifactIdentifier();
  const uint8_t* id = bytes.data() + sizeof(flatbuffers::uoffset_t);
  for (int i = 0; i < 4; ++i) {
    if (id[i] != static_cast<uint8_t>(expected[i])) {
      return Status::Error(ErrorCode::kFormatBadIdentifier,
                           "not an arenastore artifact (identifier '%c%c%c%c', expected '%s')",
                           Printable(id[0]), Printable(id[1]), Printable(id[2]), Printable(id[3]),
                           expected)
          .WithField("file_identifier");
    }
  }
  return Status::Ok();
}

struct FormatVersion {
  uint16_t major;
  uint16_t minor;
};

Status TruncatedRoot(size_t size) {
  return Status::Error(ErrorCode::kFormatVerifierFailed,
                       "format_version: the root table or its vtable lies outside the %zu-byte "
                       "buffer; the file is truncated or corrupt",
                       size)
      .WithField("format_version");
}

// Reads field 0 of the root table by hand, trusting nothing: every offset is bounds-checked in
// 64 bits. False when an offset points past the bytes (the one error, made by the caller: a bool
// here keeps four Status constructions out of the gate-only image). An absent field reads as 0.0,
// which no reader supports.
bool ReadFormatVersion(std::span<const uint8_t> bytes, FormatVersion* version) {
  const uint8_t* data = bytes.data();
  const int64_t size = static_cast<int64_t>(bytes.size());
  const int64_t table = ReadU32(data);
  if (table + 4 > size) return false;
  const int64_t vtable = table - static_cast<int32_t>(ReadU32(data + table));
  if (vtable < 0 || vtable + 4 > size) return false;
  const int64_t vtable_bytes = ReadU16(data + vtable);
  if (vtable + vtable_bytes > size) return false;
  *version = {0, 0};
  if (vtable_bytes < 6) return true;
  const int64_t field = ReadU16(data + vtable + 4);
  if (field == 0) return true;
  if (table + field + 4 > size) return false;
  version->major = ReadU16(data + table + field);
  version->minor = ReadU16(data + table + field + 2);
  return true;
}

Status CheckFormatVersion(std::span<const uint8_t> bytes) {
  FormatVersion version{};  // arm-none-eabi-g++ -Os cannot see ReadFormatVersion sets it
  if (!ReadFormatVersion(bytes, &version)) return TruncatedRoot(bytes.size());
  if (version.major == kFormatVersionMajor) return Status::Ok();
  return Status::Error(ErrorCode::kFormatUnsupportedVersion,
                       "format_version: artifact is format %u.%u, this runtime reads format %u.x "
                       "(up to %u.%u); %s",
                       version.major, version.minor, kFormatVersionMajor, kFormatVersionMajor,
                       kFormatVersionMinor,
                       version.major > kFormatVersionMajor
                           ? "upgrade the runtime or re-plan with a planner that writes 1.x"
                           : "re-plan the model with a current planner")
      .WithField("format_version");
}

Status RunVerifier(std::span<const uint8_t> bytes) {
  flatbuffers::Verifier::Options options;
  options.max_depth = kVerifierMaxDepth;
  options.max_tables = kVerifierMaxTables;
  flatbuffers::Verifier verifier(bytes.data(), bytes.size(), options);
  // nullptr: CheckIdentifier has compared the identifier byte by byte already (the generated
  // VerifyArtifactBuffer would compare it again with strncmp, 130 B of libc on a device).
  ARENASTORE_CHECK_OR_RETURN(verifier.VerifyBuffer<schema::Artifact>(nullptr),
                             ErrorCode::kFormatVerifierFailed,
                             "the FlatBuffers verifier rejected the artifact (an offset, size or "
                             "alignment is out of bounds, or it nests deeper than %u or has more "
                             "than %u tables); the file is corrupt",
                             kVerifierMaxDepth, kVerifierMaxTables);
  return Status::Ok();
}

}  // namespace

// Out of line (LTO would inline it into Create): each check's returned Status is a temporary
// of its own in the frame, which must be gone before the plan proof runs on top of Create.
[[gnu::noinline]] Result<ArtifactView> ArtifactView::CreateForGate(std::span<const uint8_t> bytes) {
  ARENASTORE_RETURN_IF_ERROR(CheckSizeAndAlignment(bytes));
  ARENASTORE_RETURN_IF_ERROR(CheckIdentifier(bytes));
  ARENASTORE_RETURN_IF_ERROR(CheckFormatVersion(bytes));
  ARENASTORE_RETURN_IF_ERROR(RunVerifier(bytes));
  const schema::Artifact* artifact = schema::GetArtifact(bytes.data());
  ARENASTORE_RETURN_IF_ERROR(ValidateArtifact(*artifact, bytes));
  return ArtifactView(bytes, artifact);
}

namespace {

// The view, or the plan proof's refusal of it. Out of line, so the proof's Status is not in
// Create's frame beside the Result that holds the view.
[[gnu::noinline]] Result<ArtifactView> WithProvenPlan(const ArtifactView& view,
                                                      std::span<uint8_t> workspace) {
  const Status plan = VerifyPlan(view.artifact(), workspace);
  if (!plan.ok()) return plan;
  return view;
}

}  // namespace

Result<ArtifactView> ArtifactView::Create(std::span<const uint8_t> bytes,
                                          std::span<uint8_t> workspace) {
  const Result<ArtifactView> view = CreateForGate(bytes);
  if (!view.ok()) return view;
  return WithProvenPlan(view.value(), workspace);
}

const uint8_t* ArtifactView::ConstantData(const schema::Tensor& tensor) const {
  return artifact_->constants()->data() + tensor.offset();
}

const schema::Scratch* ArtifactView::ScratchOf(int32_t op_index) const {
  const auto* scratch = op(op_index).scratch();
  if (scratch == nullptr || scratch->size() == 0) return nullptr;
  return scratch->Get(0);
}

size_t ArtifactView::PlannedScratchBytes(int32_t op_index) const {
  const schema::Scratch* scratch = ScratchOf(op_index);
  return scratch == nullptr ? 0 : static_cast<size_t>(scratch->bytes());
}

bool ArtifactView::IsKnownOpKind(int32_t op_index) const {
  return RuntimeOpOf(static_cast<kernels::OpKind>(op(op_index).kind())) != nullptr;
}

const char* PoolKindName(schema::PoolKind kind) {
  switch (kind) {
    case schema::PoolKind::WORKSPACE:
      return "workspace";
    case schema::PoolKind::CONSTANT:
      return "constant";
    case schema::PoolKind::IO:
      return "io";
    case schema::PoolKind::STATE:
      return "state";
  }
  return "unknown";
}

bool IsStateTensor(const ArtifactView& view, const schema::Tensor& tensor) {
  return tensor.pool() >= 0 && tensor.pool() < view.pool_count() &&
         view.pool(tensor.pool()).kind() == schema::PoolKind::STATE;
}

}  // namespace arenastore::runtime
