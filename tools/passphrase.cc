#include "tools/passphrase.h"

#include <openssl/crypto.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "tools/numeric_option.h"

namespace arenastore::cli {
namespace {

// OpenSSL hands its passphrase callback a 1024-byte buffer; a longer line could never decrypt.
constexpr size_t kMaxPassphraseBytes = 1023;

Result<store::SecretText> ReadEnvironment(const std::string& name) {
  const char* value = std::getenv(name.c_str());
  ARENASTORE_CHECK_OR_RETURN(value != nullptr, ErrorCode::kInvalidArgument,
                             "--passphrase-env %s: the environment variable %s is not set; set "
                             "it to the key's passphrase, or name the variable that holds it",
                             name.c_str(), name.c_str());
  ARENASTORE_CHECK_OR_RETURN(value[0] != '\0', ErrorCode::kInvalidArgument,
                             "--passphrase-env %s: the environment variable %s is empty; set it "
                             "to the key's passphrase",
                             name.c_str(), name.c_str());
  ARENASTORE_CHECK_OR_RETURN(std::strlen(value) <= kMaxPassphraseBytes, ErrorCode::kInvalidArgument,
                             "--passphrase-env %s: the passphrase is longer than %zu bytes",
                             name.c_str(), kMaxPassphraseBytes);
  return store::SecretText(value);
}

// Byte by byte up to the first newline, so nothing after the line is consumed from the
// descriptor; the line (without its newline or CR) is the passphrase.
Result<store::SecretText> ReadDescriptor(int fd) {
  std::array<char, kMaxPassphraseBytes + 1> line{};
  size_t size_bytes = 0;
  int read_errno = 0;
  bool too_long = false;
  for (;;) {
    char byte = 0;
    const ssize_t got = read(fd, &byte, 1);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) read_errno = errno;
    if (got <= 0 || byte == '\n') break;
    if (size_bytes == kMaxPassphraseBytes) {
      too_long = true;
      break;
    }
    line[size_bytes++] = byte;
  }
  if (size_bytes > 0 && line[size_bytes - 1] == '\r') --size_bytes;
  store::SecretText passphrase(std::string_view(line.data(), size_bytes));
  OPENSSL_cleanse(line.data(), line.size());
  ARENASTORE_CHECK_OR_RETURN(read_errno == 0, ErrorCode::kInvalidArgument,
                             "--passphrase-fd %d: cannot read file descriptor %d (%s); open it "
                             "for reading, e.g. `%d<passphrase-file` or a pipe",
                             fd, fd, std::strerror(read_errno), fd);
  ARENASTORE_CHECK_OR_RETURN(!too_long, ErrorCode::kInvalidArgument,
                             "--passphrase-fd %d: the passphrase is longer than %zu bytes", fd,
                             kMaxPassphraseBytes);
  ARENASTORE_CHECK_OR_RETURN(!passphrase.empty(), ErrorCode::kInvalidArgument,
                             "--passphrase-fd %d: read an empty passphrase; write the key's "
                             "passphrase to file descriptor %d, as its first line",
                             fd, fd);
  return passphrase;
}

}  // namespace

const char* const kPassphraseOptionsHint =
    "add --passphrase-env NAME (an environment variable that holds the passphrase) or "
    "--passphrase-fd N (a file descriptor to read it from)";

std::string PassphraseSource::Describe() const {
  if (!env_name.empty()) return "--passphrase-env " + env_name;
  return "--passphrase-fd " + std::to_string(fd);
}

void AddPassphraseOptions(CLI::App* command, PassphraseSource* source, const std::string& purpose) {
  CLI::Option* env =
      command->add_option("--passphrase-env", source->env_name,
                          "Name of an environment variable holding the passphrase " + purpose);
  env->type_name("NAME");
  // An empty name would read as "no passphrase" and leave a new key unencrypted.
  env->check(CLI::Validator(
      [](std::string& name) -> std::string {
        return name.empty() ? "give the name of the variable that holds the passphrase" : "";
      },
      ""));
  command
      ->add_option("--passphrase-fd", source->fd,
                   "Read the passphrase " + purpose + " from this file descriptor (first line)")
      ->type_name("N")
      ->check(NonNegative())
      ->excludes(env);
}

Result<store::SecretText> ReadPassphrase(const PassphraseSource& source) {
  if (!source.env_name.empty()) return ReadEnvironment(source.env_name);
  return ReadDescriptor(source.fd);
}

}  // namespace arenastore::cli
