#!/usr/bin/env node
// Operator CLI entry: runs the TypeScript sources through tsx so `npx screenctl` needs no build.
require('tsx/cjs');
require('./screenctl.ts');
