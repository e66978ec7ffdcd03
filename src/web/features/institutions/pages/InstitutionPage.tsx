import { Outlet } from 'react-router';

/** /institution: layout of the courses area; the index and child routes render inside. */
export default function InstitutionPage() {
  return <Outlet />;
}
