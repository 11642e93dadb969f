// The student page in a real browser (Debian's chromium, headless, driven by
// puppeteer-core) at a phone's size: join, answer, see the answer acknowledged, survive
// going offline (a phone asleep), rejoin after a reload as the same student, vote again,
// answer a question with choices, and refuse a wrong room code. Screenshots go to OUT_DIR.
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
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const text = (id) => page.$eval("#" + id, (e) => e.textContent);
  const shown = (id) => page.waitForFunction((i) => !document.getElementById(i).hidden, { timeout: 10000 }, id);

  await page.goto(url);
  await page.waitForFunction(() => document.getElementById("question").textContent.includes("GPU lanes"), { timeout: 10000 });
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
  await page.waitForFunction(() => document.getElementById("problem").textContent.includes("No connection"), { timeout: 30000 });
  await page.setOfflineMode(false);
  await page.waitForFunction(() => document.getElementById("round").textContent.includes("round 2"), { timeout: 15000 });
  assert.equal(await page.$eval("#ack", (e) => e.hidden), true, "round 2 starts without an answer");

  // A reload is the same student (its id is kept in localStorage), and sees round 2.
  await page.click("#send");
  await shown("ack");
  await page.reload();
  await shown("ack");
  assert.match(await text("ack"), /Your answer is in/);
  assert.equal(await ask("students"), "1", "rejoined, not a new student");
  assert.equal(await ask("answers"), "1");

  // Choices, at a large text size.
  assert.equal(await ask("choice"), "ok");
  await page.waitForFunction(() => document.querySelectorAll("#choices button").length === 4, { timeout: 10000 });
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
  await other.waitForFunction(() => !document.getElementById("joinform").hidden, { timeout: 10000 });
  assert.match(await other.$eval("#problem", (e) => e.textContent), /wrong room code/);
  await other.screenshot({ path: outDir + "/phone-wrong-room.png" });
  assert.equal(await ask("students"), "1");
  console.log("student page: joined, answered, acknowledged, offline and back, rejoined after a reload, choices at 200% text, wrong room refused");
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  server.stdin.write("quit\n");
}
process.exit(failed ? 1 : 0);
