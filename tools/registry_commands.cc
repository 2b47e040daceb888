// `arenastore push | pull | rm | gc`: moving artifacts into and out of the store.
// push verifies every file with the runtime's view before anything is written; a directory
// is pushed in batches (one transaction each) with progress on a terminal.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

#include "store/artifact_bytes.h"
#include "store/names.h"
#include "store/push.h"
#include "store/reference.h"
#include "store/removal.h"
#include "store/signature_policy.h"
#include "tools/aligned_bytes.h"
#include "tools/json_document.h"
#include "tools/numeric_option.h"
#include "tools/output_file.h"
#include "tools/progress.h"
#include "tools/push_entry.h"
#include "tools/registry_format.h"
#include "tools/registry_verbs.h"
#include "tools/remote_verbs.h"
#include "tools/store_access.h"
#include "tools/store_actions.h"

namespace arenastore::cli {
namespace {

// Files per transaction in `push DIR`: each commit pays one fsync, each batch holds the write
// lock, so batches trade throughput against how long other writers wait.
constexpr size_t kPushBatchFiles = 64;

struct PushOptions {
  std::string path;
  std::string model;
  std::string alias;
  std::string note;
  std::string remote;
  uint64_t chunk_bytes = 0;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

struct LoadedFile {
  std::string path;
  AlignedBytes bytes;
  store::ArtifactMetadata metadata;
  std::string model;
};

Result<std::vector<std::string>> ArtifactFiles(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_directory(path, error)) return std::vector<std::string>{path};
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(path, error)) {
    if (entry.is_regular_file() && entry.path().extension() == ".arena") {
      files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  ARENASTORE_CHECK_OR_RETURN(!files.empty(), ErrorCode::kInvalidArgument,
                             "no .arena files in directory %s; compile some with `arenastore "
                             "compile`",
                             path.c_str());
  return files;
}

Result<LoadedFile> LoadFile(const PushOptions& options, const std::string& path) {
  LoadedFile file;
  file.path = path;
  ARENASTORE_ASSIGN_OR_RETURN(file.bytes, ReadFileAligned(path));
  auto metadata = store::ReadArtifactMetadata(file.bytes.span());
  if (!metadata.ok()) {
    Status status = metadata.status();
    return status.WithContext("%s is not a valid artifact (nothing was pushed)", path.c_str());
  }
  file.metadata = std::move(metadata.value());
  ARENASTORE_ASSIGN_OR_RETURN(file.model, ModelNameFor(options.model, file.metadata, file.path));
  return file;
}

// Verifies every file before storing any, so a bad file in a directory pushes nothing.
Result<std::vector<LoadedFile>> LoadAll(const PushOptions& options,
                                        const std::vector<std::string>& paths) {
  std::vector<LoadedFile> files;
  Status first_failure;
  int failures = 0;
  for (const std::string& path : paths) {
    auto file = LoadFile(options, path);
    if (file.ok()) {
      files.push_back(std::move(file.value()));
      continue;
    }
    if (++failures == 1) first_failure = file.status();
    if (paths.size() > 1) fmt::print(stderr, "arenastore push: {}\n", file.status().message());
  }
  if (failures == 0) return files;
  if (paths.size() == 1) return first_failure;
  return Status::Error(first_failure.code(),
                       "%d of %zu files are not valid artifacts (listed above); nothing was "
                       "pushed. Remove or re-compile them and push again",
                       failures, paths.size());
}

void PrintPushed(const store::PushResult& result) {
  const std::string reference = result.model + "@" + std::to_string(result.version);
  fmt::print("pushed {:<20} {}  {:>12}  {}\n", reference, ShortDigest(result.sha256),
             GroupedBytes(result.size_bytes),
             !result.new_version   ? "(already the latest version; nothing new stored)"
             : result.new_artifact ? "(new artifact)"
                                   : "(same bytes as an existing artifact; stored once)");
  if (!result.alias.empty())
    fmt::print("alias  {}@{} -> {}\n", result.model, result.alias, reference);
  if (result.note_not_recorded) {
    fmt::print(stderr,
               "note   not recorded: {} already holds these bytes, and a stored version keeps the "
               "note it was pushed with ('{}')\n",
               reference, result.stored_note);
  }
}

Status RunPush(const PushOptions& options) {
  if (!options.remote.empty()) {
    ARENASTORE_CHECK_OR_RETURN(
        options.model.empty() && options.alias.empty() && options.note.empty(),
        ErrorCode::kInvalidArgument,
        "push --remote sends stored versions as they are: --model, --alias "
        "and --note apply to pushing files into the store");
    return RunPushToRemote(options.path, options.remote, options.chunk_bytes, options.db,
                           *options.json);
  }
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<std::string> paths, ArtifactFiles(options.path));
  ARENASTORE_CHECK_OR_RETURN(paths.size() == 1 || options.alias.empty(),
                             ErrorCode::kInvalidArgument,
                             "--alias needs a single file; after pushing a directory, move an "
                             "alias with `arenastore alias set MODEL ALIAS VERSION`");
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<LoadedFile> files, LoadAll(options, paths));
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kWriteOrCreate));
  Progress progress("push");
  nlohmann::json pushed = nlohmann::json::array();
  std::vector<store::PushResult> results;
  for (size_t start = 0; start < files.size(); start += kPushBatchFiles) {
    std::vector<store::PushItem> batch;
    for (size_t i = start; i < std::min(files.size(), start + kPushBatchFiles); ++i) {
      batch.push_back({files[i].bytes.span(),
                       &files[i].metadata,
                       {files[i].model, options.alias, options.note, ""}});
    }
    auto stored = store::PushMany(registry, batch);
    if (!stored.ok()) {
      Status status = stored.status();
      return status.WithContext("push %s into %s (%zu of %zu files stored before)",
                                options.path.c_str(), registry.path().c_str(), start, files.size());
    }
    for (size_t i = 0; i < stored->size(); ++i) {
      pushed.push_back(PushJson((*stored)[i], files[start + i].path));
      results.push_back((*stored)[i]);
    }
    progress.Update(static_cast<int64_t>(start + batch.size()), static_cast<int64_t>(files.size()));
  }
  if (*options.json) {
    EmitJson(nlohmann::json{{"db", registry.path()}, {"pushed", pushed}});
    return Status::Ok();
  }
  for (const store::PushResult& result : results) PrintPushed(result);
  const store::PushResult& last = results.back();
  fmt::print("next: arenastore show {}@{}{}\n", last.model, last.version,
             registry.path() == "arenastore.db" ? "" : " --db " + registry.path());
  return Status::Ok();
}

struct PullOptions {
  std::string reference;
  std::string output;
  bool all_versions = false;
  bool allow_rollback = false;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

// A version of this store to a file, the store's signature policy applied and the digest
// re-verified on the way out.
Result<PullOutcome> PullStored(const PullRequest& request) {
  ARENASTORE_CHECK_OR_RETURN(
      !request.output.empty() && !request.all_versions && !request.allow_rollback,
      ErrorCode::kInvalidArgument,
      "pull %s reads the local store: it needs -o FILE (and --all and "
      "--allow-rollback are for remote models, e.g. hub/kws)",
      request.reference.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(request.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const store::ResolvedVersion version,
                              store::Resolve(registry, request.reference));
  ARENASTORE_RETURN_IF_ERROR(store::EnforceSignaturePolicy(registry, version));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> bytes,
                              store::ReadArtifactBytes(registry, version));
  ARENASTORE_RETURN_IF_ERROR(WriteOutput(request.output, bytes, StreamableOutput(request.json)));
  PullOutcome outcome;
  outcome.document = {{"reference", version.Name()},
                      {"sha256", version.sha256},
                      {"size_bytes", bytes.size()},
                      {"file", request.output}};
  outcome.text = fmt::format("pulled {} {} ({}, digest re-verified) to {}\n", version.Name(),
                             ShortDigest(version.sha256), GroupedBytes(bytes.size()),
                             request.output);
  return outcome;
}

Status RunPull(const PullOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(
      const PullOutcome outcome,
      Pull({options.reference, options.output, options.all_versions, options.allow_rollback,
            options.db, *options.json}));
  if (*options.json) {
    EmitJson(outcome.document);
  } else {
    // Bytes on stdout (`-o -`) keep it to themselves; the summary goes to stderr.
    fmt::print(IsStdout(options.output) ? stderr : stdout, "{}", outcome.text);
  }
  return Status::Ok();
}

struct RemoveOptions {
  std::string reference;
  bool yes = false;
  bool dry_run = false;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

// `rm kws` names no version: whichever is newest when it runs. Removing that takes --yes.
Status RequireExplicitVersion(store::Registry& registry, const RemoveOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(const store::Reference reference,
                              store::ParseReference(options.reference));
  if (reference.kind != store::Reference::Kind::kLatest || options.yes || options.dry_run) {
    return Status::Ok();
  }
  ARENASTORE_ASSIGN_OR_RETURN(const store::ResolvedVersion newest,
                              store::Resolve(registry, reference));
  return Status::Error(ErrorCode::kInvalidArgument,
                       "'%s' names no version; it would remove %s, the newest. Name the version "
                       "(`arenastore rm %s`), or add --yes",
                       options.reference.c_str(), newest.Name().c_str(), newest.Name().c_str());
}

Status RunRm(const RemoveOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(
      store::Registry registry,
      OpenRegistry(options.db, options.dry_run ? StoreAccess::kRead : StoreAccess::kWrite));
  ARENASTORE_RETURN_IF_ERROR(RequireExplicitVersion(registry, options));
  const store::Removal removal =
      options.dry_run ? store::Removal::kDryRun : store::Removal::kRemove;
  ARENASTORE_ASSIGN_OR_RETURN(const store::ResolvedVersion removed,
                              store::RemoveVersion(registry, options.reference, removal));
  if (*options.json) {
    EmitJson(nlohmann::json{
        {"removed", removed.Name()}, {"sha256", removed.sha256}, {"dry_run", options.dry_run}});
  } else if (options.dry_run) {
    fmt::print("would remove {} ({}); nothing was changed (drop --dry-run to remove it)\n",
               removed.Name(), ShortDigest(removed.sha256));
  } else {
    fmt::print("removed {} ({}); its bytes stay until `arenastore gc`\n", removed.Name(),
               ShortDigest(removed.sha256));
  }
  return Status::Ok();
}

Status RunGc(const RemoveOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(
      store::Registry registry,
      OpenRegistry(options.db, options.dry_run ? StoreAccess::kRead : StoreAccess::kWrite));
  ARENASTORE_ASSIGN_OR_RETURN(
      const store::GarbageReport report,
      store::CollectGarbage(registry,
                            options.dry_run ? store::Removal::kDryRun : store::Removal::kRemove));
  if (*options.json) {
    EmitJson(nlohmann::json{{"artifacts_removed", report.artifacts_removed},
                            {"bytes_freed", report.bytes_freed},
                            {"dry_run", options.dry_run}});
  } else {
    fmt::print("{} {} unreferenced artifact(s), {}{}\n",
               options.dry_run ? "would remove" : "removed", report.artifacts_removed,
               GroupedBytes(report.bytes_freed),
               options.dry_run ? "; nothing was changed" : " (the file reuses the space)");
  }
  return Status::Ok();
}

}  // namespace

Result<PullOutcome> Pull(const PullRequest& request) {
  ARENASTORE_ASSIGN_OR_RETURN(const PullSource source, ClassifyPullSource(request.reference));
  if (source == PullSource::kRemote) return PullFromRemote(request);
  if (source == PullSource::kLayout) return PullFromLayout(request);
  return PullStored(request);
}

Verb SetupPush(CLI::App& app) {
  auto options = std::make_shared<PushOptions>();
  CLI::App* command = app.add_subcommand(
      "push", "Store an artifact (or every .arena file in a directory) as a new model version");
  command
      ->add_option("path", options->path,
                   "Artifact file or directory of .arena files; with --remote, a stored model "
                   "(every version) or version (kws@3, kws@prod)")
      ->required();
  command->add_option("--model", options->model,
                      "Model name (default: the name recorded in the artifact, else the file's, "
                      "without .tflite or .arena)");
  command->add_option("--alias", options->alias, "Point this alias (e.g. prod) at the version");
  command->add_option("--note", options->note, "Free text kept with the version");
  command->add_option("--remote", options->remote,
                      "Push stored versions, their signatures and aliases to this remote");
  command
      ->add_option("--chunk-bytes", options->chunk_bytes,
                   "With --remote: upload blobs larger than this in chunks of this size (0: "
                   "whole)")
      ->check(NonNegative());
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print what was pushed as JSON");
  command->footer(
      "Example: arenastore push kws.arena --model kws --alias prod\n"
      "         arenastore push kws --remote hub    (every version of kws, signed, aliased)");
  return {command, [options] { return RunPush(*options); }, options->json};
}

Verb SetupPull(CLI::App& app) {
  auto options = std::make_shared<PullOptions>();
  CLI::App* command = app.add_subcommand(
      "pull", "Write a stored artifact to a file, or bring versions from a remote into the store");
  command->add_option("reference", options->reference, kPullSourceHelp)->required();
  command->add_option("-o,--output", options->output,
                      "File to write, '-' for stdout (required for a stored reference)");
  command->add_flag("--all", options->all_versions,
                    "From a remote: every version of the model and every alias");
  command->add_flag("--allow-rollback", options->allow_rollback,
                    "From a remote: move a local alias below the newest version it has pointed "
                    "at, even under policy allow-rollback off (journaled)");
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print what was written as JSON");
  command->footer(
      "Example: arenastore pull kws@prod -o kws.arena      (from this store)\n"
      "         arenastore pull hub/kws@prod               (from remote hub into the store; -o "
      "too)\n"
      "         arenastore pull oci:/media/usb/kws:prod     (from an OCI image layout, as "
      "`export --oci-layout` or skopeo write it)");
  return {command, [options] { return RunPull(*options); }, options->json};
}

Verb SetupRm(CLI::App& app) {
  auto options = std::make_shared<RemoveOptions>();
  CLI::App* command = app.add_subcommand(
      "rm", "Remove a model version (move its aliases and devices first); bytes stay until gc");
  command->add_option("reference", options->reference, "kws@3 or kws@prod (kws alone needs --yes)")
      ->required();
  command->add_flag("--yes", options->yes, "Remove the newest version when REF names no version");
  command->add_flag("--dry-run", options->dry_run,
                    "Check and say what would be removed, changing nothing");
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print what was removed as JSON");
  command->footer("Example: arenastore rm kws@2 --dry-run");
  return {command, [options] { return RunRm(*options); }, options->json};
}

Verb SetupGc(CLI::App& app) {
  auto options = std::make_shared<RemoveOptions>();
  CLI::App* command =
      app.add_subcommand("gc", "Delete stored artifacts that no model version refers to");
  command->add_flag("--dry-run", options->dry_run, "Count what would be deleted, changing nothing");
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print what was removed as JSON");
  command->footer("Example: arenastore gc --dry-run --db fleet.db");
  return {command, [options] { return RunGc(*options); }, options->json};
}

std::vector<Verb> SetupRegistryVerbs(CLI::App& app) {
  return {
      SetupPush(app),   SetupPull(app),   SetupLs(app),  SetupShow(app),  SetupRm(app),
      SetupGc(app),     SetupAlias(app),  SetupKey(app), SetupSign(app),  SetupVerifySignature(app),
      SetupPolicy(app), SetupVerify(app), SetupDb(app),  SetupRemote(app)};
}

}  // namespace arenastore::cli
