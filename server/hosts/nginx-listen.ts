import { isIPv4, isIPv6 } from 'node:net';
import type { Reading, ValueType } from '../../lib/cli-values.ts';

/**
 * What `npm run nginx -- --listen` takes: the address of nginx's `listen` directive, in the forms
 * nginx reads (https://nginx.org/en/docs/http/ngx_http_core_module.html#listen): `8080`,
 * `127.0.0.1:8080` or `*:8080`, `[::1]:8080`, an address alone (port 80), or `unix:/path`. A host
 * name other than `localhost` is refused: nginx looks it up once, when it starts, and refuses to
 * start when the lookup fails (`listen abc;`), so an address says what is meant. The address may
 * be followed by the directive's flags, such as `443 ssl` for TLS (docs/production.md).
 */

/** Characters that would end the directive or split it into parameters a flag is not. */
const BREAKS = /[\t\n\r\f\v;{}"'\\#$]/;

/** The flags of `listen` that take no value and may follow the address. */
const FLAGS = new Set(['ssl', 'http2', 'quic', 'default_server', 'reuseport', 'proxy_protocol']);

const ok = (value: string): Reading<string> => ({ ok: true, value });
const no = (reason: string): Reading<string> => ({ ok: false, reason });

/** A port nginx listens on: 1 to 65535, digits only. */
function port(text: string): Reading<string> | null {
  if (!/^\d+$/.test(text)) return no(`'${text}' is not a port (1 to 65535)`);
  const n = Number(text);
  return n >= 1 && n <= 65535 ? null : no(`port ${text} is not one nginx listens on (1 to 65535)`);
}

/** The host part before `:port`: an IPv4 address, `*` or `localhost`. */
function host(text: string): Reading<string> | null {
  if (text === '*' || text === 'localhost' || isIPv4(text)) return null;
  if (text === '') return no('the address before the port is missing');
  if (/^[\d.]+$/.test(text)) return no(`${text} is not an IPv4 address`);
  if (isIPv6(text)) return no('an IPv6 address goes in brackets, as [::1]:8080');
  return no(
    `${text} is a host name, which nginx looks up once when it starts; give an address ` +
      '(such as 127.0.0.1, [::1] or *) or localhost',
  );
}

/** Reads a `--listen` value: an address, then flags of the directive, one space apart. */
function read(text: string): Reading<string> {
  if (BREAKS.test(text)) return no(`'${text}' holds a character that would end the directive`);
  const [first = '', ...flags] = text.split(' ');
  const unknown = flags.find((flag) => !FLAGS.has(flag));
  if (unknown !== undefined)
    return no(`'${unknown}' is not a flag of listen (${[...FLAGS].join(', ')})`);
  const address = readAddress(first);
  return address.ok ? ok(text) : address;
}

/** Reads the address of a `--listen` value. */
function readAddress(text: string): Reading<string> {
  if (text === '') return no('the address is empty');
  if (text.startsWith('unix:'))
    return text.length > 'unix:'.length ? ok(text) : no("'unix:' needs the path of a socket");
  if (/^\d+$/.test(text)) return port(text) ?? ok(text);
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(text);
  if (bracketed) {
    if (!isIPv6(bracketed[1]!)) return no(`${bracketed[1]} is not an IPv6 address`);
    return (bracketed[2] === undefined ? null : port(bracketed[2])) ?? ok(text);
  }
  if (isIPv6(text)) return no(`an IPv6 address goes in brackets: [${text}]:8080`);
  const colon = text.lastIndexOf(':');
  const address = colon < 0 ? text : text.slice(0, colon);
  return host(address) ?? (colon < 0 ? null : port(text.slice(colon + 1))) ?? ok(text);
}

/** The `--listen` value: what nginx's `listen` directive takes. */
export const NGINX_LISTEN: ValueType<string> = {
  placeholder: 'ADDRESS',
  expected: 'a port, ADDRESS:PORT, [IPv6]:PORT or unix:PATH, then flags such as ssl',
  read,
};
