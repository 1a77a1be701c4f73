#!/usr/bin/env node
// Launcher for the `quire` command: registers tsx (TypeScript, no build step) and runs src/cli.ts.
// In: the command line. Out: whatever src/cli.ts prints; its exit status.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli.ts', import.meta.url).href);
