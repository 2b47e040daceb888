// Store: push, pull, alias, ls, show, sign, policy, verify and audit on a store file, opened as
// the CLI's verbs open it (read verbs read-only when the user cannot write it; push creates a
// missing store), answering in the documents their --json prints, through the functions the
// verbs call (tools/store_actions.h). Each call opens the store anew, so Store objects hold only
// a path and threads may share them; store work runs without the GIL. An audit's report is an
// AuditReportHandle: immutable, so threads may share it too.
#include <pybind11/stl.h>

#include <optional>

#include "python/src/bindings.h"
#include "python/src/errors.h"
#include "store/aliases.h"
#include "store/artifact_metadata.h"
#include "store/audit_diff.h"
#include "store/audit_html.h"
#include "store/audit_record.h"
#include "store/listing.h"
#include "store/push.h"
#include "store/show.h"
#include "store/verify.h"
#include "tools/alias_change_json.h"
#include "tools/audit_fix_command.h"
#include "tools/audit_format.h"
#include "tools/isa_option.h"
#include "tools/push_entry.h"
#include "tools/store_access.h"
#include "tools/store_actions.h"
#include "tools/verify_report.h"
#include "tools/version_details_format.h"

namespace py = pybind11;

namespace arenastore::python {
namespace {

// Runs `work` (returning Result<nlohmann::json>) without the GIL; raises its error with it.
template <typename Work>
std::string WithoutGil(Work work) {
  std::optional<Result<nlohmann::json>> result;
  {
    py::gil_scoped_release release;
    result.emplace(work());
  }
  return ValueOrThrow(std::move(*result)).dump();
}

std::string List(const std::string& db, const std::string& model, const std::string& kernel_version,
                 const std::string& isa, int64_t limit) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    store::ListFilter filter{model, kernel_version, isa, limit};
    if (!filter.isa.empty()) {
      ARENASTORE_ASSIGN_OR_RETURN(filter.isa, cli::IsaOptionName("--isa", filter.isa));
    }
    ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                cli::OpenRegistry(db, cli::StoreAccess::kRead));
    ARENASTORE_ASSIGN_OR_RETURN(const store::VersionList list,
                                store::ListVersions(registry, filter));
    return cli::VersionListJson(registry.path(), list);
  });
}

std::string Show(const std::string& db, const std::string& reference) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                cli::OpenRegistry(db, cli::StoreAccess::kRead));
    ARENASTORE_ASSIGN_OR_RETURN(const store::VersionDetails details,
                                store::Show(registry, reference));
    return cli::DetailsJson(details);
  });
}

// The report; a damaged store raises IntegrityError carrying it, as verify exits 4.
std::string Verify(const std::string& db) {
  std::optional<Result<store::Registry>> registry;
  std::optional<Result<store::VerifyReport>> report;
  {
    py::gil_scoped_release release;
    registry.emplace(cli::OpenRegistry(db, cli::StoreAccess::kRead));
    if (registry->ok()) report.emplace(store::VerifyStore(registry->value()));
  }
  ThrowIfError(registry->status());
  const store::VerifyReport verified = ValueOrThrow(std::move(*report));
  const std::string path = registry->value().path();
  const std::string json = cli::VerifyReportJson(path, verified).dump();
  const Status outcome = cli::VerifyOutcome(path, verified);
  if (!outcome.ok()) Raise(outcome, json);
  return json;
}

// One artifact's bytes, named `path` in messages, pushed as `push FILE --json` pushes a file.
std::string Push(const std::string& db, const py::bytes& data, const std::string& path,
                 const std::string& model, const std::string& alias, const std::string& note) {
  const std::string bytes(data);
  return WithoutGil([&]() -> Result<nlohmann::json> {
    const std::span<const uint8_t> span(reinterpret_cast<const uint8_t*>(bytes.data()),
                                        bytes.size());
    auto metadata = store::ReadArtifactMetadata(span);
    if (!metadata.ok()) {
      Status status = metadata.status();
      return status.WithContext("%s is not a valid artifact (nothing was pushed)", path.c_str());
    }
    ARENASTORE_ASSIGN_OR_RETURN(const std::string name,
                                cli::ModelNameFor(model, metadata.value(), path));
    ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                cli::OpenRegistry(db, cli::StoreAccess::kWriteOrCreate));
    const store::PushItem item{span, &metadata.value(), {name, alias, note, ""}};
    auto stored = store::PushMany(registry, std::span<const store::PushItem>(&item, 1));
    if (!stored.ok()) {
      Status status = stored.status();
      return status.WithContext("push %s into %s", path.c_str(), registry.path().c_str());
    }
    return nlohmann::json{{"db", registry.path()},
                          {"pushed", {cli::PushJson(stored->front(), path)}}};
  });
}

// `alias set MODEL ALIAS VERSION [--allow-rollback]`, or `alias rm MODEL ALIAS` for version 0.
std::string Alias(const std::string& db, const std::string& model, const std::string& alias,
                  int64_t version, bool allow_rollback) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                cli::OpenRegistry(db, cli::StoreAccess::kWrite));
    ARENASTORE_ASSIGN_OR_RETURN(
        const store::AliasChange change,
        version == 0 ? store::RemoveAlias(registry, model, alias)
                     : store::SetAlias(registry, model, alias, version, allow_rollback));
    return cli::AliasChangeJson(change);
  });
}

// `pull REFERENCE [-o OUTPUT] [--all] [--allow-rollback] --json`'s document.
std::string Pull(const std::string& db, const std::string& reference, const std::string& output,
                 bool all_versions, bool allow_rollback) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    ARENASTORE_ASSIGN_OR_RETURN(
        cli::PullOutcome outcome,
        cli::Pull({reference, output, all_versions, allow_rollback, db, /*json=*/true}));
    return std::move(outcome.document);
  });
}

// `sign REFERENCE --key KEY_FILE [--passphrase-env NAME | --passphrase-fd N] --json`.
std::string Sign(const std::string& db, const std::string& reference, const std::string& key_file,
                 const std::string& passphrase_env, int passphrase_fd) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    return cli::SignVersion(reference, key_file, {passphrase_env, passphrase_fd}, db);
  });
}

// `policy show --json`, or `policy set NAME VALUE --json` when `set`.
std::string Policy(const std::string& db, bool set, const std::string& name,
                   const std::string& value) {
  return WithoutGil(
      [&]() -> Result<nlohmann::json> { return cli::StorePolicy(set, name, value, db); });
}

// `key generate --out PREFIX [--passphrase-env NAME | --passphrase-fd N] --json`.
std::string KeyGenerate(const std::string& out, const std::string& passphrase_env,
                        int passphrase_fd) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    return cli::GenerateKey(out, {passphrase_env, passphrase_fd});
  });
}

// `key trust PUBLIC_KEY --name NAME [--force] --json`.
std::string KeyTrust(const std::string& db, const std::string& public_key, const std::string& name,
                     bool force) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    ARENASTORE_ASSIGN_OR_RETURN(cli::StoreChange change,
                                cli::TrustKey(public_key, name, force, db));
    return std::move(change.document);
  });
}

// `key revoke KEY [--reason R] --json`.
std::string KeyRevoke(const std::string& db, const std::string& key, const std::string& reason) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    ARENASTORE_ASSIGN_OR_RETURN(cli::StoreChange change, cli::RevokeKey(key, reason, db));
    return std::move(change.document);
  });
}

// `key ls --json`.
std::string KeyList(const std::string& db) {
  return WithoutGil([&]() -> Result<nlohmann::json> { return cli::ListKeys(db); });
}

// `verify-signature REFERENCE --json`'s document; raises IntegrityError carrying it when no
// trusted signature verifies, as the verb exits 4.
std::string VerifySignature(const std::string& db, const std::string& reference) {
  std::optional<Result<cli::SignatureVerification>> verification;
  {
    py::gil_scoped_release release;
    verification.emplace(cli::VerifySignature(reference, db));
  }
  const cli::SignatureVerification verified = ValueOrThrow(std::move(*verification));
  const std::string json = verified.document.dump();
  if (!verified.outcome.ok()) Raise(verified.outcome, json);
  return json;
}

// `audit ls [--limit N] --json`.
std::string AuditList(const std::string& db, int64_t limit) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    ARENASTORE_CHECK_OR_RETURN(limit >= 0, ErrorCode::kInvalidArgument,
                               "--limit: %lld is negative (0 = all)",
                               static_cast<long long>(limit));
    ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                cli::OpenRegistry(db, cli::StoreAccess::kRead));
    ARENASTORE_ASSIGN_OR_RETURN(const auto runs, store::ListAuditRuns(registry, limit));
    nlohmann::json rows = nlohmann::json::array();
    for (const store::AuditRun& run : runs) rows.push_back(cli::AuditRunJson(run));
    return nlohmann::json{{"runs", rows}};
  });
}

// `audit diff RUN_A RUN_B --json`.
std::string AuditDiff(const std::string& db, int64_t run_a, int64_t run_b) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                cli::OpenRegistry(db, cli::StoreAccess::kRead));
    ARENASTORE_ASSIGN_OR_RETURN(const store::AuditReport a, store::ReadAudit(registry, run_a));
    ARENASTORE_ASSIGN_OR_RETURN(const store::AuditReport b, store::ReadAudit(registry, run_b));
    return cli::AuditDiffJson(store::DiffAudits(a, b));
  });
}

// An audit's report as the CLI renders it: `audit --json`'s document and `--html`'s page.
struct AuditReportHandle {
  store::AuditReport report;
};

std::shared_ptr<AuditReportHandle> HandleOf(Result<store::AuditReport> report) {
  return std::make_shared<AuditReportHandle>(AuditReportHandle{ValueOrThrow(std::move(report))});
}

std::shared_ptr<AuditReportHandle> Audit(const std::string& db,
                                         const std::vector<std::string>& isas,
                                         const std::string& policy, const std::string& note,
                                         bool record) {
  std::optional<Result<store::AuditReport>> report;
  {
    py::gil_scoped_release release;
    report.emplace(cli::AuditFleet({isas, policy, note, record, db}, {}));
  }
  return HandleOf(std::move(*report));
}

// `audit show RUN`: a recorded run, read back.
std::shared_ptr<AuditReportHandle> AuditShow(const std::string& db, int64_t run) {
  std::optional<Result<store::AuditReport>> report;
  {
    py::gil_scoped_release release;
    report.emplace([&]() -> Result<store::AuditReport> {
      ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                  cli::OpenRegistry(db, cli::StoreAccess::kRead));
      return store::ReadAudit(registry, run);
    }());
  }
  return HandleOf(std::move(*report));
}

// Raises GateRejected as `audit` exits 3, with the report's document as its details.
void RaiseIfFails(const AuditReportHandle& handle) {
  if (store::AuditFails(handle.report)) {
    Raise(cli::AuditFailure(), cli::AuditJson(handle.report).dump());
  }
}

// `audit --fix`'s outcome: the --json document and both audits' reports. Immutable.
struct AuditFixHandle {
  store::FixReport report;
  std::shared_ptr<AuditReportHandle> before;
  std::shared_ptr<AuditReportHandle> after;  // null when the fix stopped early
};

// The fix's observer for Python: hands each step to `on_action` (None: nobody) as its --json
// entry, and stops between steps once a Python error is pending: one `on_action` raised, or a
// signal handler did (Ctrl-C's KeyboardInterrupt). Each call takes the GIL for its moment; the
// pending error stays set for AuditFix to raise when the fix returns.
store::FixObserver PythonFixObserver(const py::object& on_action) {
  store::FixObserver observer;
  observer.acted = [on_action](const store::FixAction& action) {
    py::gil_scoped_acquire acquire;
    if (on_action.is_none() || PyErr_Occurred() != nullptr) return;
    try {
      on_action(py::module_::import("json").attr("loads")(cli::FixActionJson(action).dump()));
    } catch (py::error_already_set& error) {
      error.restore();
    }
  };
  observer.stop_requested = [] {
    py::gil_scoped_acquire acquire;
    return PyErr_Occurred() != nullptr || PyErr_CheckSignals() != 0;
  };
  return observer;
}

// `audit --fix [--runtime-isa ISA]... [--policy P] [--note N] [--sign-with KEY ...]`.
std::shared_ptr<AuditFixHandle> AuditFix(const std::string& db,
                                         const std::vector<std::string>& isas,
                                         const std::string& policy, const std::string& note,
                                         const std::string& sign_with,
                                         const std::string& passphrase_env, int passphrase_fd,
                                         const py::object& on_action) {
  std::optional<Result<store::FixReport>> report;
  const store::FixObserver observer = PythonFixObserver(on_action);
  {
    py::gil_scoped_release release;
    report.emplace(cli::FixFleetAudit({isas, policy, note, /*record=*/true, db}, sign_with,
                                      {passphrase_env, passphrase_fd}, observer));
  }
  // Stopped by a Python error: every finished step is committed; raise it as it was raised.
  if (PyErr_Occurred() != nullptr) throw py::error_already_set();
  auto handle = std::make_shared<AuditFixHandle>();
  handle->report = ValueOrThrow(std::move(*report));
  handle->before = std::make_shared<AuditReportHandle>(AuditReportHandle{handle->report.before});
  if (!handle->report.stopped) {
    handle->after = std::make_shared<AuditReportHandle>(AuditReportHandle{handle->report.after});
  }
  return handle;
}

// What makes `audit --fix` exit 3: rejections or unsigned deployments left after the re-audit.
bool FixFails(const AuditFixHandle& handle) {
  return !handle.report.stopped && store::AuditFails(handle.report.after);
}

}  // namespace

void BindStore(py::module_& module) {
  py::class_<AuditReportHandle, std::shared_ptr<AuditReportHandle>>(module, "AuditReportHandle")
      .def("json",
           [](const AuditReportHandle& handle) { return cli::AuditJson(handle.report).dump(); })
      .def("html",
           [](const AuditReportHandle& handle) {
             py::gil_scoped_release release;
             return store::RenderAuditHtml(handle.report);
           })
      .def("fails",
           [](const AuditReportHandle& handle) { return store::AuditFails(handle.report); })
      .def("csv", [](const AuditReportHandle& handle) { return cli::AuditCsv(handle.report); })
      .def("raise_if_fails", &RaiseIfFails);
  py::class_<AuditFixHandle, std::shared_ptr<AuditFixHandle>>(module, "AuditFixHandle")
      .def("json",
           [](const AuditFixHandle& handle) { return cli::FixReportJson(handle.report).dump(); })
      .def("html",
           [](const AuditFixHandle& handle) {
             // The re-audit's page with what moved where, as `audit --fix --html` writes it;
             // stopped before re-auditing, the first audit's with what moved until then.
             py::gil_scoped_release release;
             if (!handle.report.stopped) return store::RenderAuditHtml(handle.report.after);
             store::AuditReport before = handle.report.before;
             before.fix_moves = handle.report.actions;
             return store::RenderAuditHtml(before);
           })
      .def_readonly("before", &AuditFixHandle::before)
      .def_readonly("after", &AuditFixHandle::after)
      .def("fails", &FixFails)
      .def("raise_if_fails", [](const AuditFixHandle& handle) {
        if (FixFails(handle)) {
          Raise(cli::AuditFixFailure(), cli::FixReportJson(handle.report).dump());
        }
      });
  module.def("store_audit_fix", &AuditFix, py::arg("db"), py::arg("isas"), py::arg("policy"),
             py::arg("note"), py::arg("sign_with"), py::arg("passphrase_env"),
             py::arg("passphrase_fd"), py::arg("on_action") = py::none());
  module.def("store_audit_ls", &AuditList, py::arg("db"), py::arg("limit"));
  module.def("store_audit_diff", &AuditDiff, py::arg("db"), py::arg("run_a"), py::arg("run_b"));
  module.def("key_generate", &KeyGenerate, py::arg("out"), py::arg("passphrase_env"),
             py::arg("passphrase_fd"));
  module.def("store_key_trust", &KeyTrust, py::arg("db"), py::arg("public_key"), py::arg("name"),
             py::arg("force"));
  module.def("store_key_revoke", &KeyRevoke, py::arg("db"), py::arg("key"), py::arg("reason"));
  module.def("store_key_ls", &KeyList, py::arg("db"));
  module.def("store_verify_signature", &VerifySignature, py::arg("db"), py::arg("reference"));
  module.def("store_pull", &Pull, py::arg("db"), py::arg("reference"), py::arg("output"),
             py::arg("all_versions"), py::arg("allow_rollback"));
  module.def("store_sign", &Sign, py::arg("db"), py::arg("reference"), py::arg("key_file"),
             py::arg("passphrase_env"), py::arg("passphrase_fd"));
  module.def("store_policy", &Policy, py::arg("db"), py::arg("set"), py::arg("name"),
             py::arg("value"));
  module.def("store_audit", &Audit, py::arg("db"), py::arg("isas"), py::arg("policy"),
             py::arg("note"), py::arg("record"));
  module.def("store_audit_show", &AuditShow, py::arg("db"), py::arg("run"));
  module.def("store_ls", &List, py::arg("db"), py::arg("model"), py::arg("kernel_version"),
             py::arg("isa"), py::arg("limit"));
  module.def("store_show", &Show, py::arg("db"), py::arg("reference"));
  module.def("store_verify", &Verify, py::arg("db"));
  module.def("store_push", &Push, py::arg("db"), py::arg("data"), py::arg("path"), py::arg("model"),
             py::arg("alias"), py::arg("note"));
  module.def("store_alias", &Alias, py::arg("db"), py::arg("model"), py::arg("alias"),
             py::arg("version"), py::arg("allow_rollback"));
}

}  // namespace arenastore::python
