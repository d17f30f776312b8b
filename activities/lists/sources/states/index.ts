import { ak } from './ak';
import { al } from './al';
import { az } from './az';
import { de } from './de';
import { ne } from './ne';
import { nj } from './nj';
import { tn } from './tn';
import { wv } from './wv';
import { hi } from './hi';
import { nv } from './nv';
import { wy } from './wy';
import { ar } from './ar';
import { ca } from './ca';
import { co } from './co';
import { dc } from './dc';
import { ga } from './ga';
import { il } from './il';
import { ky } from './ky';
import { ia } from './ia';
import { inState } from './in';
import { ks } from './ks';
import { la } from './la';
import { ma } from './ma';
import { md } from './md';
import { mi } from './mi';
import { mn } from './mn';
import { mo } from './mo';
import { nc } from './nc';
import { nh } from './nh';
import { me } from './me';
import { ms } from './ms';
import { mt } from './mt';
import { nd } from './nd';
import { ny } from './ny';
import { oh } from './oh';
import { pa } from './pa';
import { sc } from './sc';
import { wa } from './wa';
import { or } from './or';
import { tx } from './tx';
import { fl } from './fl';
import { ct } from './ct';
import { id } from './id';
import { vt } from './vt';
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
  IL: il,
  KY: ky,
  MA: ma,
  MI: mi,
  MN: mn,
  MO: mo,
  NH: nh,
  IA: ia,
  IN: inState,
  KS: ks,
  MS: ms,
  ND: nd,
  DC: dc,
  ME: me,
  MT: mt,
  AK: ak,
  AL: al,
  AZ: az,
  DE: de,
  NE: ne,
  NJ: nj,
  TN: tn,
  WV: wv,
  HI: hi,
  NV: nv,
  WY: wy,
  OR: or,
  TX: tx,
  FL: fl,
  CT: ct,
  ID: id,
  VT: vt,
};
