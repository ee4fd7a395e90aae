/**
 * Closing a connection whose request body was refused part-way (413), as RFC 9112 §9.6 asks: the answer is
 * written and our side shut, then what the client is still sending is read and dropped, within bounds, before
 * the socket is closed. Closing at once on unread data resets the connection, and a client still sending loses
 * the answer (seen with curl on a chunked 4 MB body, one time in twenty).
 */
import type { IncomingMessage } from 'node:http';

/** How long, and how much, of a refused body is read and dropped after the answer before the socket is closed. */
export const LINGER_MS = 2000;
export const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * Makes the connection of `req` linger when Node closes it after a `Connection: close` answer. Call it before
 * the answer is written. Node shuts such a socket with `destroySoon()` once the answer is out; this socket's
 * version shuts only our side and keeps reading until the body ends, the client closes, or a bound is reached.
 */
export function lingerOnClose(req: IncomingMessage): void {
  if (req.complete) return;
  const socket = req.socket;
  const destroySoon = socket.destroySoon.bind(socket);
  let answered = false;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  // Closed once every byte of the answer has left, never on top of it.
  const close = (): void => {
    clearTimeout(timer);
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  socket.destroySoon = () => {
    answered = true;
    if (req.complete) return destroySoon();
    socket.end();
    timer = setTimeout(close, LINGER_MS);
    timer.unref();
  };
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (answered && dropped > LINGER_BYTES) close();
  });
  // The whole body read: nothing is left unread, so closing is clean.
  req.once('end', () => answered && close());
  socket.once('close', () => clearTimeout(timer));
  req.resume();
}
