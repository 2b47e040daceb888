#include "tools/usage_error.h"

#include <cctype>

#include "store/near_match.h"

namespace arenastore::cli {
namespace {

std::vector<std::string> SubcommandNames(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::App* sub : command.get_subcommands([](const CLI::App*) { return true; })) {
    names.push_back(sub->get_name());
  }
  return names;
}

const CLI::App* FindSubcommand(const CLI::App& command, const std::string& name) {
  for (const CLI::App* sub : command.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->check_name(name)) return sub;
  }
  return nullptr;
}

bool TakesPositionals(const CLI::App& command) {
  return !command.get_options([](const CLI::Option* o) { return o->get_positional(); }).empty();
}

// Options fall through to the parents (--db, --verbose), so they are known there too.
const CLI::Option* FindOption(const CLI::App* command, const std::string& name) {
  for (; command != nullptr; command = command->get_parent()) {
    if (const CLI::Option* option = command->get_option_no_throw(name)) return option;
  }
  return nullptr;
}

std::vector<std::string> OptionNames(const CLI::App* command) {
  std::vector<std::string> names;
  for (; command != nullptr; command = command->get_parent()) {
    for (const CLI::Option* option : command->get_options()) {
      if (option->get_positional()) continue;
      for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    }
  }
  return names;
}

std::string VerbOf(const CLI::App* command) {
  std::string verb;
  for (; command != nullptr && command->get_parent() != nullptr; command = command->get_parent()) {
    verb = command->get_name() + (verb.empty() ? "" : " " + verb);
  }
  return verb;
}

std::string Joined(const std::vector<std::string>& names) {
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  return text;
}

// "-1", "-0.5": a (negative) value, not an option.
bool IsNumber(const std::string& word) {
  return word.size() > 1 && (std::isdigit(static_cast<unsigned char>(word[1])) || word[1] == '.');
}

std::string Suggest(const std::string& typed, const std::vector<std::string>& known,
                    const char* quote) {
  const std::vector<std::string> near = store::NearMatches(typed, known);
  if (near.empty()) return "";
  std::vector<std::string> quoted;
  for (const std::string& name : near) quoted.push_back(quote + name + quote);
  return "; did you mean " + Joined(quoted) + "?";
}

UsageProblem UnknownCommand(const CLI::App& parent, const std::string& word) {
  const std::string verb = VerbOf(&parent);
  return {verb, "unknown command '" + (verb.empty() ? "" : verb + " ") + word + "'" +
                    Suggest(word, SubcommandNames(parent), "'")};
}

UsageProblem MissingSubcommand(const CLI::App& command) {
  const std::string verb = VerbOf(&command);
  return {verb, (verb.empty() ? std::string("arenastore") : verb) + " needs a " +
                    (verb.empty() ? "command" : "subcommand") + ": " +
                    Joined(SubcommandNames(command))};
}

}  // namespace

CommandLookup FindCommand(const CLI::App& app, const std::vector<std::string>& words) {
  CommandLookup lookup;
  lookup.command = &app;
  for (const std::string& word : words) {
    const CLI::App* sub = FindSubcommand(*lookup.command, word);
    if (sub == nullptr) {
      lookup.problem = UnknownCommand(*lookup.command, word);
      lookup.command = nullptr;
      return lookup;
    }
    lookup.command = sub;
  }
  return lookup;
}

UsageProblem DescribeParseError(const CLI::App& app, const CLI::ParseError& error,
                                const std::vector<std::string>& args) {
  const CLI::App* command = &app;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (word == "--") break;
    if (word.size() > 1 && word[0] == '-' && !IsNumber(word)) {
      const std::string name = word.substr(0, word.find('='));
      const CLI::Option* option = FindOption(command, name);
      if (option == nullptr) {
        return {VerbOf(command), "unknown option " + name +
                                     (command == &app ? "" : " for " + VerbOf(command)) +
                                     Suggest(name, OptionNames(command), "")};
      }
      if (option->get_expected_max() > 0 && word.find('=') == std::string::npos) ++i;
      continue;
    }
    const bool names_subcommand = !SubcommandNames(*command).empty() && !TakesPositionals(*command);
    if (!names_subcommand) continue;  // the verb's own argument
    const CLI::App* sub = FindSubcommand(*command, word);
    if (sub == nullptr) return UnknownCommand(*command, word);
    command = sub;
  }
  if (command->get_require_subcommand_min() > 0) {
    return MissingSubcommand(*command);
  }
  return {VerbOf(command), error.what()};
}

}  // namespace arenastore::cli
