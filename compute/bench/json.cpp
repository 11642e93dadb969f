#include "compute/bench/json.h"

#include <new>

namespace whygpu::bench {
namespace {

// "/rows/3/median_ms" as a reader says it: "rows[3].median_ms".
std::string field_name(std::string_view pointer) {
  std::string out;
  while (!pointer.empty()) {
    pointer.remove_prefix(1);  // the '/'
    const std::size_t end = pointer.find('/');
    std::string token(pointer.substr(0, end));
    pointer = end == std::string_view::npos ? std::string_view() : pointer.substr(end);
    // JSON pointer escapes: ~1 is '/', ~0 is '~'.
    for (std::size_t at; (at = token.find("~1")) != std::string::npos;) token.replace(at, 2, "/");
    for (std::size_t at; (at = token.find("~0")) != std::string::npos;) token.replace(at, 2, "~");
    const bool index = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos;
    if (index) out += "[" + token + "]";
    else out += (out.empty() ? "" : ".") + token;
  }
  return out;
}

// "a number", "an object": one of nlohmann's type names as a reader says it.
std::string with_article(const std::string& type) {
  for (const char* known : {"number", "string", "boolean", "object", "array", "null"})
    if (type == known) return (type == "object" || type == "array" ? "an " : "a ") + type;
  return type;
}

// nlohmann says "type must be number, but is string"; a reader wants articles.
std::string with_articles(std::string text) {
  for (const char* type : {"number", "string", "boolean", "object", "array", "null"}) {
    const std::string word = type;
    const std::string article = word == "object" || word == "array" ? "an " : "a ";
    for (const char* lead : {"expected ", "got "}) {
      const std::string from = lead + word;
      if (const std::size_t at = text.find(from); at != std::string::npos &&
                                                  (at + from.size() == text.size() || text[at + from.size()] == ','))
        text.replace(at, from.size(), lead + article + word);
    }
  }
  return text;
}

// nlohmann's wording, after its "[json.exception.type_error.302] " and its pointer, in ours.
Wording problem_in_words(int id, const std::string& text) {
  const std::string must = "type must be ", but = ", but is ";
  if (const std::size_t at = text.find(but); text.rfind(must, 0) == 0 && at != std::string::npos)
    return Wording::sentence(N_("expected {0}, got {1}"),
                             {with_article(text.substr(must.size(), at - must.size())),
                              with_article(text.substr(at + but.size()))});
  if (id == 306 || id == 304 || id == 305)  // value()/at() on a non-object
    return Wording::sentence(N_("expected an object, got something else"));
  return with_articles(text);
}

}  // namespace

Status parse_json(std::string_view text, Json* out) {
  bool too_deep = false;
  // Called by the parser at each object and array it enters; returning false discards
  // that value, and the flag fails the whole document.
  const Json::parser_callback_t refuse_depth = [&too_deep](int depth, Json::parse_event_t event, Json&) {
    if ((event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start) &&
        depth >= kMaxJsonDepth) {
      too_deep = true;
      return false;
    }
    return !too_deep;
  };
  try {
    Json parsed = Json::parse(text.begin(), text.end(), refuse_depth);
    if (too_deep)
      return Status::error(
          Wording::sentence(N_("nested more than {0} deep"), {std::to_string(kMaxJsonDepth)}));
    *out = std::move(parsed);
    return Status::ok();
  } catch (const std::exception& e) {
    if (too_deep)
      return Status::error(
          Wording::sentence(N_("nested more than {0} deep"), {std::to_string(kMaxJsonDepth)}));
    return json_error(e);
  }
}

void reject(const Json& value, const std::string& problem) {
  throw Json::other_error::create(599, problem, &value);
}

const Json& array_at(const Json& json, const char* key) {
  const Json& member = json.at(key);
  if (!member.is_array()) reject(member, std::string("expected an array, got ") + (member.is_object() ? "an " : "a ") + member.type_name());
  return member;
}

Status json_error(const std::exception& error) {
  if (dynamic_cast<const std::bad_alloc*>(&error))
    return Status::error(Wording::sentence(N_("out of memory while reading JSON")));
  const auto* json = dynamic_cast<const Json::exception*>(&error);
  if (!json) return Status::error(Wording::sentence(N_("while reading JSON: {0}"), {error.what()}));
  std::string text = json->what();
  // "[json.exception.type_error.302] (/rows/3/median_ms) type must be number, but is string"
  if (const std::size_t end = text.find("] "); text.rfind("[json.exception.", 0) == 0 && end != std::string::npos)
    text.erase(0, end + 2);
  if (dynamic_cast<const Json::parse_error*>(&error)) {
    const std::string lead = "parse error at ";
    if (text.rfind(lead, 0) == 0) text.erase(0, lead.size());
    // "JSON line 3, column 5: syntax error ...", the rest nlohmann's own words
    return Status::error(Wording::sentence(N_("JSON {0}"), {text}));
  }
  std::string field;
  if (text.rfind("(/", 0) == 0 || text.rfind("() ", 0) == 0) {
    const std::size_t close = text.find(") ");
    field = field_name(std::string_view(text).substr(1, close - 1));
    text.erase(0, close + 2);
  }
  // A missing member: "key 'median_ms' not found" belongs to the field below this one.
  const std::string key = "key '", missing = "' not found";
  Wording problem;
  if (text.rfind(key, 0) == 0 && text.size() > key.size() + missing.size() &&
      text.compare(text.size() - missing.size(), missing.size(), missing) == 0) {
    const std::string name = text.substr(key.size(), text.size() - key.size() - missing.size());
    field += (field.empty() ? "" : ".") + name;
    // TRANSLATORS: a field of a JSON file that is not there ("field 'rows[3].median_ms': missing").
    problem = Wording::sentence(N_("missing"));
  } else {
    problem = problem_in_words(json->id, text);
  }
  if (field.empty()) return Status::error(problem);
  return Status::error(Wording::sentence(N_("field '{0}': {1}"), {field, problem}));
}

std::string dump_json(const Json& json) {
  return json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string dump_json_line(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace whygpu::bench
