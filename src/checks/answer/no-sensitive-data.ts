/**
 * What must never reach a caller (docs/wordpress/behaviour.md#what-must-never-reach-a-caller): a password, a password hash, the run's application
 * password, a signup's activation key or an account's e-mail address where the caller may not see it, and PHP's
 * own output (warnings, notices, fatal errors, stack traces, the server's file paths) anywhere in an answer.
 *
 * Only what is sure is reported. A password is allowed where WordPress puts it on purpose: a post's own access
 * password in `edit` context to a logged-in caller (its editor), and a new application password in the answer
 * that creates it, the only time WordPress shows it. E-mail addresses and activation keys are judged only in
 * answers to anonymous callers (a logged-in caller may be an administrator, or the account's owner), and never
 * when the request itself carried the value (a signup echoing the address it was given).
 */
import type { Exchange } from '../../http/types.js';
import type { CheckFailure, ExchangeCheck } from '../types.js';

/**
 * Where a WordPress error names parameters: `data.params.password` holds the validation message about the
 * password argument ("password is not of type string."), not a password.
 */
function errorParamLists(root: unknown): Set<unknown> {
  const lists = new Set<unknown>();
  if (root && typeof root === 'object' && typeof (root as { code?: unknown }).code === 'string') {
    const data = (root as { data?: Record<string, unknown> }).data;
    if (data && typeof data === 'object') lists.add(data.params).add(data.details);
  }
  return lists;
}

/** How a value was reached from the root: its parent's step and its key there. Spelled as a path only on a hit. */
interface Step {
  parent: Step | undefined;
  key: string;
  inArray: boolean;
}

function pathOf(step: Step | undefined, key: string, inArray: boolean): string {
  const parts = [inArray ? `[${key}]` : `.${key}`];
  for (let at = step; at !== undefined; at = at.parent) parts.push(at.inArray ? `[${at.key}]` : `.${at.key}`);
  return `$${parts.reverse().join('')}`;
}

/** A path with array indexes blanked, so one leak repeated over a list is one cause. */
const pathCause = (path: string): string => path.replace(/\[\d+\]/g, '[]');

/** Password hashes of WordPress (phpass `$P$`/`$H$`, 6.8's `$wp$` bcrypt) and PHP's `password_hash` (bcrypt, argon2). */
const PASSWORD_HASH = /\$[PH]\$[./0-9A-Za-z]{31}|\$wp\$2y\$\d\d\$[./0-9A-Za-z]{53}|\$2[abxy]\$\d\d\$[./0-9A-Za-z]{53}|\$argon2(?:id|i|d)\$v=\d+\$/;

/** PHP's display of an error as HTML (`html_errors` on): `<b>Warning</b>:  message in <b>/path/x.php</b> on line <b>3</b>`. */
const PHP_HTML_MESSAGE = /<b>((?:PHP )?(?:Warning|Notice|Deprecated|Strict Standards|(?:Catchable |Recoverable )?[Ff]atal error|Parse error))<\/b>:[^\n]*/;
/** PHP's display of an error as text, at the start of a line: `Warning: message in /path/x.php on line 3`. */
const PHP_TEXT_MESSAGE =
  /(?:^|\n)((?:PHP )?(?:Warning|Notice|Deprecated|Strict Standards|(?:Catchable |Recoverable )?[Ff]atal error|Parse error)):[ \t]+[^\n]*? on line \d+/;
/** Where PHP names the failing file: `in /path/x.php on line 3`, `in /path/x.php:3` before a stack trace. */
const PHP_FILE_AND_LINE = /\bin ((?:\/|[A-Za-z]:\\)[^\s<>"']+\.php)(?:<\/b>)?(?: on line (?:<b>)?\d+|:\d+)/;
/** An uncaught exception's stack trace: `Stack trace:` then `#0 /path/x.php(12): …`. */
const PHP_STACK_TRACE = /Stack trace:(?:\s|<br\s*\/?>)*#0 /;
/** A value that is a server's own PHP file (`"file": "/var/www/html/wp-includes/x.php"`). */
const SERVER_PHP_FILE = /^(?:\/|[A-Za-z]:\\)[^\s]*\.php$/;

/** PHP output in `text`: what kind and the line that shows it, or undefined. */
function phpOutput(text: string): { kind: string; quote: string } | undefined {
  const html = PHP_HTML_MESSAGE.exec(text);
  if (html) return { kind: html[1]!, quote: html[0] };
  const plain = PHP_TEXT_MESSAGE.exec(text);
  if (plain) return { kind: plain[1]!, quote: plain[0].trim() };
  if (PHP_STACK_TRACE.test(text)) return { kind: 'stack trace', quote: text.slice(text.indexOf('Stack trace:')) };
  const file = PHP_FILE_AND_LINE.exec(text);
  if (file) return { kind: 'server file path', quote: file[0] };
  return undefined;
}

/** At most this many characters of PHP output are quoted in a finding. */
const QUOTE_CHARS = 200;

function quoted(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return JSON.stringify(plain.length > QUOTE_CHARS ? `${plain.slice(0, QUOTE_CHARS)}…` : plain);
}

const EMAIL_KEY = /e-?mail/i;
const EMAIL_VALUE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A signup's key (anonymous callers only: an administrator may see it) or the account column itself (nobody). */
const ACTIVATION_KEY = /^(?:user_)?activation_key$/i;

/**
 * Whether a JSON body's text may hold anything `sensitiveInJson` reports: a member named like a password, an e-mail
 * address or an activation key, a `$` (every hash starts with one), a PHP file or stack trace, or a `\u` escape that
 * could spell any of these. Most answers hold none; one scan of their text is cheaper than walking the parsed body.
 * A new kind of finding in `sensitiveString` needs its trigger here too, or bodies holding only it are not walked.
 */
const MAY_BE_SENSITIVE = /password|mail|activation_key|\$|\.php|stack trace:|\\u/i;

/** What the check knows about the exchange beyond the body: who asked, how, and what they sent. */
class Asker {
  readonly anonymous: boolean;
  readonly #exchange: Exchange;
  #sent: string | undefined;

  constructor(exchange: Exchange) {
    this.#exchange = exchange;
    this.anonymous = !Object.keys(exchange.request.headers).some((name) => name.toLowerCase() === 'authorization');
  }

  /** Whether the request itself carried `value` (in its URL or body): the caller's own data coming back. */
  sent(value: string): boolean {
    if (this.#sent === undefined) {
      let url = this.#exchange.request.url;
      try {
        url = decodeURIComponent(url.replace(/\+/g, ' '));
      } catch {
        // A malformed escape (a fuzzed value): compare with the URL as sent.
      }
      this.#sent = `${url}\n${this.#exchange.request.body ?? ''}`;
    }
    return this.#sent.includes(value);
  }

  /** The answer is in `edit` context: asked for, or the answer to a write (WordPress answers writes in `edit`). */
  get editContext(): boolean {
    const { method, url } = this.#exchange.request;
    return (method !== 'GET' && method !== 'HEAD') || /[?&]context=edit(?:&|$)/.test(url);
  }

  get createdSomething(): boolean {
    const status = this.#exchange.response?.status ?? 0;
    return this.#exchange.request.method === 'POST' && status >= 200 && status < 300;
  }
}

/**
 * Whether a non-empty `password` in `holder` is one WordPress shows on purpose (issue 21): a post's content access
 * password, in edit context, to a logged-in caller; a new application password in the answer that creates it.
 */
function passwordBelongsThere(holder: Record<string, unknown>, asker: Asker): boolean {
  if (asker.anonymous) return false;
  if (asker.createdSomething && typeof holder.uuid === 'string' && 'app_id' in holder) return true;
  const isPost = 'status' in holder && 'type' in holder && 'slug' in holder && ('content' in holder || 'title' in holder);
  return isPost && asker.editContext;
}

/** Everything sensitive in a parsed JSON body. Iterative: hostile bodies nest deep; paths are spelled only on a hit. */
function sensitiveInJson(root: unknown, asker: Asker): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const skipped = errorParamLists(root);
  const values: unknown[] = [root];
  const steps: Array<Step | undefined> = [undefined];
  while (values.length) {
    const value = values.pop();
    const step = steps.pop();
    if (!value || typeof value !== 'object' || skipped.has(value)) continue;
    const inArray = Array.isArray(value);
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const child = (value as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (child !== '') {
          const failure = sensitiveString(key, child, value as Record<string, unknown>, asker, () => pathOf(step, key, inArray));
          if (failure) failures.push(failure);
        }
      } else if (child && typeof child === 'object') {
        values.push(child);
        steps.push({ parent: step, key, inArray });
      }
    }
  }
  return failures;
}

/** The finding for one non-empty string member, if it is something the caller must not see. */
function sensitiveString(key: string, text: string, holder: Record<string, unknown>, asker: Asker, path: () => string): CheckFailure | undefined {
  if (key.length === 8 && key.toLowerCase() === 'password' && !passwordBelongsThere(holder, asker)) {
    const at = path();
    return { message: `response contains a password field at ${at}`, cause: `field:${pathCause(at)}` };
  }
  if (text.includes('$') && PASSWORD_HASH.test(text)) {
    const at = path();
    return { message: `response contains a password hash at ${at}`, cause: `hash:${pathCause(at)}` };
  }
  if (asker.anonymous && EMAIL_KEY.test(key) && EMAIL_VALUE.test(text) && !asker.sent(text)) {
    const at = path();
    return { message: `response to an anonymous caller contains an account's e-mail address at ${at}`, cause: `email:${pathCause(at)}` };
  }
  if (ACTIVATION_KEY.test(key) && (asker.anonymous || key.toLowerCase() === 'user_activation_key') && !asker.sent(text)) {
    const at = path();
    return {
      message: `response${asker.anonymous ? ' to an anonymous caller' : ''} contains an activation key at ${at}`,
      cause: `activation-key:${pathCause(at)}`,
    };
  }
  if (text.includes('.php') || text.includes('Stack trace:')) {
    const php = phpOutput(text) ?? (SERVER_PHP_FILE.test(text) ? { kind: 'server file path', quote: text } : undefined);
    if (php) {
      const at = path();
      return { message: `response shows PHP's ${php.kind} at ${at}: ${quoted(php.quote)}`, cause: `php:${php.kind}:${pathCause(at)}` };
    }
  }
  return undefined;
}

/** Whether a header value carries the secret (joined as the check always read them, for a secret spanning lines). */
function headersCarry(headers: Record<string, string>, secret: string): boolean {
  if (secret.includes('\n')) return Object.values(headers).join('\n').includes(secret);
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && value.includes(secret)) return true;
  }
  return false;
}

export const noSensitiveData: ExchangeCheck = {
  name: 'no_sensitive_data',
  evidence: 'exchange',
  severity: 'failure',
  concern: 'security',
  description:
    "No answer shows a password (but a post's own in `edit` context to its editor, and a new application password to its creator), a password hash (`$P$`, `$wp$`, `$2y$`, argon2), the run's application password, PHP's warnings, notices, fatal errors, stack traces or file paths (quoted, even before valid JSON), or, to an anonymous caller, an account's e-mail address or an activation key; the former name `no_password_leak` still selects it.",
  judge({ context: ctx, exchange }) {
    const response = exchange.response;
    if (!response) return [];
    const asker = new Asker(exchange);
    const failures: CheckFailure[] = [];
    if (response.json !== undefined) {
      // The parsed body comes from the text; an exchange made without one (a test's) is walked as it is.
      if (response.bodyText === '' || MAY_BE_SENSITIVE.test(response.bodyText)) failures.push(...sensitiveInJson(response.json, asker));
    } else if (response.bodyText !== '') {
      // Not JSON: PHP output before, around or instead of it, or a hash in a page.
      const php = phpOutput(response.bodyText);
      if (php) failures.push({ message: `response shows PHP's ${php.kind}: ${quoted(php.quote)}`, cause: `php:${php.kind}` });
      if (response.bodyText.includes('$') && PASSWORD_HASH.test(response.bodyText))
        failures.push({ message: 'response contains a password hash', cause: 'hash' });
    }
    for (const secret of ctx.secrets) {
      if (secret && (response.bodyText.includes(secret) || headersCarry(response.headers, secret))) {
        failures.push({ message: 'response contains the application password (redacted here)', cause: 'secret' });
      }
    }
    return failures;
  },
};
