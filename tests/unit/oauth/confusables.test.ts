// TR39 confusable keys: every pair a person could take for one another shares a key; distinct
// names keep distinct keys.
import { describe, expect, it } from 'vitest';
import { confusableKey, mixesLookAlikeScripts } from '@/lib/oauth/confusables';

describe('look-alikes share a key', () => {
  it.each([
    ['cIaude-desktop', 'claude-desktop'], // capital I for l
    ['CLAUDE_DESKTOP', 'claude-desktop'], // case and punctuation
    ['\u13DFlaude', 'Claude'], // Cherokee C
    ['Curs\u0585r', 'Cursor'], // Armenian o
    ['ＰＡＣＥＷＩＳＥ', 'pacewise'], // fullwidth
    ['v\u00e9rified', 'verified'], // a mark
    ['veri\u3164fied', 'verified'], // a Hangul filler
    ['Iris', 'iris'],
    ['c0pilot', 'copilot'], // zero for o
    ['rnodel', 'model'], // rn for m
  ])('%s ~ %s', (a, b) => expect(confusableKey(a)).toBe(confusableKey(b)));
});

describe('different names keep different keys', () => {
  it.each([
    ['claude', 'cursor'],
    ['windsurf', 'windsurfer'],
    ['agent-1', 'agent-2'],
  ])('%s != %s', (a, b) => expect(confusableKey(a)).not.toBe(confusableKey(b)));
});

describe('mixed-script words', () => {
  it.each([
    ['\u0421laude', true],
    ['Curs\u0585r', true],
    ['\u13DFlaude', true],
    ['Claude Desktop', false],
    ['Тренер', false],
    ['教练 Agent', false],
    ['Café', false],
  ])('%s -> %s', (name, mixed) => expect(mixesLookAlikeScripts(name)).toBe(mixed));
});
