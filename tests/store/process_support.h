// Child processes for the store's concurrency, crash and CLI tests: fork a function (the child
// never returns into GoogleTest: it _exit()s), run the built CLI with captured output, and
// wait. A start gate lets several children begin at the same moment. Header-only.
// Fork only while the parent holds no open SQLite connection: SQLite handles must not cross
// a fork.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace arenastore::store::testing {

// Children block in Wait() until the parent calls Open().
class StartGate {
 public:
  StartGate() {
    if (pipe(fds_) != 0) std::abort();
  }
  ~StartGate() {
    Close(0);
    Close(1);
  }
  void Wait() {
    Close(1);
    char byte;
    while (read(fds_[0], &byte, 1) > 0) {
    }
  }
  void Open() { Close(1); }

 private:
  void Close(int end) {
    if (fds_[end] >= 0) close(fds_[end]);
    fds_[end] = -1;
  }
  int fds_[2] = {-1, -1};
};

inline pid_t ForkChild(const std::function<int()>& body) {
  const pid_t pid = fork();
  if (pid == 0) _exit(body());
  return pid;
}

// Exit code, or 128 + signal.
inline int WaitChild(pid_t pid) {
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Starts the CLI with stdout/stderr in `capture_prefix`.out/.err; `environment` adds NAME=VALUE;
// standard input reads `stdin_path`.
inline pid_t SpawnCli(const std::vector<std::string>& args, const std::string& capture_prefix,
                      const std::vector<std::string>& environment = {},
                      const std::string& stdin_path = "/dev/null") {
  const pid_t pid = fork();
  if (pid != 0) return pid;
  const int out = open((capture_prefix + ".out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int err = open((capture_prefix + ".err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int null = open(stdin_path.c_str(), O_RDONLY);
  if (out < 0 || err < 0 || null < 0) _exit(120);
  dup2(null, 0);
  dup2(out, 1);
  dup2(err, 2);
  for (const std::string& variable : environment) putenv(const_cast<char*>(variable.c_str()));
  std::vector<char*> argv;
  static const std::string program = ARENASTORE_CLI;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  execv(program.c_str(), argv.data());
  _exit(121);
}

inline CliRun CollectCli(pid_t pid, const std::string& capture_prefix) {
  CliRun run;
  run.exit_code = WaitChild(pid);
  run.out = ReadFile(capture_prefix + ".out");
  run.err = ReadFile(capture_prefix + ".err");
  return run;
}

inline CliRun RunCli(const std::vector<std::string>& args, const std::string& capture_prefix,
                     const std::vector<std::string>& environment = {}) {
  return CollectCli(SpawnCli(args, capture_prefix, environment), capture_prefix);
}

}  // namespace arenastore::store::testing
