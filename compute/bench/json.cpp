#include "compute/bench/json.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace whygpu::bench {

JsonValue JsonValue::boolean(bool b) {
  JsonValue v;
  v.type_ = Type::Bool;
  v.bool_ = b;
  return v;
}

JsonValue JsonValue::number(double d) {
  JsonValue v;
  v.type_ = Type::Number;
  v.number_ = d;
  return v;
}

JsonValue JsonValue::string(std::string s) {
  JsonValue v;
  v.type_ = Type::String;
  v.string_ = std::move(s);
  return v;
}

JsonValue JsonValue::array() {
  JsonValue v;
  v.type_ = Type::Array;
  return v;
}

JsonValue JsonValue::object() {
  JsonValue v;
  v.type_ = Type::Object;
  return v;
}

JsonValue& JsonValue::push(JsonValue v) {
  items_.push_back(std::move(v));
  return items_.back();
}

JsonValue& JsonValue::set(const std::string& key, JsonValue v) {
  for (auto& m : members_) {
    if (m.first == key) {
      m.second = std::move(v);
      return m.second;
    }
  }
  members_.emplace_back(key, std::move(v));
  return members_.back().second;
}

const JsonValue* JsonValue::find(std::string_view key) const {
  for (const auto& m : members_)
    if (m.first == key) return &m.second;
  return nullptr;
}

std::string JsonValue::get_string(std::string_view key, const std::string& fallback) const {
  const JsonValue* v = find(key);
  return v && v->is_string() ? v->as_string() : fallback;
}

double JsonValue::get_number(std::string_view key, double fallback) const {
  const JsonValue* v = find(key);
  return v && v->is_number() ? v->as_number() : fallback;
}

bool JsonValue::get_bool(std::string_view key, bool fallback) const {
  const JsonValue* v = find(key);
  return v && v->type() == Type::Bool ? v->as_bool() : fallback;
}

std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += ch;
        }
    }
  }
  out += '"';
  return out;
}

std::string JsonValue::dump() const {
  std::string out;
  dump_to(&out, 0);
  out += '\n';
  return out;
}

void JsonValue::dump_to(std::string* out, int indent) const {
  const std::string pad(static_cast<std::size_t>(indent + 2), ' ');
  const std::string end_pad(static_cast<std::size_t>(indent), ' ');
  switch (type_) {
    case Type::Null: *out += "null"; break;
    case Type::Bool: *out += bool_ ? "true" : "false"; break;
    case Type::Number: {
      if (!std::isfinite(number_)) {
        *out += "null";  // JSON has no NaN or infinity
        break;
      }
      char buf[32];
      const auto r = std::to_chars(buf, buf + sizeof buf, number_);
      out->append(buf, r.ptr);
      break;
    }
    case Type::String: *out += json_quote(string_); break;
    case Type::Array: {
      if (items_.empty()) {
        *out += "[]";
        break;
      }
      // Arrays of scalars on one line; arrays of objects one item per line.
      const bool flat = items_.front().type_ != Type::Object && items_.front().type_ != Type::Array;
      *out += '[';
      for (std::size_t i = 0; i < items_.size(); ++i) {
        if (i) *out += flat ? ", " : ",";
        if (!flat) *out += "\n" + pad;
        items_[i].dump_to(out, indent + 2);
      }
      if (!flat) *out += "\n" + end_pad;
      *out += ']';
      break;
    }
    case Type::Object: {
      if (members_.empty()) {
        *out += "{}";
        break;
      }
      *out += '{';
      for (std::size_t i = 0; i < members_.size(); ++i) {
        if (i) *out += ',';
        *out += "\n" + pad + json_quote(members_[i].first) + ": ";
        members_[i].second.dump_to(out, indent + 2);
      }
      *out += "\n" + end_pad + '}';
      break;
    }
  }
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Status parse_document(JsonValue* out) {
    if (Status s = parse_value(out, 0); !s) return s;
    skip_space();
    if (pos_ != text_.size()) return error("unexpected text after the JSON value");
    return Status::ok();
  }

 private:
  static constexpr int kMaxDepth = 64;

  Status error(const std::string& what) const {
    int line = 1, column = 1;
    for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    return Status::error("JSON line " + std::to_string(line) + ", column " +
                         std::to_string(column) + ": " + what);
  }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\r' || text_[pos_] == '\t'))
      ++pos_;
  }

  bool consume(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  Status parse_value(JsonValue* out, int depth) {
    if (depth > kMaxDepth) return error("nested too deeply");
    skip_space();
    if (pos_ >= text_.size()) return error("unexpected end of text");
    const char c = text_[pos_];
    if (c == '{') return parse_object(out, depth);
    if (c == '[') return parse_array(out, depth);
    if (c == '"') {
      std::string s;
      if (Status st = parse_string(&s); !st) return st;
      *out = JsonValue::string(std::move(s));
      return Status::ok();
    }
    if (consume("true")) {
      *out = JsonValue::boolean(true);
      return Status::ok();
    }
    if (consume("false")) {
      *out = JsonValue::boolean(false);
      return Status::ok();
    }
    if (consume("null")) {
      *out = JsonValue();
      return Status::ok();
    }
    if (c == '-' || (c >= '0' && c <= '9')) return parse_number(out);
    return error(std::string("unexpected character '") + c + "'");
  }

  Status parse_number(JsonValue* out) {
    const std::size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    while (pos_ < text_.size() && std::string_view("0123456789.eE+-").find(text_[pos_]) !=
                                      std::string_view::npos)
      ++pos_;
    double d = 0.0;
    const char* first = text_.data() + start;
    const char* last = text_.data() + pos_;
    const auto r = std::from_chars(first, last, d);
    if (r.ec != std::errc() || r.ptr != last) {
      pos_ = start;
      return error("malformed number");
    }
    *out = JsonValue::number(d);
    return Status::ok();
  }

  static void append_utf8(std::string* s, unsigned code) {
    if (code < 0x80) {
      *s += static_cast<char>(code);
    } else if (code < 0x800) {
      *s += static_cast<char>(0xC0 | (code >> 6));
      *s += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      *s += static_cast<char>(0xE0 | (code >> 12));
      *s += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      *s += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      *s += static_cast<char>(0xF0 | (code >> 18));
      *s += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      *s += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      *s += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  Status parse_hex4(unsigned* code) {
    if (pos_ + 4 > text_.size()) return error("short \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[pos_++];
      v <<= 4;
      if (h >= '0' && h <= '9') v |= static_cast<unsigned>(h - '0');
      else if (h >= 'a' && h <= 'f') v |= static_cast<unsigned>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') v |= static_cast<unsigned>(h - 'A' + 10);
      else return error("bad hex digit in \\u escape");
    }
    *code = v;
    return Status::ok();
  }

  Status parse_string(std::string* out) {
    ++pos_;  // opening quote
    while (pos_ < text_.size()) {
      const char c = text_[pos_++];
      if (c == '"') return Status::ok();
      if (static_cast<unsigned char>(c) < 0x20) return error("control character in a string");
      if (c != '\\') {
        *out += c;
        continue;
      }
      if (pos_ >= text_.size()) break;
      const char e = text_[pos_++];
      switch (e) {
        case '"': *out += '"'; break;
        case '\\': *out += '\\'; break;
        case '/': *out += '/'; break;
        case 'b': *out += '\b'; break;
        case 'f': *out += '\f'; break;
        case 'n': *out += '\n'; break;
        case 'r': *out += '\r'; break;
        case 't': *out += '\t'; break;
        case 'u': {
          unsigned code = 0;
          if (Status s = parse_hex4(&code); !s) return s;
          if (code >= 0xD800 && code < 0xDC00 && consume("\\u")) {
            unsigned low = 0;
            if (Status s = parse_hex4(&low); !s) return s;
            if (low < 0xDC00 || low >= 0xE000) return error("bad surrogate pair");
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, code);
          break;
        }
        default: return error(std::string("unknown escape \\") + e);
      }
    }
    return error("unterminated string");
  }

  Status parse_array(JsonValue* out, int depth) {
    ++pos_;
    *out = JsonValue::array();
    skip_space();
    if (consume("]")) return Status::ok();
    for (;;) {
      JsonValue item;
      if (Status s = parse_value(&item, depth + 1); !s) return s;
      out->push(std::move(item));
      skip_space();
      if (consume(",")) continue;
      if (consume("]")) return Status::ok();
      return error("expected ',' or ']'");
    }
  }

  Status parse_object(JsonValue* out, int depth) {
    ++pos_;
    *out = JsonValue::object();
    skip_space();
    if (consume("}")) return Status::ok();
    for (;;) {
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != '"') return error("expected a key in quotes");
      std::string key;
      if (Status s = parse_string(&key); !s) return s;
      skip_space();
      if (!consume(":")) return error("expected ':' after a key");
      JsonValue value;
      if (Status s = parse_value(&value, depth + 1); !s) return s;
      out->set(key, std::move(value));
      skip_space();
      if (consume(",")) continue;
      if (consume("}")) return Status::ok();
      return error("expected ',' or '}'");
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

Status parse_json(std::string_view text, JsonValue* out) {
  return Parser(text).parse_document(out);
}

Status check_document(const JsonValue& doc, const std::string& format, int newest, const std::string& what) {
  if (!doc.is_object() || doc.get_string("format") != format)
    return Status::error("not a " + what + " (no \"format\": \"" + format + "\")");
  const double version = doc.get_number("format_version", -1.0);
  if (version < 1.0 || version > newest)
    return Status::error(what + " format version " + std::to_string(static_cast<int>(version)) +
                         " is not one this whygpu reads (it reads 1 to " + std::to_string(newest) + ")");
  return Status::ok();
}

Status parse_document(std::string_view text, const std::string& format, int newest, const std::string& what,
                      JsonValue* out) {
  JsonValue doc;
  if (Status s = parse_json(text, &doc); !s) return s;
  if (Status s = check_document(doc, format, newest, what); !s) return s;
  *out = std::move(doc);
  return Status::ok();
}

}  // namespace whygpu::bench
