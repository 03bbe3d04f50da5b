// Who changed an entry, in words: the audit trail names actors 'staff:<email>', 'token:<id>:<name>',
// 'cli', or nothing for the demo data and rows written by SQL ('seed' in the history).
import { fill } from '../i18n/format.ts';

export interface ActorWords {
  'actor.seed': string;
  'actor.cli': string;
  'actor.token': string;
}

export function actorLabel(actor: string | null, words: ActorWords): string {
  if (actor === null || actor === 'seed') return words['actor.seed'];
  if (actor === 'cli') return words['actor.cli'];
  if (actor.startsWith('staff:')) return actor.slice('staff:'.length);
  const token = /^token:\d+:(.*)$/s.exec(actor);
  return token ? fill(words['actor.token'], { name: token[1]! }) : actor;
}
