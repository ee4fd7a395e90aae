/**
 * The URL schemes WordPress accepts, as data. An argument of `format: 'uri'` is sanitised by `sanitize_url`, which
 * keeps a URL only when its scheme is one of these: so the list is part of what the interface's URL arguments
 * accept. The reference server sanitises by it and the harness predicts that sanitising by it; both take it from
 * here so that the two cannot drift apart.
 */

/** `wp_allowed_protocols()`: the schemes `sanitize_url` keeps; a URL with any other scheme becomes `""`. */
export const ALLOWED_URL_PROTOCOLS: ReadonlySet<string> = new Set([
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
]);
