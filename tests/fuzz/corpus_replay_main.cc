// A fuzz target's driver without libFuzzer, linked with each tests/fuzz/*_fuzz.cc into
// <target>_replay, which the ordinary build (GCC, and the sanitizer stage) runs as tests:
//   <target>_replay PATH...                      every corpus file once (regression inputs)
//   <target>_replay --mutate SECONDS [--seed N] PATH...
//                                                then mutants of them for SECONDS
// Mutation here is blind (no coverage feedback: scripts/fuzz.sh runs libFuzzer for that) but
// cheap and deterministic: one seed gives one sequence of inputs, so a failure reproduces. A
// target that finds its contract broken traps; the input being run is first written to
// fuzz-crash-<target>-<seed>-<run> in the working folder, and the run number printed.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
// ASan ends a process with its own exit, not a signal: its death callback saves the input too.
extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));

namespace {

using Bytes = std::vector<uint8_t>;

// The input being run and where to save it if the process dies (written from a signal handler:
// fixed storage, prepared before the run).
const Bytes* running_input = nullptr;
char crash_path[512] = "";

void SaveRunningInput() {
  if (running_input == nullptr || crash_path[0] == '\0') return;
  const int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  size_t written = 0;
  while (written < running_input->size()) {
    const ssize_t n = write(fd, running_input->data() + written, running_input->size() - written);
    if (n <= 0) break;
    written += static_cast<size_t>(n);
  }
  close(fd);
  const char note[] = "replay: the failing input is saved as ";
  (void)!write(STDERR_FILENO, note, sizeof(note) - 1);
  (void)!write(STDERR_FILENO, crash_path, strlen(crash_path));
  (void)!write(STDERR_FILENO, "\n", 1);
}

void OnFatalSignal(int signal_number) {
  SaveRunningInput();
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

void Run(const Bytes& input) {
  running_input = &input;
  LLVMFuzzerTestOneInput(input.data(), input.size());
  running_input = nullptr;
}

bool ReadFile(const std::filesystem::path& file, Bytes* bytes) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot read %s\n", file.c_str());
    return false;
  }
  bytes->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// Every regular file named, or inside a folder named, in name order (so a seed's sequence of
// mutants does not depend on the file system's listing order).
bool ReadCorpus(const std::vector<std::string>& paths, std::vector<Bytes>* corpus) {
  std::vector<std::filesystem::path> files;
  for (const std::string& path : paths) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      for (const auto& entry : std::filesystem::directory_iterator(path)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
      }
    } else {
      files.emplace_back(path);
    }
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    Bytes bytes;
    if (!ReadFile(file, &bytes)) return false;
    // A target that finds a broken contract traps: the test dies naming the file just printed.
    std::printf("replay %s (%zu B)\n", file.c_str(), bytes.size());
    std::fflush(stdout);
    corpus->push_back(std::move(bytes));
  }
  return true;
}

// One random edit of the kinds that find parser bugs: flipped bits, boundary values in one to
// eight bytes (little-endian integers at the edges of their range), bytes erased, inserted or
// duplicated from elsewhere in the input, and a splice with another input.
class Mutator {
 public:
  explicit Mutator(uint64_t seed) : random_(seed) {}

  Bytes Mutate(const std::vector<Bytes>& corpus) {
    Bytes input = corpus[Below(corpus.size())];
    const size_t edits = 1 + Below(4);
    for (size_t i = 0; i < edits; ++i) Edit(&input, corpus);
    return input;
  }

 private:
  size_t Below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(random_() % n); }

  void Edit(Bytes* input, const std::vector<Bytes>& corpus) {
    if (input->empty()) {
      input->push_back(static_cast<uint8_t>(random_()));
      return;
    }
    const size_t at = Below(input->size());
    switch (Below(6)) {
      case 0:
        (*input)[at] ^= static_cast<uint8_t>(1u << Below(8));
        break;
      case 1: {
        static constexpr uint64_t kEdges[] = {0,          1,          0x7f,       0x80,
                                              0xff,       0x7fff,     0x8000,     0xffff,
                                              0x7fffffff, 0x80000000, 0xffffffff, ~uint64_t{0}};
        const uint64_t value = kEdges[Below(std::size(kEdges))];
        const size_t width = std::min<size_t>(size_t{1} << Below(4), input->size() - at);
        for (size_t b = 0; b < width; ++b) (*input)[at + b] = static_cast<uint8_t>(value >> (8 * b));
        break;
      }
      case 2:
        input->erase(input->begin() + static_cast<ptrdiff_t>(at),
                     input->begin() + static_cast<ptrdiff_t>(at + std::min<size_t>(
                                                                      1 + Below(16), input->size() - at)));
        break;
      case 3:
        input->insert(input->begin() + static_cast<ptrdiff_t>(at), 1 + Below(16),
                      static_cast<uint8_t>(random_()));
        break;
      case 4: {
        const size_t from = Below(input->size());
        const size_t length = std::min<size_t>(1 + Below(32), input->size() - from);
        const Bytes chunk(input->begin() + static_cast<ptrdiff_t>(from),
                          input->begin() + static_cast<ptrdiff_t>(from + length));
        input->insert(input->begin() + static_cast<ptrdiff_t>(at), chunk.begin(), chunk.end());
        break;
      }
      case 5: {
        const Bytes& other = corpus[Below(corpus.size())];
        const size_t from = Below(other.size());
        input->resize(at);
        input->insert(input->end(), other.begin() + static_cast<ptrdiff_t>(from), other.end());
        break;
      }
    }
  }

  std::mt19937_64 random_;
};

struct Options {
  double mutate_seconds = 0;
  uint64_t seed = 1;
  std::vector<std::string> paths;
};

bool ParseOptions(int argc, char** argv, Options* options) {
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if ((argument == "--mutate" || argument == "--seed") && i + 1 < argc) {
      char* end = nullptr;
      const char* value = argv[++i];
      if (argument == "--mutate") {
        options->mutate_seconds = std::strtod(value, &end);
      } else {
        options->seed = std::strtoull(value, &end, 10);
      }
      if (end == value || *end != '\0' || options->mutate_seconds < 0) return false;
    } else {
      options->paths.push_back(argument);
    }
  }
  return !options->paths.empty();
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!ParseOptions(argc, argv, &options)) {
    std::fprintf(stderr, "usage: %s [--mutate SECONDS [--seed N]] FILE_OR_FOLDER...\n", argv[0]);
    return 2;
  }
  const std::string target = std::filesystem::path(argv[0]).filename().string();
  std::snprintf(crash_path, sizeof(crash_path), "fuzz-crash-%s-%llu-corpus", target.c_str(),
                static_cast<unsigned long long>(options.seed));
  for (int signal_number : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) {
    std::signal(signal_number, OnFatalSignal);
  }
  if (__sanitizer_set_death_callback != nullptr) __sanitizer_set_death_callback(SaveRunningInput);

  std::vector<Bytes> corpus;
  if (!ReadCorpus(options.paths, &corpus)) return 1;
  if (corpus.empty()) {
    std::fprintf(stderr, "replay: no input found in the paths given\n");
    return 1;
  }
  for (const Bytes& input : corpus) Run(input);
  std::printf("replayed %zu inputs, no contract broken\n", corpus.size());
  if (options.mutate_seconds == 0) return 0;

  Mutator mutator(options.seed);
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration<double>(options.mutate_seconds);
  uint64_t runs = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    const Bytes input = mutator.Mutate(corpus);
    std::snprintf(crash_path, sizeof(crash_path), "fuzz-crash-%s-%llu-%llu", target.c_str(),
                  static_cast<unsigned long long>(options.seed),
                  static_cast<unsigned long long>(runs));
    Run(input);
    ++runs;
  }
  std::printf("ran %llu mutants (seed %llu) in %.0f s, no contract broken\n",
              static_cast<unsigned long long>(runs), static_cast<unsigned long long>(options.seed),
              options.mutate_seconds);
  return 0;
}
