/* Added by scripts/build_site.py: tell the page what this worker downloads (start,
   bytes so far, done, failed) so its loading panel can show progress, and name what
   failed. The response handed back is the original one; progress is read from a clone. */
self.__pgStage = "runtime";
(function () {
  const realFetch = self.fetch.bind(self);
  const post = (m) => { try { self.postMessage(m); } catch (e) { /* never break a fetch */ } };
  self.fetch = function (input, init) {
    const url = typeof input === "string" ? input : (input && input.url) || String(input);
    post({type: "boot-fetch", url, state: "start"});
    return realFetch(input, init).then((resp) => {
      let counted = false;
      try {
        if (resp.body && typeof resp.clone === "function") {
          const reader = resp.clone().body.getReader();
          let got = 0, sent = 0;
          const pump = () => reader.read().then(({done, value}) => {
            if (done) { post({type: "boot-fetch", url, state: "done", bytes: got}); return; }
            got += value.byteLength;
            const now = Date.now();
            if (now - sent > 250) { sent = now; post({type: "boot-fetch", url, state: "progress", bytes: got}); }
            return pump();
          }, (e) => post({type: "boot-fetch", url, state: "fail", message: String(e)}));
          pump();
          counted = true;
        }
      } catch (e) { /* a body that can't be cloned: report it done below */ }
      if (!counted) {
        post({type: "boot-fetch", url, state: "done",
              bytes: Number(resp.headers.get("content-length")) || 0});
      }
      return resp;
    }, (e) => {
      post({type: "boot-fetch", url, state: "fail", message: String(e)});
      throw e;
    });
  };
})();
