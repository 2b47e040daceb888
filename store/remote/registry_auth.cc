#include "store/remote/registry_auth.h"

#include <cctype>

#include "store/remote/base64.h"
#include "store/remote/oci_descriptor.h"
#include "store/remote/registry_url.h"

namespace arenastore::store::remote {
namespace {

std::string Lowercase(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

void SkipSpaces(std::string_view& text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == ',')) {
    text.remove_prefix(1);
  }
}

// One auth-param value: a quoted string (with backslash escapes) or a token.
std::string TakeValue(std::string_view& text) {
  std::string value;
  if (!text.empty() && text.front() == '"') {
    text.remove_prefix(1);
    while (!text.empty() && text.front() != '"') {
      if (text.front() == '\\' && text.size() > 1) text.remove_prefix(1);
      value += text.front();
      text.remove_prefix(1);
    }
    if (!text.empty()) text.remove_prefix(1);
    return value;
  }
  const size_t end = std::min(text.find(','), text.size());
  value = std::string(text.substr(0, end));
  text.remove_prefix(end);
  while (!value.empty() && value.back() == ' ') value.pop_back();
  return value;
}

std::string BasicHeader(const Credentials& credentials) {
  return "Authorization: Basic " + EncodeBase64(credentials.username + ":" + credentials.password);
}

Status NeedCredentials(const Challenge& challenge) {
  return Status::Error(ErrorCode::kRemoteAuth,
                       "the registry asks for credentials (%s auth) and none are known",
                       challenge.scheme.c_str());
}

}  // namespace

Result<Challenge> ParseChallenge(std::string_view header) {
  SkipSpaces(header);
  const size_t space = header.find(' ');
  Challenge challenge;
  challenge.scheme = Lowercase(header.substr(0, space));
  ARENASTORE_CHECK_OR_RETURN(!challenge.scheme.empty(), ErrorCode::kRemoteAuth,
                             "401 without a WWW-Authenticate challenge");
  header.remove_prefix(space == std::string_view::npos ? header.size() : space);
  while (true) {
    SkipSpaces(header);
    const size_t equals = header.find('=');
    if (header.empty() || equals == std::string_view::npos) break;
    std::string name = Lowercase(header.substr(0, equals));
    while (!name.empty() && name.back() == ' ') name.pop_back();
    header.remove_prefix(equals + 1);
    challenge.params[name] = TakeValue(header);
  }
  return challenge;
}

std::string RegistryAuth::HeaderFor(const std::string& scope) const {
  if (basic_) return BasicHeader(credentials_);
  const auto token = tokens_.find(scope);
  return token == tokens_.end() ? std::string() : "Authorization: Bearer " + token->second;
}

Status RegistryAuth::Answer(const HttpResponse& unauthorized, const std::string& scope,
                            HttpTransport& transport) {
  ARENASTORE_ASSIGN_OR_RETURN(const Challenge challenge,
                              ParseChallenge(unauthorized.Header("www-authenticate")));
  if (challenge.scheme == "basic") {
    if (credentials_.empty()) return NeedCredentials(challenge);
    ARENASTORE_CHECK_OR_RETURN(!basic_, ErrorCode::kRemoteAuth,
                               "the registry refused the credentials (user '%s')",
                               credentials_.username.c_str());
    basic_ = true;
    return Status::Ok();
  }
  ARENASTORE_CHECK_OR_RETURN(challenge.scheme == "bearer", ErrorCode::kRemoteAuth,
                             "the registry asks for '%s' auth, which arenastore does not speak "
                             "(Basic and Bearer only)",
                             challenge.scheme.c_str());
  ARENASTORE_CHECK_OR_RETURN(tokens_.count(scope) == 0, ErrorCode::kRemoteAuth,
                             "the registry refused the token it issued for %s%s", scope.c_str(),
                             credentials_.empty() ? " (anonymous: no credentials are known)" : "");
  return FetchToken(challenge, scope, transport);
}

Status RegistryAuth::FetchToken(const Challenge& challenge, const std::string& scope,
                                HttpTransport& transport) {
  const auto realm = challenge.params.find("realm");
  ARENASTORE_CHECK_OR_RETURN(realm != challenge.params.end(), ErrorCode::kRemoteAuth,
                             "bearer challenge without a realm");
  ARENASTORE_ASSIGN_OR_RETURN(const RegistryUrl realm_url, ParseRegistryUrl(realm->second));
  const bool plain = realm_url.plain_http() && !IsLoopbackHost(realm_url.host);
  ARENASTORE_CHECK_OR_RETURN(!plain || allow_plain_http_ || credentials_.empty(),
                             ErrorCode::kRemoteAuth,
                             "the token service %s is plain HTTP; credentials are not sent "
                             "there unless the remote was added with --insecure",
                             realm_url.Origin().c_str());
  std::string url = realm->second;
  const auto service = challenge.params.find("service");
  if (service != challenge.params.end()) url = WithQuery(url, "service", service->second);
  // Several scopes (a cross-repository mount needs pull on the source) are separate params.
  const auto asked = challenge.params.find("scope");
  const std::string scopes = asked != challenge.params.end() ? asked->second : scope;
  for (size_t start = 0; start < scopes.size();) {
    const size_t end = std::min(scopes.find(' ', start), scopes.size());
    if (end > start) url = WithQuery(url, "scope", scopes.substr(start, end - start));
    start = end + 1;
  }
  HttpRequest request;
  request.url = url;
  if (!credentials_.empty()) request.headers.push_back(BasicHeader(credentials_));
  ARENASTORE_ASSIGN_OR_RETURN(const HttpResponse response, transport.Send(request));
  ARENASTORE_CHECK_OR_RETURN(response.status == 200, ErrorCode::kRemoteAuth,
                             "the token service %s answered %d%s", realm_url.Origin().c_str(),
                             response.status,
                             response.status == 401 ? " (credentials refused)" : "");
  ARENASTORE_ASSIGN_OR_RETURN(const nlohmann::json body,
                              ParseJsonObject(response.BodyText(), "token response"));
  ARENASTORE_ASSIGN_OR_RETURN(std::string token,
                              OptionalStringField(body, "token", "token response"));
  if (token.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(token, StringField(body, "access_token", "token response"));
  }
  tokens_[scope] = std::move(token);
  return Status::Ok();
}

}  // namespace arenastore::store::remote
