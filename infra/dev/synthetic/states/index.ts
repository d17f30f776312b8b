import { GeneratedState } from '../scales';
import { writeAlaska } from './ak';
import { writeAlabama } from './al';
import { writeArkansas } from './ar';
import { writeArizona } from './az';
import { writeDelaware } from './de';
import { writeNebraska } from './ne';
import { writeNewJersey } from './nj';
import { writeTennessee } from './tn';
import { writeWestVirginia } from './wv';
import { writeHawaii } from './hi';
import { writeNevada } from './nv';
import { writeWyoming } from './wy';
import { writeCalifornia } from './ca';
import { writeColorado } from './co';
import { StateContext, WrittenFile } from './common';
import { writeDistrictOfColumbia } from './dc';
import { writeGeorgia } from './ga';
import { writeIllinois } from './il';
import { writeKentucky } from './ky';
import { writeIowa } from './ia';
import { writeIndiana } from './in';
import { writeKansas } from './ks';
import { writeLouisiana } from './la';
import { writeMassachusetts } from './ma';
import { writeMaryland } from './md';
import { writeMichigan } from './mi';
import { writeMinnesota } from './mn';
import { writeMissouri } from './mo';
import { writeNorthCarolina } from './nc';
import { writeNewHampshire } from './nh';
import { writeMaine } from './me';
import { writeMississippi } from './ms';
import { writeMontana } from './mt';
import { writeNorthDakota } from './nd';
import { writeNewYork } from './ny';
import { writeOhio } from './oh';
import { writePennsylvania } from './pa';
import { writeSouthCarolina } from './sc';
import { writeWashington } from './wa';
import { writeOregon } from './or';
import { writeTexas } from './tx';
import { writeFlorida } from './fl';
import { writeConnecticut } from './ct';
import { writeIdaho } from './id';
import { writeVermont } from './vt';

export type { StateContext };

export const STATE_WRITERS: Readonly<Record<GeneratedState, (context: StateContext) => Promise<WrittenFile>>> = {
  ca: writeCalifornia,
  pa: writePennsylvania,
  la: writeLouisiana,
  ar: writeArkansas,
  wa: writeWashington,
  nc: writeNorthCarolina,
  oh: writeOhio,
  ga: writeGeorgia,
  md: writeMaryland,
  co: writeColorado,
  ny: writeNewYork,
  sc: writeSouthCarolina,
  il: writeIllinois,
  ky: writeKentucky,
  ma: writeMassachusetts,
  mi: writeMichigan,
  mn: writeMinnesota,
  mo: writeMissouri,
  nh: writeNewHampshire,
  ia: writeIowa,
  in: writeIndiana,
  ks: writeKansas,
  ms: writeMississippi,
  nd: writeNorthDakota,
  dc: writeDistrictOfColumbia,
  me: writeMaine,
  mt: writeMontana,
  ak: writeAlaska,
  al: writeAlabama,
  az: writeArizona,
  de: writeDelaware,
  ne: writeNebraska,
  nj: writeNewJersey,
  tn: writeTennessee,
  wv: writeWestVirginia,
  hi: writeHawaii,
  nv: writeNevada,
  wy: writeWyoming,
  or: writeOregon,
  tx: writeTexas,
  fl: writeFlorida,
  ct: writeConnecticut,
  id: writeIdaho,
  vt: writeVermont,
};
