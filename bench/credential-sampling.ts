/**
 * How often the credential rule misses random keys of the fragment, share and value families,
 * and how often it withholds ordinary words, slugs and anchors built from the repository's own
 * prose: a seeded sample, so the figures repeat. `npx tsx bench/credential-sampling.ts`.
 */
import { readFileSync } from 'node:fs';
import { uriMayCarryCredential } from '../src/uri/credential.js';

const SAMPLES = 20_000;
let seed = 0x2f6e2b1;
// A small seeded generator (mulberry32): the same sample every run.
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const run = (alphabet: string, length: number): string => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const keys: Record<string, () => string> = {
  'MEGA file key (#<43 base64url>)': () => `https://mega.nz/file/AbCd1234#${run(BASE64URL, 43)}`,
  'MEGA folder key (#<22 base64url>)': () => `https://mega.nz/folder/AbCd1234#${run(BASE64URL, 22)}`,
  'folder key (#<22 base64url>) on another host': () => `https://files.example.com/folder/AbCd1234#${run(BASE64URL, 22)}`,
  'Bitwarden Send (#<22>/<22>)': () => `https://send.bitwarden.com/#${run(BASE64URL, 22)}/${run(BASE64URL, 22)}`,
  'Bitwarden Send, self-hosted (#/send/<22>/<22>)': () => `https://vault.example.com/#/send/${run(BASE64URL, 22)}/${run(BASE64URL, 22)}`,
  'Dropbox legacy /s/<15 lower>': () => `https://www.dropbox.com/s/${run(LOWER, 15)}/report.pdf?dl=0`,
  'Nextcloud /s/<15 mixed>': () => `https://cloud.example.com/index.php/s/${run(MIXED, 15)}`,
  'key=<20 lower>': () => `https://api.example.com/v1/data?key=${run(LOWER, 20)}`,
  'key=<20 upper>': () => `https://api.example.com/v1/data?key=${run(UPPER, 20)}`,
  't=<16 mixed>': () => `https://files.example.com/download?t=${run(MIXED, 16)}`,
};

// Ordinary text: words from the repository's own prose, as anchors, slugs, camelCase names and
// values with a number.
const words = [...new Set(readFileSync(new URL('../README.md', import.meta.url), 'utf8').match(/[A-Za-z]{3,12}/g) ?? [])];
const word = () => pick(words);
const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1).toLowerCase();
const number = () => String(Math.floor(random() * (random() < 0.5 ? 100 : 3000)));
const ordinary: Record<string, () => string> = {
  'heading anchor (#word-word-2)': () => `https://docs.example.com/guide#${word().toLowerCase()}-${word().toLowerCase()}-${number()}`,
  'CamelCase anchor with a year': () => `https://en.example.org/wiki/Topic#CITEREF${capital(word())}${capital(word())}${number()}`,
  'hash route (#word/<id>)': () => `https://app.example.com/#${word().toLowerCase()}/${run(MIXED, 24)}`,
  'PascalCase fragment (#WordWordWordWord)': () => `https://app.example.com/#${capital(word())}${capital(word())}${capital(word())}${capital(word())}`,
  '/s/<slug>': () => `https://help.example.com/s/${word().toLowerCase()}-${word().toLowerCase()}`,
  '/s/<camelCase with numbers>': () => `https://blog.example.com/s/${word().toLowerCase()}${number()}${capital(word())}${capital(word())}`,
  'key=<word with number>': () => `https://app.example.com/items?key=${word().toLowerCase()}${number()}${word().toLowerCase()}`,
  't=<time or word>': () => `https://video.example.com/watch?v=abc&t=${random() < 0.5 ? number() : word()}`,
  't=<md5 cache-buster>': () => `https://cdn.example.com/app.js?t=${run('0123456789abcdef', 32)}`,
};

function rate(make: () => string): number {
  let withheld = 0;
  for (let index = 0; index < SAMPLES; index++) if (uriMayCarryCredential(make())) withheld++;
  return withheld / SAMPLES;
}

console.log(`${SAMPLES} samples each`);
for (const [name, make] of Object.entries(keys)) console.log(`missed   ${(100 * (1 - rate(make))).toFixed(2).padStart(6)} %  ${name}`);
for (const [name, make] of Object.entries(ordinary)) console.log(`withheld ${(100 * rate(make)).toFixed(2).padStart(6)} %  ${name}`);
