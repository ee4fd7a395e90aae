/** The shape of a locale's site texts, shared by every locale file. */
export interface SiteTexts {
  /** The site name (`name` in the root descriptor). */
  name: string;
  /** The site tagline (`description` in the root descriptor). */
  description: string;
}
