// The student page in a real browser (Debian's chromium, headless, driven by
// puppeteer-core) at a phone's size: join, answer, see the answer acknowledged, survive
// going offline (a phone asleep), rejoin after a reload as the same student, vote again,
// answer a question with choices, and refuse a wrong room code; then a session in
// Simplified Chinese: the page's own words translated, a large number in 万 (10^4).
// Screenshots go to OUT_DIR.
//   node student_page_test.mjs CLASS_TEST_SERVER OUT_DIR
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import assert from "node:assert/strict";
import puppeteer from "puppeteer-core";

const [serverPath, outDir] = process.argv.slice(2);
const server = spawn(serverPath, [], { stdio: ["pipe", "pipe", "inherit"] });
const replies = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
const nextLine = async () => (await replies.next()).value;
const ask = async (command) => { server.stdin.write(command + "\n"); return nextLine(); };

const url = await nextLine();
assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/\?room=[A-Z2-9]{4}$/, "the join address");
const browser = await puppeteer.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
});
let failed = false;
// Waits for `predicate` in `tab`, checking every 100 ms: requestAnimationFrame, puppeteer's
// default, may not tick in a headless tab that is not in front, or on a loaded machine.
// A timeout says what the page showed, not only that it timed out.
async function until(tab, predicate, timeout, ...args) {
  try {
    await tab.waitForFunction(predicate, { timeout, polling: 100 }, ...args);
  } catch (error) {
    const seen = await tab.evaluate(() => ({
      lang: document.documentElement.lang,
      round: document.getElementById("round")?.textContent,
      status: document.getElementById("status")?.textContent,
      problem: document.getElementById("problem")?.textContent,
      visibility: document.visibilityState,
    })).catch((e) => "unreadable: " + e.message);
    throw new Error("waited " + timeout + " ms for " + predicate + "; the page showed " + JSON.stringify(seen), { cause: error });
  }
}
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const text = (id) => page.$eval("#" + id, (e) => e.textContent);
  const shown = (id) => until(page, (i) => !document.getElementById(i).hidden, 10000, id);

  await page.goto(url);
  await until(page, () => document.getElementById("question").textContent.includes("GPU lanes"), 10000);
  assert.equal(await text("question"), "How many GPU lanes for each CPU thread? <b>not bold</b>", "lesson text as text, never HTML");
  assert.equal(await page.$("#question b"), null);
  assert.equal(await ask("students"), "1");
  await page.screenshot({ path: outDir + "/phone-question.png" });

  await page.$eval("#range", (e) => { e.value = "800"; e.dispatchEvent(new Event("input")); });
  await page.click("#send");
  await shown("ack");
  assert.match(await text("ack"), /Your answer is in: 10,000 lanes/);
  assert.equal(await ask("answers"), "1");
  await page.screenshot({ path: outDir + "/phone-answered.png" });

  // Asleep: the network is gone; the page says so and keeps trying. Awake: it carries on.
  await page.setOfflineMode(true);
  assert.equal(await ask("reveal"), "ok");
  assert.equal(await ask("vote-again"), "ok");
  await until(page, () => document.getElementById("problem").textContent.includes("No connection"), 30000);
  await page.setOfflineMode(false);
  await until(page, () => document.getElementById("round").textContent.includes("round 2"), 15000);
  assert.equal(await page.$eval("#ack", (e) => e.hidden), true, "round 2 starts without an answer");

  // A reload is the same student (its id is kept in localStorage), and sees round 2.
  await page.click("#send");
  await shown("ack");
  await page.reload();
  await shown("ack");
  assert.match(await text("ack"), /Your answer is in/);
  assert.equal(await ask("students"), "1", "rejoined, not a new student");
  assert.equal(await ask("answers"), "1");
  assert.match(await text("status"), /talked it over/, "round 2 comes after the discussion");
  assert.equal(await ask("reveal"), "ok");
  await until(page, () => document.getElementById("status").textContent.includes("answer comes next"), 10000);

  // Choices, at a large text size.
  assert.equal(await ask("choice"), "ok");
  await until(page, () => document.querySelectorAll("#choices button").length === 4, 10000);
  await page.evaluate(() => { document.documentElement.style.fontSize = "200%"; });
  await page.click("#choices button:nth-child(3)");
  await page.click("#send");
  await shown("ack");
  assert.match(await text("ack"), /the runtime refuses it/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, "nothing wider than the phone at 200% text (" + overflow + " px over)");
  await page.screenshot({ path: outDir + "/phone-choices-large-text.png", fullPage: true });

  // Another room's code: the page asks for the right one.
  const stranger = await browser.createBrowserContext();
  const other = await stranger.newPage();
  await other.setViewport({ width: 390, height: 844 });
  await other.goto(url.replace(/room=.*/, "room=ZZZZ"));
  await until(other, () => !document.getElementById("joinform").hidden, 10000);
  assert.match(await other.$eval("#problem", (e) => e.textContent), /wrong room code/);
  await other.screenshot({ path: outDir + "/phone-wrong-room.png" });
  assert.equal(await ask("students"), "1");
  await page.bringToFront();  // the student's own phone: a tab in front, as a phone in a hand

  // The teacher switches to French mid-session: the phone loads the page again in French,
  // still the same student, its answer still in.
  const englishSend = await page.$eval("#send", (e) => e.textContent);
  assert.equal(await ask("language fr"), "ok");
  await until(page, () => document.documentElement.lang === "fr", 15000);
  await shown("ack");
  assert.notEqual(await page.$eval("#send", (e) => e.textContent), englishSend, "the send button in French");
  assert.equal(await ask("students"), "1", "the same student after the language switch");
  await page.screenshot({ path: outDir + "/phone-after-switch-fr.png", fullPage: true });
  assert.equal(await ask("language en"), "ok");
  await until(page, () => document.documentElement.lang === "en", 15000);
  await shown("ack");

  // The teacher switches again while the phone is loading the page: the page that loads
  // in Italian joins only after the switch back to English, and must still load the
  // English page (it kept the newer number as its own and stayed in Italian).
  await page.setRequestInterception(true);
  let releaseJoin = null;
  const joinHeld = new Promise((held) => {
    page.on("request", (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (releaseJoin === null && request.url().endsWith("/api/join")) {
        releaseJoin = () => request.continue();
        held();
      } else {
        request.continue();
      }
    });
  });
  assert.equal(await ask("language it"), "ok");
  await joinHeld;  // the Italian page has loaded and asked to join
  assert.equal(await page.evaluate(() => document.documentElement.lang), "it");
  assert.equal(await ask("language en"), "ok");
  releaseJoin();
  await until(page, () => document.documentElement.lang === "en", 15000);
  await shown("ack");
  await page.setRequestInterception(false);
  assert.equal(await ask("students"), "1", "the same student after both switches");
  console.log("student page: joined, answered, acknowledged, offline and back, rejoined after a reload, choices at 200% text, wrong room refused, followed the teacher into French and back, and back to English from a switch made while it loaded");

  // A teacher whose interface is in Simplified Chinese: the page speaks it, and counts
  // 10,000 as 1万, the way a Chinese reader does.
  const chinese = spawn(serverPath, ["zh-Hans"], { stdio: ["pipe", "pipe", "inherit"] });
  const chineseLines = createInterface({ input: chinese.stdout })[Symbol.asyncIterator]();
  let chineseEnded = false;
  try {
    const chineseUrl = (await chineseLines.next()).value;
    const phone = await (await browser.createBrowserContext()).newPage();
    await phone.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await phone.goto(chineseUrl);
    await until(phone, () => document.getElementById("question").textContent.includes("GPU lanes"), 10000);
    assert.equal(await phone.evaluate(() => document.documentElement.lang), "zh-Hans");
    const english = await page.$eval("#send", (e) => e.textContent);
    const sendWord = await phone.$eval("#send", (e) => e.textContent);
    assert.notEqual(sendWord, english, "the send button in Chinese, not '" + english + "'");
    assert.match(sendWord, /[\u4e00-\u9fff]/, "the send button in Chinese characters");
    await phone.$eval("#range", (e) => { e.value = "800"; e.dispatchEvent(new Event("input")); });
    await phone.waitForSelector("#send", { visible: true, timeout: 10000 });
    await phone.click("#send");
    await until(phone, () => !document.getElementById("ack").hidden, 10000);
    assert.match(await phone.$eval("#ack", (e) => e.textContent), /1万 lanes/, "10,000 as 1万");
    await phone.screenshot({ path: outDir + "/phone-answered-zh-Hans.png" });
    // The teacher ends the session: the phone says so, in its language, and not that the
    // connection was lost.
    chinese.stdin.write("quit\n");
    chineseEnded = true;
    await until(phone, () => document.getElementById("ask").hidden, 10000);
    const endedText = await phone.$eval("#status", (e) => e.textContent);
    assert.match(endedText, /[\u4e00-\u9fff]/, "the session's end said in Chinese, not '" + endedText + "'");
    assert.equal(await phone.$eval("#problem", (e) => e.textContent), "", "no connection problem shown");
    await phone.screenshot({ path: outDir + "/phone-ended-zh-Hans.png" });
    console.log("student page in Simplified Chinese: its words translated, 10,000 shown as 1万, the session's end told");
  } finally {
    if (!chineseEnded) chinese.stdin.write("quit\n");
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  server.stdin.write("quit\n");
}
// Once what was printed has reached the pipe: exit() alone can cut the last lines off.
process.stdout.write("", () => process.exit(failed ? 1 : 0));
