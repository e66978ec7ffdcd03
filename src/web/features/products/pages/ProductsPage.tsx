import { Outlet } from 'react-router';

/** /products: layout of the products area (index and two child routes). */
export default function ProductsPage() {
  return <Outlet />;
}
