/** What the app shell and other features use of act-as. */
export { ActAsBanner } from './components/ActAsBanner';
export { ActAsButton } from './components/ActAsButton';
export { StartActAsModal } from './components/StartActAsModal';
