import { describe, expect, it } from 'vitest';
import { readRefused, type ParseError } from '../../../server/adapters/refused-request.ts';

/**
 * Reading again the request Node's parser refused, from the error it reports: the packet it was
 * parsing and how far it got, which is at the first byte it refused (0xC3 of "ñ" below).
 */

const LIMIT = 16_384;

/** The error Node reports for `head` (written as Latin-1 bytes), refused at `refusedAt`. */
function refusedAt(head: string, refusedAt: string, code = 'HPE_INVALID_URL'): ParseError {
  const rawPacket = Buffer.from(head, 'latin1');
  return { code, rawPacket, bytesParsed: rawPacket.indexOf(Buffer.from(refusedAt, 'latin1')) };
}

/** A GET of `/v1/teams?name=*Cañete*` in UTF-8, read as Latin-1 bytes, with `fields`. */
const canete = (fields: string, method = 'GET') =>
  refusedAt(`${method} /v1/teams?name=*Ca\xc3\xb1ete* HTTP/1.1\r\n${fields}\r\n`, '\xc3');

describe('readRefused', () => {
  it('reads a GET of raw UTF-8 as its percent-encoded form, with its headers', () => {
    const error = canete('Host: x\r\nAccept-Encoding:  gzip \r\nIf-None-Match: "a"\r\n');
    expect(readRefused(error, LIMIT)).toEqual({
      kind: 'readable',
      method: 'GET',
      target: '/v1/teams?name=*Ca%C3%B1ete*',
      headers: new Map([
        ['host', 'x'],
        ['accept-encoding', 'gzip'],
        ['if-none-match', '"a"'],
      ]),
    });
  });

  it('joins the values of a repeated header, and reads a head without headers', () => {
    const error = canete('If-None-Match: "a"\r\nif-none-match: "b"\r\n', 'HEAD');
    expect(readRefused(error, LIMIT)).toMatchObject({
      kind: 'readable',
      method: 'HEAD',
      headers: new Map([['if-none-match', '"a", "b"']]),
    });
    expect(readRefused(canete(''), LIMIT)).toMatchObject({ kind: 'readable', headers: new Map() });
  });

  it('reads the request it refused, not one sent before it in the same packet', () => {
    const first = 'GET /v1/teams?name=*Ca%C3%B1ete* HTTP/1.1\r\nHost: x\r\n\r\n';
    const second = 'HEAD /v1/venues?city=*\xc3\xa9* HTTP/1.1\r\nHost: x\r\n\r\n';
    expect(readRefused(refusedAt(first + second, '\xc3'), LIMIT)).toMatchObject({
      kind: 'readable',
      method: 'HEAD',
      target: '/v1/venues?city=*%C3%A9*',
    });
  });

  it('names a target that is not UTF-8 for its 400, as soon as its line is whole', () => {
    const latin1 = refusedAt('HEAD /v1/teams?name=*Ca\xf1ete* HTTP/1.1\r\nHost:', '\xf1');
    expect(readRefused(latin1, LIMIT)).toEqual({
      kind: 'not-utf8',
      method: 'HEAD',
      target: '/v1/teams?name=*Ca%F1ete*',
    });
  });

  it.each([
    ['another method', canete('', 'POST'), false],
    ['a request line cut short', refusedAt('GET /v1/teams?name=\xc3\xb1', '\xc3'), false],
    ['headers still to come', refusedAt('HEAD /\xc3\xb1 HTTP/1.1\r\nHost: x\r\n', '\xc3'), true],
    ['another version', refusedAt('GET /\xc3\xb1 HTTP/2.0\r\n\r\n', '\xc3'), false],
    ['two spaces', refusedAt('GET  /\xc3\xb1 HTTP/1.1\r\n\r\n', '\xc3'), false],
    ['an absolute URI', refusedAt('GET http://x/\xc3\xb1 HTTP/1.1\r\n\r\n', '\xc3'), false],
    ['a control byte', refusedAt('GET /\xc3\xb1\x01 HTTP/1.1\r\n\r\n', '\xc3'), false],
    ['a header without a colon', canete('Host x\r\n', 'HEAD'), true],
    ['a space before the colon', canete('Host : x\r\n'), false],
    ['a folded header', canete('X-A: 1\r\n 2\r\n'), false],
    ['a control byte in a value', canete('X-A: 1\x002\r\n'), false],
    ['a bare line feed', canete('X-A: 1\nX-B: 2\r\n'), false],
    ['a head over the limit', canete(`X-Big: ${'b'.repeat(LIMIT)}\r\n`), false],
    [
      'a header refused',
      refusedAt('HEAD / HTTP/1.1\r\nA B: c\r\n\r\n', 'A B', 'HPE_INVALID_HEADER_TOKEN'),
      true,
    ],
    ['no packet', { code: 'HPE_INVALID_URL' }, false],
  ])('leaves %s refused', (_, error: ParseError, head) => {
    expect(readRefused(error, LIMIT)).toEqual({ kind: 'unparsed', head });
  });

  it('reads a head of exactly the limit, and not one byte more', () => {
    const head = (size: number) => {
      const fill = size - canete('X-Fill: \r\n').rawPacket!.length;
      return canete(`X-Fill: ${'f'.repeat(fill)}\r\n`);
    };
    expect(readRefused(head(LIMIT), LIMIT).kind).toBe('readable');
    expect(readRefused(head(LIMIT + 1), LIMIT).kind).toBe('unparsed');
  });
});
