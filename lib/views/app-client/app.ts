// The installable app's one script (/pw-app/app.js, built by scripts/build-views.mjs): registers the
// service worker, keeps today's and the next sessions in the offline cache, and sends the session
// page's log and skip forms through an outbox in IndexedDB, each submission with its idempotency
// key, so one logged offline is sent when the connection returns and a retry never logs twice.
// Plain DOM, no framework: the app route's script budget is 60 KB gzip (npm run bench).

const PAGES_CACHE = 'pacewise-app-pages-v1';
const DB_NAME = 'pacewise-app';
const STORE = 'outbox';

type Submission = { idempotencyKey: string; workoutId: string; action: 'complete' | 'skip'; [field: string]: unknown };
type Queued = { key: string; body: Submission; queuedAt: string; page: string };

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const t = db.transaction(STORE, mode);
    const req = run(t.objectStore(STORE));
    t.oncomplete = () => {
      db.close();
      resolve(req.result);
    };
    t.onerror = () => reject(t.error);
  });
}

const queued = () => tx<Queued[]>('readonly', (s) => s.getAll() as IDBRequest<Queued[]>);
const enqueue = (q: Queued) => tx('readwrite', (s) => s.put(q));
const dequeue = (key: string) => tx('readwrite', (s) => s.delete(key));

function csrf(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

function say(text: string): void {
  const status = document.getElementById('app-status');
  if (status) status.textContent = text;
}

let flushing = false;

/** Sends every queued submission; keeps it on a network failure or a server error, drops it once answered. */
async function flush(): Promise<void> {
  if (flushing || !navigator.onLine) return;
  flushing = true;
  let sent = 0;
  try {
    for (const item of await queued()) {
      let res: Response;
      try {
        res = await fetch('/api/app/log', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf() },
          body: JSON.stringify(item.body),
        });
      } catch {
        break; // offline again: the rest waits for the next 'online'
      }
      if (res.status >= 500 || res.status === 429) break;
      const answer = (await res.json().catch(() => ({}))) as { message?: string };
      if (res.status === 401 || res.status === 403) {
        say(answer.message ?? 'Sign in again to send what you logged.');
        break; // kept: sent after signing in again
      }
      await dequeue(item.key);
      if (res.ok) sent++;
      else say(`Not saved: ${answer.message ?? `the server answered ${res.status}`}`);
    }
  } finally {
    flushing = false;
  }
  if (sent > 0) {
    await refreshCache();
    // The page now shows what was done and why the sessions ahead changed.
    location.reload();
  }
}

/** Today's and the next sessions (links marked data-offline) and this page, for the gym without signal. */
async function refreshCache(): Promise<void> {
  if (!('caches' in window) || !navigator.onLine) return;
  const urls = new Set([location.pathname, '/app']);
  document.querySelectorAll<HTMLAnchorElement>('a[data-offline]').forEach((a) => urls.add(new URL(a.href).pathname));
  const cache = await caches.open(PAGES_CACHE);
  await Promise.all(
    [...urls].map(async (url) => {
      try {
        const res = await fetch(url, { credentials: 'same-origin' });
        if (res.ok && !res.redirected) await cache.put(url, res);
      } catch {
        /* offline mid-way: keep what is cached */
      }
    }),
  );
}

function newKey(): string {
  return crypto.randomUUID();
}

const num = (form: HTMLFormElement, name: string): number | undefined => {
  const el = form.elements.namedItem(name) as HTMLInputElement | null;
  if (!el || el.value.trim() === '') return undefined;
  const n = Number(el.value.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
};

/** "45:30", "1:02:03" or minutes ("45") as seconds. */
function seconds(text: string): number | undefined {
  const parts = text.trim().split(':').map(Number);
  if (parts.length === 0 || parts.some((p) => !Number.isFinite(p) || p < 0)) return undefined;
  if (parts.length === 1) return Math.round(parts[0]! * 60);
  return Math.round(parts.reduce((total, p) => total * 60 + p, 0));
}

/** The log form as complete_workout's report: each block's sets marked done, the run's totals. */
function completion(form: HTMLFormElement): Submission {
  const workoutId = form.dataset.workout!;
  const blocks = new Map<number, Record<string, number | undefined>[]>();
  form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-set]').forEach((fs) => {
    const [b, s] = fs.dataset.set!.split('.').map(Number) as [number, number];
    const list = blocks.get(b) ?? [];
    blocks.set(b, list);
    const done = fs.querySelector<HTMLInputElement>('input[name$=".done"]')?.checked;
    if (!done) return;
    const p = `set.${b}.${s}`;
    const set: Record<string, number | undefined> = {};
    const hold = num(form, `${p}.seconds`);
    if (hold !== undefined) set.durationSeconds = hold;
    else set.reps = num(form, `${p}.reps`) ?? 0;
    const load = num(form, `${p}.load`);
    if (load !== undefined) set.load = load;
    const rpe = num(form, `${p}.rpe`);
    if (rpe !== undefined) set.rpe = rpe;
    list.push(set);
  });
  const body: Submission = { idempotencyKey: newKey(), workoutId, action: 'complete' };
  // An exercise with no set marked done was not done: it is left out (shown "not logged"), not logged as failed.
  const done = [...blocks].filter(([, sets]) => sets.length > 0);
  if (done.length > 0) body.strength = done.map(([blockIndex, sets]) => ({ blockIndex, sets }));
  const distance = num(form, 'run.distance');
  const time = (form.elements.namedItem('run.time') as HTMLInputElement | null)?.value ?? '';
  if (distance !== undefined && time.trim() !== '') {
    const run: Record<string, number | undefined> = { distance, durationSeconds: seconds(time) };
    const hr = num(form, 'run.hr');
    const rpe = num(form, 'run.rpe');
    if (hr !== undefined) run.avgHr = hr;
    if (rpe !== undefined) run.rpe = rpe;
    body.run = run;
  }
  const notes = (form.elements.namedItem('notes') as HTMLTextAreaElement | null)?.value.trim();
  if (notes) body.notes = notes;
  return body;
}

async function submit(form: HTMLFormElement, body: Submission): Promise<void> {
  // Each set also shows as done at once, whatever the connection does.
  form.querySelectorAll('button[type="submit"]').forEach((b) => ((b as HTMLButtonElement).disabled = true));
  await enqueue({ key: body.idempotencyKey, body, queuedAt: new Date().toISOString(), page: location.pathname });
  if (navigator.onLine) {
    say('Sending…');
    await flush();
  } else {
    say('Saved on this phone. It is sent when you are back online.');
  }
}

function wire(): void {
  document.querySelectorAll<HTMLFormElement>('form[data-log]').forEach((form) =>
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void submit(form, completion(form));
    }),
  );
  document.querySelectorAll<HTMLFormElement>('form[data-skip]').forEach((form) =>
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const reason = (form.elements.namedItem('reason') as HTMLInputElement).value.trim();
      void submit(form, { idempotencyKey: newKey(), workoutId: form.dataset.workout!, action: 'skip', reason });
    }),
  );
  // Signing out forgets this person's cached pages and anything not yet sent.
  document.querySelectorAll<HTMLFormElement>('form[data-sign-out]').forEach((form) =>
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void Promise.all([caches.delete(PAGES_CACHE), tx('readwrite', (s) => s.clear())]).finally(() => form.submit());
    }),
  );
  window.addEventListener('online', () => void flush());
}

async function start(): Promise<void> {
  wire();
  const pending = (await queued()).length;
  if (pending > 0) say(`${pending} submission${pending === 1 ? '' : 's'} waiting to be sent.`);
  if ('serviceWorker' in navigator) {
    await navigator.serviceWorker.register('/sw.js', { scope: '/app', updateViaCache: 'none' }).catch(() => undefined);
  }
  await flush();
  await refreshCache();
}

void start();
