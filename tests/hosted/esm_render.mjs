// Run one Panel JSComponent's ESM `render()` the way the page does after the first
// render, with the page's address, in Node with a stub DOM; report what it did to the
// address bar (history.replaceState / pushState), which properties it set on its model
// (these flow back to Python), what it wrote into <input> elements and the links (<a href>)
// it made.
//
// stdin: {"esm": "<module source>", "props": {...}, "href": "https://host/path?query"}
// stdout: {"href": "...", "sets": {...}, "inputs": ["..."], "links": ["..."],
//          "listeners": ["token", ...]}

import fs from "node:fs";

const spec = JSON.parse(fs.readFileSync(0, "utf8"));
let url = new URL(spec.href);
const inputs = [];
const links = [];

// Any DOM object: every property read gives another stub, every call returns a stub,
// every write is kept (so `input.value = ...` can be reported).
function stub(tag = "") {
  const store = {};
  const target = function () {};
  const proxy = new Proxy(target, {
    get(_t, key) {
      if (key in store) return store[key];
      if (key === Symbol.toPrimitive) return () => "";
      if (key === "then") return undefined;
      if (key === "tagName") return tag.toUpperCase();
      return stub();
    },
    set(_t, key, value) {
      store[key] = value;
      if (tag === "input" && key === "value") inputs.push(String(value));
      if (tag === "a" && key === "href") links.push(String(value));
      return true;
    },
    apply() {
      return stub();
    },
  });
  return proxy;
}

const location = {
  get href() { return url.href; },
  get origin() { return url.origin; },
  get pathname() { return url.pathname; },
  get search() { return url.search; },
  get hash() { return url.hash; },
  get host() { return url.host; },
  get hostname() { return url.hostname; },
  get port() { return url.port; },
  get protocol() { return url.protocol; },
};
const history = {
  state: null,
  replaceState(state, _title, target) { this.state = state; url = new URL(target, url); },
  pushState(state, _title, target) { this.state = state; url = new URL(target, url); },
};
globalThis.window = { location, history, isSecureContext: true, addEventListener() {} };
globalThis.document = new Proxy({}, {
  get(_t, key) {
    if (key === "createElement") return (tag) => stub(String(tag).toLowerCase());
    return stub();
  },
});
globalThis.navigator = { clipboard: stub() };

const sets = {};
const listeners = [];
const props = { ...spec.props };
const model = new Proxy(props, {
  get(t, key) {
    if (key === "on") return (name) => { listeners.push(String(name)); };
    if (key === "send_msg" || key === "send_event") return () => {};
    return t[key];
  },
  set(t, key, value) { t[key] = value; sets[key] = value; return true; },
});

const mod = await import("data:text/javascript;base64," + Buffer.from(spec.esm).toString("base64"));
await mod.render({ model, el: stub("div"), view: stub() });
// as a page a moment later: its timers have run (the share box writes the address bar at
// most every 250 ms, playground.share.URL_EVERY_MS)
await new Promise((resolve) => setTimeout(resolve, 400));
console.log(JSON.stringify({ href: url.href, sets, inputs, links, listeners }));
