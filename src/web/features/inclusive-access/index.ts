/** What other features may use of inclusive access: the roster's window bar, billing text and row actions. */
export { BillingText } from './components/BillingText';
export { OptWindowBar } from './components/OptWindowBar';
export { RosterRowActions } from './components/RosterRowActions';
