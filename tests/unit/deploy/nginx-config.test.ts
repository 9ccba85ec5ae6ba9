// deploy/nginx/pacewise.conf is an example, not run in CI: where nginx is installed, `nginx -t`
// checks that it parses and that its regexes compile (with a throwaway certificate and cache folder).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => fs.existsSync(p));
const OPENSSL = spawnSync('openssl', ['version']).status === 0;

describe.skipIf(!NGINX || !OPENSSL)('deploy/nginx/pacewise.conf', () => {
  it('passes nginx -t', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-nginx-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=pacewise.example',
          '-days',
          '1',
          '-keyout',
          `${dir}/key.pem`,
          '-out',
          `${dir}/cert.pem`,
        ],
        { stdio: 'ignore' },
      );
      const site = fs
        .readFileSync(path.join(process.cwd(), 'deploy', 'nginx', 'pacewise.conf'), 'utf8')
        .replace('/var/cache/nginx/pacewise', `${dir}/cache`)
        .replace('/etc/ssl/pacewise/fullchain.pem', `${dir}/cert.pem`)
        .replace('/etc/ssl/pacewise/privkey.pem', `${dir}/key.pem`);
      fs.writeFileSync(`${dir}/site.conf`, site);
      fs.writeFileSync(
        `${dir}/nginx.conf`,
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  include ${dir}/site.conf;\n}\n`,
      );
      const check = spawnSync(NGINX!, ['-t', '-p', dir, '-c', `${dir}/nginx.conf`], { encoding: 'utf8' });
      expect(check.stderr).toContain('syntax is ok');
      expect(check.status, check.stderr).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
