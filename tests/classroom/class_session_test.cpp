// The class session's server on the loopback interface: it serves only while it lives,
// long polls wake when the teacher asks, and the interface it binds to is the one chosen.
#include <gtest/gtest.h>

#include <httplib.h>

#include <chrono>
#include <future>

#include "app/classroom/class_session.h"

namespace whygpu::app {
namespace {

using Clock = std::chrono::steady_clock;

const std::string kClient = "0123456789abcdef0123456789abcdef";

std::unique_ptr<ClassSession> start_on_loopback() {
  Status status = Status::ok();
  auto session = ClassSession::start("lo", &status);
  EXPECT_TRUE(status) << status.message();
  return session;
}

ClassQuestion number_question() {
  Prediction p;
  p.question = "How many?";
  p.unit = "threads";
  p.min = 1;
  p.max = 1e6;
  return class_question_of(p);
}

TEST(ClassSession, ListensOnlyOnTheChosenInterfaceWhileItLives) {
  auto session = start_on_loopback();
  ASSERT_TRUE(session);
  EXPECT_EQ(session->network().name, "lo");
  EXPECT_EQ(session->network().ipv4.rfind("127.", 0), 0u) << session->network().ipv4;
  EXPECT_EQ(session->join_url(), "http://" + session->address() + "/?room=" + session->room_code());
  const int port = session->port();
  httplib::Client client("127.0.0.1", port);
  const auto page = client.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->get_header_value("Content-Security-Policy").find("default-src 'none'"), std::string::npos);
  const std::string fields = "room=" + session->room_code() + "&client=" + kClient;
  session.reset();
  // The port may be taken at once by another session (the test binaries run side by side
  // and every session asks for the same preferred port): what must be gone is this room.
  httplib::Client after("127.0.0.1", port);
  after.set_connection_timeout(1, 0);
  const auto joined = after.Post("/api/join", fields, "application/x-www-form-urlencoded");
  EXPECT_TRUE(!joined || joined->status == 403) << "the session ended, yet its room answered " << joined->status;
}

TEST(ClassSession, AnUnknownInterfaceIsRefusedByName) {
  Status status = Status::ok();
  EXPECT_FALSE(ClassSession::start("no-such-if0", &status));
  EXPECT_NE(status.message().find("'no-such-if0'"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("lo"), std::string::npos) << "names the interfaces that are up";
}

TEST(ClassSession, AHeldPollAnswersAsSoonAsTheTeacherAsks) {
  auto session = start_on_loopback();
  ASSERT_TRUE(session);
  httplib::Client client("127.0.0.1", session->port());
  const std::string fields = "room=" + session->room_code() + "&client=" + kClient;
  const auto joined = client.Post("/api/join", fields, "application/x-www-form-urlencoded");
  ASSERT_TRUE(joined);
  ASSERT_EQ(joined->status, 200) << joined->body;
  const std::string version = joined->body.substr(joined->body.find("\"v\":") + 4);
  auto poll = std::async(std::launch::async, [&] {
    httplib::Client poller("127.0.0.1", session->port());
    poller.set_read_timeout(30, 0);
    return poller.Get(("/api/state?" + fields + "&since=" + version.substr(0, version.find(','))).c_str());
  });
  EXPECT_EQ(poll.wait_for(std::chrono::milliseconds(300)), std::future_status::timeout) << "held while nothing changes";
  const auto asked = Clock::now();
  session->ask("intro.md:3", number_question());
  const auto answer = poll.get();
  EXPECT_LT(Clock::now() - asked, std::chrono::seconds(1));
  ASSERT_TRUE(answer);
  EXPECT_NE(answer->body.find("\"text\":\"How many?\""), std::string::npos) << answer->body;

  const auto sent = client.Post("/api/answer", fields + "&question=1&round=1&value=64", "application/x-www-form-urlencoded");
  ASSERT_TRUE(sent);
  EXPECT_EQ(sent->status, 200) << sent->body;
  ClassView view;
  ASSERT_TRUE(session->refresh(&view));
  EXPECT_EQ(view.students, 1);
  ASSERT_EQ(view.rounds.size(), 1u);
  EXPECT_EQ(view.rounds[0].answers.at(1), 64);
  EXPECT_FALSE(session->refresh(&view)) << "nothing new";
}

// And tells the phones: a held poll answers that the session has ended, so a phone says so
// instead of "no connection" when the teacher ends the class.
TEST(ClassSession, EndingTheSessionReleasesHeldPollsWithTheNews) {
  auto session = start_on_loopback();
  ASSERT_TRUE(session);
  const std::string fields = "room=" + session->room_code() + "&client=" + kClient;
  httplib::Client client("127.0.0.1", session->port());
  const auto joined = client.Post("/api/join", fields, "application/x-www-form-urlencoded");
  ASSERT_TRUE(joined);
  const std::string v = joined->body.substr(joined->body.find("\"v\":") + 4);
  auto poll = std::async(std::launch::async, [&, port = session->port()] {
    httplib::Client poller("127.0.0.1", port);
    poller.set_read_timeout(30, 0);
    return poller.Get(("/api/state?" + fields + "&since=" + v.substr(0, v.find(','))).c_str());
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto ending = Clock::now();
  session.reset();
  EXPECT_LT(Clock::now() - ending, std::chrono::seconds(3));
  const auto answer = poll.get();
  ASSERT_TRUE(answer) << "the held poll got no answer";
  EXPECT_EQ(answer->status, 200);
  EXPECT_NE(answer->body.find("\"ended\":true"), std::string::npos) << answer->body;
}

TEST(DefaultRoute, IsTheDefaultRouteWithTheLowestMetric) {
  const std::string routes =
      "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
      "eth0\t0000A8C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0\n"
      "wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n"
      "eth0\t00000000\t0100A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0\n"
      "tun0\t00000000\t00000000\t0000\t0\t0\t1\t00000000\t0\t0\t0\n";
  EXPECT_EQ(default_route_interface(routes), "eth0") << "tun0's route is down";
  EXPECT_EQ(default_route_interface("Iface\tDestination\n"), "");
  EXPECT_EQ(default_route_interface(""), "");
}

}  // namespace
}  // namespace whygpu::app
