// `arenastore export FILE --c-header NAME.h [--c-source NAME.c --section POOL=SECTION]` end to
// end through the CLI binary: the header's array holds exactly the artifact's bytes, its #defines
// equal the artifact's pools and real input size, names become C identifiers, a C source defines
// the array once for any number of C99 files including the header and places the named pools
// in no-load sections whatever their names, and a file that is not an artifact (or a bad
// placement) writes nothing.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Command {
  int status;
  std::string output;
};

// Runs a shell command line; its exit status and output (stdout and stderr).
Command Run(const std::string& line) {
  FILE* pipe = popen((line + " 2>&1").c_str(), "r");
  std::string output;
  char buffer[4096];
  while (pipe != nullptr && fgets(buffer, sizeof(buffer), pipe) != nullptr) output += buffer;
  const int status = pipe != nullptr ? pclose(pipe) : -1;
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

Command Cli(const std::string& arguments) {
  return Run(std::string(ARENASTORE_CLI) + " " + arguments);
}

std::string ReadText(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::map<std::string, std::string> Defines(const std::string& header) {
  std::map<std::string, std::string> defines;
  const std::regex define(R"(#define (\w+) (\S+))");
  for (std::sregex_iterator it(header.begin(), header.end(), define), end; it != end; ++it) {
    defines[(*it)[1]] = (*it)[2];
  }
  return defines;
}

// Bytes between the array's "= {" and "};".
std::vector<uint8_t> ArrayBytes(const std::string& header) {
  const size_t begin = header.find("= {");
  const size_t end = header.find("};", begin);
  std::vector<uint8_t> bytes;
  const std::string body = header.substr(begin, end - begin);
  const std::regex hex(R"(0x([0-9a-f]{2}))");
  for (std::sregex_iterator it(body.begin(), body.end(), hex), stop; it != stop; ++it) {
    bytes.push_back(static_cast<uint8_t>(std::stoi((*it)[1], nullptr, 16)));
  }
  return bytes;
}

class ExportCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("arenastore_export_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    artifact_ = dir_ / "kws.arena";
    const Command compiled =
        Cli("compile --example ds-cnn --target arm_mve --pool dtcm:64K "
            "--pool sram:1M -o " +
            artifact_.string());
    ASSERT_EQ(compiled.status, 0) << compiled.output;
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
  fs::path artifact_;
};

TEST_F(ExportCommand, ArrayHoldsExactlyTheArtifactBytes) {
  const fs::path header = dir_ / "kws.h";
  const Command exported = Cli("export " + artifact_.string() + " --c-header " + header.string());
  ASSERT_EQ(exported.status, 0) << exported.output;
  const std::string text = ReadText(header);
  const std::string artifact = ReadText(artifact_);
  EXPECT_EQ(ArrayBytes(text), std::vector<uint8_t>(artifact.begin(), artifact.end()));
  const auto defines = Defines(text);
  EXPECT_EQ(defines.at("KWS_ARTIFACT_BYTES"), std::to_string(artifact.size()) + "u");
  EXPECT_EQ(defines.at("KWS_ARTIFACT_ALIGNMENT"), "16u");
  EXPECT_EQ(defines.at("KWS_TARGET_ISA"), "\"arm_mve\"");
  EXPECT_NE(text.find("KWS_ALIGNAS(KWS_ARTIFACT_ALIGNMENT) static const uint8_t kws_artifact"),
            std::string::npos);
}

TEST_F(ExportCommand, PoolDefinesEqualTheArtifactsPools) {
  const fs::path header = dir_ / "kws.h";
  ASSERT_EQ(Cli("export " + artifact_.string() + " --c-header " + header.string()).status, 0);
  const auto defines = Defines(ReadText(header));
  const Command inspected = Cli("inspect " + artifact_.string() + " --json");
  ASSERT_EQ(inspected.status, 0) << inspected.output;
  const auto pools = nlohmann::json::parse(inspected.output)["pools"];
  ASSERT_EQ(pools.size(), 2u);
  EXPECT_EQ(defines.at("KWS_POOL_COUNT"), "2");
  for (const auto& pool : pools) {
    std::string id = pool["name"].get<std::string>();
    for (char& c : id) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_EQ(defines.at("KWS_POOL_" + id + "_BYTES"),
              std::to_string(pool["planned_bytes"].get<uint64_t>()) + "u");
    EXPECT_EQ(defines.at("KWS_POOL_" + id + "_ALIGNMENT"),
              std::to_string(pool["alignment"].get<uint64_t>()) + "u");
    const std::string quoted_name = '"' + pool["name"].get<std::string>() + '"';
    EXPECT_EQ(defines.at("KWS_POOL_" + id + "_NAME"), quoted_name);
  }
}

TEST_F(ExportCommand, InputBytesIsWhatTheModelTakes) {
  const fs::path ref_artifact = dir_ / "ref.arena";
  ASSERT_EQ(Cli("compile --example ds-cnn -o " + ref_artifact.string()).status, 0);
  const fs::path header = dir_ / "ref.h";
  ASSERT_EQ(Cli("export " + ref_artifact.string() + " --c-header " + header.string()).status, 0);
  const auto defines = Defines(ReadText(header));
  EXPECT_EQ(defines.at("REF_INPUT_COUNT"), "1u");
  const size_t input_bytes = std::stoul(defines.at("REF_INPUT0_BYTES"));
  for (const size_t bytes : {input_bytes, input_bytes - 1}) {
    const fs::path input = dir_ / ("input" + std::to_string(bytes) + ".bin");
    std::ofstream(input, std::ios::binary) << std::string(bytes, '\x05');
    const Command ran = Cli("run " + ref_artifact.string() + " --input " + input.string());
    EXPECT_EQ(ran.status == 0, bytes == input_bytes) << bytes << " B: " << ran.output;
  }
}

TEST_F(ExportCommand, NamesBecomeCIdentifiers) {
  const fs::path header = dir_ / "9-lives.model.h";
  ASSERT_EQ(Cli("export " + artifact_.string() + " --c-header '" + header.string() + "'").status,
            0);
  const std::string text = ReadText(header);
  EXPECT_NE(text.find("#define _9_LIVES_MODEL_ARTIFACT_BYTES"), std::string::npos);
  EXPECT_NE(text.find("_9_lives_model_artifact["), std::string::npos);
  const fs::path renamed = dir_ / "other.h";
  ASSERT_EQ(
      Cli("export " + artifact_.string() + " --c-header " + renamed.string() + " --symbol kws_v2")
          .status,
      0);
  EXPECT_NE(ReadText(renamed).find("#define KWS_V2_POOL_DTCM_BYTES"), std::string::npos);
}

// Runs a shell command in `dir`.
Command Shell(const fs::path& dir, const std::string& command) {
  return Run("cd '" + dir.string() + "' && " + command);
}

TEST_F(ExportCommand, CSourceDefinesTheArrayOnceForEveryC99FileIncludingTheHeader) {
  const Command exported =
      Cli("export " + artifact_.string() + " --c-header " + (dir_ / "kws.h").string() +
          " --c-source " + (dir_ / "kws.c").string());
  ASSERT_EQ(exported.status, 0) << exported.output;
  const std::string header = ReadText(dir_ / "kws.h");
  const std::string artifact = ReadText(artifact_);
  EXPECT_EQ(header.find("= {"), std::string::npos) << "the header must not define the array";
  EXPECT_NE(header.find("extern const uint8_t kws_artifact[KWS_ARTIFACT_BYTES];"),
            std::string::npos);
  EXPECT_EQ(ArrayBytes(ReadText(dir_ / "kws.c")),
            std::vector<uint8_t>(artifact.begin(), artifact.end()));
  std::ofstream(dir_ / "first.c") << "#include \"kws.h\"\n"
                                     "const uint8_t* first(void) { return kws_artifact; }\n";
  std::ofstream(dir_ / "second.c")
      << "#include \"kws.h\"\nconst uint8_t* first(void);\n"
         "int main(void) { return first() == kws_artifact && "
         "(unsigned long)kws_artifact % KWS_ARTIFACT_ALIGNMENT == 0 ? 0 : 1; }\n";
  const Command built = Shell(
      dir_, "cc -std=c99 -Wall -Wextra -Werror -pedantic first.c second.c kws.c -o two_units");
  ASSERT_EQ(built.status, 0) << built.output;
  EXPECT_EQ(Shell(dir_, "./two_units").status, 0) << "both files see one aligned array";
  // One copy in the image, exactly the artifact's size.
  const Command symbols = Shell(dir_, "nm -S two_units | grep ' kws_artifact$'");
  ASSERT_EQ(symbols.status, 0) << symbols.output;
  EXPECT_EQ(std::count(symbols.output.begin(), symbols.output.end(), '\n'), 1) << symbols.output;
  std::istringstream fields(symbols.output);
  std::string address, size_hex;
  fields >> address >> size_hex;
  EXPECT_EQ(std::stoul(size_hex, nullptr, 16), artifact.size());
  // A C++ file links to the same C symbol.
  const Command cpp = Shell(dir_,
                            "c++ -std=c++17 -Wall -Werror -x c++ -c first.c -o first_cpp.o "
                            "&& nm first_cpp.o | grep -q ' U kws_artifact$'");
  EXPECT_EQ(cpp.status, 0) << cpp.output;
}

TEST_F(ExportCommand, SectionPlacesANamedPoolInTheCSource) {
  const Command exported =
      Cli("export " + artifact_.string() + " --c-header " + (dir_ / "kws.h").string() +
          " --c-source " + (dir_ / "kws.c").string() + " --section dtcm=.dtcm_bss");
  ASSERT_EQ(exported.status, 0) << exported.output;
  const auto defines = Defines(ReadText(dir_ / "kws.h"));
  EXPECT_NE(ReadText(dir_ / "kws.h").find("extern uint8_t kws_pool_dtcm[KWS_POOL_DTCM_BYTES];"),
            std::string::npos);
  const Command built =
      Shell(dir_, "cc -std=c99 -Wall -Wextra -Werror -pedantic -c kws.c -o kws.o");
  ASSERT_EQ(built.status, 0) << built.output;
  const Command table = Shell(dir_, "objdump -t kws.o | grep ' kws_pool_dtcm$'");
  ASSERT_EQ(table.status, 0) << table.output;
  EXPECT_NE(table.output.find(".dtcm_bss"), std::string::npos) << table.output;
  const std::string pool_bytes = defines.at("KWS_POOL_DTCM_BYTES");
  const Command sized = Shell(dir_, "nm -S kws.o | grep ' kws_pool_dtcm$'");
  std::istringstream fields(sized.output);
  std::string address, size_hex;
  fields >> address >> size_hex;
  EXPECT_EQ(std::to_string(std::stoul(size_hex, nullptr, 16)) + "u", pool_bytes);
}

struct SectionHeader {
  bool found = false;
  uint64_t bytes = 0;
  std::string flags;  // objdump's second line, e.g. "ALLOC" or "CONTENTS, ALLOC, LOAD, DATA"
};

// The section `name` as `objdump -h` lists it in `object`.
SectionHeader FindSection(const std::string& objdump, const fs::path& object,
                          const std::string& name) {
  const Command listed = Run(objdump + " -h '" + object.string() + "'");
  std::istringstream lines(listed.output);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string index, section, size_hex;
    fields >> index >> section >> size_hex;
    if (section != name) continue;
    SectionHeader header{true, std::stoull(size_hex, nullptr, 16), ""};
    std::getline(lines, header.flags);
    return header;
  }
  return {};
}

// Exports the fixture's dtcm pool into `section`, compiles the C source with `compiler` and
// checks that the section takes no bytes of the load image and holds exactly the pool.
void ExpectNoLoadPoolSection(const fs::path& dir, const fs::path& artifact,
                             const std::string& compiler, const std::string& objdump,
                             const std::string& section) {
  SCOPED_TRACE(compiler + ", section " + section);
  const Command exported =
      Cli("export " + artifact.string() + " --c-header " + (dir / "kws.h").string() +
          " --c-source " + (dir / "kws.c").string() + " --section 'dtcm=" + section + "'");
  ASSERT_EQ(exported.status, 0) << exported.output;
  const std::string pool_bytes = Defines(ReadText(dir / "kws.h")).at("KWS_POOL_DTCM_BYTES");
  const fs::path object = dir / "kws_pool.o";
  const Command built = Shell(dir, compiler +
                                       " -std=c99 -Wall -Wextra -Werror -pedantic -c kws.c "
                                       "-o " +
                                       object.string());
  ASSERT_EQ(built.status, 0) << built.output;
  const SectionHeader header = FindSection(objdump, object, section);
  ASSERT_TRUE(header.found) << "no section " << section << " in kws_pool.o";
  EXPECT_EQ(std::to_string(header.bytes) + "u", pool_bytes);
  EXPECT_EQ(header.flags.find("CONTENTS"), std::string::npos) << header.flags;
  EXPECT_EQ(header.flags.find("LOAD"), std::string::npos) << header.flags;
  EXPECT_NE(header.flags.find("ALLOC"), std::string::npos) << header.flags;
}

TEST_F(ExportCommand, PoolSectionsAddNoBytesToTheLoadImage) {
  // Names GCC alone would make initialised data (zeros in the image), and one it makes no-load.
  for (const char* section : {".dtcm_bss", ".pool-fast", ".bss.dtcm"}) {
    ExpectNoLoadPoolSection(dir_, artifact_, "cc", "objdump", section);
  }
}

TEST_F(ExportCommand, PoolSectionsAddNoBytesToTheLoadImageOnCortexM) {
  if (::Run("command -v arm-none-eabi-gcc").status != 0) {
    GTEST_SKIP() << "arm-none-eabi-gcc is not installed (Debian: gcc-arm-none-eabi)";
  }
  for (const char* section : {".dtcm_bss", ".pool_fast"}) {
    ExpectNoLoadPoolSection(dir_, artifact_, "arm-none-eabi-gcc -mcpu=cortex-m55 -mthumb",
                            "arm-none-eabi-objdump", section);
  }
}

// Firmware sizes its buffers and quantizes its samples from the header alone: each edge's type,
// shape, scale and zero point as `inspect --json` gives them, usable as C initialisers.
TEST_F(ExportCommand, HeaderDescribesEachInputAndOutputAsInspectDoes) {
  ASSERT_EQ(Cli("export " + artifact_.string() + " --c-header " + (dir_ / "kws.h").string()).status,
            0);
  const auto defines = Defines(ReadText(dir_ / "kws.h"));
  const auto json = nlohmann::json::parse(Cli("inspect " + artifact_.string() + " --json").output);
  std::ofstream(dir_ / "edges.c")
      << "#include <stdio.h>\n#include \"kws.h\"\n"
         "static const int input_shape[] = KWS_INPUT0_SHAPE;\n"
         "static const int output_shape[] = KWS_OUTPUT0_SHAPE;\n"
         "int main(void) {\n"
         "  for (unsigned i = 0; i < KWS_INPUT0_RANK; ++i) printf(\"%d \", input_shape[i]);\n"
         "  printf(\"| %.9g %d | \", KWS_INPUT0_SCALE, KWS_INPUT0_ZERO_POINT);\n"
         "  for (unsigned i = 0; i < KWS_OUTPUT0_RANK; ++i) printf(\"%d \", output_shape[i]);\n"
         "  printf(\"| %.9g %d\\n\", KWS_OUTPUT0_SCALE, KWS_OUTPUT0_ZERO_POINT);\n"
         "  return 0;\n}\n";
  ASSERT_EQ(Shell(dir_, "cc -std=c99 -Wall -Wextra -Werror -pedantic edges.c -o edges").status, 0);
  std::string expected;
  for (const char* side : {"inputs", "outputs"}) {
    const auto& edge = json[side][0];
    for (const auto& dimension : edge["shape"])
      expected += std::to_string(dimension.get<int>()) + " ";
    char quantization[64];
    std::snprintf(quantization, sizeof(quantization), "| %.9g %d",
                  static_cast<float>(edge["scale"].get<double>()), edge["zero_point"].get<int>());
    expected += quantization;
    expected += side == std::string("inputs") ? " | " : "\n";
    const std::string id = side == std::string("inputs") ? "KWS_INPUT0" : "KWS_OUTPUT0";
    EXPECT_EQ(defines.at(id + "_TYPE"), '"' + edge["type"].get<std::string>() + '"');
    EXPECT_EQ(defines.at(id + "_BYTES"), std::to_string(edge["bytes"].get<uint64_t>()) + "u");
  }
  EXPECT_EQ(Shell(dir_, "./edges").output, expected);
}

// One total to reserve, the same as `inspect` reports, and the ops and types to build with.
TEST_F(ExportCommand, HeaderGivesTheDeviceRamAndWhatToBuildAsInspectAndOpsDo) {
  ASSERT_EQ(Cli("export " + artifact_.string() + " --c-header " + (dir_ / "kws.h").string()).status,
            0);
  const auto defines = Defines(ReadText(dir_ / "kws.h"));
  const auto ram =
      nlohmann::json::parse(Cli("inspect " + artifact_.string() + " --json").output)["device_ram"];
  EXPECT_EQ(defines.at("KWS_DEVICE_RAM_BYTES"),
            std::to_string(ram["total_bytes"].get<uint64_t>()) + "u");
  EXPECT_EQ(defines.at("KWS_RUNTIME_RAM_BYTES"),
            std::to_string(ram["prepared_ops_bytes"].get<uint64_t>() +
                           ram["executor_bytes"].get<uint64_t>()) +
                "u");
  EXPECT_EQ(defines.at("KWS_STATE_BYTES"), "0u");
  EXPECT_EQ(defines.at("KWS_STACK_BUDGET_BYTES"),
            std::to_string(ram["stack_budget_bytes"].get<uint64_t>()) + "u");
  std::string ops = Cli("ops " + artifact_.string()).output;
  ops.erase(ops.find_last_not_of('\n') + 1);
  EXPECT_EQ(defines.at("KWS_OPS"), '"' + ops + '"');
  EXPECT_EQ(defines.at("KWS_DTYPES"), "\"int8\"") << "ds-cnn runs no int16 kernel";

  const fs::path lstm = dir_ / "lstm.arena";
  ASSERT_EQ(Cli("compile --example lstm-gesture -o " + lstm.string()).status, 0);
  ASSERT_EQ(Cli("export " + lstm.string() + " --c-header " + (dir_ / "lstm.h").string()).status, 0);
  const auto lstm_defines = Defines(ReadText(dir_ / "lstm.h"));
  EXPECT_EQ(lstm_defines.at("LSTM_DTYPES"), "\"all\"") << "16x8 LSTM needs the int16 kernels";
  EXPECT_NE(lstm_defines.at("LSTM_STATE_BYTES"), "0u") << "the LSTM keeps state across frames";
}

TEST_F(ExportCommand, APlacedPoolIsAnAlignedWritableBufferOfThePoolsSize) {
  const Command exported =
      Cli("export " + artifact_.string() + " --c-header " + (dir_ / "kws.h").string() +
          " --c-source " + (dir_ / "kws.c").string() + " --section dtcm=.dtcm_bss");
  ASSERT_EQ(exported.status, 0) << exported.output;
  std::ofstream(dir_ / "main.c")
      << "#include \"kws.h\"\n"
         "int main(void) {\n"
         "  kws_pool_dtcm[0] = 1; kws_pool_dtcm[KWS_POOL_DTCM_BYTES - 1] = 2;\n"
         "  return (unsigned long)kws_pool_dtcm % KWS_POOL_DTCM_ALIGNMENT == 0 &&\n"
         "         sizeof kws_pool_dtcm == KWS_POOL_DTCM_BYTES ? 0 : 1;\n"
         "}\n";
  const Command built =
      Shell(dir_, "cc -std=c99 -Wall -Wextra -Werror -pedantic main.c kws.c -o placed");
  ASSERT_EQ(built.status, 0) << built.output;
  EXPECT_EQ(Shell(dir_, "./placed").status, 0) << "the pool is aligned, writable, of its size";
}

TEST_F(ExportCommand, RefusesPlacementsItCannotMakeAndWritesNothing) {
  const std::string base =
      "export " + artifact_.string() + " --c-header " + (dir_ / "bad.h").string();
  const std::string with_source = base + " --c-source " + (dir_ / "bad.c").string();
  const struct {
    std::string arguments;
    std::string says;
  } refusals[] = {
      {base + " --section dtcm=.dtcm_bss", "give --c-source too"},
      {with_source + " --section flash=.text", "no pool 'flash' (its pools: dtcm, sram)"},
      {with_source + " --section sram=.sram_bss", "holds 0 B"},
      {with_source + " --section dtcm", "expected POOL=SECTION"},
      {with_source + " --section 'dtcm=.a\"b'", "expected POOL=SECTION"},
      {with_source + " --section dtcm=.data", ".data is where initialised data goes"},
      {with_source + " --section dtcm=.text.dtcm", ".text.dtcm is where code goes"},
      {with_source + " --section dtcm=.rodata", "place it NOLOAD"},
  };
  for (const auto& refusal : refusals) {
    const Command exported = Cli(refusal.arguments);
    EXPECT_NE(exported.status, 0) << refusal.arguments;
    EXPECT_NE(exported.output.find(refusal.says), std::string::npos)
        << refusal.arguments << ": " << exported.output;
    EXPECT_FALSE(fs::exists(dir_ / "bad.h")) << refusal.arguments;
    EXPECT_FALSE(fs::exists(dir_ / "bad.c")) << refusal.arguments;
  }
}

TEST_F(ExportCommand, RefusesAFileThatIsNotAnArtifactAndWritesNothing) {
  const fs::path bogus = dir_ / "bogus.arena";
  std::ofstream(bogus, std::ios::binary) << std::string(256, 'x');
  const fs::path header = dir_ / "bogus.h";
  const Command exported = Cli("export " + bogus.string() + " --c-header " + header.string());
  EXPECT_NE(exported.status, 0);
  EXPECT_NE(exported.output.find("not a valid artifact"), std::string::npos) << exported.output;
  EXPECT_FALSE(fs::exists(header));
}

}  // namespace
