/** What other web features may use from lti: nothing yet; the router loads its pages. */
export {};
