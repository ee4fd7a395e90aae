/** undici's client module on its own (see `undici-pool.d.ts` for why not the index). */
declare module 'undici/lib/dispatcher/client.js' {
  import type { Client } from 'undici';
  const ClientClass: typeof Client;
  export default ClientClass;
}
