import { ak } from './ak';
import { al } from './al';
import { az } from './az';
import { de } from './de';
import { ne } from './ne';
import { nj } from './nj';
import { tn } from './tn';
import { wv } from './wv';
import { ar } from './ar';
import { ca } from './ca';
import { co } from './co';
import { ga } from './ga';
import { la } from './la';
import { md } from './md';
import { nc } from './nc';
import { ny } from './ny';
import { oh } from './oh';
import { pa } from './pa';
import { sc } from './sc';
import { wa } from './wa';
import type { StateListMapping } from './mapping';

/** Every state list with an adapter, by USPS code. */
export const STATE_MAPPINGS: Record<string, StateListMapping> = {
  CA: ca,
  PA: pa,
  LA: la,
  AR: ar,
  WA: wa,
  NC: nc,
  OH: oh,
  GA: ga,
  MD: md,
  CO: co,
  NY: ny,
  SC: sc,
  AK: ak,
  AL: al,
  AZ: az,
  DE: de,
  NE: ne,
  NJ: nj,
  TN: tn,
  WV: wv,
};
