/** What other web features may use from account-setup: nothing yet; the router loads its pages. */
export {};
