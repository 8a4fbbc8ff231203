import { mkdirSync, writeFileSync } from 'node:fs';
import { benchAssetList } from './assetList';
import { benchInspectionSubmit } from './inspectionSubmit';
import { benchLoginBundle } from './loginBundle';
import { benchPushLatency } from './pushLatency';
import { benchStartup } from './startup';
import { benchTechnicianBundle } from './technicianBundle';
import { benchTokenInit } from './tokenInit';

/** `npm run bench`: prints the figures the issues name, and keeps them in bench/results/latest.json. */
const results: Record<string, unknown> = { at: new Date().toISOString() };
results.loginBundle = await benchLoginBundle();
console.log('JS loaded for /login:', JSON.stringify(results.loginBundle, null, 2));
results.technicianBundle = await benchTechnicianBundle();
console.log('JS loaded for the technician routes, and the scanner route with its wasm:', JSON.stringify(results.technicianBundle, null, 2));
results.startup = await benchStartup();
console.log('start-up:', JSON.stringify(results.startup, null, 2));
results.tokenInit = await benchTokenInit();
console.log('GET /api/token/init, 50 connections:', JSON.stringify(results.tokenInit, null, 2));
results.assetList = await benchAssetList();
console.log('GET /api/asset?fields=name,identification,tags,checklists, 10,000 assets:', JSON.stringify(results.assetList, null, 2));
results.pushLatency = await benchPushLatency();
console.log('submit → new-alert on 500 engineer sockets, 200 submits:', JSON.stringify(results.pushLatency, null, 2));
results.inspectionSubmit = await benchInspectionSubmit();
console.log('POST /api/inspection, 20-item checklist, 20 connections (PostgreSQL with DATABASE_URL):', JSON.stringify(results.inspectionSubmit, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
