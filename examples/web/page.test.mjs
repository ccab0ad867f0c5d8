// The page in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core): served from the
// project folder on 127.0.0.1, it plays a perpetual check by simulated clicks (red's chariot checks from
// d1 and e1, black's general steps aside, three times), then reads the moves in Chinese notation, the
// classification and the verdict from the page. A screenshot is saved in the test output
// (target/wasm-test/page.png). Skipped, saying so, when Chromium or playwright-core is not installed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TOOLS = resolve(process.env.TOOLS_DIR ?? join(ROOT, "target", "wasm-tools"));
const OUT = process.env.WASM_TEST_OUT ?? join(ROOT, "target", "wasm-test");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const PLAYWRIGHT = join(TOOLS, "node", "node_modules", "playwright-core");

const FEN = "4k4/9/9/9/9/9/9/9/3R5/5K3 w - - 0 1";
const CYCLE = ["d1e1", "e9d9", "e1d1", "d9e9", "d1e1", "e9d9", "e1d1", "d9e9", "d1e1"];
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };

/** A static server of the project folder on a free loopback port; only files under ROOT are served. */
function serve() {
  const server = createServer((request, response) => {
    const path = normalize(join(ROOT, decodeURIComponent(new URL(request.url, "http://x").pathname)));
    if (!path.startsWith(ROOT) || !existsSync(path)) {
      response.writeHead(404).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
    response.end(readFileSync(path));
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

test("a perpetual check played by clicks is judged on the page", async (t) => {
  if (!existsSync(CHROMIUM) || !existsSync(PLAYWRIGHT)) {
    t.skip(`${existsSync(CHROMIUM) ? PLAYWRIGHT : CHROMIUM} not installed: the page is NOT tested (scripts/wasm-toolchain.sh installs both)`);
    return;
  }
  const { chromium } = createRequire(import.meta.url)(PLAYWRIGHT);
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // A closed network: no background connections, no updates, no sandbox (running as root). Playwright
    // starts each browser with a new, empty profile.
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 780 } });
    const problems = [];
    page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    const { port } = server.address();
    await page.goto(`http://127.0.0.1:${port}/examples/web/index.html?fen=${encodeURIComponent(FEN)}`);
    await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
    assert.equal(await page.inputValue("#fen"), FEN);

    for (const move of CYCLE) {
      await page.click(`[data-square="${move.slice(0, 2)}"]`);
      // The destination is marked as a legal move of the selected piece before it is clicked.
      await page.waitForSelector(`[data-square="${move.slice(2)}"] .target, [data-target="${move.slice(2)}"]`, { state: "attached" });
      await page.click(`[data-square="${move.slice(2)}"]`);
    }
    const moves = await page.$$eval("#moves li", (items) => items.map((li) => li.textContent));
    assert.equal(moves.length, CYCLE.length);
    assert.deepEqual(moves.slice(0, 4), ["车六平五", "将５平４", "车五平六", "将４平５"]);

    const summary = await page.textContent("#verdict-summary");
    assert.match(summary, /red loses/);
    assert.match(summary, /perpetual check/);
    assert.match(summary, /24\.1, 26\.1/);
    assert.match(await page.textContent("#verdict-explanation"), /red checks on every move/);
    assert.match(await page.textContent("#repetition-count"), /occurred 3 times/);
    const classes = await page.$$eval("#repetition td[class^=class-]", (cells) => cells.map((td) => td.textContent));
    assert.ok(classes.length >= 8, `classes shown: ${classes}`);
    assert.deepEqual([...new Set(classes)].sort(), ["check", "idle"]);
    assert.match(await page.textContent("#status"), /Game over: red loses/);

    mkdirSync(OUT, { recursive: true });
    const screenshot = join(OUT, "page.png");
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`page: ${moves.length} moves clicked, verdict "${summary.trim()}"; screenshot ${screenshot}`);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    server.close();
  }
});
