import { afterAll } from 'vitest';
import { runSandboxContract } from '../sandbox.contract';
import type { NodeContainer } from './testing/node-container';
import { createNodeContainer } from './testing/node-container';
import { createWebContainerSandbox } from './webcontainer-sandbox';

const containers: NodeContainer[] = [];

afterAll(async () => {
  await Promise.all(containers.map((container) => container.destroy()));
});

runSandboxContract(
  'WebContainer adapter on the Node double',
  async () => {
    const container = await createNodeContainer();
    containers.push(container);
    return createWebContainerSandbox(container);
  },
  { separateStderr: false, liveOutput: true },
);
