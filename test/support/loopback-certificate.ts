import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** A self-signed certificate for 127.0.0.1 and localhost, and its key, written into `dir` (cert.pem, key.pem). */
export function makeLoopbackCertificate(dir: string): { cert: string; key: string } {
  const files = { cert: join(dir, 'cert.pem'), key: join(dir, 'key.pem') };
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', files.key, '-out', files.cert,
  ], { stdio: 'ignore' });
  return files;
}
