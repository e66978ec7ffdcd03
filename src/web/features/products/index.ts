/** What other web features may use from products: nothing yet; the router loads its pages. */
export {};
