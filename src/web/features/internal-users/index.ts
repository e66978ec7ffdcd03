/** What other web features may use from internal-users: nothing yet; the router loads its pages. */
export {};
