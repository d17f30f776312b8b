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
import { writeCalifornia } from './ca';
import { writeColorado } from './co';
import { StateContext, WrittenFile } from './common';
import { writeGeorgia } from './ga';
import { writeLouisiana } from './la';
import { writeMaryland } from './md';
import { writeNorthCarolina } from './nc';
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
  ak: writeAlaska,
  al: writeAlabama,
  az: writeArizona,
  de: writeDelaware,
  ne: writeNebraska,
  nj: writeNewJersey,
  tn: writeTennessee,
  wv: writeWestVirginia,
};
