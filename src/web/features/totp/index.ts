/** What other web features may use from two-step sign-in: the account menu's dialog, the set-up panel of the sign-in's enrolment step. */
export { CodeInput, RecoveryCodes, TotpSetupPanel } from './components/TotpSetupPanel';
export { TwoStepButton, TwoStepDialog } from './components/TwoStepDialog';
