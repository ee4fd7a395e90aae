/** The same request gets the same status and error code through every locale: only human text may differ. */
import type { Exchange } from '../../http/types.js';
import { wpErrorBody } from '../answer/response-helpers.js';
import type { EvidenceCheck } from '../types.js';
import type { LocaleAnswers } from './evidence.js';

/** The status and WordPress error code of an answer (undefined status: no answer came). */
function statusAndCode(exchange: Exchange): { status: number | undefined; code: string | undefined } {
  const response = exchange.response;
  return { status: response?.status, code: response && wpErrorBody(response)?.code };
}

/** `404 rest_no_route`, or the status alone for an answer that is no WordPress error. */
function describe({ status, code }: { status: number | undefined; code: string | undefined }): string {
  return code === undefined ? String(status) : `${status} ${code}`;
}

export const localeResponseMismatch: EvidenceCheck<LocaleAnswers> = {
  name: 'locale_response_mismatch',
  evidence: 'locale',
  severity: 'failure',
  description: 'The same request sent through each locale gets the same status and error code (messages may differ).',
  judge({ kind, first, other }) {
    const [a, b] = [statusAndCode(first.exchange), statusAndCode(other.exchange)];
    // A request that got no answer says nothing about the locales (response_received reports it).
    if (a.status === undefined || b.status === undefined) return [];
    if (a.status === b.status && a.code === b.code) return [];
    return [
      {
        message: `the same ${kind} request answers ${describe(a)} through ${first.locale} but ${describe(b)} through ${other.locale}`,
        cause: `${kind} ${describe(a)} vs ${describe(b)}`,
      },
    ];
  },
};
