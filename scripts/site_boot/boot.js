/* The hosted page's loading panel: what is loading, progress, and a clear message when
   something can't be loaded. Added to index.html by scripts/build_site.py, first thing in
   <head>, so it runs before any CDN script (those are deferred and report here).

   Events come from: the page's CDN <script>/<link> tags (onload/onerror), the worker
   (Panel's 'status' messages, plus 'boot-fetch' / 'boot-error' messages that build_site.py
   adds to the worker), and a watchdog that says so when nothing has arrived for STALL_MS
   while something is still downloading. Texts go in with textContent: error messages
   can hold anything. */
(function () {
  "use strict";
  const STALL_MS = 8000; // nothing arrived for this long while downloading: say so (< 10 s)
  const CONFIG = __PG_BOOT_CONFIG__; // {hosts: [...]} from the build
  const STEPS = ["page", "runtime", "packages", "app"];
  const WEIGHT = {page: 0.1, runtime: 0.3, packages: 0.5, app: 0.1};
  const WHAT = {
    page: "the page's scripts (Bokeh and Panel)",
    runtime: "the Python runtime (Pyodide)",
    packages: "the Python packages",
    app: "the playground's Python code",
  };
  const t0 = Date.now();
  const state = {
    steps: {page: "active", runtime: "active", packages: "pending", app: "pending"},
    lastProgress: t0, assetsLoaded: 0, assetsFailed: 0, fetchesStarted: 0, fetchesDone: 0,
    bytes: 0, pending: new Map(), problems: [], failed: null, ready: false, status: "",
  };
  const progressOf = new Map(); // url -> bytes received so far
  const counted = new Set(); // urls fetched for the packages step

  function el() { return document.getElementById("pg-boot"); }
  function host(url) { try { return new URL(url, location.href).host; } catch (e) { return String(url); } }
  function mb(n) { return (n / 1e6).toFixed(1) + " MB"; }
  function assetCount() { return document.querySelectorAll("[data-pg-asset]").length; }
  function progress() { state.lastProgress = Date.now(); }

  function set(step, value) {
    if (state.steps[step] === "failed") return;
    state.steps[step] = value;
  }

  function fraction() {
    let f = 0;
    for (const s of STEPS) {
      const v = state.steps[s];
      if (v === "done") f += WEIGHT[s];
      else if (v === "active") {
        let part = 0.3;
        if (s === "page") part = state.assetsLoaded / Math.max(1, assetCount());
        if (s === "packages" && state.fetchesStarted)
          part = 0.9 * state.fetchesDone / state.fetchesStarted;
        f += WEIGHT[s] * part;
      }
    }
    return Math.max(0.02, Math.min(1, f));
  }

  function networkBound() {
    if (state.steps.page === "active" && state.assetsLoaded + state.assetsFailed < assetCount())
      return true;
    if (state.steps.runtime === "active") return true;
    return state.pending.size > 0;
  }

  function tryList(ul) {
    const hosts = (CONFIG.hosts || []).join(", ");
    const items = [
      ["Check that this device is online, then reload the page."],
      ["If a firewall, proxy, content blocker or school/company network blocks " + hosts +
        ": allow them, or try another network."],
      ["Or run the playground on your own computer: clone the project and run ",
       {code: "make serve"}, " (see its README); it needs no CDN."],
    ];
    for (const parts of items) {
      const li = document.createElement("li");
      for (const part of parts) {
        if (typeof part === "string") li.append(part);
        else { const c = document.createElement("code"); c.textContent = part.code; li.append(c); }
      }
      ul.appendChild(li);
    }
  }

  function showProblem(kind) {
    const box = el() && el().querySelector(".problem");
    if (!box) return;
    box.replaceChildren();
    box.classList.toggle("slow", kind === "slow");
    const title = document.createElement("b");
    const body = document.createElement("div");
    if (kind === "slow") {
      const secs = Math.round((Date.now() - state.lastProgress) / 1000);
      const waiting = [...new Set([...state.pending.keys()].map(host))];
      title.textContent = "Nothing has arrived for " + secs + " s: are you offline, or is " +
        "a CDN blocked?";
      body.textContent = "Still waiting for " + (waiting.length ? waiting.join(", ") :
        WHAT[STEPS.find((s) => state.steps[s] === "active") || "runtime"]) +
        ". The page keeps trying; if nothing changes:";
    } else {
      const f = state.failed;
      if (f.step === "app") {
        title.textContent = "The playground could not start: its Python code failed.";
        body.textContent = "Reload the page to try again. If it happens again, please " +
          "report it with the details below.";
      } else {
        title.textContent = "The playground could not start: " + WHAT[f.step] +
          " could not be loaded" + (f.url ? " from " + host(f.url) : "") + ".";
        body.textContent = "What to try:";
      }
    }
    box.append(title, body);
    if (kind === "slow" || state.failed.step !== "app") {
      const ul = document.createElement("ul");
      tryList(ul);
      box.appendChild(ul);
    }
    if (kind !== "slow") {
      const pre = document.createElement("pre");
      pre.setAttribute("data-testid", "boot-error-detail");
      pre.textContent = state.problems.join("\n");
      const again = document.createElement("button");
      again.type = "button";
      again.textContent = "Reload the page";
      again.addEventListener("click", () => location.reload());
      box.append(pre, again);
    }
    box.hidden = false;
  }

  function render() {
    const root = el();
    if (!root) return;
    if (state.ready) { root.hidden = true; root.dataset.state = "ready"; return; }
    for (const s of STEPS) {
      const li = root.querySelector('li[data-step="' + s + '"]');
      if (li) li.className = state.steps[s];
    }
    const pageNote = root.querySelector('li[data-step="page"] .note');
    if (pageNote) pageNote.textContent = state.assetsLoaded + " of " + assetCount();
    const pkgNote = root.querySelector('li[data-step="packages"] .note');
    if (pkgNote && state.fetchesStarted)
      pkgNote.textContent = state.fetchesDone + " of " + state.fetchesStarted + " files";
    const pct = Math.round(100 * fraction());
    const bar = root.querySelector(".bar");
    bar.setAttribute("aria-valuenow", String(pct));
    root.querySelector(".fill").style.width = pct + "%";
    const secs = Math.round((Date.now() - t0) / 1000);
    root.querySelector(".detail").textContent = (state.status ? state.status + " · " : "") +
      mb(state.bytes) + " downloaded · " + secs + " s";
    if (state.failed) {
      root.dataset.state = "failed";
      root.classList.add("failed");
      showProblem("failed");
      return;
    }
    const stalled = networkBound() && Date.now() - state.lastProgress > STALL_MS;
    root.dataset.state = stalled ? "slow" : "loading";
    if (stalled) showProblem("slow");
    else root.querySelector(".problem").hidden = true;
  }

  function fail(step, message, url) {
    state.problems.push(message);
    if (!state.failed) state.failed = {step, url};
    state.steps[step] = "failed";
    render();
  }

  const api = {
    /** A CDN <script>/<link> of the page finished (ok) or failed. */
    asset(tag, ok) {
      progress();
      const url = tag.src || tag.href;
      if (ok) state.assetsLoaded += 1;
      else {
        state.assetsFailed += 1;
        fail("page", "Could not load " + url, url);
      }
      if (state.assetsLoaded === assetCount()) set("page", "done");
      render();
    },
    /** A message from the worker (called before Panel's own handler). */
    worker(msg) {
      if (!msg || typeof msg !== "object") return;
      progress();
      if (msg.type === "status") {
        const text = String(msg.msg || "");
        state.status = text;
        if (/^loading pyodide/i.test(text)) set("runtime", "active");
        else if (/^unpacking|^installing/i.test(text)) {
          set("runtime", "done");
          set("packages", "active");
        } else if (/^executing/i.test(text)) {
          set("runtime", "done");
          set("packages", "done");
          set("app", "active");
        }
      } else if (msg.type === "boot-fetch") {
        const url = String(msg.url);
        if (msg.state === "start") {
          state.pending.set(url, Date.now());
          if (state.steps.packages === "active") { state.fetchesStarted += 1; counted.add(url); }
        } else if (msg.state === "progress" || msg.state === "done") {
          const before = progressOf.get(url) || 0;
          const now = Number(msg.bytes) || 0;
          if (now > before) { state.bytes += now - before; progressOf.set(url, now); }
          if (msg.state === "done" && state.pending.delete(url) && counted.has(url))
            state.fetchesDone += 1;
        } else if (msg.state === "fail") {
          if (state.pending.delete(url) && counted.has(url)) state.fetchesDone += 1;
          state.problems.push("Could not fetch " + url + ": " + msg.message);
        }
      } else if (msg.type === "boot-error") {
        fail(STEPS.includes(msg.stage) ? msg.stage : "runtime",
             String(msg.message || "unknown error"), msg.url);
        return;
      }
      render();
    },
    /** The worker died (an uncaught error, e.g. its script could not be loaded). */
    workerError(ev) {
      const message = "The worker stopped: " + ((ev && ev.message) || "unknown error");
      if (state.failed) { state.problems.push(message); render(); return; }  // already said
      const step = ["runtime", "packages", "app"].find((s) => state.steps[s] === "active");
      fail(step || "runtime", message);
    },
    /** The live app is on the page. */
    ready() { state.ready = true; render(); },
    renderFailed(e) { fail("app", "Rendering failed: " + e); },
    state,
  };
  window.PGBoot = api;
  const timer = setInterval(() => {
    if (state.ready) { clearInterval(timer); return; }
    render();
  }, 500);
  document.addEventListener("DOMContentLoaded", render);
})();
