/** The products feature's queries: the list and product lookups, and the pairings. */
export * from './pairing.queries';
export * from './product-list.queries';
