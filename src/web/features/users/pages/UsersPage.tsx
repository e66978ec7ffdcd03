import { Outlet } from 'react-router';

/** /users: layout of the users area. */
export default function UsersPage() {
  return <Outlet />;
}
