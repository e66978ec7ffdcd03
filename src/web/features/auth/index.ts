/** What other web features may use from auth: nothing yet; the router loads its pages. */
export {};
