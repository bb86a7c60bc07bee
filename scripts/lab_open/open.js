// A share link (?s=<token>&f=<frame>) -> a notebook in JupyterLite's browser storage -> open it.
// The lab keeps files in IndexedDB through localforage: database LAB.storageName, object
// store "files", key = the file's path, value = the contents model (as the lab's
// BrowserStorageDrive writes it). An existing notebook of the same link is opened as it is
// (it may hold the visitor's edits).
(function () {
  const MAX_TOKEN = 16384;  // the playground's MAX_URL_TOKEN
  const status = document.querySelector('[data-testid="open-status"]');
  const fail = (text) => {
    status.textContent = text;
    status.setAttribute('data-testid', 'open-error');
    document.title = 'Could not open the notebook';
  };
  const params = new URLSearchParams(window.location.search);
  const token = params.get('s') || '';
  const rawFrame = params.get('f') || '0';
  if (!token) { fail('This link has no scenario (?s=<token>&f=<frame>).'); return; }
  if (token.length > MAX_TOKEN) {
    fail('The link\'s scenario token is too long (' + token.length + ' characters; at most ' +
         MAX_TOKEN + ').');
    return;
  }
  if (!/^[A-Za-z0-9._~-]+$/.test(token)) {
    fail('The link\'s scenario token has characters a share token never has.');
    return;
  }
  if (!/^\d{1,9}$/.test(rawFrame)) { fail('The link\'s frame is not a frame number.'); return; }
  const frame = parseInt(rawFrame, 10);

  const lines = (text) => text.split('\n').map((l, i, a) => (i < a.length - 1 ? l + '\n' : l));
  const code = (text) => ({cell_type: 'code', execution_count: null, metadata: {}, outputs: [],
                           source: lines(text)});
  const notebook = {
    nbformat: 4, nbformat_minor: 5,
    metadata: {
      kernelspec: {display_name: 'Python (Pyodide)', language: 'python', name: 'python'},
      language_info: {name: 'python'},
    },
    cells: [
      {cell_type: 'markdown', metadata: {}, source: lines(
        '# A shared scenario\n\n' +
        'The twin of a playground share link: the first cell holds the link\'s scenario ' +
        'token and frame. Run the cells (Run, Run All Cells): the engine replays the ' +
        'scenario, shows the board at that frame, then the whole timeline. The engine is ' +
        'preinstalled in this kernel; nothing is downloaded.')},
      code('TOKEN = ' + JSON.stringify(token) + '\nFRAME = ' + frame),
      code('from engine import Scenario\n\n' +
           'scenario = Scenario.from_token(TOKEN)\n' +
           'timeline = scenario.run()\n' +
           'frame = timeline[min(FRAME, len(timeline) - 1)]\n' +
           'print(f"{scenario.title}: frame {frame.index} of {len(timeline) - 1}")\n' +
           'frame'),
      code('timeline'),
    ],
  };

  // FNV-1a: a short, stable file name for the link (no crypto.subtle: plain http hosts too).
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  const dir = LAB.linksDir;
  const path = dir + '/scenario-' + h.toString(16).padStart(8, '0') + '-f' + frame + '.ipynb';
  const now = new Date().toISOString();
  const text = JSON.stringify(notebook);
  const model = {
    name: path.split('/').pop(), path: path, last_modified: now, created: now, format: 'json',
    mimetype: 'application/json', content: notebook, size: new TextEncoder().encode(text).length,
    writable: true, type: 'notebook',
  };
  const folder = {name: dir, path: dir, last_modified: now, created: now, format: 'json',
                  mimetype: '', content: null, size: 0, writable: true, type: 'directory'};
  const STORES = ['files', 'counters', 'checkpoints'];

  const open = (version) => new Promise((resolve, reject) => {
    const req = version ? indexedDB.open(LAB.storageName, version) : indexedDB.open(LAB.storageName);
    req.onupgradeneeded = () => {
      for (const s of STORES) {
        if (!req.result.objectStoreNames.contains(s)) req.result.createObjectStore(s);
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('the lab is open in another tab: close it and retry'));
  });
  const done = (req) => new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

  (async () => {
    let db = await open();
    if (!STORES.every((s) => db.objectStoreNames.contains(s))) {
      const v = db.version + 1;
      db.close();
      db = await open(v);
    }
    const tx = db.transaction('files', 'readwrite');
    const files = tx.objectStore('files');
    if (!(await done(files.get(dir)))) files.put(folder, dir);
    if (!(await done(files.get(path)))) files.put(model, path);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error('aborted'));
    });
    db.close();
    status.textContent = 'Opening ' + path + '…';
    const target = new URL('../notebooks/index.html', window.location.href);
    target.searchParams.set('path', path);
    window.location.replace(target.href);
  })().catch((e) => fail('Could not write the notebook into this browser\'s storage: ' + e));
})();
