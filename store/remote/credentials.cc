#include "store/remote/credentials.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "store/remote/base64.h"
#include "store/remote/oci_descriptor.h"

namespace arenastore::store::remote {
namespace {

std::string Environment(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? std::string() : std::string(value);
}

std::string Home() { return Environment("HOME"); }

// "https://host:5000/v1/" -> "host:5000": docker writes some keys as URLs.
std::string AuthorityOfKey(std::string key) {
  const size_t scheme = key.find("://");
  if (scheme != std::string::npos) key = key.substr(scheme + 3);
  return key.substr(0, key.find('/'));
}

// kNotFound when the file does not exist, so a caller can tell absent from unreadable.
Result<nlohmann::json> ReadJsonFile(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) {
    return Status::Error(ErrorCode::kNotFound, "%s does not exist", path.c_str());
  }
  std::ifstream file(path, std::ios::binary);
  ARENASTORE_CHECK_OR_RETURN(file.good(), ErrorCode::kIo, "cannot read %s", path.c_str());
  std::stringstream text;
  text << file.rdbuf();
  auto json = ParseJsonObject(text.str(), path);
  if (!json.ok()) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "%s is not a docker-style credentials file ({\"auths\": {...}})",
                         path.c_str());
  }
  return json;
}

Result<Credentials> EntryCredentials(const nlohmann::json& entry, const std::string& path) {
  Credentials credentials;
  ARENASTORE_ASSIGN_OR_RETURN(const std::string auth, OptionalStringField(entry, "auth", path));
  if (!auth.empty()) {
    auto decoded = DecodeBase64(auth);
    const size_t colon = decoded.ok() ? decoded->find(':') : std::string::npos;
    ARENASTORE_CHECK_OR_RETURN(colon != std::string::npos, ErrorCode::kInvalidArgument,
                               "%s: an \"auth\" entry is not base64 of user:password",
                               path.c_str());
    credentials.username = decoded->substr(0, colon);
    credentials.password = decoded->substr(colon + 1);
    return credentials;
  }
  ARENASTORE_ASSIGN_OR_RETURN(credentials.username, OptionalStringField(entry, "username", path));
  ARENASTORE_ASSIGN_OR_RETURN(credentials.password, OptionalStringField(entry, "password", path));
  return credentials;
}

// Writes `text` to `path` with mode 0600 through a temporary file and a rename.
Status WritePrivateFile(const std::string& path, const std::string& text) {
  std::error_code error;
  const std::filesystem::path target(path);
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), error);
  const std::string temporary = path + ".tmp" + std::to_string(getpid());
  const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  ARENASTORE_CHECK_OR_RETURN(fd >= 0, ErrorCode::kIo, "cannot write %s", temporary.c_str());
  const bool written =
      write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) && fsync(fd) == 0;
  close(fd);
  if (!written || rename(temporary.c_str(), path.c_str()) != 0) {
    unlink(temporary.c_str());
    return Status::Error(ErrorCode::kIo, "cannot write %s", path.c_str());
  }
  return Status::Ok();
}

// arenastore's file as JSON, or an empty {"auths": {}} when it does not exist yet.
Result<nlohmann::json> OwnFile() {
  auto json = ReadJsonFile(ArenastoreCredentialsPath());
  if (!json.ok() && json.status().code() == ErrorCode::kNotFound) {
    return nlohmann::json{{"auths", nlohmann::json::object()}};
  }
  if (json.ok() && !(*json)["auths"].is_object()) (*json)["auths"] = nlohmann::json::object();
  return json;
}

}  // namespace

std::string ArenastoreCredentialsPath() {
  const std::string explicit_path = Environment("ARENASTORE_CREDENTIALS");
  if (!explicit_path.empty()) return explicit_path;
  const std::string config = Environment("XDG_CONFIG_HOME");
  if (!config.empty()) return config + "/arenastore/credentials.json";
  return Home() + "/.config/arenastore/credentials.json";
}

std::string DockerConfigPath() {
  const std::string directory = Environment("DOCKER_CONFIG");
  if (!directory.empty()) return directory + "/config.json";
  return Home() + "/.docker/config.json";
}

Result<Credentials> ReadCredentialsFile(const std::string& path, const std::string& authority) {
  auto json = ReadJsonFile(path);
  if (!json.ok() && json.status().code() == ErrorCode::kNotFound) return Credentials{};
  ARENASTORE_RETURN_IF_ERROR(json.status());
  const auto auths = json->find("auths");
  if (auths == json->end() || !auths->is_object()) return Credentials{};
  for (const auto& [key, entry] : auths->items()) {
    if (AuthorityOfKey(key) == authority && entry.is_object()) {
      return EntryCredentials(entry, path);
    }
  }
  return Credentials{};
}

Result<Credentials> LookupCredentials(const std::string& authority) {
  ARENASTORE_ASSIGN_OR_RETURN(Credentials own,
                              ReadCredentialsFile(ArenastoreCredentialsPath(), authority));
  if (!own.empty()) return own;
  return ReadCredentialsFile(DockerConfigPath(), authority);
}

Status SaveCredentials(const std::string& authority, const Credentials& credentials) {
  ARENASTORE_ASSIGN_OR_RETURN(nlohmann::json json, OwnFile());
  json["auths"][authority] = {
      {"auth", EncodeBase64(credentials.username + ":" + credentials.password)}};
  return WritePrivateFile(ArenastoreCredentialsPath(), json.dump(2) + "\n");
}

Result<bool> ForgetCredentials(const std::string& authority) {
  ARENASTORE_ASSIGN_OR_RETURN(nlohmann::json json, OwnFile());
  if (json["auths"].erase(authority) == 0) return false;
  ARENASTORE_RETURN_IF_ERROR(WritePrivateFile(ArenastoreCredentialsPath(), json.dump(2) + "\n"));
  return true;
}

}  // namespace arenastore::store::remote
