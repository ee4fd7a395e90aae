/**
 * The reference server's localised texts: parameter descriptions and site texts per locale. The contract's
 * English descriptions are the `en_gb` texts; `el` translates them.
 */
import type { Locale } from '../types.js';
import { EL_DESCRIPTIONS, EL_SITE_TEXTS } from './el.js';
import { EN_GB_SITE_TEXTS } from './en_gb.js';
import type { SiteTexts } from './site-texts.js';

export type { SiteTexts } from './site-texts.js';

const SITE_TEXTS: Readonly<Record<Locale, SiteTexts>> = { en_gb: EN_GB_SITE_TEXTS, el: EL_SITE_TEXTS };

/** The Greek text for an English description, or undefined when the table has none. */
export function greekDescription(englishText: string): string | undefined {
  return Object.hasOwn(EL_DESCRIPTIONS, englishText) ? EL_DESCRIPTIONS[englishText] : undefined;
}

/**
 * A parameter description in `locale`. `en_gb` is the English text itself. For `el` a text without a
 * translation stays English, so a description the table lacks shows up in the descriptor instead of failing
 * the request (the locales test keeps the table complete for the contract).
 */
export function describe(locale: Locale, englishText: string): string {
  return locale === 'el' ? (greekDescription(englishText) ?? englishText) : englishText;
}

/** The site name and tagline in `locale`. */
export function site(locale: Locale): SiteTexts {
  return { ...SITE_TEXTS[locale] };
}

/** Both functions together, in the shape the descriptor builder takes. */
export const LOCALE_TEXTS = { describe, site } as const;
