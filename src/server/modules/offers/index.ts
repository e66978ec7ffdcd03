/** What other features may use of offers: the one way offers are read. */
export { activeOfferForProduct, offeredProducts, sectionsUsing } from './offers.queries';
