import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsReplacement, percentEncodeTarget } from '../../../server/core/utf8-target.ts';

/** Reading a request target's raw bytes as UTF-8, and spotting what runtimes leave of others. */

const bytes = (...values: number[]) => Uint8Array.from(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('percentEncodeTarget', () => {
  it('percent-encodes the UTF-8 of non-ASCII text as a browser does, in upper case', () => {
    expect(percentEncodeTarget(utf8('/v1/teams?name=*Cañete*'))).toEqual({
      kind: 'utf8',
      target: '/v1/teams?name=*Ca%C3%B1ete*',
    });
    // Two, three and four bytes.
    expect(percentEncodeTarget(utf8('/v1/persons?last_name=Ødegaard&x=€𝄞'))).toEqual({
      kind: 'utf8',
      target: '/v1/persons?last_name=%C3%98degaard&x=%E2%82%AC%F0%9D%84%9E',
    });
  });

  it('keeps every ASCII byte as it is, percent-encodings included', () => {
    const target = '/v1/persons?last_name=M%C3%BCller&full_name=*a b*&sort=-id#';
    expect(percentEncodeTarget(utf8(target))).toEqual({ kind: 'utf8', target });
  });

  it('gives back the text when percent-decoded, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        // A lone surrogate has no UTF-8: the encoder writes U+FFFD for it, as a client would.
        const sent = new TextDecoder().decode(utf8(text.replaceAll('%', '')));
        const read = percentEncodeTarget(utf8(sent));
        expect(read.kind).toBe('utf8');
        expect(read.target).toMatch(/^[\x00-\x7f]*$/);
        expect(decodeURIComponent(read.target)).toBe(sent);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['a lone 0xFF', bytes(0x2f, 0x61, 0xff, 0x62), '/a%FFb'],
    ['Latin-1 text', bytes(0x2f, 0x63, 0x61, 0x66, 0xe9), '/caf%E9'],
    ['a sequence cut short', bytes(0x2f, 0x61, 0xc3), '/a%C3'],
    ['a continuation byte alone', bytes(0x2f, 0x80), '/%80'],
    ['an overlong slash', bytes(0x2f, 0xc0, 0xaf), '/%C0%AF'],
    ['a surrogate', bytes(0x2f, 0xed, 0xa0, 0x80), '/%ED%A0%80'],
    ['a code point past U+10FFFF', bytes(0x2f, 0xf4, 0x90, 0x80, 0x80), '/%F4%90%80%80'],
  ])('finds %s not UTF-8 and names its bytes', (_, raw, target) => {
    expect(percentEncodeTarget(raw)).toEqual({ kind: 'not-utf8', target });
  });

  it('takes a byte-order mark as the text it is, not as a mark to drop', () => {
    expect(percentEncodeTarget(bytes(0xef, 0xbb, 0xbf, 0x2f))).toEqual({
      kind: 'utf8',
      target: '%EF%BB%BF/',
    });
  });
});

describe('holdsReplacement', () => {
  it.each([
    ['/v1/teams?name=Ca\uFFFDete', true],
    ['/v1/teams?name=Ca%EF%BF%BDete', true],
    ['/v1/te%ef%bf%bdams', true],
    ['/v1/teams?name=Ca%C3%B1ete', false],
    // A percent sign encoded: the text "%EF%BF%BD", not the character.
    ['/v1/teams?name=%25EF%25BF%25BD', false],
    // U+FFFE is not the replacement character.
    ['/v1/teams?name=%EF%BF%BE', false],
  ])('%s: %s', (target, holds) => {
    expect(holdsReplacement(target)).toBe(holds);
  });
});
