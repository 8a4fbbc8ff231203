import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../../../src/App';

/** Shows the router's current path+search so tests can assert redirects. */
export const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
};

/** The app as main.tsx mounts it (into index.html's #root), but on an in-memory router starting at `path`. */
export function renderApp(path: string) {
  const root = document.createElement('div');
  root.id = 'root';
  return render(
    <MemoryRouter initialEntries={[path]} useTransitions={false}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
    { container: document.body.appendChild(root) },
  );
}
