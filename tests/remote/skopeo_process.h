// skopeo (Debian's package, containers/image 5.23) run as another OCI tool would be on a shared
// registry: the remote tests copy arenastore's repositories with it and pull the copies back.
// It reads no state of the machine: --insecure-policy instead of /etc/containers/policy.json,
// an empty registries.d and auth file inside the test's scratch directory, HOME there too.
// Tests skip, printing why, where /usr/bin/skopeo is missing. Header-only.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/store/process_support.h"

namespace arenastore::store::remote::testing {

inline constexpr const char* kSkopeoBinary = "/usr/bin/skopeo";

struct SkopeoRun {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// `skopeo copy --all SOURCE DESTINATION` with TLS verification off (the loopback registry is
// plain HTTP); `scratch` holds its configuration and output.
inline SkopeoRun SkopeoCopy(const std::filesystem::path& scratch, const std::string& source,
                            const std::string& destination) {
  const std::filesystem::path config = scratch / "skopeo";
  std::filesystem::create_directories(config / "registries.d");
  std::filesystem::create_directories(config / "home");
  const std::string log = (config / "copy.log").string();
  const std::vector<std::string> args = {kSkopeoBinary,
                                         "--insecure-policy",
                                         "--registries.d",
                                         (config / "registries.d").string(),
                                         "copy",
                                         "--all",
                                         "--authfile",
                                         (config / "auth.json").string(),
                                         "--src-tls-verify=false",
                                         "--dest-tls-verify=false",
                                         source,
                                         destination};
  const std::string home = "HOME=" + (config / "home").string();
  const pid_t pid = fork();
  if (pid == 0) {
    const int out = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) _exit(120);
    dup2(out, 1);
    dup2(out, 2);
    std::vector<char*> argv;
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    char* environment[] = {const_cast<char*>(home.c_str()), const_cast<char*>("PATH=/usr/bin:/bin"),
                           nullptr};
    execve(kSkopeoBinary, argv.data(), environment);
    _exit(121);
  }
  SkopeoRun run;
  run.exit_code = store::testing::WaitChild(pid);
  run.output = store::testing::ReadFile(log);
  return run;
}

}  // namespace arenastore::store::remote::testing
