#pragma once
// The one page a class session serves: what a student's phone shows. Self-contained (its
// style and script inline; no fonts, scripts or images from anywhere else), readable on a
// 390x844 phone and at large text sizes. It keeps an anonymous id in localStorage and
// rejoins with it after a reload or when the phone wakes; it puts every text it receives
// on screen as textContent, never as HTML.
// Its words are translated where the session starts (in the teacher's language, the one
// the projector shows): the page's script takes them from a JSON object, filled with
// their numbers as the app's fill() does, and never as HTML.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace whygpu::app {

// One of the page's words: the key its script uses, and the English (marked N_ for the
// translators; a "{0}" takes a number or a room code).
struct StudentPageWord {
  const char* key;
  const char* english;
};
const std::vector<StudentPageWord>& student_page_words();

// The page in `language` (a tag such as "fr" or "zh-Hant", for <html lang> and the
// phone's number format; anything that is not a tag becomes "en"), each word as
// `translate` gives it.
// Its script's edition is left open: student_page_served() fills it in as it is served.
std::string student_page_html(const std::string& language, const std::function<std::string(const char*)>& translate);

// The page as served now: `edition` is the state's "page" at this moment (ClassState::page),
// so that the page and the number a phone compares it with come from one moment.
std::string student_page_served(const std::string& page, std::uint64_t edition);

}  // namespace whygpu::app
