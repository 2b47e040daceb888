// `arenastore help [VERB [SUBVERB]]`: the same text as `arenastore VERB --help`, for people who
// type the word first; an unknown verb gets the nearest ones.
#include <fmt/core.h>

#include "tools/json_document.h"
#include "tools/usage_error.h"
#include "tools/verb.h"

namespace arenastore::cli {
namespace {

struct HelpOptions {
  std::vector<std::string> words;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

// The command's own help (CLI11's help() would show the help verb's: it is the one selected).
std::string HelpText(const CLI::App& command, const std::vector<std::string>& words) {
  std::string name = "arenastore";
  for (const std::string& word : words) name += " " + word;
  return command.get_formatter()->make_help(&command, name, CLI::AppFormatMode::Normal);
}

Status RunHelp(const CLI::App& app, const HelpOptions& options) {
  const CommandLookup lookup = FindCommand(app, options.words);
  if (lookup.command == nullptr) {
    return Status::Error(ErrorCode::kInvalidArgument, "%s", lookup.problem.message.c_str());
  }
  const std::string text = HelpText(*lookup.command, options.words);
  if (*options.json) {
    EmitJson({{"help", text}});
  } else {
    fmt::print("{}", text);
  }
  return Status::Ok();
}

}  // namespace

Verb SetupHelp(CLI::App& app) {
  auto options = std::make_shared<HelpOptions>();
  CLI::App* command =
      app.add_subcommand("help", "Show how to use arenastore, or a verb: help [VERB [SUBVERB]]");
  command->add_option("verb", options->words, "The verb (and subverb), e.g. check, alias set");
  command->add_flag("--json", *options->json, "Print the help text as JSON");
  command->footer("Example: arenastore help alias set");
  const CLI::App* root = &app;
  return {command, [root, options] { return RunHelp(*root, *options); }, options->json};
}

}  // namespace arenastore::cli
