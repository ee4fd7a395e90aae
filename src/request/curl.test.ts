import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { toCurl } from './curl.js';
import { redactRequest, redactSecrets } from './redact.js';

describe('redaction and curl', () => {
  const secret = 'abcd EFGH ijkl MNOP qrst UVWX';
  const request = {
    method: 'POST' as const,
    url: `http://h/wp-json/x?note=${encodeURIComponent(secret)}&q=[1]`,
    headers: { accept: 'application/json', authorization: `Basic ${Buffer.from(`admin:${secret}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ password: secret, compact: secret.replace(/ /g, ''), quote: "it's" }),
  };

  it('finds a secret in its raw, encoded and space-less forms', () => {
    expect(redactSecrets(`${secret}|${encodeURIComponent(secret)}|${secret.replace(/ /g, '')}`, [secret])).toBe('<redacted>|<redacted>|<redacted>');
    expect(redactSecrets('nothing here', [secret, ''])).toBe('nothing here');
    expect(redactSecrets('a "q\\"x" b', ['q"x'])).toBe('a "<redacted>" b');
  });

  it('gives the report form of a request', () => {
    const redacted = redactRequest(request, [secret]);
    expect(redacted.headers.authorization).toBe('Basic <redacted>');
    expect(redacted.url).toBe('http://h/wp-json/x?note=<redacted>&q=[1]');
    expect(redacted.body).toBe('{"password":"<redacted>","compact":"<redacted>","quote":"it\'s"}');
    expect(JSON.stringify(redacted)).not.toContain(Buffer.from(`admin:${secret}`).toString('base64'));
    expect(request.headers.authorization.startsWith('Basic YWRtaW46')).toBe(true);
  });

  it('writes a curl line with credentials from the environment and no secret', () => {
    const line = toCurl(request, [secret]);
    expect(line).toBe(
      `curl -sS -g -X POST 'http://h/wp-json/x?note=<redacted>&q=[1]' -H 'accept: application/json' -u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD" -H 'content-type: application/json' --data-raw '{"password":"<redacted>","compact":"<redacted>","quote":"it'\\''s"}'`,
    );
    expect(line).not.toContain(secret.replace(/ /g, ''));
    expect(toCurl({ method: 'GET', url: 'http://h/a', headers: { authorization: 'Basic x' } }, [], { passwordVariable: 'MY_PW' })).toBe(
      `curl -sS 'http://h/a' -u "$RESTCONFORM_USER:$MY_PW"`,
    );
    // A further account of the run: its login (no secret) and its own password variable.
    expect(toCurl({ method: 'GET', url: 'http://h/a', headers: { authorization: 'Basic x' } }, [], { userLogin: 'al"ice', passwordVariable: 'ALICE_PW' })).toBe(
      `curl -sS 'http://h/a' -u "al\\"ice:$ALICE_PW"`,
    );
    expect(toCurl({ method: 'HEAD', url: 'http://h/a', headers: { Authorization: 'Bearer t0k3n' } }, [])).toBe(
      `curl -sS -I 'http://h/a' -H 'Authorization: <redacted>'`,
    );
  });

  it('quotes so that a shell passes every argument through unchanged', () => {
    const tricky = { method: 'PUT' as const, url: 'http://h/a?x=$(id)&y=`id`', headers: {}, body: `{"a":"'; rm -rf / #","b":"$HOME \\" !"}` };
    const line = toCurl(tricky, []);
    // Replace curl by printf and let a real shell parse the line.
    const printed = execFileSync('sh', ['-c', line.replace(/^curl /, "printf '%s\\n' ")], { encoding: 'utf8' });
    expect(printed.split('\n').slice(0, -1)).toEqual(['-sS', '-X', 'PUT', tricky.url, '--data-raw', tricky.body]);
  });

  it('stays on one line for a body with line breaks (an upload), and the shell still sends it byte for byte', () => {
    const body = "Restconform upload 'x' 100% \\n\r\n\tend\u0001 ünïcode\n";
    const line = toCurl({ method: 'POST', url: 'http://h/wp-json/wp/v2/media', headers: { 'content-type': 'text/plain' }, body }, []);
    expect(line).not.toMatch(/[\n\r\t\u0001]/);
    expect(line).toMatch(/ \| curl -sS -X POST 'http:\/\/h\/wp-json\/wp\/v2\/media' -H 'content-type: text\/plain' --data-binary @-$/);
    // What the part before the pipe writes is what curl reads as the body.
    const sent = execFileSync('sh', ['-c', line.replace(/ \| curl .*$/, '')]);
    expect(sent.toString('utf8')).toBe(body);
  });
});
