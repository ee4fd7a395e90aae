/**
 * British English, the locale the contract is written in: parameter descriptions are the contract's own
 * texts, so this file holds only the site texts.
 */
import type { SiteTexts } from './site-texts.js';

export const EN_GB_SITE_TEXTS: SiteTexts = {
  name: 'Study Commons',
  description: 'A community for students and scientists',
};
