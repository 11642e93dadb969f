#pragma once
// The one page a class session serves: what a student's phone shows. Self-contained (its
// style and script inline; no fonts, scripts or images from anywhere else), readable on a
// 390x844 phone and at large text sizes. It keeps an anonymous id in localStorage and
// rejoins with it after a reload or when the phone wakes; it puts every text it receives
// on screen as textContent, never as HTML.
#include <string>

namespace whygpu::app {

const std::string& student_page_html();

}  // namespace whygpu::app
