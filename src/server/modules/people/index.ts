/** Nothing of people is used by other features: src/server/routes.ts registers its routes file directly. */
export {};
