import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { homeRoutes } from '../home-routes.ts';
import { routesFor, shellChildren } from './shell-routes.tsx';

describe('the /home routes (platform.md 2.3)', () => {
  it('has a route for every /home path of the spec, with both forms for the non-exact ones', () => {
    const paths = shellChildren.map((route) => route.path);
    for (const route of homeRoutes) expect(paths).toContain(route.path);
    expect(paths).toContain('news/*');
    expect(paths).toContain('notifications/*');
    expect(paths.at(-1)).toBe('*');
  });

  it('shows the configuration-failure placeholder when a screen cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [{ path: '/home', children: routesFor({ path: 'broken', title: 'Broken', area: 'test', load: () => Promise.reject(new Error('chunk failed')) }) }],
      { initialEntries: ['/home/broken'] },
    );
    render(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error occuredPlease refresh page after some time');
    vi.restoreAllMocks();
  });
});
