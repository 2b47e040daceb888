// URLs of a registry: a remote's URL split into origin and namespace
// (`https://registry.example.com:5000/team/models` -> origin `https://registry.example.com:5000`,
// namespace `team/models`), the repository of a model under it, query encoding, and the
// Location headers a registry answers with (absolute or relative to the origin).
// Called by the remote config (validation), the client and the auth flow. Heap OK.
// Errors: kInvalidArgument saying what a remote URL must look like.
#pragma once

#include <string>
#include <string_view>

#include "base/result.h"

namespace arenastore::store::remote {

struct RegistryUrl {
  std::string scheme;      // "http" or "https"
  std::string host;        // without port; IPv6 without brackets
  std::string authority;   // host[:port] as written
  std::string name_space;  // "" or "team/models" (no leading or trailing slash)

  std::string Origin() const { return scheme + "://" + authority; }
  bool plain_http() const { return scheme == "http"; }
  // "<namespace>/<model>", or the model alone without a namespace.
  std::string Repository(std::string_view model) const;
};

Result<RegistryUrl> ParseRegistryUrl(std::string_view url);

// 127.0.0.0/8, ::1 and "localhost": plain HTTP is allowed there without --insecure.
bool IsLoopbackHost(std::string_view host);

// OCI repository path components: lowercase letters and digits, with ".", "_", "__" or "-"
// runs between them (distribution spec). Model names may hold uppercase; those cannot be pushed.
bool IsRepositoryComponent(std::string_view component);

// Percent-encodes everything but RFC 3986 unreserved characters (for query values).
std::string PercentEncode(std::string_view text);

// A Location header made absolute against `origin` ("https://host:port").
std::string AbsoluteLocation(std::string_view origin, std::string_view location);

// Appends "name=value" to a URL that may already have a query.
std::string WithQuery(std::string_view url, std::string_view name, std::string_view value);

}  // namespace arenastore::store::remote
