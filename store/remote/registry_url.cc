#include "store/remote/registry_url.h"

#include <cctype>

namespace arenastore::store::remote {
namespace {

bool IsLowerAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// host[:port] -> host (IPv6 "[::1]:5000" -> "::1").
std::string HostOf(std::string_view authority) {
  if (authority.starts_with('[')) {
    const size_t close = authority.find(']');
    return std::string(authority.substr(1, close == std::string_view::npos ? 0 : close - 1));
  }
  return std::string(authority.substr(0, authority.find(':')));
}

bool ValidAuthority(std::string_view authority) {
  if (authority.empty()) return false;
  for (char c : authority) {
    const bool ok = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '-' ||
                    c == ':' || c == '[' || c == ']';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

std::string RegistryUrl::Repository(std::string_view model) const {
  return name_space.empty() ? std::string(model) : name_space + "/" + std::string(model);
}

Result<RegistryUrl> ParseRegistryUrl(std::string_view url) {
  RegistryUrl parsed;
  std::string_view rest;
  if (url.starts_with("https://")) {
    parsed.scheme = "https";
    rest = url.substr(8);
  } else if (url.starts_with("http://")) {
    parsed.scheme = "http";
    rest = url.substr(7);
  } else {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "remote URL '%.200s' must start with https:// (or http:// with "
                         "--insecure), e.g. https://registry.example.com/team",
                         std::string(url).c_str());
  }
  const size_t slash = rest.find('/');
  const std::string_view authority = rest.substr(0, slash);
  ARENASTORE_CHECK_OR_RETURN(ValidAuthority(authority), ErrorCode::kInvalidArgument,
                             "remote URL '%.200s': '%.100s' is not a host[:port]",
                             std::string(url).c_str(), std::string(authority).c_str());
  parsed.authority = std::string(authority);
  parsed.host = HostOf(authority);
  std::string_view path = slash == std::string_view::npos ? "" : rest.substr(slash + 1);
  while (path.ends_with('/')) path.remove_suffix(1);
  ARENASTORE_CHECK_OR_RETURN(
      path.find_first_of("?#") == std::string_view::npos, ErrorCode::kInvalidArgument,
      "remote URL '%.200s': no query or fragment; the path names a namespace",
      std::string(url).c_str());
  for (size_t start = 0; start < path.size();) {
    const size_t end = std::min(path.find('/', start), path.size());
    const std::string_view component = path.substr(start, end - start);
    ARENASTORE_CHECK_OR_RETURN(IsRepositoryComponent(component), ErrorCode::kInvalidArgument,
                               "remote URL '%.200s': namespace component '%.100s' must be "
                               "lowercase letters and digits with . _ - between them",
                               std::string(url).c_str(), std::string(component).c_str());
    start = end + 1;
  }
  parsed.name_space = std::string(path);
  return parsed;
}

bool IsLoopbackHost(std::string_view host) {
  return host == "localhost" || host == "::1" || host.starts_with("127.");
}

bool IsRepositoryComponent(std::string_view component) {
  if (component.empty() || !IsLowerAlnum(component.front()) || !IsLowerAlnum(component.back())) {
    return false;
  }
  for (size_t i = 0; i < component.size(); ++i) {
    const char c = component[i];
    if (IsLowerAlnum(c) || c == '-') continue;
    if (c == '.' && IsLowerAlnum(component[i + 1])) continue;  // a single dot
    if (c == '_' && IsLowerAlnum(component[i + 1])) continue;  // _ or __
    if (c == '_' && component[i + 1] == '_' && IsLowerAlnum(component[i + 2])) {
      ++i;
      continue;
    }
    return false;
  }
  return true;
}

std::string PercentEncode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string encoded;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) != 0 || c == '-' || c == '.' || c == '_' || c == '~') {
      encoded += c;
    } else {
      encoded += '%';
      encoded += kHex[byte >> 4];
      encoded += kHex[byte & 15];
    }
  }
  return encoded;
}

std::string AbsoluteLocation(std::string_view origin, std::string_view location) {
  if (location.starts_with("http://") || location.starts_with("https://")) {
    return std::string(location);
  }
  if (location.starts_with('/')) return std::string(origin) + std::string(location);
  return std::string(origin) + "/" + std::string(location);
}

std::string WithQuery(std::string_view url, std::string_view name, std::string_view value) {
  const char separator = url.find('?') == std::string_view::npos ? '?' : '&';
  return std::string(url) + separator + std::string(name) + "=" + PercentEncode(value);
}

}  // namespace arenastore::store::remote
