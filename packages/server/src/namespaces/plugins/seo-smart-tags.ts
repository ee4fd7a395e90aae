/** The smart tags the SEO plugin replaces in titles and descriptions (`GET /seo/v1/tags`). */

export interface SmartTag {
  id: string;
  name: string;
  description: string;
  /** Where the tag may be used: `all`, or the kinds of object it describes. */
  context: string[];
}

export const SEO_SMART_TAGS: readonly SmartTag[] = Object.freeze(
  [
    { id: 'site_title', name: 'Site Title', description: 'Your site title.', context: ['all'] },
    { id: 'tagline', name: 'Tagline', description: 'The tagline of your site, set in the general settings.', context: ['all'] },
    { id: 'separator_sa', name: 'Separator', description: 'The separator chosen in the search appearance settings.', context: ['all'] },
    { id: 'post_title', name: 'Post Title', description: 'The original title of the current post.', context: ['post', 'page'] },
    { id: 'post_excerpt', name: 'Post Excerpt', description: 'The excerpt of the current post.', context: ['post', 'page'] },
    { id: 'post_date', name: 'Post Date', description: 'The date the current post was published.', context: ['post', 'page'] },
    { id: 'author_name', name: 'Author Name', description: 'The display name of the post author.', context: ['post', 'page', 'author'] },
    { id: 'categories', name: 'Categories', description: 'All categories assigned to the current post.', context: ['post'] },
    { id: 'taxonomy_title', name: 'Term Title', description: 'The name of the current category or tag.', context: ['taxonomies'] },
    { id: 'search_term', name: 'Search Term', description: 'The term the visitor searched for.', context: ['search'] },
    { id: 'current_year', name: 'Current Year', description: 'The current year.', context: ['all'] },
    { id: 'page_number', name: 'Page Number', description: 'The page number of a paginated archive.', context: ['archives'] },
  ].map((tag) => Object.freeze(tag)),
);
