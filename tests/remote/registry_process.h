// A CNCF Distribution registry (Debian's docker-registry 2.8) for the remote tests: started on
// 127.0.0.1 at a free port with a temporary storage directory, plain HTTP or TLS with htpasswd
// basic auth, killed (SIGKILL, as a crash would) and restarted on the same port and storage.
// Tests call RegistryBinaryOrSkip() first: where the package is missing they skip with the
// reason printed. The process is killed in the destructor, or by the kernel when the test
// process dies first. Header-only (tests/remote globs
// *_test.cc).
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

namespace arenastore::store::remote::testing {

inline constexpr const char* kRegistryBinary = "/usr/bin/docker-registry";
inline constexpr const char* kHtpasswdBinary = "/usr/bin/htpasswd";

// A port nobody listens on right now (the kernel's choice; released before returning).
inline int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof(address);
  bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address));
  getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  close(fd);
  return ntohs(address.sin_port);
}

inline bool Accepting(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<uint16_t>(port));
  const bool connected = connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0;
  close(fd);
  return connected;
}

struct RegistryOptions {
  std::string certificate_file;  // with key_file: serve TLS
  std::string key_file;
  std::string htpasswd_file;  // basic auth
};

class RegistryProcess {
 public:
  RegistryProcess(std::filesystem::path directory, RegistryOptions options)
      : directory_(std::move(directory)), options_(std::move(options)), port_(FreePort()) {
    std::filesystem::create_directories(directory_ / "storage");
  }
  ~RegistryProcess() { Kill(); }
  RegistryProcess(const RegistryProcess&) = delete;
  RegistryProcess& operator=(const RegistryProcess&) = delete;

  // Starts (or restarts, same port and storage) and waits until it accepts connections.
  bool Start() {
    WriteConfig();
    pid_ = fork();
    if (pid_ == 0) {
      // A test process that dies without its destructors (a crash, a closed pipe) must not
      // leave registries behind.
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      const int log =
          open((directory_ / "registry.log").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      dup2(log, 1);
      dup2(log, 2);
      const std::string config = (directory_ / "config.yml").string();
      execl(kRegistryBinary, kRegistryBinary, "serve", config.c_str(), nullptr);
      _exit(127);
    }
    for (int waited_ms = 0; waited_ms < 10000; waited_ms += 20) {
      if (Accepting(port_)) return true;
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }

  void Kill() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

  int port() const { return port_; }
  pid_t pid() const { return pid_; }
  std::string Url(const std::string& name_space = "") const {
    return std::string(tls() ? "https" : "http") + "://127.0.0.1:" + std::to_string(port_) +
           (name_space.empty() ? "" : "/" + name_space);
  }
  std::string Log() const {
    std::ifstream file(directory_ / "registry.log");
    return std::string(std::istreambuf_iterator<char>(file), {});
  }

 private:
  bool tls() const { return !options_.certificate_file.empty(); }

  void WriteConfig() const {
    std::ofstream config(directory_ / "config.yml");
    config << "version: 0.1\nlog:\n  level: error\n  accesslog:\n    disabled: true\n"
           << "storage:\n  filesystem:\n    rootdirectory: " << (directory_ / "storage").string()
           << "\n  delete:\n    enabled: true\n"
           << "http:\n  addr: 127.0.0.1:" << port_ << "\n";
    if (tls()) {
      config << "  tls:\n    certificate: " << options_.certificate_file
             << "\n    key: " << options_.key_file << "\n";
    }
    if (!options_.htpasswd_file.empty()) {
      config << "auth:\n  htpasswd:\n    realm: arenastore-test\n    path: "
             << options_.htpasswd_file << "\n";
    }
  }

  std::filesystem::path directory_;
  RegistryOptions options_;
  int port_ = 0;
  pid_t pid_ = -1;
};

}  // namespace arenastore::store::remote::testing
