// End to end: `arenastore fleet` and `arenastore audit` on a temporary store, the way an
// operator runs them (exit codes, the bad-line listing, the JSON shapes in docs/cli.md).
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "store/audit_record.h"
#include "store/grouped_number.h"
#include "store/registry.h"
#include "tests/tools/cli_runner.h"
#include "tests/tools/skewed_artifact.h"

namespace arenastore::cli {
namespace {

using testing::CliResult;
using testing::RunCli;
using testing::TempDir;

class FleetCli : public ::testing::Test {
 protected:
  CliResult Run(std::vector<std::string> args) {
    args.push_back("--db");
    args.push_back(dir_.File("store.db"));
    return RunCli(args);
  }

  void Write(const std::string& name, const std::string& text) {
    std::ofstream(dir_.File(name)) << text;
  }

  // kws@1 planned for arm_dsp, kws@2 for arm_mve.
  void PushModels() {
    for (const char* isa : {"arm_dsp", "arm_mve"}) {
      const std::string file = dir_.File(std::string(isa) + ".arena");
      CliResult compiled = RunCli({"compile", "--example", "ds-cnn", "--target", isa, "-o", file});
      ASSERT_EQ(compiled.exit_code, 0) << compiled.err;
      CliResult pushed = Run({"push", file, "--model", "kws"});
      ASSERT_EQ(pushed.exit_code, 0) << pushed.err;
    }
  }

  // release.key, trusted by the store as "release".
  void TrustReleaseKey() {
    ASSERT_EQ(RunCli({"key", "generate", "--out", dir_.File("release")}).exit_code, 0);
    ASSERT_EQ(Run({"key", "trust", dir_.File("release.pub"), "--name", "release"}).exit_code, 0);
  }

  TempDir dir_;
};

TEST_F(FleetCli, ImportWithBadLinesListsEveryOneAndImportsNothing) {
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools\n"
        "ok-1,m4,arm_dsp,1.2.0,sram=1K\n"
        "bad 2,m4,arm_dsp,1.2.0,sram=1K\n"
        "ok-3,m4,arm_dsp,1.2.0,sram=1K\n"
        "bad-4,m4,riscv,1.2.0,sram=1K\n"
        "bad-5,m4,arm_dsp,1.2,sram=1K\n");
  const CliResult result = Run({"fleet", "import", dir_.File("devices.csv")});
  EXPECT_EQ(result.exit_code, 1);
  for (const char* line : {"devices.csv:3: ", "devices.csv:5: ", "devices.csv:6: "}) {
    EXPECT_NE(result.err.find(line), std::string::npos) << line << " in " << result.err;
  }
  EXPECT_EQ(result.err.find("devices.csv:2:"), std::string::npos);
  EXPECT_NE(result.err.find("3 bad line(s)"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("nothing was imported"), std::string::npos);
  const CliResult listed = Run({"fleet", "ls", "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_EQ(nlohmann::json::parse(listed.out)["total"], 0);
}

TEST_F(FleetCli, ImportReportsEveryProblemIncludingUnknownModelsInOnePass) {
  PushModels();
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools,model\n"
        "dev-1,m4,riscv,1.2,sram=1K,kws@9\n"
        "dev-2,m4,arm_dsp,1.2.0,sram=1K,kws@1\n"
        "dev-3,m4,arm_dsp,1.2.0,sram=1K,nope\n");
  const CliResult result = Run({"fleet", "import", dir_.File("devices.csv"), "--json"});
  EXPECT_EQ(result.exit_code, 1);
  const nlohmann::json report = nlohmann::json::parse(result.out);
  std::vector<int64_t> lines;
  for (const auto& problem : report["problems"]) lines.push_back(problem["line"].get<int64_t>());
  EXPECT_EQ(lines, (std::vector<int64_t>{2, 2, 2, 4})) << report.dump(2);
  EXPECT_NE(report["problems"][2]["message"].get<std::string>().find("no version 9"),
            std::string::npos)
      << report.dump(2);
  EXPECT_NE(report["error"]["message"].get<std::string>().find("2 bad line(s)"), std::string::npos);
  EXPECT_EQ(Run({"fleet", "ls", "--json"}).exit_code, 0);
}

TEST_F(FleetCli, ImportOfADirectorySaysItIsADirectory) {
  const CliResult result = Run({"fleet", "import", dir_.path().string()});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("is a directory"), std::string::npos) << result.err;
}

TEST_F(FleetCli, AuditChecksItsHtmlPathBeforeRecordingOrChangingAnything) {
  PushModels();
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools,model\n"
        "dev-1,nrf5340,arm_dsp,1.2.0,sram=256K,kws@2\n");
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);
  const std::string nowhere = dir_.File("no/such/dir/audit.html");
  CliResult audit = Run({"audit", "--html", nowhere});
  EXPECT_EQ(audit.exit_code, 2);
  EXPECT_NE(audit.err.find("does not exist"), std::string::npos) << audit.err;
  CliResult fix = Run({"audit", "--fix", "--html", nowhere, "--json"});
  EXPECT_EQ(fix.exit_code, 2);
  EXPECT_NE(nlohmann::json::parse(fix.out)["error"]["message"].get<std::string>().find(nowhere),
            std::string::npos);
  EXPECT_TRUE(nlohmann::json::parse(Run({"audit", "ls", "--json"}).out)["runs"].empty())
      << "no audit was recorded";
  EXPECT_EQ(nlohmann::json::parse(Run({"ls", "kws", "--json"}).out)["total"], 2)
      << "nothing was re-planned";
}

// The CLI with stdout on a pipe the test reads line by line while it runs.
class LiveCli {
 public:
  explicit LiveCli(const std::vector<std::string>& args) {
    int fds[2];
    if (pipe(fds) != 0) std::abort();
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], 1);
      close(fds[0]);
      close(fds[1]);
      std::vector<char*> argv = {const_cast<char*>(ARENASTORE_CLI)};
      for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
      argv.push_back(nullptr);
      execv(ARENASTORE_CLI, argv.data());
      _exit(127);
    }
    close(fds[1]);
    out_ = fdopen(fds[0], "r");
  }
  ~LiveCli() {
    if (out_ != nullptr) std::fclose(out_);
  }
  // The next line, or "" at the end.
  std::string Line() {
    char buffer[4096];
    if (std::fgets(buffer, sizeof(buffer), out_) == nullptr) return "";
    text_ += buffer;
    return buffer;
  }
  void Interrupt() { kill(pid_, SIGINT); }
  // The rest of the output, then how the process ended.
  int Wait() {
    while (!Line().empty()) {
    }
    int status = 0;
    waitpid(pid_, &status, 0);
    return status;
  }
  const std::string& text() const { return text_; }

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  std::string text_;
};

TEST_F(FleetCli, FixShowsEachStepAndAnInterruptSaysWhatWasDoneAndThatRunningAgainResumes) {
  const testing::Skewed short_plan = testing::CompileSkewed(dir_, -16);  // rejected everywhere
  ASSERT_EQ(Run({"push", short_plan.path, "--model", "kws"}).exit_code, 0);
  std::string csv = "device,hardware,isa,kernel_version,pools,model\n";
  // 30 device classes (5 ISAs x 6 pool sizes), so 30 steps: the interrupt, sent when the first
  // step is seen, lands long before the last one even on a loaded machine.
  for (const char* isa : {"ref", "arm_dsp", "arm_mve", "x86_avx2", "x86_avx512vnni"}) {
    for (int i = 0; i < 6; ++i) {
      csv +=
          fmt::format("{}-{},board-{},{},1.2.0,sram={}K,kws@1\n", isa, i, isa, isa, 1024 + 64 * i);
    }
  }
  Write("devices.csv", csv);
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);
  LiveCli fix({"audit", "--fix", "--db", dir_.File("store.db")});
  for (std::string line = fix.Line(); !line.empty(); line = fix.Line()) {
    if (line.find("re-planned") != std::string::npos) break;  // the first step is done
  }
  fix.Interrupt();
  const int status = fix.Wait();
  ASSERT_TRUE(WIFSIGNALED(status)) << fix.text();
  EXPECT_EQ(WTERMSIG(status), SIGINT) << "it ends as interrupted";
  EXPECT_NE(fix.text().find("re-planned"), std::string::npos) << fix.text();
  // Every step takes a durable push and a device move (two fsyncs): the interrupt lands while
  // one is under way, so the fix stops before the re-audit.
  EXPECT_NE(fix.text().find("interrupted:"), std::string::npos) << fix.text();
  EXPECT_NE(fix.text().find("Run `arenastore audit --fix` again to resume"), std::string::npos)
      << fix.text();
  const CliResult resumed = Run({"audit", "--fix"});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
  EXPECT_NE(resumed.out.find("nothing would be rejected any more"), std::string::npos)
      << resumed.out;
}

// Devices listed by their physical memory: the audit places the plan's pools (a workspace and
// a state pool) into one "ram", records where each went and what is left, and names the memory
// and the bytes missing where it is too small.
TEST_F(FleetCli, AuditPlacesPoolsIntoADevicesOneMemoryAndSaysWhereEachWent) {
  const std::string file = dir_.File("svdf.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "svdf-kws", "-o", file}).exit_code, 0);
  ASSERT_EQ(Run({"push", file, "--model", "kws"}).exit_code, 0);
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools,model\n"
        "big-1,board-a,ref,1.2.0,ram=1M,kws@1\n"
        "tiny-1,board-b,ref,1.2.0,ram=900,kws@1\n");
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);
  const CliResult result = Run({"audit", "--json", "--html", dir_.File("audit.html")});
  EXPECT_EQ(result.exit_code, 3) << result.err;
  const nlohmann::json report = nlohmann::json::parse(result.out);
  std::map<std::string, nlohmann::json> by_hardware;
  for (const auto& r : report["results"]) by_hardware[r["hardware"]] = r;
  const nlohmann::json& big = by_hardware["board-a"];
  EXPECT_EQ(big["verdict"], "ok") << big.dump();
  const std::string placement = big["placement"];
  EXPECT_EQ(placement.rfind("ram: sram 336 B + state 640 B, ", 0), 0u) << placement;
  EXPECT_NE(placement.find(" + state "), std::string::npos) << placement;
  EXPECT_NE(placement.find(" B free"), std::string::npos) << placement;
  const nlohmann::json& tiny = by_hardware["board-b"];
  EXPECT_EQ(tiny["verdict"], "reject");
  EXPECT_NE(tiny["reasons"].get<std::string>().find("short by"), std::string::npos) << tiny;
  EXPECT_NE(tiny["reasons"].get<std::string>().find("in memory ram"), std::string::npos) << tiny;
  std::ifstream html(dir_.File("audit.html"));
  const std::string page((std::istreambuf_iterator<char>(html)), std::istreambuf_iterator<char>());
  EXPECT_NE(page.find("class=\"placement\">" + placement), std::string::npos);
  // A recorded run reads back with its placement.
  const nlohmann::json shown = nlohmann::json::parse(Run({"audit", "show", "1", "--json"}).out);
  bool found = false;
  for (const auto& r : shown["results"]) found = found || r["placement"] == placement;
  EXPECT_TRUE(found);
}

std::string ReadFile(const std::string& path) {
  std::ifstream file(path);
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

// Per device class, the page names the devices (the first 20 of a long list, then how many
// more) and what each physical memory keeps free; --json and a recorded run say the same.
TEST_F(FleetCli, AuditPageNamesEachClassesDevicesAndTheFreeBytesOfEachMemory) {
  const std::string file = dir_.File("svdf.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "svdf-kws", "-o", file}).exit_code, 0);
  ASSERT_EQ(Run({"push", file, "--model", "kws"}).exit_code, 0);
  std::string csv = "device,hardware,isa,kernel_version,pools,model\n";
  for (int i = 1; i <= 25; ++i) csv += fmt::format("big-{:02},board-a,ref,1.2.0,ram=1M,kws@1\n", i);
  csv += "small-1,board-b,ref,1.2.0,ram=2K,kws@1\nsmall-2,board-b,ref,1.2.0,ram=2K,kws@1\n";
  Write("devices.csv", csv);
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);
  const CliResult result = Run({"audit", "--json", "--html", dir_.File("audit.html")});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string page = ReadFile(dir_.File("audit.html"));

  // svdf-kws: sram 336 B + state 640 B in one 1 MiB "ram"; 2,048 - 976 in the 2 KiB one.
  EXPECT_NE(page.find("big-01, big-02, big-03"), std::string::npos);
  EXPECT_NE(page.find("big-20 <span class=\"more\">and 5 more</span>"), std::string::npos);
  EXPECT_EQ(page.find("big-21"), std::string::npos) << "the 21st id is one of the 5 more";
  EXPECT_NE(page.find("small-1, small-2</td>"), std::string::npos);
  EXPECT_NE(page.find(">ram: 1,047,600 B free</span>"), std::string::npos);
  EXPECT_NE(page.find(">ram: 1,072 B free</span>"), std::string::npos);

  const nlohmann::json report = nlohmann::json::parse(result.out);
  std::map<std::string, nlohmann::json> by_hardware;
  for (const auto& r : report["results"]) by_hardware[r["hardware"]] = r;
  const nlohmann::json& big = by_hardware["board-a"];
  ASSERT_EQ(big["device_ids"].size(), 20u) << big.dump();
  EXPECT_EQ(big["device_ids"][0], "big-01");
  EXPECT_EQ(big["device_ids"][19], "big-20");
  EXPECT_EQ(big["more_devices"], 5);
  EXPECT_EQ(big["memory_free"],
            nlohmann::json::parse(R"([{"memory": "ram", "free_bytes": 1047600}])"));
  EXPECT_EQ(by_hardware["board-b"]["device_ids"],
            nlohmann::json::parse(R"(["small-1", "small-2"])"));
  EXPECT_EQ(by_hardware["board-b"]["more_devices"], 0);

  // A recorded run reads back with its devices and free bytes, and draws the same page.
  const CliResult shown = Run({"audit", "show", "1", "--json", "--html", dir_.File("shown.html")});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  const nlohmann::json recorded = nlohmann::json::parse(shown.out);
  for (const auto& r : recorded["results"]) {
    EXPECT_EQ(r["device_ids"], by_hardware[r["hardware"]]["device_ids"]);
    EXPECT_EQ(r["memory_free"], by_hardware[r["hardware"]]["memory_free"]);
  }
  const std::string shown_page = ReadFile(dir_.File("shown.html"));
  EXPECT_NE(shown_page.find("big-20 <span class=\"more\">and 5 more</span>"), std::string::npos);
  EXPECT_NE(shown_page.find(">ram: 1,047,600 B free</span>"), std::string::npos);
}

// One "device RAM" figure per model and ISA: each audit result says what a device of its class
// reserves for the version (pools, state, the runtime's prepared operators and executor), and
// it is the figure `inspect --json` gives (device_ram.total_bytes) whenever the class's ISA runs
// on the same kind of device as the artifact's: a ref artifact on an arm_mve class and an
// arm_mve artifact on a ref class are both Cortex-M, an x86_avx2 one on an x86_avx2 class this
// host. The JSON, a recorded run, the CSV, the table and the page all carry it.
TEST_F(FleetCli, AuditGivesEachPairTheDeviceRamInspectGivesItsVersion) {
  struct Model {
    const char* name;
    const char* example;
    const char* isa;
  };
  const Model models[] = {{"svdf", "svdf-kws", "ref"},
                          {"dscnn", "ds-cnn", "arm_mve"},
                          {"host", "svdf-kws", "x86_avx2"}};
  std::map<std::string, uint64_t> inspected;  // model -> device_ram.total_bytes
  for (const Model& m : models) {
    const std::string file = dir_.File(std::string(m.name) + ".arena");
    const CliResult compiled =
        RunCli({"compile", "--example", m.example, "--target", m.isa, "-o", file});
    ASSERT_EQ(compiled.exit_code, 0) << compiled.err;
    ASSERT_EQ(Run({"push", file, "--model", m.name}).exit_code, 0);
    const CliResult inspect = RunCli({"inspect", file, "--json"});
    ASSERT_EQ(inspect.exit_code, 0) << inspect.err;
    inspected[m.name] =
        nlohmann::json::parse(inspect.out)["device_ram"]["total_bytes"].get<uint64_t>();
  }
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools,model\n"
        "m55-1,corstone-300,arm_mve,1.2.0,ram=1M,svdf@1\n"
        "m55-2,corstone-300,arm_mve,1.2.0,ram=1M,dscnn@1\n"
        "sim-1,simulator,ref,1.2.0,ram=1M,dscnn@1\n"
        "pc-1,edge-pc,x86_avx2,1.2.0,ram=16M,host@1\n");
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);

  // The arm_mve plan of ds-cnn may be rejected on the ref simulator: the figure is given anyway.
  const CliResult audited = Run({"audit", "--json", "--html", dir_.File("audit.html")});
  ASSERT_TRUE(audited.exit_code == 0 || audited.exit_code == 3) << audited.err;
  const nlohmann::json report = nlohmann::json::parse(audited.out);
  ASSERT_EQ(report["results"].size(), 4u) << report.dump();
  std::map<std::string, uint64_t> by_pair;  // "hardware model" -> device_ram_bytes
  for (const auto& r : report["results"]) {
    const std::string model = r["model"];
    SCOPED_TRACE(r["hardware"].get<std::string>() + " " + model);
    ASSERT_TRUE(r["device_ram_bytes"].is_number_unsigned()) << r.dump();
    EXPECT_EQ(r["device_ram_bytes"].get<uint64_t>(), inspected[model]);
    by_pair[r["hardware"].get<std::string>() + " " + model] = r["device_ram_bytes"].get<uint64_t>();
  }
  // Cortex-M and x86 runtimes differ in their own objects: the figures are per ISA.
  EXPECT_NE(inspected["svdf"], inspected["host"]);

  // A recorded run reads the same figures back, in every output.
  const CliResult shown = Run({"audit", "show", "1", "--json", "--html", dir_.File("shown.html")});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  for (const auto& r : nlohmann::json::parse(shown.out)["results"]) {
    EXPECT_EQ(r["device_ram_bytes"].get<uint64_t>(),
              by_pair.at(r["hardware"].get<std::string>() + " " + r["model"].get<std::string>()));
  }
  const CliResult csv = Run({"audit", "show", "1", "--csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_NE(
      csv.out.find(",signature,device_ram_bytes,device_ids,more_devices,free_bytes,planned_bytes,"
                   "tensor_bound_bytes,replan_bytes\n"),
      std::string::npos)
      << csv.out;
  EXPECT_NE(csv.out.find(fmt::format(",{},m55-1,0,ram=", by_pair.at("corstone-300 svdf"))),
            std::string::npos)
      << csv.out;
  const CliResult table = Run({"audit", "show", "1"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("DEVICE RAM"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find(store::GroupedBytes(by_pair.at("corstone-300 svdf"))), std::string::npos)
      << table.out;

  for (const std::string& page :
       {ReadFile(dir_.File("audit.html")), ReadFile(dir_.File("shown.html"))}) {
    for (const auto& [pair, bytes] : by_pair) {
      EXPECT_NE(page.find(fmt::format(">device RAM {} B</span>", store::GroupedNumber(bytes))),
                std::string::npos)
          << pair;
    }
  }
}

// After `audit --fix` the page says which rejected version was re-planned to which version, on
// which devices; the --json document carries the same moves and the re-audit's devices.
TEST_F(FleetCli, AuditFixPageSaysWhatWasMovedToWhichVersionOnWhichDevices) {
  const testing::Skewed short_plan = testing::CompileSkewed(dir_, -16);  // rejected everywhere
  ASSERT_EQ(Run({"push", short_plan.path, "--model", "kws"}).exit_code, 0);
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools,model\n"
        "cam-2,board-a,ref,1.2.0,sram=1024K,kws@1\n"
        "cam-1,board-a,ref,1.2.0,sram=1024K,kws@1\n");
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);
  const CliResult fix = Run({"audit", "--fix", "--json", "--html", dir_.File("fix.html")});
  ASSERT_EQ(fix.exit_code, 0) << fix.out << fix.err;
  const std::string page = ReadFile(dir_.File("fix.html"));
  const size_t moves = page.find("<table class=\"moves\">");
  ASSERT_NE(moves, std::string::npos) << page;
  const std::string row = page.substr(moves, page.find("</table>", moves) - moves);
  EXPECT_NE(row.find("<tr class=\"moved\"><td>kws@1</td>"), std::string::npos) << row;
  EXPECT_NE(row.find("cam-1, cam-2</td>"), std::string::npos) << row;
  EXPECT_NE(row.find("re-planned to <strong>kws@2</strong>"), std::string::npos) << row;
  // The re-audit's classes: the same devices, now on kws@2.
  EXPECT_NE(page.find("<td>kws@2</td>"), std::string::npos);

  const nlohmann::json document = nlohmann::json::parse(fix.out);
  ASSERT_EQ(document["actions"].size(), 1u) << document.dump();
  const nlohmann::json& action = document["actions"][0];
  EXPECT_EQ(action["rejected"]["reference"], "kws@1");
  EXPECT_EQ(action["rejected"]["device_ids"], nlohmann::json::parse(R"(["cam-1", "cam-2"])"));
  EXPECT_EQ(action["replanned"]["reference"], "kws@2");
  EXPECT_EQ(action["replanned"]["devices_moved"], 2);
  ASSERT_EQ(document["after"]["results"].size(), 1u);
  EXPECT_EQ(document["after"]["results"][0]["model"], "kws");
  EXPECT_EQ(document["after"]["results"][0]["version"], 2);
  EXPECT_EQ(document["after"]["results"][0]["device_ids"], action["rejected"]["device_ids"]);
}

// The re-audit `audit --fix` records keeps what the fix did: `audit show` of it lists each
// rejected version, the version it moved to and on which devices, in text, JSON and the page, as
// the fix itself printed them; the first run, no re-audit, has no such section.
TEST_F(FleetCli, AuditShowOfAFixsReAuditListsWhatTheFixMovedWhere) {
  const testing::Skewed short_plan = testing::CompileSkewed(dir_, -16);  // rejected everywhere
  ASSERT_EQ(Run({"push", short_plan.path, "--model", "kws"}).exit_code, 0);
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools,model\n"
        "cam-2,board-a,ref,1.2.0,sram=1024K,kws@1\n"
        "cam-1,board-a,ref,1.2.0,sram=1024K,kws@1\n");
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);
  const CliResult fix = Run({"audit", "--fix", "--json"});
  ASSERT_EQ(fix.exit_code, 0) << fix.out << fix.err;
  const nlohmann::json fixed = nlohmann::json::parse(fix.out);
  ASSERT_EQ(fixed["after"]["run"], 2);

  const CliResult json = Run({"audit", "show", "2", "--json", "--html", dir_.File("shown.html")});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const nlohmann::json shown = nlohmann::json::parse(json.out);
  EXPECT_EQ(shown["run"]["fix_of_run"], 1);
  EXPECT_EQ(shown["fix"]["run"], 1);
  EXPECT_EQ(shown["fix"]["actions"], fixed["actions"]) << "the moves as audit --fix printed them";
  EXPECT_EQ(shown["fix"]["actions"][0]["replanned"]["reference"], "kws@2");

  const CliResult text = Run({"audit", "show", "2"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("moved by audit --fix of run 1:\n  re-planned kws@1 on board-a (ref, "),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("    -> kws@2 (sha256:"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("), 2 device(s) moved; planned "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("    devices: cam-1, cam-2\n"), std::string::npos) << text.out;

  const std::string page = ReadFile(dir_.File("shown.html"));
  EXPECT_NE(page.find("<h2>Moved by audit --fix of run 1</h2>"), std::string::npos);
  EXPECT_NE(page.find("re-planned to <strong>kws@2</strong>"), std::string::npos);
  EXPECT_NE(page.find("cam-1, cam-2</td>"), std::string::npos);

  const CliResult first = Run({"audit", "show", "1", "--json", "--html", dir_.File("first.html")});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_TRUE(nlohmann::json::parse(first.out)["fix"].is_null());
  EXPECT_EQ(ReadFile(dir_.File("first.html")).find("<table class=\"moves\">"), std::string::npos);
  EXPECT_EQ(Run({"audit", "show", "1"}).out.find("moved by audit --fix"), std::string::npos);
}

TEST_F(FleetCli, AuditExitsThreeOnRejectsAndRecordsRunsToShowAndDiff) {
  PushModels();
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools,model\n"
        "dev-1,nrf5340,arm_dsp,1.2.0,sram=256K,kws@1\n"
        "dev-2,nrf5340,arm_dsp,1.2.0,sram=256K,kws@1\n"
        "dev-3,corstone-300,arm_mve,1.2.0,\"sram=512K;dtcm=64K\",kws@2\n");
  CliResult result = Run({"fleet", "import", dir_.File("devices.csv")});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("3 devices added"), std::string::npos) << result.out;

  result = Run({"audit", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["run"]["id"], 1);
  EXPECT_EQ(report["run"]["classes"], 2);
  EXPECT_EQ(report["totals"]["ok"]["devices"], 3);

  // kws@2 is planned for arm_mve: on the arm_dsp boards it would overrun a scratch buffer.
  result = Run({"fleet", "deploy", "--hardware", "nrf5340", "kws@2"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  result = Run({"audit", "--json", "--note", "after deploy"});
  EXPECT_EQ(result.exit_code, 3) << result.err;
  report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["totals"]["reject"]["devices"], 2);
  const nlohmann::json& rejected = report["results"][0];
  EXPECT_EQ(rejected["verdict"], "reject");
  EXPECT_EQ(rejected["hardware"], "nrf5340");
  // The cause leads: kws@2 was planned for arm_mve and the boards run arm_dsp.
  EXPECT_EQ(rejected["reasons"].get<std::string>().rfind("planned for arm_mve, runs arm_dsp: ", 0),
            0u)
      << rejected["reasons"];
  EXPECT_NE(rejected["reasons"].get<std::string>().find("short of scratch"), std::string::npos);
  EXPECT_FALSE(rejected["findings"].empty()) << "per-op detail stays in the JSON";
  EXPECT_NE(result.err.find("would be rejected"), std::string::npos);

  result = Run({"audit", "ls", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json runs = nlohmann::json::parse(result.out)["runs"];
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0]["note"], "after deploy");

  result = Run({"audit", "show", "2", "--csv"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out.rfind("run,verdict,model,version,", 0), 0u);
  EXPECT_NE(result.out.find("2,reject,kws,2,"), std::string::npos) << result.out;

  result = Run({"audit", "diff", "1", "2", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json changes = nlohmann::json::parse(result.out)["changes"];
  ASSERT_EQ(changes.size(), 2u);  // nrf5340: kws@1 gone, kws@2 added
  EXPECT_EQ(Run({"audit", "show", "9"}).exit_code, 1);
}

// Two builds may agree on a pair's verdict yet not on the RAM it needs or what its memories
// keep: `audit diff` says so, in text and JSON, with both runs' figures. The later build's run
// is the first one as recorded, with the figures a bigger runtime would give.
TEST_F(FleetCli, AuditDiffReportsDeviceRamPlacementAndFreeMemoryThatChanged) {
  PushModels();
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools,model\n"
        "dev-1,nrf5340,arm_dsp,1.2.0,ram=1M,kws@1\n");
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);
  ASSERT_EQ(Run({"audit", "--json"}).exit_code, 0);
  store::AuditResult before;
  {
    auto registry = store::Registry::Open(dir_.File("store.db"));
    ASSERT_TRUE(registry.ok()) << registry.status().message();
    auto later = store::ReadAudit(*registry, 1);
    ASSERT_TRUE(later.ok()) << later.status().message();
    ASSERT_EQ(later->results.size(), 1u);
    before = later->results[0];
    ASSERT_EQ(before.memory_free.size(), 1u) << "kws@1's pools placed in ram";
    store::AuditResult& r = later->results[0];
    r.device_ram_bytes += 512;
    r.memory_free[0].free_bytes -= 512;
    r.placement = "ram: grown";
    ASSERT_TRUE(store::RecordAudit(*registry, &*later).ok());
    ASSERT_EQ(later->run.id, 2);
  }
  const CliResult json = Run({"audit", "diff", "1", "2", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const nlohmann::json changes = nlohmann::json::parse(json.out)["changes"];
  ASSERT_EQ(changes.size(), 1u) << json.out;
  const nlohmann::json& change = changes[0];
  EXPECT_EQ(change["change"], "memory");
  EXPECT_EQ(change["fields"],
            nlohmann::json::parse(R"(["device_ram_bytes", "placement", "memory_free"])"));
  EXPECT_EQ(change["a"]["verdict"], change["b"]["verdict"]);
  EXPECT_EQ(change["a"]["device_ram_bytes"], before.device_ram_bytes);
  EXPECT_EQ(change["b"]["device_ram_bytes"], before.device_ram_bytes + 512);
  EXPECT_EQ(change["a"]["placement"], before.placement);
  EXPECT_EQ(change["b"]["placement"], "ram: grown");
  EXPECT_EQ(change["a"]["memory_free"][0]["free_bytes"], before.memory_free[0].free_bytes);
  EXPECT_EQ(change["b"]["memory_free"][0]["free_bytes"], before.memory_free[0].free_bytes - 512);

  const CliResult text = Run({"audit", "diff", "1", "2"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("~ kws@1 on nrf5340 (arm_dsp, class "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find(": ok, device_ram_bytes, placement and memory_free changed\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find(fmt::format("    device RAM: {} -> {}\n",
                                      store::GroupedBytes(before.device_ram_bytes),
                                      store::GroupedBytes(before.device_ram_bytes + 512))),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("    placement: " + before.placement + " -> ram: grown\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find(fmt::format("    free: ram {} -> ram {}\n",
                                      store::GroupedBytes(before.memory_free[0].free_bytes),
                                      store::GroupedBytes(before.memory_free[0].free_bytes - 512))),
            std::string::npos)
      << text.out;
  // The same run twice: nothing changed.
  EXPECT_NE(Run({"audit", "diff", "1", "1"}).out.find("no pair changed"), std::string::npos);
}

TEST_F(FleetCli, DeployAndRmSayWhichDevicesAreUnknown) {
  PushModels();
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools\n"
        "dev-1,nrf5340,arm_dsp,1.2.0,sram=256K\n");
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);
  CliResult result = Run({"fleet", "deploy", "dev-1", "dev-9", "kws@1"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("dev-9"), std::string::npos) << result.err;
  result = Run({"fleet", "deploy", "dev-1", "kws@1"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  result = Run({"fleet", "rm", "dev-1", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(nlohmann::json::parse(result.out)["removed"], 1);
  result = Run({"fleet", "ls", "--class", "--json"});
  EXPECT_TRUE(nlohmann::json::parse(result.out)["classes"].empty());
}

// Under require-signature `fleet deploy` refuses what `check` and `run` refuse, names the
// version and the command that signs it, and moves no device.
TEST_F(FleetCli, DeployUnderRequireSignatureRefusesAnUnsignedVersionAndChangesNothing) {
  PushModels();
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools,model\n"
        "dev-1,nrf5340,arm_dsp,1.2.0,sram=256K,kws@1\n");
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);
  ASSERT_EQ(Run({"policy", "set", "require-signature", "on"}).exit_code, 0);
  const CliResult deploy = Run({"fleet", "deploy", "dev-1", "kws@2"});
  EXPECT_EQ(deploy.exit_code, 4) << deploy.out << deploy.err;
  EXPECT_NE(deploy.err.find("kws@2"), std::string::npos) << deploy.err;
  EXPECT_NE(deploy.err.find("arenastore sign kws@2 --key KEY"), std::string::npos) << deploy.err;
  const nlohmann::json fleet = nlohmann::json::parse(Run({"fleet", "ls", "--json"}).out);
  EXPECT_EQ(fleet["devices"][0]["model"]["version"], 1) << "dev-1 still runs kws@1";
  EXPECT_EQ(fleet["devices"][0]["model"]["deployed_by"],
            "fleet import " + dir_.File("devices.csv"));
}

// The audit shows each deployed version's signature state in every format and counts the
// deployments without a trusted signature; under require-signature they fail it (exit 3).
TEST_F(FleetCli, AuditShowsSignatureStatesAndUnderRequireSignatureFailsOnUnsignedDeployments) {
  PushModels();
  TrustReleaseKey();
  ASSERT_EQ(Run({"sign", "kws@2", "--key", dir_.File("release.key")}).exit_code, 0);
  Write("devices.csv",
        "device,hardware,isa,kernel_version,pools,model\n"
        "dev-1,nrf5340,arm_dsp,1.2.0,sram=256K,kws@1\n"
        "dev-2,nrf5340,arm_dsp,1.2.0,sram=256K,kws@1\n"
        "dev-3,corstone-300,arm_mve,1.2.0,\"sram=512K;dtcm=64K\",kws@2\n");
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);

  CliResult result = Run({"audit", "--json"});
  ASSERT_EQ(result.exit_code, 0) << "the gate accepts all; signatures are not required yet";
  nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["run"]["require_signature"], false);
  std::map<std::string, std::string> states;
  for (const auto& r : report["results"]) {
    states[r["model"].get<std::string>() + "@" + std::to_string(r["version"].get<int64_t>())] =
        r["signature"];
  }
  EXPECT_EQ(states,
            (std::map<std::string, std::string>{{"kws@1", "unsigned"}, {"kws@2", "trusted"}}));
  EXPECT_EQ(report["totals"]["unsigned"], (nlohmann::json{{"results", 1}, {"devices", 2}}));

  ASSERT_EQ(Run({"policy", "set", "require-signature", "on"}).exit_code, 0);
  result = Run({"audit", "--json"});
  EXPECT_EQ(result.exit_code, 3) << "check and run refuse kws@1, so the fleet is not fine";
  report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["run"]["require_signature"], true);
  EXPECT_EQ(report["totals"]["unsigned"]["devices"], 2);
  EXPECT_NE(result.err.find("without a trusted signature"), std::string::npos) << result.err;

  result = Run({"audit", "--html", dir_.File("audit.html")});
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_NE(result.out.find("unsigned: 1 pairs on 2 devices"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("SIGNATURE"), std::string::npos) << result.out;
  std::ifstream page_file(dir_.File("audit.html"));
  const std::string page{std::istreambuf_iterator<char>(page_file),
                         std::istreambuf_iterator<char>()};
  EXPECT_NE(page.find("<td class=\"signature unsigned reject\">unsigned</td>"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"signature trusted\">trusted</td>"), std::string::npos);
  EXPECT_NE(page.find("require-signature policy refuses"), std::string::npos);

  // The recorded run keeps what it saw.
  result = Run({"audit", "show", "3", "--csv"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // The signature column, before the columns later runs added.
  EXPECT_NE(result.out.find(",unsigned,"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace arenastore::cli
