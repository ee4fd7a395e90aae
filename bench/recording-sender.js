/**
 * A sender wrapper for `runJob`'s `wrapSender`: notes when the first request left and when the first request of a
 * marked phase left (milliseconds since the process started), and keeps a copy of the first requests sent, for
 * autocannon to replay the harness's own mix.
 */

/**
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} url absolute, with the encoded query
 * @property {Record<string, string>} headers
 * @property {string} [body]
 */

/**
 * At most `max` items of `list`, evenly spaced (every k-th), which keeps the proportions of a recorded mix.
 * @template T
 * @param {T[]} list
 * @param {number} max
 * @returns {T[]}
 */
export function evenlySpaced(list, max) {
  const step = Math.max(1, Math.ceil(list.length / max));
  return step === 1 ? list : list.filter((_, i) => i % step === 0);
}

/**
 * @param {number} limit how many requests to keep (the rest are only counted)
 * @returns {{
 *   wrap(sender: import('../dist/engine/execution/execution.js').Sender): import('../dist/engine/execution/execution.js').Sender,
 *   markPhase(): void,
 *   firstSendMs(): number | null,
 *   firstPhaseSendMs(): number | null,
 *   recorded(): RecordedRequest[],
 * }}
 */
export function createRecordingSender(limit) {
  /** @type {RecordedRequest[]} */
  const kept = [];
  /** @type {number | null} */
  let firstSendMs = null;
  let phaseMarked = false;
  /** @type {number | null} */
  let firstPhaseSendMs = null;
  return {
    wrap(sender) {
      return {
        send(request, signal) {
          const now = performance.now();
          firstSendMs ??= now;
          if (phaseMarked) firstPhaseSendMs ??= now;
          if (kept.length < limit)
            kept.push({ method: request.method, url: request.url, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) });
          return sender.send(request, signal);
        },
      };
    },
    markPhase() {
      phaseMarked = true;
    },
    firstSendMs: () => firstSendMs,
    firstPhaseSendMs: () => firstPhaseSendMs,
    recorded: () => kept,
  };
}
