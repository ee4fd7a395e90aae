/** The community plugin's namespace, shared by its route files. */
export const COMMUNITY_NAMESPACE = 'community/v1';
