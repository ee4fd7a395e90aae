/**
 * Requests Node's HTTP parser refuses before any handler sees them (a request line or headers over 16 KiB, a
 * malformed request, a request that took too long) still get a JSON error body, since every answer of the
 * interface is JSON. Node's own answer to them has an empty body.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WpError } from './types.js';

/** The error for a parser refusal, with the status Node itself would have answered. */
export function clientErrorOf(error: NodeJS.ErrnoException): WpError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new WpError('rest_request_headers_too_large', 'The request line and headers are larger than the server accepts.', 431);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new WpError('rest_request_too_large', 'The chunk extensions of the request body are too large.', 413);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new WpError('rest_request_timeout', 'The request was not received in time.', 408);
    default:
      return new WpError('rest_bad_request', 'The request is not valid HTTP.', 400);
  }
}

/** A `clientError` listener for `http.Server`: answers the refusal as JSON and closes the connection. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // Nothing can be answered on a connection the client already reset, or whose answer has begun (Node's own rule).
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  const refusal = clientErrorOf(error);
  const body = JSON.stringify(refusal.toBody());
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
      'Content-Type: application/json; charset=UTF-8\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
