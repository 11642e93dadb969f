#include "app/classroom/student_page.h"

#include <cstring>

#include "app/classroom/class_api.h"
#include "compute/core/translation_marker.h"

namespace whygpu::app {
namespace {

// Where student_page_served() writes the edition. Its angle brackets are what no word can
// hold: json_string() writes '<' in a translation as \u003c.
constexpr const char* kEditionMark = "<EDITION>";

// The page's API is class_api.h's. Sizes are in rem, so the phone's text size scales
// everything; nothing has a fixed height, so large text wraps instead of being cut.
// Its words come from T, which student_page_html() writes in place of WORDS_JSON; the
// English in the markup is only what a browser without script would show.
constexpr const char* kPage = R"page(<!doctype html>
<html lang="LANG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title data-t="title">whygpu class</title>
<style>
  :root { color-scheme: light dark; --accent: #d98a00; --ok: #2e8b57; --bad: #c0392b; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, sans-serif; font-size: 1.1rem; line-height: 1.4;
         background: Canvas; color: CanvasText; }
  main { max-width: 34rem; margin: 0 auto; padding: 1rem; }
  h1 { font-size: 1.2rem; margin: 0 0 .5rem; color: var(--accent); }
  #question { font-size: 1.3rem; font-weight: 600; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
  .muted { opacity: .75; }
  button { font: inherit; width: 100%; padding: .8rem 1rem; margin: .35rem 0; border-radius: .6rem;
           border: 2px solid var(--accent); background: transparent; color: inherit; text-align: left;
           overflow-wrap: anywhere; }
  button.chosen { background: var(--accent); color: #000; }
  button#send { background: var(--accent); color: #000; text-align: center; font-weight: 600; }
  button:disabled { opacity: .5; }
  input[type=range] { width: 100%; height: 2.5rem; }
  input[type=text] { font: inherit; font-size: 1.6rem; width: 8ch; text-transform: uppercase; padding: .3rem; }
  #value { font-size: 1.6rem; font-weight: 700; text-align: center; margin: .3rem 0; overflow-wrap: anywhere; }
  #ack { margin-top: .8rem; padding: .6rem; border-left: .35rem solid var(--ok); }
  #problem { color: var(--bad); margin-top: .6rem; }
  [hidden] { display: none !important; }
</style>
</head>
<body>
<main>
  <h1 id="round" data-t="title">whygpu class</h1>
  <form id="joinform" hidden>
    <p data-t="type_room">Type the room code shown on the projector:</p>
    <input id="room" type="text" maxlength="8" autocomplete="off" autocapitalize="characters" data-t-label="room_code" aria-label="room code">
    <button id="join" type="submit" data-t="join">Join</button>
  </form>
  <p id="status" class="muted" data-t="connecting">Connecting...</p>
  <section id="ask" hidden>
    <div id="question"></div>
    <div id="slider" hidden>
      <input id="range" type="range" min="0" max="1000" value="500" data-t-label="your_prediction" aria-label="your prediction">
      <div id="value"></div>
      <div class="muted"><span id="lo"></span> &ndash; <span id="hi"></span></div>
    </div>
    <div id="choices"></div>
    <button id="send" type="button" data-t="send">Send my answer</button>
  </section>
  <div id="ack" hidden></div>
  <div id="problem" role="alert"></div>
</main>
<script>
"use strict";
const T = WORDS_JSON;
const $ = (id) => document.getElementById(id);
// A pattern's {0}, {1} replaced by the values, as the app's fill() does.
const fill = (pattern, ...values) => pattern.replace(/\{(\d)\}/g, (m, i) => (i < values.length ? values[i] : m));
document.querySelectorAll("[data-t]").forEach((e) => { e.textContent = T[e.dataset.t]; });
document.querySelectorAll("[data-t-label]").forEach((e) => { e.setAttribute("aria-label", T[e.dataset.tLabel]); });
function newId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function stored(key, make) {
  try {
    let v = localStorage.getItem(key);
    if (!v && make) { v = make(); localStorage.setItem(key, v); }
    return v;
  } catch (e) { return make ? make() : null; }
}
function store(key, v) { try { localStorage.setItem(key, v); } catch (e) {} }
const client = stored("whygpu-class-client", newId);
let room = (new URLSearchParams(location.search).get("room") || stored("whygpu-class-room") || "").toUpperCase();
let version = 0, state = null, chosen = -1, polling = null, joined = false, looping = false, ended = false;

function readable(v) {
  const a = Math.abs(v);
  const short = (x) => (+x.toPrecision(3)).toLocaleString(document.documentElement.lang);
  // Chinese counts large numbers in 10^4 and 10^8 (万, 亿), not in thousands.
  if (document.documentElement.lang.startsWith("zh")) {
    if (a >= 1e8) return fill(T.e8, short(v / 1e8));
    if (a >= 1e4) return fill(T.e4, short(v / 1e4));
    return short(v);
  }
  if (a >= 1e12) return fill(T.trillion, short(v / 1e12));
  if (a >= 1e9) return fill(T.billion, short(v / 1e9));
  if (a >= 1e6) return fill(T.million, short(v / 1e6));
  if (a >= 1000) return Math.round(v).toLocaleString(document.documentElement.lang);
  return short(v);
}
function sliderValue(q) {
  const t = $("range").value / 1000;
  const v = Number((q.min * Math.pow(q.max / q.min, t)).toPrecision(6));
  return Math.min(q.max, Math.max(q.min, v));
}
function withUnit(text, q) { return q.unit ? text + " " + q.unit : text; }
function answerText(q, v) { return q.kind === "choice" ? q.choices[v] : withUnit(readable(v), q); }

function form(fields) {
  return Object.entries(fields).map(([k, v]) => encodeURIComponent(k) + "=" + encodeURIComponent(v)).join("&");
}
async function call(method, path, fields, signal) {
  const init = { method, signal, cache: "no-store" };
  let url = path;
  if (method === "GET") url += "?" + form(fields);
  else { init.body = form(fields); init.headers = { "Content-Type": "application/x-www-form-urlencoded" }; }
  const response = await fetch(url, init);
  let body = {};
  try { body = await response.json(); } catch (e) {}
  return { status: response.status, body };
}

function showJoinForm(message) {
  joined = false;
  $("joinform").hidden = false;
  $("ask").hidden = true;
  $("status").textContent = "";
  $("problem").textContent = message || "";
  $("room").value = room;
  $("room").focus();
}

function render(s) {
  if (s.ended) {  // the teacher ended the session: say so, and stop asking
    ended = true;
    $("joinform").hidden = true; $("ask").hidden = true; $("ack").hidden = true;
    $("round").textContent = T.title;
    $("status").textContent = T.ended;
    $("problem").textContent = "";
    return;
  }
  const q = s.question;
  const key = q ? q.n + "/" + s.round : "";
  if (!state || !state.question || (state.question.n + "/" + state.round) !== key) chosen = -1;
  state = s;
  $("joinform").hidden = true;
  $("round").textContent = q ? (s.round > 1 ? fill(T.vote_again, s.round) : T.your_prediction) : T.title;
  if (!q) {
    $("ask").hidden = true; $("ack").hidden = true;
    $("status").textContent = fill(T.waiting, room);
    return;
  }
  $("question").textContent = q.text;
  $("ask").hidden = false;
  if (q.kind === "number") {
    $("slider").hidden = false; $("choices").replaceChildren();
    $("lo").textContent = readable(q.min);  // "1 - 100,000 lanes": the unit once, after the range
    $("hi").textContent = withUnit(readable(q.max), q);
    if (s.mine !== null && chosen < 0) {
      $("range").value = Math.round(1000 * Math.log(s.mine / q.min) / Math.log(q.max / q.min));
      chosen = 0;
    }
    $("value").textContent = answerText(q, sliderValue(q));
  } else {
    $("slider").hidden = true;
    if (s.mine !== null && chosen < 0) chosen = s.mine;
    const list = $("choices");
    list.replaceChildren();
    q.choices.forEach((text, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = (i + 1) + ". " + text;
      b.className = i === chosen ? "chosen" : "";
      b.setAttribute("aria-pressed", i === chosen ? "true" : "false");
      b.onclick = () => { chosen = i; render(state); };
      list.appendChild(b);
    });
  }
  $("send").disabled = !s.open || (q.kind === "choice" && chosen < 0);
  $("range").disabled = !s.open;
  $("choices").querySelectorAll("button").forEach((b) => { b.disabled = !s.open; });
  $("status").textContent = s.open ? (s.round > 1 ? T.answer_after_talk : T.answer_alone)
                                    : (s.last ? T.answer_comes : T.talk_it_over);
  const ack = $("ack");
  ack.hidden = s.mine === null;
  if (s.mine !== null)
    ack.textContent = "\u2713 " + fill(s.open ? T.answer_in_open : T.answer_in, answerText(q, s.mine));
}

// The page's edition, as the server filled it in when it served this page. When the
// teacher switches the language the session makes the page again under a new edition, and
// this phone loads it (its id stays in localStorage: the same student). The number is the
// page's own, not the first one heard: a switch while it loaded is still seen.
const EDITION = <EDITION>;
let reloading = false;  // then this page asks nothing more: its poll would hold a place
function onPage(p) {
  if (p === EDITION || reloading) return;
  reloading = true;
  location.reload();
}

async function join() {
  if (!room) { showJoinForm(""); return false; }
  $("status").textContent = fill(T.joining, room);
  try {
    const r = await call("POST", "/api/join", { room, client });
    if (r.status === 200) { joined = true; store("whygpu-class-room", room); $("problem").textContent = ""; version = r.body.v; onPage(r.body.page); render(r.body); return true; }
    if (r.status === 403) { showJoinForm(r.body.error || T.wrong_room); return false; }
    $("problem").textContent = r.body.error || T.no_answer;
  } catch (e) {
    $("problem").textContent = T.no_connection;
  }
  return false;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
async function pollLoop() {
  looping = true;
  for (;;) {
    if (ended || reloading) { looping = false; return; }
    if (!joined && !(await join())) {
      if (!$("joinform").hidden) { looping = false; return; }  // the student types the room code
      await sleep(2000);
      continue;
    }
    polling = new AbortController();
    try {
      const r = await call("GET", "/api/state", { room, client, since: version }, polling.signal);
      if (r.status === 200) { $("problem").textContent = ""; version = r.body.v; onPage(r.body.page); render(r.body); }
      else if (r.status === 401 || r.status === 403) joined = false;
      else await sleep(1000);
    } catch (e) {
      if (polling.signal.aborted) continue;  // the phone woke: ask again at once
      $("problem").textContent = T.no_connection;
      await sleep(2000);
    }
  }
}

$("range").addEventListener("input", () => { if (state && state.question) $("value").textContent = answerText(state.question, sliderValue(state.question)); });
$("send").addEventListener("click", async () => {
  const q = state && state.question;
  if (!q) return;
  const value = q.kind === "choice" ? chosen : sliderValue(q);
  $("send").disabled = true;
  try {
    const r = await call("POST", "/api/answer", { room, client, question: q.n, round: state.round, value: String(value) });
    if (r.status === 200) { $("problem").textContent = ""; render(r.body); }
    else { $("problem").textContent = r.body.error || T.answer_lost; if (r.status === 401) joined = false; }
  } catch (e) {
    $("problem").textContent = T.answer_not_sent;
  }
  if (state) $("send").disabled = !state.open;
});
$("joinform").addEventListener("submit", (event) => {
  event.preventDefault();
  room = $("room").value.trim().toUpperCase();
  if (!looping) pollLoop();
});
// A phone that slept may hold a dead connection: ask again as soon as the page is seen.
document.addEventListener("visibilitychange", () => { if (!document.hidden && polling) polling.abort(); });
window.addEventListener("pageshow", () => { if (polling) polling.abort(); });
pollLoop();
</script>
</body>
</html>
)page";

}  // namespace

const std::vector<StudentPageWord>& student_page_words() {
  static const std::vector<StudentPageWord> words = {
      {"title", N_("whygpu class")},
      {"type_room", N_("Type the room code shown on the projector:")},
      {"room_code", N_("room code")},
      {"join", N_("Join")},
      {"connecting", N_("Connecting...")},
      {"your_prediction", N_("Your prediction")},
      {"send", N_("Send my answer")},
      {"vote_again", N_("Vote again (round {0})")},
      {"waiting", N_("You are in room {0}. Waiting for the teacher's question...")},
      {"answer_alone", N_("Answer on your own first.")},
      {"talk_it_over", N_("The answers are on the projector: talk it over with your neighbour.")},
      {"answer_after_talk", N_("Now that you have talked it over: your answer.")},
      {"answer_comes", N_("The answers are on the projector; the answer comes next.")},
      {"answer_in", N_("Your answer is in: {0}")},
      {"answer_in_open", N_("Your answer is in: {0} (you can change it until the reveal)")},
      {"joining", N_("Joining room {0}...")},
      {"wrong_room", N_("wrong room code")},
      {"no_answer", N_("the class did not answer")},
      {"no_connection", N_("No connection to the class: trying again...")},
      {"answer_lost", N_("the answer did not arrive")},
      {"answer_not_sent", N_("No connection: your answer did not arrive. Try again.")},
      {"ended", N_("The teacher has ended the class session. Thank you!")},
      // TRANSLATORS: a number of millions on the phone's slider: "1.5 million".
      {"million", N_("{0} million")},
      {"billion", N_("{0} billion")},
      {"trillion", N_("{0} trillion")},
      // TRANSLATORS: Chinese only (other languages never show it): {0} times 10^4, "1.5万".
      {"e4", N_("{0} x 10^4")},
      // TRANSLATORS: Chinese only (other languages never show it): {0} times 10^8, "1.5亿".
      {"e8", N_("{0} x 10^8")},
  };
  return words;
}

std::string student_page_html(const std::string& language, const std::function<std::string(const char*)>& translate) {
  std::string words = "{";
  for (const StudentPageWord& word : student_page_words())
    words += std::string(words.size() > 1 ? "," : "") + "\"" + word.key + "\":" + json_string(translate(word.english));
  words += "}";
  // A language tag is letters, digits and '-' (language.h's codes); anything else is English.
  const bool tag_ok = !language.empty() && language.size() <= 16 &&
                      language.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") ==
                          std::string::npos;
  std::string page = kPage;
  page.replace(page.find("LANG"), 4, tag_ok ? language : "en");
  page.replace(page.find("WORDS_JSON"), 10, words);
  return page;
}

std::string student_page_served(const std::string& page, std::uint64_t edition) {
  std::string served = page;
  const std::size_t mark = served.find(kEditionMark);
  if (mark != std::string::npos) served.replace(mark, std::strlen(kEditionMark), std::to_string(edition));
  return served;
}

}  // namespace whygpu::app
