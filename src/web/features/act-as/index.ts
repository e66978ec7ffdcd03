/** What the app shell and other features use of act-as (issue 18). */
export { ActAsBanner } from './components/ActAsBanner';
export { ActAsButton } from './components/ActAsButton';
export { StartActAsModal } from './components/StartActAsModal';
