// Runs the built `arenastore` binary (path from the ARENASTORE_CLI compile definition) the
// way a user would, capturing exit code, stdout and stderr, for the CLI end-to-end tests.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace arenastore::cli::testing {

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string ReadText(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

inline std::string Quote(const std::string& arg) {
  std::string quoted = "'";
  for (char c : arg) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

// A scratch directory removed at destruction.
class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "arenastore-test-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string File(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// `env`: NAME=VALUE words before the command; `cwd`: the directory it runs in (default: ours).
inline CliResult RunCli(const std::vector<std::string>& args, const std::string& env = "",
                        const std::string& cwd = "") {
  static TempDir capture_dir;
  static int counter = 0;
  // Built with append() rather than operator+ chains, which trip GCC 12's -Wrestrict.
  const std::string id = std::to_string(counter++);
  const std::string out_file = capture_dir.File(std::string("out").append(id));
  const std::string err_file = capture_dir.File(std::string("err").append(id));
  std::string command =
      cwd.empty() ? std::string() : std::string("cd ").append(Quote(cwd)).append(" && ");
  command.append(env).append(env.empty() ? "" : " ").append(Quote(ARENASTORE_CLI));
  for (const std::string& arg : args) command.append(" ").append(Quote(arg));
  command.append(" >").append(Quote(out_file)).append(" 2>").append(Quote(err_file));
  command.append(" </dev/null");
  const int status = std::system(command.c_str());
  CliResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = ReadText(out_file);
  result.err = ReadText(err_file);
  return result;
}

}  // namespace arenastore::cli::testing
