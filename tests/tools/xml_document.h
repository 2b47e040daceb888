// Test helper: a small strict XML parser, enough to prove the SVG pictures and the (XHTML-style)
// HTML reports are well-formed and to count their elements: balanced tags, quoted and unique
// attributes, only the five predefined entities or character references, no stray '<' or '&'.
// Skips the XML declaration, a DOCTYPE and comments. Header-only test code; heap OK.
#pragma once

#include <cctype>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace arenastore::testing {

struct XmlElement {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::vector<std::unique_ptr<XmlElement>> children;
  std::string text;  // character data directly inside, entities decoded

  std::string Attribute(const std::string& key) const {
    auto it = attributes.find(key);
    return it == attributes.end() ? "" : it->second;
  }
  bool HasClass(const std::string& wanted) const {
    // Split rather than concatenate: "a" + string chains trip GCC 12's -Wrestrict at -O2.
    const std::string classes = Attribute("class");
    size_t start = 0;
    while (start <= classes.size()) {
      size_t end = classes.find(' ', start);
      if (end == std::string::npos) end = classes.size();
      if (classes.compare(start, end - start, wanted) == 0 && end - start == wanted.size()) {
        return true;
      }
      start = end + 1;
    }
    return false;
  }
  // Every element below (and including) this one named `element` ("" = any) with `css_class`.
  int Count(const std::string& element, const std::string& css_class = "") const {
    int count = (element.empty() || name == element) && (css_class.empty() || HasClass(css_class));
    for (const auto& child : children) count += child->Count(element, css_class);
    return count;
  }
  // All text below this element, concatenated.
  std::string AllText() const {
    std::string all = text;
    for (const auto& child : children) all += child->AllText();
    return all;
  }
  const XmlElement* Find(const std::string& element, const std::string& css_class = "") const {
    if (name == element && (css_class.empty() || HasClass(css_class))) return this;
    for (const auto& child : children) {
      if (const XmlElement* found = child->Find(element, css_class)) return found;
    }
    return nullptr;
  }
};

class XmlParser {
 public:
  explicit XmlParser(const std::string& text) : s_(text) {}

  // Null with error() set when the document is not well-formed.
  std::unique_ptr<XmlElement> Parse() {
    SkipProlog();
    if (!Expect('<')) return nullptr;
    auto root = ParseElement();
    if (root == nullptr) return nullptr;
    SkipMisc();
    if (pos_ != s_.size()) return Fail("content after the root element");
    return root;
  }
  const std::string& error() const { return error_; }

 private:
  std::nullptr_t Fail(const std::string& what) {
    if (error_.empty()) {
      int line = 1;
      for (size_t i = 0; i < pos_ && i < s_.size(); ++i) line += s_[i] == '\n';
      error_ = "line " + std::to_string(line) + ": " + what;
    }
    return nullptr;
  }
  bool StartsWith(const char* prefix) const {
    return s_.compare(pos_, strlen(prefix), prefix) == 0;
  }
  void SkipSpace() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool SkipPast(const char* end) {
    const size_t found = s_.find(end, pos_);
    if (found == std::string::npos) return false;
    pos_ = found + strlen(end);
    return true;
  }
  void SkipMisc() {
    while (true) {
      SkipSpace();
      if (StartsWith("<!--")) {
        if (!SkipPast("-->")) return;
      } else {
        return;
      }
    }
  }
  void SkipProlog() {
    while (true) {
      SkipMisc();
      if (StartsWith("<?xml")) {
        SkipPast("?>");
      } else if (StartsWith("<!DOCTYPE") || StartsWith("<!doctype")) {
        SkipPast(">");
      } else {
        return;
      }
    }
  }
  bool Expect(char c) {
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    Fail(std::string("expected '") + c + "'");
    return false;
  }
  static bool NameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' ||
           c == '.';
  }
  std::string Name() {
    const size_t start = pos_;
    while (pos_ < s_.size() && NameChar(s_[pos_])) ++pos_;
    return s_.substr(start, pos_ - start);
  }
  // Decodes one reference at pos_ ('&'); false when it is not a valid one.
  bool Reference(std::string* out) {
    const size_t end = s_.find(';', pos_);
    if (end == std::string::npos || end - pos_ > 10) return false;
    const std::string name = s_.substr(pos_ + 1, end - pos_ - 1);
    static const std::map<std::string, char> kEntities = {
        {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    if (auto it = kEntities.find(name); it != kEntities.end()) {
      *out += it->second;
    } else if (name.size() > 1 && name[0] == '#') {
      const bool hex = name[1] == 'x';
      const std::string digits = name.substr(hex ? 2 : 1);
      if (digits.empty()) return false;
      for (char c : digits) {
        if (!(hex ? std::isxdigit(static_cast<unsigned char>(c))
                  : std::isdigit(static_cast<unsigned char>(c)))) {
          return false;
        }
      }
      *out += '?';  // the code point itself does not matter to the tests
    } else {
      return false;
    }
    pos_ = end + 1;
    return true;
  }
  bool AttributeValue(std::string* value) {
    if (pos_ >= s_.size() || (s_[pos_] != '"' && s_[pos_] != '\'')) {
      Fail("attribute value must be quoted");
      return false;
    }
    const char quote = s_[pos_++];
    while (pos_ < s_.size() && s_[pos_] != quote) {
      if (s_[pos_] == '<') return Fail("'<' inside an attribute value"), false;
      if (s_[pos_] == '&') {
        if (!Reference(value)) return Fail("bad entity reference in an attribute"), false;
        continue;
      }
      *value += s_[pos_++];
    }
    return Expect(quote);
  }
  // Called after '<'.
  std::unique_ptr<XmlElement> ParseElement() {
    auto element = std::make_unique<XmlElement>();
    element->name = Name();
    if (element->name.empty()) return Fail("element without a name");
    while (true) {
      SkipSpace();
      if (StartsWith("/>")) {
        pos_ += 2;
        return element;
      }
      if (StartsWith(">")) {
        ++pos_;
        break;
      }
      const std::string key = Name();
      if (key.empty()) return Fail("bad attribute in <" + element->name + ">");
      SkipSpace();
      if (!Expect('=')) return nullptr;
      SkipSpace();
      std::string value;
      if (!AttributeValue(&value)) return nullptr;
      if (!element->attributes.emplace(key, value).second) {
        return Fail("duplicate attribute " + key + " in <" + element->name + ">");
      }
    }
    return ParseContent(std::move(element));
  }
  std::unique_ptr<XmlElement> ParseContent(std::unique_ptr<XmlElement> element) {
    while (pos_ < s_.size()) {
      if (StartsWith("<!--")) {
        if (!SkipPast("-->")) return Fail("unterminated comment");
      } else if (StartsWith("</")) {
        pos_ += 2;
        const std::string name = Name();
        SkipSpace();
        if (name != element->name) {
          return Fail("</" + name + "> closes <" + element->name + ">");
        }
        if (!Expect('>')) return nullptr;
        return element;
      } else if (s_[pos_] == '<') {
        ++pos_;
        auto child = ParseElement();
        if (child == nullptr) return nullptr;
        element->children.push_back(std::move(child));
      } else if (s_[pos_] == '&') {
        if (!Reference(&element->text)) return Fail("bad entity reference");
      } else {
        element->text += s_[pos_++];
      }
    }
    return Fail("<" + element->name + "> is never closed");
  }

  const std::string& s_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace arenastore::testing
