#pragma once
// A class session: serves the student page and its API (class_api.h) on one interface of
// the local network while it lives, and stops serving when it is destroyed.
//
// Threads: cpp-httplib answers each request on a thread of its pool; each hands the
// request to handle_class_request under this session's mutex, so the state only changes
// there. The UI thread asks questions and reveals through the same mutex, held only for
// a copy or a small change: it never waits on a student. A phone's state request whose
// state has not changed is held (long polling) until it changes or 20 s pass, releasing
// the mutex while it waits, so a new question reaches every phone at once.
//
//   auto session = ClassSession::start("", &status);   // "": the default route's interface
//   session->ask("intro.md:12", class_question_of(prediction));
//   ClassView view; if (session->refresh(&view)) ...   // each frame: what the projector shows
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "app/classroom/class_api.h"
#include "app/classroom/network_interface.h"

namespace whygpu::app {

// What the projector shows of the session, copied out of it.
struct ClassView {
  std::uint64_t answers_version = 0;
  int students = 0;
  int question_number = 0;  // 0: no question
  std::string key;          // the asked question's key ("lesson-id#0": its lesson and which @predict)
  ClassQuestion question;
  std::vector<ClassRound> rounds;
};

class ClassSession {
 public:
  // Listens on `interface_name` ("" for the default route's; "lo" for this computer
  // only) at port 8090, or another free one when it is taken.
  static std::unique_ptr<ClassSession> start(const std::string& interface_name, Status* status);
  ~ClassSession();
  ClassSession(const ClassSession&) = delete;
  ClassSession& operator=(const ClassSession&) = delete;

  const NetworkInterface& network() const { return network_; }
  int port() const { return port_; }
  const std::string& room_code() const { return room_code_; }
  // "http://192.168.1.20:8090/?room=AB2C": what the QR code holds.
  std::string join_url() const;
  // "192.168.1.20:8090": what the join screen shows in large type.
  std::string address() const;

  // The teacher's side.
  // After the teacher switched the interface's language: the student page is made again in
  // it, and the phones load it again (ClassState::page_changed). Call it every frame.
  void follow_language();
  void ask(const std::string& key, const ClassQuestion& question);
  void clear_question();
  Status reveal();
  Status vote_again();
  // Copies the current question and its answers into *view when they changed since the
  // copy *view holds; returns whether they did.
  bool refresh(ClassView* view) const;
  // Every answer of the session so far (ClassState::to_csv).
  std::string csv() const;

  // One request as the server threads handle it (long polling included); public so that
  // the server's adapter, which lives in the .cpp with cpp-httplib, can call it.
  ClassApiResponse handle(const ClassApiRequest& request);

 private:
  ClassSession(NetworkInterface network, std::string room_code);
  void changed();  // after a change of the teacher's: wakes the long polls

  NetworkInterface network_;
  std::string room_code_;
  int port_ = 0;
  mutable std::mutex mutex_;
  std::condition_variable version_changed_;
  ClassServerState state_;
  std::string page_language_;  // the student page's (the UI thread's only)
  bool stopping_ = false;
  int waiting_ = 0;                       // long polls held now
  std::map<int, int> waiting_by_student_;  // at most a few each, so that no one holds the pool
  struct Server;
  std::unique_ptr<Server> server_;
};

}  // namespace whygpu::app
