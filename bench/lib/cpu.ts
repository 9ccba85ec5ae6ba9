// CPU time of a process tree, from /proc (Linux): where a load's CPU went, by process, in core-ms.
// A benchmark on a shared machine reads its own processes' CPU, which other jobs do not inflate the
// way they inflate wall time.
import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function statOf(pid: number): { ppid: number; own: number; reaped: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) in its parentheses.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), own: (Number(f[11]) + Number(f[12])) * TICK_MS, reaped: (Number(f[13]) + Number(f[14])) * TICK_MS };
  } catch {
    return undefined; // exited, or not Linux
  }
}

function allPids(): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU ms used so far by `root` and every live descendant, plus its reaped children's. */
export function treeCpuMs(root: number): number {
  const stats = new Map<number, NonNullable<ReturnType<typeof statOf>>>();
  for (const pid of allPids()) {
    const s = statOf(pid);
    if (s) stats.set(pid, s);
  }
  const rootStat = stats.get(root);
  if (!rootStat) return 0;
  let total = rootStat.own + rootStat.reaped;
  const inTree = new Set([root]);
  // Parents before children is not guaranteed by pid order: iterate until no process joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, s] of stats)
      if (!inTree.has(pid) && inTree.has(s.ppid)) {
        inTree.add(pid);
        total += s.own;
        grew = true;
      }
  }
  return total;
}

/** The pid of the postmaster listening on `port` (its command line names the port), if any. */
export function postmasterOn(port: number): number | undefined {
  for (const pid of allPids()) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (cmd[0]?.endsWith('postgres') && cmd.includes('-p') && cmd[cmd.indexOf('-p') + 1] === String(port)) return pid;
    } catch {
      // exited meanwhile
    }
  }
  return undefined;
}
