#include "app/classroom/class_session.h"

// cpp-httplib serves the session: maintained, in Debian (0.11.4 in Debian 12, upstream a
// header-only library, which Debian ships compiled as libcpp-httplib0.11), a thread pool
// of its own so that a slow phone never blocks another, and server-sent events or long
// polling without extra code; no hand-written sockets, request parsing or timeouts.
#include <httplib.h>

#include <chrono>

#include "app/classroom/student_page.h"
#include "app/i18n/language.h"
#include "app/i18n/translate.h"

namespace whygpu::app {
namespace {

constexpr int kPreferredPort = 8090;
constexpr auto kLongPoll = std::chrono::seconds(20);
// Long polls held at once, and by one student (a reload can leave the old page's poll
// a moment): past these a poll is answered at once and the phone asks again.
constexpr int kMaxWaitingPolls = 500;
constexpr int kMaxWaitingPerStudent = 2;
// Each held poll takes a thread of the pool; the rest answer joins, answers and the page.
constexpr std::size_t kServerThreads = kMaxWaitingPolls + 32;

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The student page in `language`, its words from the catalog the interface uses.
std::string student_page_in(const std::string& language) {
  return student_page_html(language, [](const char* english) { return std::string(tr(english)); });
}

}  // namespace

struct ClassSession::Server {
  httplib::Server http;
  std::thread listener;
};

// The page speaks the interface's language, as the projector does.
ClassSession::ClassSession(NetworkInterface network, std::string room_code)
    : network_(std::move(network)),
      room_code_(room_code),
      state_(std::move(room_code), student_page_in(current_language())),
      page_language_(current_language()) {}

void ClassSession::follow_language() {
  if (current_language() == page_language_) return;
  page_language_ = current_language();
  std::string page = student_page_in(page_language_);
  {
    const std::lock_guard lock(mutex_);
    state_.student_page = std::move(page);
    state_.room.page_changed();
  }
  changed();
}

std::unique_ptr<ClassSession> ClassSession::start(const std::string& interface_name, Status* status) {
  NetworkInterface network;
  if (*status = choose_interface(interface_name, &network); !*status) return nullptr;
  std::unique_ptr<ClassSession> session(new ClassSession(network, make_room_code()));
  session->server_ = std::make_unique<Server>();
  httplib::Server& http = session->server_->http;
  http.new_task_queue = [] { return new httplib::ThreadPool(kServerThreads); };
  // One request per connection: a thread is held only while a request is in flight,
  // never by an idle phone's open connection.
  http.set_keep_alive_max_count(1);
  http.set_read_timeout(5, 0);
  http.set_write_timeout(5, 0);
  http.set_payload_max_length(kMaxClassRequestBytes);
  ClassSession* self = session.get();
  const auto serve = [self](const httplib::Request& request, httplib::Response& response) {
    const std::size_t question = request.target.find('?');
    ClassApiRequest api;
    api.method = request.method;
    api.path = request.path;
    api.query = question == std::string::npos ? "" : request.target.substr(question + 1);
    api.body = request.body;
    const ClassApiResponse answer = self->handle(api);
    response.status = answer.status;
    response.set_header("Cache-Control", "no-store");
    response.set_header("X-Content-Type-Options", "nosniff");
    response.set_header("Referrer-Policy", "no-referrer");
    // The page's own inline style and script, requests to this server, nothing else.
    response.set_header("Content-Security-Policy",
                        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                        "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'");
    response.set_content(answer.body, answer.content_type.c_str());
  };
  http.Get(".*", serve);
  http.Post(".*", serve);
  // Only here: an exception would otherwise end the server thread with the app.
  http.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
    response.status = 500;
    response.set_content("{\"ok\":false,\"error\":\"the server failed on this request\"}", "application/json");
  });
  // One listener a port: cpp-httplib's default sets SO_REUSEPORT, with which a second
  // session on this computer (another whygpu, a session started twice) bound 8090 as well
  // and the kernel shared the phones' requests between the two rooms. SO_REUSEADDR alone
  // still lets a session restart at once on the port the last one left.
  http.set_socket_options([](socket_t socket) {
    const int yes = 1;
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  session->port_ = http.bind_to_port(network.ipv4, kPreferredPort) ? kPreferredPort : http.bind_to_any_port(network.ipv4);
  if (session->port_ <= 0) {
    *status = Status::error("cannot listen on " + network.name + " (" + network.ipv4 + ")");
    return nullptr;
  }
  session->server_->listener = std::thread([self] { self->server_->http.listen_after_bind(); });
  // stop() ends only a server that is running: a session ended at once must not leave
  // the listener to start afterwards and never end.
  for (int i = 0; i < 2000 && !http.is_running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  *status = Status::ok();
  return session;
}

ClassSession::~ClassSession() {
  if (!server_) return;
  {
    const std::lock_guard lock(mutex_);
    state_.room.end();
    stopping_ = true;
  }
  // Held polls answer now, with the news that the session has ended (the pool finishes
  // sending them before http.stop() returns), so that the phones say so.
  version_changed_.notify_all();
  server_->http.stop();
  if (server_->listener.joinable()) server_->listener.join();
}

std::string ClassSession::address() const { return network_.ipv4 + ":" + std::to_string(port_); }

std::string ClassSession::join_url() const { return "http://" + address() + "/?room=" + room_code_; }

ClassApiResponse ClassSession::handle(const ClassApiRequest& request) {
  ClassApiRequest timed = request;
  timed.now_ms = steady_ms();
  std::unique_lock lock(mutex_);
  ClassApiResponse response = handle_class_request(state_, timed);
  if (!response.may_wait || stopping_ || waiting_ >= kMaxWaitingPolls ||
      waiting_by_student_[response.student] >= kMaxWaitingPerStudent)
    return response;
  const std::uint64_t seen = state_.room.version();
  const int student = response.student;
  ++waiting_;
  ++waiting_by_student_[student];
  const bool changed =
      version_changed_.wait_for(lock, kLongPoll, [&] { return stopping_ || state_.room.version() != seen; });
  --waiting_;
  --waiting_by_student_[student];
  if (!changed) return response;
  timed.now_ms = steady_ms();
  return handle_class_request(state_, timed);
}

void ClassSession::changed() { version_changed_.notify_all(); }

void ClassSession::ask(const std::string& key, const ClassQuestion& question) {
  {
    const std::lock_guard lock(mutex_);
    state_.room.ask(key, question);
  }
  changed();
}

void ClassSession::clear_question() {
  {
    const std::lock_guard lock(mutex_);
    state_.room.clear_question();
  }
  changed();
}

Status ClassSession::reveal() {
  Status status = Status::ok();
  {
    const std::lock_guard lock(mutex_);
    status = state_.room.reveal();
  }
  changed();
  return status;
}

Status ClassSession::vote_again() {
  Status status = Status::ok();
  {
    const std::lock_guard lock(mutex_);
    status = state_.room.vote_again();
  }
  changed();
  return status;
}

bool ClassSession::refresh(ClassView* view) const {
  const std::lock_guard lock(mutex_);
  const ClassState& room = state_.room;
  if (view->answers_version == room.answers_version()) return false;
  view->answers_version = room.answers_version();
  view->students = room.students();
  const AskedQuestion* asked = room.current();
  view->question_number = asked ? room.current_number() : 0;
  view->key = asked ? asked->key : "";
  view->question = asked ? asked->question : ClassQuestion{};
  view->rounds = asked ? asked->rounds : std::vector<ClassRound>{};
  return true;
}

std::string ClassSession::csv() const {
  const std::lock_guard lock(mutex_);
  return state_.room.to_csv();
}

}  // namespace whygpu::app
