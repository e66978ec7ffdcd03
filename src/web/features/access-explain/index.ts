/** What other features use of "explain access": the button that opens it (user page, roles page). */
export { ExplainAccessButton } from './components/ExplainAccessButton';
