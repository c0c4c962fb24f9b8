/**
 * The HTTPS listener's certificate: self-signed, made at start, valid for the live host names the
 * Chromium tests map onto the sandbox (browsers run with --ignore-certificate-errors; the PEM is on
 * the control interface for clients that want to trust it instead).
 */
import { LIVE_HOSTS } from './origins';

export async function makeLiveHostCertificate(): Promise<{ key: string; cert: string }> {
  // Loaded here, not with the module: only a sandbox with an HTTPS listener needs it, and it takes
  // about a fifth of a second to load in every test file that starts a sandbox.
  const { generate } = await import('selfsigned');
  const names = [...Object.keys(LIVE_HOSTS), '*.scratch.mit.edu', 'localhost'];
  const pems = await generate([{ name: 'commonName', value: 'scratch.mit.edu' }], {
    // EC keys are made in milliseconds; RSA would slow every HTTPS start.
    keyType: 'ec',
    notBeforeDate: new Date(Date.now() - 86_400_000),
    notAfterDate: new Date(Date.now() + 30 * 86_400_000),
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...names.map((value) => ({ type: 2 as const, value })),
          { type: 7 as const, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
