#pragma once
// The class session's web API, as a pure function over (state, request) -> response:
// no sockets, no threads, no clock of its own. The server (class_session.h) hands it each
// request under its mutex; the libFuzzer harness (fuzz/class_api_fuzz.cpp) and the tests
// hand it anything at all.
//
//   GET  /                      the student page (student_page.h), the only page there is
//   POST /api/join              room, client                 -> the state below
//   GET  /api/state?room=&client=&since=V                    -> {"v":V2,"page":P,"student":3,"question":{...}|null,
//                                                               "round":1,"open":true,"mine":null}
//   POST /api/answer            room, client, question, round, value   -> the same, "mine" set
//
// "page" changes when the page itself is made again (the teacher switched the language):
// the page is served with the number it is (student_page_served), and a phone whose page
// is not the one named loads it again, and rejoins as the same student.
// Bodies and queries are application/x-www-form-urlencoded. Every API request carries the
// room code; `client` is the random id the browser keeps in localStorage (16 to 64 letters,
// digits, '-' or '_'), never shown to anyone else, so no client can answer for another.
// Answers are checked against the question's range or choices. Requests, bodies and the
// number of fields are capped; each student has a token bucket, and requests of no
// student (the page, joins) share one. Every text is sent as JSON whose strings escape
// < > & ' and line separators, and the page puts it on screen only as textContent.
#include <cstdint>
#include <string>
#include <vector>

#include "app/classroom/class_state.h"

namespace whygpu::app {

constexpr std::size_t kMaxClassRequestBytes = 2048;  // path + query, and the body: a few short fields

struct ClassApiRequest {
  std::string method;  // "GET", "POST", ...
  std::string path;    // without the query
  std::string query;   // after '?', undecoded
  std::string body;
  std::int64_t now_ms = 0;  // a steady clock, for the rate limits
};

struct ClassApiResponse {
  int status = 200;
  std::string content_type;
  std::string body;
  // A state request whose `since` is already the state's version: the server may hold it
  // until the version changes (long polling), then ask again.
  bool may_wait = false;
  int student = 0;  // with may_wait: who is waiting (the server caps the polls each may hold)
};

// Rate limits: a bucket of tokens per student, and one for requests of no student.
struct TokenBucket {
  double tokens = 0;
  std::int64_t last_ms = 0;
  bool started = false;
};

struct ClassServerState {
  // `page`: the student page (student_page_html, in the teacher's language), served with
  // the room's page number filled in.
  ClassServerState(std::string room_code, std::string page) : room(std::move(room_code)), student_page(std::move(page)) {}
  ClassState room;
  std::string student_page;
  std::vector<TokenBucket> student_buckets;  // by student number - 1
  TokenBucket shared_bucket;                 // the page, joins, and requests that name no student
};

ClassApiResponse handle_class_request(ClassServerState& state, const ClassApiRequest& request);

// Text for a JSON string, quotes included: ", \ and control characters escaped, and
// < > & ' as \u00XX, so that no text can end a <script> or open a tag wherever it lands.
std::string json_string(const std::string& text);

}  // namespace whygpu::app
