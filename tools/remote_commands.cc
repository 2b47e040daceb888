// `arenastore remote add | ls | rm | login | logout`: the OCI registries this store shares
// artifacts through. Remotes live in the store; credentials never do (credentials.h): login
// checks them against the registry first and keeps them in arenastore's own credentials file.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <iterator>

#include "store/remote/credentials.h"
#include "store/remote/remote_config.h"
#include "tools/json_document.h"
#include "tools/remote_connection.h"
#include "tools/remote_verbs.h"
#include "tools/store_access.h"

namespace arenastore::cli {
namespace {

namespace remote = store::remote;

struct RemoteOptions {
  remote::RemoteConfig config;
  std::string username;
  bool password_stdin = false;
  std::string from_file;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunRemoteAdd(RemoteOptions options) {
  if (!options.config.ca_file.empty()) {
    std::error_code error;
    options.config.ca_file = std::filesystem::absolute(options.config.ca_file, error).string();
  }
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kWriteOrCreate));
  ARENASTORE_RETURN_IF_ERROR(remote::AddRemote(registry, options.config));
  const remote::RemoteConfig& c = options.config;
  if (*options.json) {
    EmitJson({{"name", c.name}, {"url", c.url}, {"ca_file", c.ca_file}, {"insecure", c.insecure}});
    return Status::Ok();
  }
  fmt::print("added remote {} {}{}\n", c.name, c.url, c.insecure ? " (plain HTTP allowed)" : "");
  fmt::print(
      "next: arenastore remote login {} (if it needs credentials), then arenastore push "
      "MODEL --remote {}\n",
      c.name, c.name);
  return Status::Ok();
}

Status RunRemoteLs(const RemoteOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<remote::RemoteConfig> remotes,
                              remote::ListRemotes(registry));
  nlohmann::json rows = nlohmann::json::array();
  for (const remote::RemoteConfig& r : remotes) {
    auto url = remote::ParseRegistryUrl(r.url);
    auto credentials = url.ok() ? remote::LookupCredentials(url->authority)
                                : Result<remote::Credentials>(url.status());
    const bool has_credentials = credentials.ok() && !credentials->empty();
    rows.push_back({{"name", r.name},
                    {"url", r.url},
                    {"ca_file", r.ca_file},
                    {"insecure", r.insecure},
                    {"credentials", has_credentials},
                    {"added_at", r.added_at}});
  }
  if (*options.json) {
    EmitJson({{"remotes", rows}});
    return Status::Ok();
  }
  if (rows.empty()) fmt::print("no remotes; add one with `arenastore remote add NAME URL`\n");
  for (const nlohmann::json& row : rows) {
    fmt::print("{:<16} {:<48} {}{}\n", row["name"].get<std::string>(),
               row["url"].get<std::string>(), row["credentials"] ? "logged in" : "anonymous",
               row["insecure"] ? ", plain HTTP allowed" : "");
  }
  return Status::Ok();
}

Status RunRemoteRm(const RemoteOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kWrite));
  ARENASTORE_RETURN_IF_ERROR(remote::RemoveRemote(registry, options.config.name));
  if (*options.json) {
    EmitJson({{"removed", options.config.name}});
  } else {
    fmt::print("removed remote {} (credentials stay until `arenastore remote logout`)\n",
               options.config.name);
  }
  return Status::Ok();
}

// From --from-file (a docker-style file), else --username and the password on stdin.
Result<remote::Credentials> CredentialsToSave(const RemoteOptions& options,
                                              const std::string& authority) {
  if (!options.from_file.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(remote::Credentials credentials,
                                remote::ReadCredentialsFile(options.from_file, authority));
    ARENASTORE_CHECK_OR_RETURN(!credentials.empty(), ErrorCode::kNotFound,
                               "%s has no \"auths\" entry for %s", options.from_file.c_str(),
                               authority.c_str());
    return credentials;
  }
  ARENASTORE_CHECK_OR_RETURN(!options.username.empty() && options.password_stdin,
                             ErrorCode::kInvalidArgument,
                             "remote login needs --username USER --password-stdin (the password "
                             "on standard input) or --from-file DOCKER_CONFIG_JSON");
  std::string password(std::istreambuf_iterator<char>(std::cin), {});
  while (!password.empty() && (password.back() == '\n' || password.back() == '\r')) {
    password.pop_back();
  }
  ARENASTORE_CHECK_OR_RETURN(!password.empty(), ErrorCode::kInvalidArgument,
                             "no password on standard input");
  return remote::Credentials{options.username, password};
}

// login and logout read the store (credentials live outside it): they work on a read-only one.
Status RunRemoteLogin(const RemoteOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const remote::RemoteConfig config,
                              remote::FindRemote(registry, options.config.name));
  ARENASTORE_ASSIGN_OR_RETURN(remote::RemoteEndpoint endpoint, remote::EndpointOf(config));
  const std::string authority = endpoint.url.authority;
  ARENASTORE_ASSIGN_OR_RETURN(const remote::Credentials credentials,
                              CredentialsToSave(options, authority));
  ARENASTORE_ASSIGN_OR_RETURN(const remote::TransportOptions transport,
                              TransportOptionsFromEnvironment(config.ca_file));
  ARENASTORE_ASSIGN_OR_RETURN(remote::OciClient client,
                              remote::OciClient::Create(std::move(endpoint), credentials, transport));
  Status checked = client.Ping();
  if (!checked.ok()) return checked.WithContext("login to %s: nothing saved", config.name.c_str());
  ARENASTORE_RETURN_IF_ERROR(remote::SaveCredentials(authority, credentials));
  const std::string path = remote::ArenastoreCredentialsPath();
  if (*options.json) {
    EmitJson({{"remote", config.name},
              {"registry", authority},
              {"username", credentials.username},
              {"saved_to", path}});
  } else {
    fmt::print("logged in to {} ({}) as {}; credentials saved to {}\n", config.name, authority,
               credentials.username, path);
  }
  return Status::Ok();
}

Status RunRemoteLogout(const RemoteOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const remote::RemoteConfig config,
                              remote::FindRemote(registry, options.config.name));
  ARENASTORE_ASSIGN_OR_RETURN(const remote::RegistryUrl url, remote::ParseRegistryUrl(config.url));
  ARENASTORE_ASSIGN_OR_RETURN(const bool forgotten, remote::ForgetCredentials(url.authority));
  if (*options.json) {
    EmitJson({{"remote", config.name}, {"forgotten", forgotten}});
  } else {
    fmt::print("{}\n", forgotten ? "credentials for " + url.authority + " removed"
                                 : "no saved credentials for " + url.authority);
  }
  return Status::Ok();
}

CLI::App* AddNameVerb(CLI::App* group, const char* name, const char* description,
                      const std::shared_ptr<RemoteOptions>& options) {
  CLI::App* command = group->add_subcommand(name, description);
  command->add_option("name", options->config.name, "Remote name")->required();
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print the result as JSON");
  return command;
}

}  // namespace

Verb SetupRemote(CLI::App& app) {
  auto options = std::make_shared<RemoteOptions>();
  CLI::App* group = app.add_subcommand(
      "remote", "OCI registries this store pushes to and pulls from (add, ls, rm, login, logout)");
  group->require_subcommand(1);
  CLI::App* add =
      AddNameVerb(group, "add", "Add a remote: an OCI registry URL and namespace", options);
  add->add_option("url", options->config.url, "https://registry.example.com[:port][/namespace]")
      ->required();
  add->add_option("--ca-file", options->config.ca_file,
                  "PEM certificate authorities to trust for this registry");
  add->add_flag("--insecure", options->config.insecure,
                "Allow plain HTTP beyond loopback (credentials and bytes travel unencrypted)");
  add->footer("Example: arenastore remote add hub https://registry.example.com/team");
  CLI::App* ls = group->add_subcommand("ls", "List this store's remotes");
  AddDbOption(ls, &options->db);
  ls->add_flag("--json", *options->json, "Print the remotes as JSON");
  CLI::App* rm = AddNameVerb(group, "rm", "Remove a remote (its artifacts stay there)", options);
  CLI::App* login = AddNameVerb(
      group, "login", "Check credentials against a remote and save them for later verbs", options);
  login->add_option("-u,--username", options->username, "User name");
  login->add_flag("--password-stdin", options->password_stdin,
                  "Read the password (or token) from standard input");
  login->add_option("--from-file", options->from_file,
                    "Take them from a docker-style credentials file (config.json)");
  login->footer(
      "Example: printf %s \"$TOKEN\" | arenastore remote login hub -u ci "
      "--password-stdin");
  CLI::App* logout =
      AddNameVerb(group, "logout", "Forget the saved credentials of a remote", options);
  return {group,
          [options, add, ls, rm, login, logout]() -> Status {
            if (add->parsed()) return RunRemoteAdd(*options);
            if (ls->parsed()) return RunRemoteLs(*options);
            if (rm->parsed()) return RunRemoteRm(*options);
            if (login->parsed()) return RunRemoteLogin(*options);
            if (logout->parsed()) return RunRemoteLogout(*options);
            return Status::Error(ErrorCode::kInvalidArgument, "remote needs a subcommand");
          },
          options->json};
}

}  // namespace arenastore::cli
