/** Headless Debian Chromium through playwright-core, with the flags that keep it quiet and offline. */
import { chromium, type Browser } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser; `RESTCONFORM_CHROMIUM` names another binary. */
export const CHROMIUM_PATH = process.env.RESTCONFORM_CHROMIUM || '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}
