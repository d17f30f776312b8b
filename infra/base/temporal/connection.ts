import fs from 'node:fs';
import type { TLSConfig } from '@temporalio/common/lib/internal-non-workflow';
import { config } from '../config';

/**
 * Connection options for a real Temporal cluster. The dev server needs none of them; a
 * self-hosted cluster with mTLS sets TEMPORAL_TLS_CERT/TEMPORAL_TLS_KEY (file paths), and
 * Temporal Cloud with API keys sets TEMPORAL_API_KEY (TLS is then implied).
 */
interface TemporalConnectionOptions {
  address: string;
  tls?: TLSConfig | boolean;
  apiKey?: string;
}

export function temporalConnectionOptions(): TemporalConnectionOptions {
  const certPath = process.env.TEMPORAL_TLS_CERT;
  const keyPath = process.env.TEMPORAL_TLS_KEY;
  const caPath = process.env.TEMPORAL_TLS_CA;
  const apiKey = process.env.TEMPORAL_API_KEY;
  const options: TemporalConnectionOptions = { address: config.temporalAddress };
  if (certPath && keyPath) {
    options.tls = {
      clientCertPair: { crt: fs.readFileSync(certPath), key: fs.readFileSync(keyPath) },
      ...(caPath ? { serverRootCACertificate: fs.readFileSync(caPath) } : {}),
    };
  } else if (apiKey) {
    options.tls = true;
  }
  if (apiKey) options.apiKey = apiKey;
  return options;
}
