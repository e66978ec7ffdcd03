import type { TestProject } from 'vitest/node';
import { startApp } from './fixtures';

/** Starts the app once for all browser tests and stops it afterwards. */
export default async function setup(project: TestProject) {
  const app = await startApp();
  project.provide('baseURL', app.baseURL);
  return () => app.stop();
}
