/** What other web features may use from offers (the router loads its pages). */
export { offerKeys } from './api';
export { ExpiresSoonBadge, OfferStatusBadge } from './components/OfferBadges';
