/** What other web features may use from admin-tools: nothing yet; the router loads its pages. */
export {};
