import { describe, expect, it } from 'vitest';
import { defaultSeoOptions, mergeKnownOptions, optionSections } from './seo-options.js';

describe('mergeKnownOptions', () => {
  it('changes known leaves and reports their paths', () => {
    const options = defaultSeoOptions();
    const changed = mergeKnownOptions(options, {
      breadcrumbs: { separator: '|' },
      searchAppearance: { global: { siteTitle: 'Lab notes' } },
      tools: { robots: { rules: ['User-agent: *'] } },
    });
    expect(changed).toEqual(['breadcrumbs.separator', 'searchAppearance.global.siteTitle', 'tools.robots.rules']);
    expect(options).toMatchObject({ breadcrumbs: { separator: '|' }, searchAppearance: { global: { siteTitle: 'Lab notes' } } });
  });

  it('keeps the shape: unknown keys, other kinds and prototype keys are skipped', () => {
    const options = defaultSeoOptions();
    const changed = mergeKnownOptions(options, {
      nope: 1,
      breadcrumbs: { enable: 'yes', separator: 5, extra: true },
      sitemap: 'off',
      tools: { robots: { rules: 'not a list' } },
      ['__proto__']: { polluted: true },
      constructor: { name: 'x' },
    });
    expect(changed).toEqual([]);
    expect(options).toEqual(defaultSeoOptions());
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not keep a reference to the patch', () => {
    const options = defaultSeoOptions();
    const rules = ['Disallow: /private'];
    mergeKnownOptions(options, { tools: { robots: { rules } } });
    rules.push('mutated');
    expect((options.tools as any).robots.rules).toEqual(['Disallow: /private']);
  });
});

describe('optionSections', () => {
  it('picks named sections, or all when none is known', () => {
    const options = defaultSeoOptions();
    expect(Object.keys(optionSections(options, ['sitemap', 'nope']))).toEqual(['sitemap']);
    expect(Object.keys(optionSections(options, []))).toEqual(Object.keys(options));
  });
});
