import { GeneratedState } from '../scales';
import { writeArkansas } from './ar';
import { writeCalifornia } from './ca';
import { writeColorado } from './co';
import { StateContext, WrittenFile } from './common';
import { writeGeorgia } from './ga';
import { writeIllinois } from './il';
import { writeKentucky } from './ky';
import { writeLouisiana } from './la';
import { writeMassachusetts } from './ma';
import { writeMaryland } from './md';
import { writeMichigan } from './mi';
import { writeMinnesota } from './mn';
import { writeMissouri } from './mo';
import { writeNorthCarolina } from './nc';
import { writeNewHampshire } from './nh';
import { writeNewYork } from './ny';
import { writeOhio } from './oh';
import { writePennsylvania } from './pa';
import { writeSouthCarolina } from './sc';
import { writeWashington } from './wa';

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
};
