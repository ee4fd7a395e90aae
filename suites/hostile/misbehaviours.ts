/** The ways the trouble route answers badly, one function each, for `startHostileServer`. */
import type { Misbehaviour } from './hostile-server.js';

/** Headers, part of a JSON body, then the connection is cut. */
export const resetMidResponse: Misbehaviour = (_req, res, { socket }) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': '200' });
  res.write('{"items": [1, 2, ');
  setTimeout(() => socket.destroy(), 10);
};

/** The request is read and never answered. */
export const neverAnswer: Misbehaviour = () => {};

/** A JSON body that streams forever, faster than any cap. */
export const endlessBody: Misbehaviour = (_req, res, { socket }) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
  res.write('[');
  const chunk = `${'"endless", '.repeat(1500)}`;
  const timer = setInterval(() => res.write(chunk), 5);
  socket.once('close', () => clearInterval(timer));
};

/** A body that starts and then stalls, never ending. */
export const stalledBody: Misbehaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
  res.write('{"started": true, "rest": ');
};

/** 200 with a JSON content type and a body that is not JSON. */
export const notJsonButLabelledSo: Misbehaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
  res.end('<<this is not JSON>> {oops');
};

/** The error page of a proxy in front of the server. */
export const htmlErrorPage: Misbehaviour = (_req, res) => {
  res.writeHead(502, { 'content-type': 'text/html; charset=UTF-8' });
  res.end('<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>');
};

/** Every request is redirected to itself. */
export const redirectLoop: Misbehaviour = (req, res) => {
  res.writeHead(302, { location: req.url ?? '/', 'content-type': 'application/json; charset=UTF-8' });
  res.end('{"moved": true}');
};

/** A misbehaviour that rate-limits the first try of each request, and what it measured. */
export interface RateLimitOnFirstTry {
  misbehaviour: Misbehaviour;
  /** Milliseconds between each 429 and the retry that was then served. */
  waits: number[];
  /** 429 answers sent. */
  limited: number;
}

/**
 * The first try of each request (by method and target) gets 429 with `Retry-After: seconds`; the next one, the
 * retry, gets a JSON answer. Meant for one request in flight at a time, so the next arrival is the retry.
 */
export function rateLimitFirstTry(seconds: number): RateLimitOnFirstTry {
  const limitedAt = new Map<string, number>();
  const state: RateLimitOnFirstTry = {
    waits: [],
    limited: 0,
    misbehaviour: (req, res) => {
      const key = `${req.method} ${req.url}`;
      const since = limitedAt.get(key);
      if (since === undefined) {
        limitedAt.set(key, performance.now());
        state.limited += 1;
        res.writeHead(429, { 'content-type': 'application/json; charset=UTF-8', 'retry-after': String(seconds) });
        res.end('{"code":"rest_too_many_requests","message":"Slow down.","data":{"status":429}}');
        return;
      }
      limitedAt.delete(key);
      state.waits.push(performance.now() - since);
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end('{"calm": true}');
    },
  };
  return state;
}

/** Always 429, with the given `Retry-After` (or none). */
export function alwaysTooMany(retryAfter?: string): Misbehaviour {
  return (_req, res) => {
    res.writeHead(429, { 'content-type': 'application/json; charset=UTF-8', ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }) });
    res.end('{"code":"rest_too_many_requests","message":"Slow down.","data":{"status":429}}');
  };
}

/** `Content-Length` promises more than is sent, then the connection ends. */
export const contentLengthTooLong: Misbehaviour = (_req, _res, { socket }) => {
  socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: 80\r\n\r\n{"short": true}');
};

/** `Content-Length` promises less than is sent: the JSON is cut and stray bytes follow on the connection. */
export const contentLengthTooShort: Misbehaviour = (_req, _res, { socket }) => {
  socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: 6\r\n\r\n{"long": "this body is longer than its length"}');
};
