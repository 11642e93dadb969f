#include "app/classroom/class_api.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "app/classroom/student_page.h"
#include "app/i18n/translate.h"

namespace whygpu::app {
namespace {

constexpr int kMaxFields = 8;
// A student: 20 requests at once, 5 a second after that (a long poll, an answer now and
// then, a rejoin after the phone wakes). Everything else together: the page and the joins
// of a whole lecture hall arriving in the same two seconds.
constexpr double kStudentBurst = 20, kStudentPerSecond = 5;
constexpr double kSharedBurst = 2000, kSharedPerSecond = 500;

bool take_token(TokenBucket& bucket, std::int64_t now_ms, double burst, double per_second) {
  if (!bucket.started || now_ms < bucket.last_ms) {
    bucket = {burst, now_ms, true};
  } else {
    bucket.tokens = std::min(burst, bucket.tokens + static_cast<double>(now_ms - bucket.last_ms) * per_second / 1000.0);
    bucket.last_ms = now_ms;
  }
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool url_decode(const std::string& text, std::string* out) {
  out->clear();
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      *out += ' ';
    } else if (text[i] == '%') {
      if (i + 2 >= text.size()) return false;
      const int high = hex_digit(text[i + 1]), low = hex_digit(text[i + 2]);
      if (high < 0 || low < 0) return false;
      *out += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      *out += text[i];
    }
  }
  return true;
}

// "a=1&b=2" into fields; a field twice, a bad escape or too many fields: false.
bool parse_form(const std::string& text, std::map<std::string, std::string>* fields) {
  fields->clear();
  if (text.empty()) return true;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('&', start), text.size());
    const std::string pair = text.substr(start, end - start);
    const std::size_t equals = pair.find('=');
    std::string key, value;
    if (!url_decode(pair.substr(0, equals), &key) ||
        !url_decode(equals == std::string::npos ? "" : pair.substr(equals + 1), &value))
      return false;
    if (!fields->emplace(key, value).second || static_cast<int>(fields->size()) > kMaxFields) return false;
    start = end + 1;
  }
  return true;
}

bool valid_client(const std::string& id) {
  if (id.size() < 16 || id.size() > 64) return false;
  for (const char c : id)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_'))
      return false;
  return true;
}

// A whole number from 0 to `max`, digits only.
bool read_count(const std::string& text, std::uint64_t max, std::uint64_t* out) {
  if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  *out = std::strtoull(text.c_str(), nullptr, 10);
  return *out <= max;
}

bool read_value(const std::string& text, double* out) {
  if (text.empty() || text.size() > 32 || text.find_first_not_of("0123456789.eE+-") != std::string::npos) return false;
  char* end = nullptr;
  *out = std::strtod(text.c_str(), &end);
  return *end == '\0' && std::isfinite(*out);
}

std::string json_number(double value) {
  char text[40];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

ClassApiResponse json_response(int status, std::string body) {
  return {status, "application/json; charset=utf-8", std::move(body), false, 0};
}

ClassApiResponse error_response(int status, const std::string& message) {
  return json_response(status, "{\"ok\":false,\"error\":" + json_string(message) + "}");
}

// What one student's phone shows now.
std::string state_json(const ClassState& room, int student) {
  std::string json = "{\"ok\":true,\"v\":" + std::to_string(room.version()) + ",\"page\":" + std::to_string(room.page()) +
                     ",\"student\":" + std::to_string(student) + ",\"ended\":" + (room.ended() ? "true" : "false");
  const AskedQuestion* asked = room.current();
  if (!asked) return json + ",\"question\":null}";
  const ClassQuestion& q = asked->question;
  json += ",\"question\":{\"n\":" + std::to_string(room.current_number()) + ",\"text\":" + json_string(q.text);
  if (q.kind == Prediction::Kind::choice) {
    json += ",\"kind\":\"choice\",\"choices\":[";
    for (std::size_t i = 0; i < q.choices.size(); ++i) json += (i ? "," : "") + json_string(q.choices[i]);
    json += "]}";
  } else {
    json += ",\"kind\":\"number\",\"unit\":" + json_string(q.unit) + ",\"min\":" + json_number(q.min) +
            ",\"max\":" + json_number(q.max) + "}";
  }
  const ClassRound& round = asked->rounds.back();
  json += ",\"round\":" + std::to_string(room.current_round()) + ",\"open\":" + (round.revealed ? "false" : "true");
  // The last round: once it is revealed the answer comes, not another vote.
  json += std::string(",\"last\":") + (room.current_round() >= kMaxClassRounds ? "true" : "false");
  const auto mine = round.answers.find(student);
  json += ",\"mine\":" + (mine == round.answers.end() ? std::string("null") : json_number(mine->second));
  return json + "}";
}

}  // namespace

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    // U+2028 and U+2029 end a line in older JavaScript: escaped too.
    if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(text[i + 2]) == 0xA8 || static_cast<unsigned char>(text[i + 2]) == 0xA9)) {
      out += static_cast<unsigned char>(text[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029";
      i += 2;
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7F || c == '<' || c == '>' || c == '&' || c == '\'') {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

ClassApiResponse handle_class_request(ClassServerState& state, const ClassApiRequest& request) {
  if (request.path.size() + request.query.size() > kMaxClassRequestBytes || request.body.size() > kMaxClassRequestBytes)
    return error_response(413, "request too large");
  const bool get = request.method == "GET", post = request.method == "POST";
  if (request.path == "/" || request.path == "/index.html") {
    if (!get) return error_response(405, "the page is read with GET");
    if (!take_token(state.shared_bucket, request.now_ms, kSharedBurst, kSharedPerSecond))
      return error_response(429, "too many requests: try again in a moment");
    return {200, "text/html; charset=utf-8", student_page_served(state.student_page, state.room.page()), false, 0};
  }
  const bool join = request.path == "/api/join", poll = request.path == "/api/state", answer = request.path == "/api/answer";
  if (!join && !poll && !answer) return error_response(404, "not found");
  if ((poll && !get) || ((join || answer) && !post)) return error_response(405, poll ? "use GET" : "use POST");

  std::map<std::string, std::string> fields;
  if (!parse_form(poll ? request.query : request.body, &fields)) return error_response(400, "malformed fields");
  auto field = [&](const char* key) {
    const auto found = fields.find(key);
    return found == fields.end() ? std::string() : found->second;
  };
  const std::string client = field("client");
  if (!valid_client(client)) {
    if (!take_token(state.shared_bucket, request.now_ms, kSharedBurst, kSharedPerSecond))
      return error_response(429, "too many requests: try again in a moment");
    return error_response(400, "no valid client id");
  }
  ClassState& room = state.room;
  int student = room.student_of(client);
  // A student's own bucket; requests of a client that has not joined share one.
  TokenBucket& bucket = student > 0 ? state.student_buckets[static_cast<std::size_t>(student - 1)] : state.shared_bucket;
  const bool allowed = student > 0 ? take_token(bucket, request.now_ms, kStudentBurst, kStudentPerSecond)
                                   : take_token(bucket, request.now_ms, kSharedBurst, kSharedPerSecond);
  if (!allowed) return error_response(429, "too many requests: try again in a moment");
  if (field("room") != room.room_code()) return error_response(403, "wrong room code: look at the projector");

  if (join) {
    student = room.join(client);
    if (student == 0) return error_response(503, "the class is full");
    if (state.student_buckets.size() < static_cast<std::size_t>(student)) state.student_buckets.resize(student);
    return json_response(200, state_json(room, student));
  }
  if (student == 0) return error_response(401, "join first");
  if (poll) {
    std::uint64_t since = 0;
    if (fields.count("since") && !read_count(field("since"), UINT64_MAX, &since))
      return error_response(400, "since is the version last seen");
    ClassApiResponse response = json_response(200, state_json(room, student));
    response.may_wait = since == room.version();
    response.student = student;
    return response;
  }
  std::uint64_t question = 0, round = 0;
  double value = 0;
  if (!read_count(field("question"), 1000000, &question) || !read_count(field("round"), kMaxClassRounds, &round) ||
      !read_value(field("value"), &value))
    return error_response(400, "an answer needs question, round and value");
  if (const Status s = room.answer(student, static_cast<int>(question), static_cast<int>(round), value); !s)
    return error_response(409, translated(s));
  return json_response(200, state_json(room, student));
}

}  // namespace whygpu::app
