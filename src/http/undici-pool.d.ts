/**
 * undici's pool module on its own. undici's index loads every part of undici (fetch, WebSocket, HTTP/2, caches,
 * mocks, proxies) when the harness needs only its pool: importing the index cost 0.2–0.3 s of every start on a busy
 * two-core machine, the pool module alone under 0.1 s. The class is the one the index exports as `Pool`
 * (`http/transport.test.ts` holds them equal).
 */
declare module 'undici/lib/dispatcher/pool.js' {
  import type { Pool } from 'undici';
  const PoolClass: typeof Pool;
  export default PoolClass;
}
