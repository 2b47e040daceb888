// RegistryAuth: answers a registry's 401 challenge (`WWW-Authenticate`) for the OCI client.
// Basic: the remote's credentials on every later request. Bearer (the distribution token flow):
// GET <realm>?service=<service>&scope=<scope> with the credentials as Basic auth when there are
// any (anonymous otherwise), then `Authorization: Bearer <token>`; tokens are kept per scope
// for the life of the object. Called by OciClient; unit-tested on challenges.
// Credentials never go to a plain-HTTP token realm outside loopback unless the remote allows
// plain HTTP (--insecure). Errors: kRemoteAuth (no credentials, refused, unusable challenge),
// and the transport's. Heap OK. Not thread-safe.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "base/result.h"
#include "store/remote/http_transport.h"

namespace arenastore::store::remote {

struct Credentials {
  std::string username;
  std::string password;  // or an identity token
  bool empty() const { return username.empty() && password.empty(); }
};

struct Challenge {
  std::string scheme;                         // lowercase: "basic" or "bearer"
  std::map<std::string, std::string> params;  // lowercase names: realm, service, scope, error
};

// `Bearer realm="https://auth.example.com/token",service="registry",scope="repository:a:pull"`.
Result<Challenge> ParseChallenge(std::string_view header);

class RegistryAuth {
 public:
  RegistryAuth(Credentials credentials, bool allow_plain_http)
      : credentials_(std::move(credentials)), allow_plain_http_(allow_plain_http) {}

  // The Authorization header for a request needing `scope` ("" when none is known yet).
  std::string HeaderFor(const std::string& scope) const;

  // After a 401 on a request needing `scope`: learns the scheme and, for Bearer, fetches a
  // token. Ok means a retry may now succeed.
  Status Answer(const HttpResponse& unauthorized, const std::string& scope,
                HttpTransport& transport);

  bool has_credentials() const { return !credentials_.empty(); }

 private:
  Status FetchToken(const Challenge& challenge, const std::string& scope, HttpTransport& transport);

  Credentials credentials_;
  bool allow_plain_http_ = false;
  bool basic_ = false;
  std::map<std::string, std::string> tokens_;  // scope -> bearer token
};

}  // namespace arenastore::store::remote
